/**
 * Several instances behind one address: Debian's nginx on loopback as a round-robin upstream, plain
 * HTTP, started by the test (the launcher is nginx.ts, shared with the TLS proxy).
 *
 *   const ports = [await freePort(), await freePort(), await freePort()];
 *   const lb = await startLoadBalancer({ upstreamPorts: ports });
 *   const sites = await Promise.all(ports.map((port) => startSite({ env: { PORT: String(port), TRUST_PROXY: "2", DATABASE_URL } })));
 *   await fetch(`${lb.url}/newsletter`, { method: "POST", headers: { "x-forwarded-for": "203.0.113.7" }, … });
 *   await lb.stop();
 *
 * nginx appends the client's address to its X-Forwarded-For (`$proxy_add_x_forwarded_for`), as
 * the README's configuration does; a test client plays a first proxy tier (a cloud load balancer)
 * by sending its own X-Forwarded-For, hence TRUST_PROXY=2. A failed connection (an instance down
 * or restarting) moves the request to the next instance, which nginx does for any method when
 * nothing was sent yet. Upstream keepalive connections idle at most 1 s: less than the sites'
 * SHUTDOWN_DRAIN_MS, so nginx never reuses a connection a stopping instance is closing.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { INSTALL_HINT, launchNginx, nginxHttpBasics, nginxMain } from "./nginx";
import { freePort } from "./ports";

export interface LoadBalancer {
  /** http://127.0.0.1:PORT, no trailing slash. */
  url: string;
  port: number;
  config: string;
  /** `remote_addr "x_forwarded_for" "request" status upstream=… conn=… reqs=…` lines so far. */
  accessLog(): string[];
  errorLog(): string;
  stop(): Promise<void>;
}

export function loadBalancerConfig(dir: string, port: number, upstreamPorts: readonly number[], asRoot: boolean): string {
  const servers = upstreamPorts.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=2s;`).join("\n");
  const proxied = `      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;`;
  return `# Written by tests/support/load-balancer.ts
${nginxMain(dir, asRoot)}

http {
${nginxHttpBasics(dir)}

  upstream site {
${servers}
    keepalive 32;
    keepalive_timeout 1s;
  }

  server {
    listen 127.0.0.1:${port};

    location / {
${proxied}
    }

    location /api/chat/ {
${proxied}
      proxy_buffering off;
      proxy_read_timeout 120s;
    }
  }
}
`;
}

export async function startLoadBalancer(options: { upstreamPorts: readonly number[] }): Promise<LoadBalancer> {
  const dir = mkdtempSync(join(tmpdir(), "load-balancer-"));
  mkdirSync(join(dir, "temp"));
  try {
    for (let attempt = 0; ; attempt++) {
      const port = await freePort();
      const config = loadBalancerConfig(dir, port, options.upstreamPorts, process.getuid?.() === 0);
      const launched = await launchNginx(dir, config);
      if (launched.ok) {
        const { nginx } = launched;
        return {
          url: `http://127.0.0.1:${port}`,
          port,
          config,
          accessLog: nginx.accessLog,
          errorLog: nginx.errorLog,
          async stop() {
            await nginx.stop();
            rmSync(dir, { recursive: true, force: true });
          },
        };
      }
      if (!launched.bindFailed || attempt >= 3) {
        throw new Error(`nginx did not start on port ${port}${/ENOENT/.test(launched.log) ? ` (${INSTALL_HINT})` : ""}:\n${launched.log}`);
      }
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
