/** Issue 2: requests per second and p99 of GET / with 50 connections for 10 s. */
import autocannon from "autocannon";
import type { Scenario } from "../types";

const scenario: Scenario = {
  name: "GET /",
  async run(ctx) {
    const result = await autocannon({ url: `${ctx.url}/`, connections: 50, duration: 10, headers: { "accept-encoding": "gzip, br" } });
    return [
      {
        title: "GET / (autocannon, 50 connections, 10 s)",
        columns: ["req/s (mean)", "latency p50 ms", "latency p99 ms", "max ms", "2xx", "non-2xx", "errors", "timeouts"],
        rows: [
          [
            Math.round(result.requests.average),
            result.latency.p50,
            result.latency.p99,
            result.latency.max,
            result["2xx"],
            result.non2xx,
            result.errors,
            result.timeouts,
          ],
        ],
      },
    ];
  },
};
export default scenario;
