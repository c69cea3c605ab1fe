import { Writable } from "node:stream";
import { expect, it } from "vitest";
import { createLogger } from "./logger";

/** A logger at info level whose lines are parsed into `lines`. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger("info", destination), lines };
}

it("never writes a cookie, an authorization header, an API key or a password", () => {
  const { logger, lines } = capture();
  const req = { method: "POST", url: "/team", headers: { host: "heavyroute.example", cookie: "team_session=abc", authorization: "Bearer xyz" } };
  const provider = { baseUrl: "https://ai.example", apiKey: "sk-secret", model: "m" };
  const member = { email: "ops@heavyroute.example", password: "hunter2" };
  logger.info({ req, provider, member }, "something happened");
  expect(lines[0]).toMatchObject({
    msg: "something happened",
    req: { method: "POST", url: "/team", headers: { host: "heavyroute.example", cookie: "[Redacted]", authorization: "[Redacted]" } },
    provider: { baseUrl: "https://ai.example", apiKey: "[Redacted]", model: "m" },
    member: { email: "ops@heavyroute.example", password: "[Redacted]" },
  });
  expect(JSON.stringify(lines[0])).not.toMatch(/abc|xyz|sk-secret|hunter2/);
  // The objects the code logged are left as they were.
  expect(req.headers.cookie).toBe("team_session=abc");
  expect(provider.apiKey).toBe("sk-secret");
});

it("writes ordinary lines as they are, errors included", () => {
  const { logger, lines } = capture();
  logger.info({ method: "POST", url: "/newsletter", status: 200, ms: 1.2 }, "request");
  logger.error({ err: new Error("disk full"), mailId: "m1" }, "mail not sent; will retry");
  expect(lines[0]).toEqual({ level: 30, time: expect.any(Number) as number, method: "POST", url: "/newsletter", status: 200, ms: 1.2, msg: "request" });
  expect(lines[1]).toMatchObject({ level: 50, mailId: "m1", err: { type: "Error", message: "disk full" }, msg: "mail not sent; will retry" });
});
