export default function Page() {
  return <main id="main"><h1>platform</h1></main>;
}
