export function loader() {
  return new Response("<?xml version=\"1.0\"?><urlset/>", { headers: { "Content-Type": "application/xml" } });
}
