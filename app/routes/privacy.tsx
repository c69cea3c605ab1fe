export default function Page() {
  return <main id="main"><h1>privacy</h1></main>;
}
