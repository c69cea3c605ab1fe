/**
 * Production's shape on loopback: Debian's nginx as a TLS reverse proxy in front of the site,
 * with a self-signed certificate made by Debian's openssl at test time.
 *
 *   const upstreamPort = await freePort();
 *   const proxy = await startTlsProxy({ upstreamPort });          // 127.0.0.1:443 when it can
 *   const site = await startSite({ env: { PORT: String(upstreamPort), PUBLIC_SITE_URL: proxy.origin, TRUST_PROXY: "1" } });
 *   const answer = await proxyRequest(proxy, "/healthz", { localAddress: "127.0.0.2" });
 *   await proxy.stop();
 *
 * nginx runs in the foreground (`daemon off`) from its own prefix folder in a temp dir: config,
 * pid, logs and every *_temp_path live there. It forwards Host, X-Forwarded-For and
 * X-Forwarded-Proto, speaks HTTP/1.1 with keepalive to the upstream (connections are reused, as in
 * production) and buffers responses as nginx does by default: the chat's stream must get through
 * by the server's own `X-Accel-Buffering: no`.
 *
 * The proxy listens on 127.0.0.1:443 so the public origin is exactly https://HOSTNAME; when 443
 * cannot be bound (not root, or another run holds it) it falls back to a free port and the origin
 * becomes https://HOSTNAME:PORT. Clients must use `proxy.origin` everywhere. (Production's
 * `Host $host` drops a non-default port, so the fallback forwards `$host:$server_port`: React
 * Router compares a form post's Origin with the URL it rebuilds from Host.)
 */
import { execFile } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import tls from "node:tls";
import { canListen, freePort } from "./ports";
import { promisify } from "node:util";
import { INSTALL_HINT, launchNginx as startNginx, nginxHttpBasics, nginxMain } from "./nginx";

const run = promisify(execFile);


export const PUBLIC_HOSTNAME = "www.heavyroute.example";

export interface Certificate {
  /** PEM of the self-signed certificate (also its own CA: pass it as `ca` to trust it). */
  cert: string;
  certFile: string;
  keyFile: string;
  /** SHA-256 fingerprint as Node's X509Certificate prints it. */
  fingerprint256: string;
}

/** A self-signed P-256 certificate for `hostname` (CN and subjectAltName), valid two days. */
export async function makeCertificate(dir: string, hostname: string = PUBLIC_HOSTNAME): Promise<Certificate> {
  const certFile = join(dir, "cert.pem");
  const keyFile = join(dir, "key.pem");
  await run("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
    "-keyout", keyFile, "-out", certFile, "-days", "2",
    "-subj", `/CN=${hostname}`, "-addext", `subjectAltName=DNS:${hostname}`,
  ]).catch((error: NodeJS.ErrnoException) => {
    throw error.code === "ENOENT" ? new Error(`openssl not found: ${INSTALL_HINT}`) : error;
  });
  const cert = readFileSync(certFile, "utf8");
  return { cert, certFile, keyFile, fingerprint256: new X509Certificate(cert).fingerprint256 };
}

export interface TlsProxyOptions {
  /** The site's port on 127.0.0.1 (it may start after the proxy). */
  upstreamPort: number;
  /** Default www.heavyroute.example. */
  hostname?: string;
  /** Ports to try in order before a free one. Default [443]. */
  preferredPorts?: readonly number[];
  /**
   * Also offer HTTP/2 (ALPN). Default false: over HTTP/1.1 nginx holds a buffered response until
   * it ends, so a stream that lacks `X-Accel-Buffering: no` shows; over HTTP/2 (nginx 1.22) the
   * same response reached the client unbuffered, which would hide the fault.
   */
  http2?: boolean;
}

export interface TlsProxy {
  /** https://HOSTNAME, or https://HOSTNAME:PORT when 443 could not be bound. No trailing slash. */
  origin: string;
  hostname: string;
  /** The Host header a browser sends for `origin` (HOSTNAME or HOSTNAME:PORT). */
  host: string;
  port: number;
  certificate: Certificate;
  /** nginx's prefix folder (config, logs, temp files). */
  dir: string;
  config: string;
  pid: number;
  /** Lines of nginx's access log so far: `remote_addr "x_forwarded_for" "request" status upstream=… conn=… reqs=…`. */
  accessLog(): string[];
  errorLog(): string;
  /** Fast shutdown (SIGTERM: the master stops its workers), then the temp folder is removed. */
  stop(): Promise<void>;
}

