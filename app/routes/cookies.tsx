export default function Page() {
  return <main id="main"><h1>cookies</h1></main>;
}
