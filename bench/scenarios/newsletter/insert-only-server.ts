/**
 * The floor for POST /newsletter: a bare node:http server that parses the JSON, checks the
 * address's shape and runs one better-sqlite3 INSERT per request (WAL, synchronous=NORMAL, as the
 * site), nothing else: no consent record, no mail, no outbox, no log. Prints "listening PORT".
 */
import http from "node:http";
import path from "node:path";
import { newRowId } from "../../../server/db/row-id";
import { SqliteDatabase } from "../../../server/db/sqlite-driver";

const db = new SqliteDatabase(path.join(process.env.DATA_DIR ?? ".", "insert-only.db"));
db.pragma("journal_mode = WAL");
db.pragma("synchronous = NORMAL");
db.exec("create table if not exists subscribers (id text primary key, email text not null unique, subscribed_at text not null, status text not null)");
const insert = db.prepare("insert into subscribers (id, email, subscribed_at, status) values (?, ?, ?, 'active') on conflict (email) do nothing");
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const server = http.createServer((req, res) => {
  if (req.method !== "POST" || req.url !== "/newsletter") {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    let email: unknown;
    try {
      email = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { email?: unknown }).email;
    } catch {
      email = undefined;
    }
    if (typeof email !== "string" || !EMAIL.test(email)) {
      res.writeHead(400, { "content-type": "application/json" }).end('{"error":"Please enter a valid email address."}');
      return;
    }
    const { changes } = insert.run(newRowId(), email, new Date().toISOString());
    res.writeHead(changes ? 201 : 409, { "content-type": "application/json" }).end(changes ? '{"message":"Thank you for subscribing!"}' : '{"error":"This email is already subscribed."}');
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => {
  server.close();
  db.close();
  process.exit(0);
});
