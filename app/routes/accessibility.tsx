export default function Page() {
  return <main id="main"><h1>accessibility</h1></main>;
}
