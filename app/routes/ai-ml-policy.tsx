export default function Page() {
  return <main id="main"><h1>ai-ml-policy</h1></main>;
}
