import { describe, expect, it } from "vitest";
import { observeRequest, registry } from "./metrics";

const line = (text: string, suffix: string, le?: string) =>
  text.split("\n").find((l) => l.startsWith(`heavyroute_http_request_duration_seconds_${suffix}{route="/unit",method="GET",status="2xx"${le ? `,le="${le}"` : ""}}`));

describe("the request histogram", () => {
  it("counts each request in the first bucket whose bound it does not exceed, cumulatively, as Prometheus reads it", async () => {
    for (const seconds of [0.005, 0.006, 0.01, 40]) observeRequest("/unit", "GET", 204, seconds);
    const text = await registry.metrics();
    expect(line(text, "bucket", "0.005")).toMatch(/ 1$/);
    expect(line(text, "bucket", "0.01")).toMatch(/ 3$/);
    expect(line(text, "bucket", "30")).toMatch(/ 3$/);
    expect(line(text, "bucket", "+Inf")).toMatch(/ 4$/);
    expect(line(text, "count")).toMatch(/ 4$/);
    expect(Number(line(text, "sum")?.split(" ")[1])).toBeCloseTo(40.021, 6);
  });
});