export function nginxConfig(options: {
  dir: string;
  port: number;
  upstreamPort: number;
  hostname: string;
  certificate: Certificate;
  asRoot: boolean;
  http2?: boolean;
}): string {
  const { dir, port, upstreamPort, hostname, certificate } = options;
  return `# Written by tests/support/tls-proxy.ts
${nginxMain(dir, options.asRoot)}

http {
${nginxHttpBasics(dir)}

  upstream site {
    server 127.0.0.1:${upstreamPort};
    keepalive 16;
  }

  server {
    listen 127.0.0.1:${port} ssl${options.http2 ? " http2" : ""};
    server_name ${hostname};
    ssl_certificate ${certificate.certFile};
    ssl_certificate_key ${certificate.keyFile};

    location / {
      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host ${port === 443 ? "$host" : "$host:$server_port"};
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
}

const createdDirs = new Set<string>();
process.once("exit", () => {
  for (const dir of createdDirs) rmSync(dir, { recursive: true, force: true });
});

export async function startTlsProxy(options: TlsProxyOptions): Promise<TlsProxy> {
  const hostname = options.hostname ?? PUBLIC_HOSTNAME;
  const dir = mkdtempSync(join(tmpdir(), "tls-proxy-"));
  createdDirs.add(dir);
  try {
    mkdirSync(join(dir, "temp"));
    const certificate = await makeCertificate(dir, hostname);
    const candidates = [...(options.preferredPorts ?? [443])];
    for (let attempt = 0; ; attempt++) {
      const preferred = candidates[attempt];
      // nginx retries a failed bind() for 2.5 s; a quick probe skips a port that is plainly taken.
      if (preferred !== undefined && !(await canListen(preferred))) continue;
      const port = preferred ?? (await freePort());
      const started = await launchNginx({ dir, port, hostname, certificate, upstreamPort: options.upstreamPort, http2: options.http2 ?? false });
      if (started.ok) return started.proxy;
      // Only "this port is taken / not ours to bind" moves on to the next port.
      if (!started.bindFailed || attempt >= candidates.length + 2) {
        throw new Error(`nginx did not start on port ${port}${/ENOENT/.test(started.log) ? ` (${INSTALL_HINT})` : ""}:\n${started.log}`);
      }
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    createdDirs.delete(dir);
    throw error;
  }
}

type Launch = { ok: true; proxy: TlsProxy } | { ok: false; bindFailed: boolean; log: string };

async function launchNginx(options: { dir: string; port: number; hostname: string; certificate: Certificate; upstreamPort: number; http2: boolean }): Promise<Launch> {
  const { dir, port, hostname, certificate } = options;
  const config = nginxConfig({ ...options, asRoot: process.getuid?.() === 0 });
  const launched = await startNginx(dir, config);
  if (!launched.ok) return launched;
  const { nginx } = launched;

  const origin = port === 443 ? `https://${hostname}` : `https://${hostname}:${port}`;
  const host = port === 443 ? hostname : `${hostname}:${port}`;
  const proxy: TlsProxy = {
    origin,
    hostname,
    host,
    port,
    certificate,
    dir,
    config,
    pid: nginx.pid,
    accessLog: nginx.accessLog,
    errorLog: nginx.errorLog,
    async stop() {
      await nginx.stop();
      rmSync(dir, { recursive: true, force: true });
      createdDirs.delete(dir);
    },
  };

  // The certificate served on the port must be ours.
  try {
    const served = await servedFingerprint(proxy);
    if (served !== certificate.fingerprint256) throw new Error(`port ${port} serves another certificate (${served})`);
  } catch (error) {
    await proxy.stop().catch(() => undefined);
    throw error;
  }
  return { ok: true, proxy };
}

/** Fingerprint of the certificate the proxy presents for its hostname. */
export function servedFingerprint(proxy: Pick<TlsProxy, "port" | "hostname">): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: "127.0.0.1", port: proxy.port, servername: proxy.hostname, rejectUnauthorized: false, ALPNProtocols: ["http/1.1"] }, () => {
      const fingerprint = socket.getPeerX509Certificate()?.fingerprint256 ?? "";
      socket.end();
      resolve(fingerprint);
    });
    socket.once("error", reject);
    socket.setTimeout(5_000, () => socket.destroy(new Error("TLS handshake timed out")));
  });
}

// ---- Node clients through the proxy -----------------------------------------------------------

export interface ProxyRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Loopback source address, to look like another client (127.0.0.2, 127.0.0.3…). */
  localAddress?: string;
  /** Called with each body chunk as it arrives (streaming answers). */
  onData?: (text: string) => void;
}

export interface ProxyResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Hash of the body, to compare answers cheaply. */
  sha1: string;
}

/**
 * One HTTPS request through the proxy, as a client of the public origin: TLS SNI and Host are the
 * public hostname, the proxy's certificate is the only one trusted. No connection reuse.
 */
export function proxyRequest(proxy: TlsProxy, path: string, options: ProxyRequestOptions = {}): Promise<ProxyResponse> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: "127.0.0.1",
        port: proxy.port,
        servername: proxy.hostname,
        ca: proxy.certificate.cert,
        localAddress: options.localAddress,
        agent: false,
        method: options.method ?? "GET",
        path,
        headers: { host: proxy.host, ...options.headers, ...(options.body === undefined ? {} : { "content-length": String(Buffer.byteLength(options.body)) }) },
      },
      (response) => {
        response.setEncoding("utf8");
        let body = "";
        response.on("data", (chunk: string) => {
          body += chunk;
          options.onData?.(chunk);
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, sha1: createHash("sha1").update(body).digest("hex") }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.setTimeout(30_000, () => request.destroy(new Error(`${options.method ?? "GET"} ${path}: no answer within 30 s`)));
    request.end(options.body);
  });
}
