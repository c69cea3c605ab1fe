export default function Page() {
  return <main id="main"><h1>terms</h1></main>;
}
