/**
 * The bench's baseline: a bare node:http server doing the same validated insert as
 * POST /newsletter (shared zod schema, NewsletterSignUp: subscriber row + admin mail in one
 * transaction, the outbox worker writing .eml files), without Express, middleware or logging.
 * Prints "listening PORT" on stdout. Run by bench/scenarios/newsletter.ts.
 */
import http from "node:http";
import { loadConfig } from "../../../server/config";
import { createLogger } from "../../../server/logger";
import { closeServices, createServices } from "../../../server/services";

const config = loadConfig({ ...process.env, LOG_LEVEL: "warn" });
const services = await createServices(config, createLogger("warn"));

const server = http.createServer((req, res) => {
  if (req.method !== "POST" || req.url !== "/newsletter") {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size <= 32 * 1024) chunks.push(chunk);
  });
  req.on("end", () => {
    let input: unknown;
    try {
      input = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      res.writeHead(400, { "content-type": "application/json" }).end('{"error":"bad json"}');
      return;
    }
    services.forms.submit("newsletter", input).then(
      ({ status, result }) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(result)),
      () => res.writeHead(500).end(),
    );
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => {
  server.close();
  void closeServices(services).then(() => process.exit(0));
});
