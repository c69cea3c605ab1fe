import fs from "node:fs";
import path from "node:path";
import { IANAZone } from "luxon";
import proxyAddr from "proxy-addr";
import { z } from "zod";
import { ADMIN_EMAIL, POSTAL_CONTACT, TEAM_EMAIL } from "~/content/brand";
import { PAGE_VIEW_RETENTION_DAYS } from "~/content/retention";
import { isValidEmail } from "~/shared/forms/email-rule";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const email = z.string().refine(isValidEmail, "must be an email address");

/**
 * Which peers may tell us the client's address (docs/decisions/0012-proxy-trust.md): a hop count
 * or a list of proxy addresses/CIDRs, exactly what Express's "trust proxy" understands. `true`
 * would believe any client's own X-Forwarded-For, so it is refused.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (value === undefined || value === "" || value === "false") return false;
    if (value === "true") {
      ctx.addIssue({
        code: "custom",
        message:
          "true would let any client choose its own address (X-Forwarded-For) and bypass every per-IP limit; set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8,loopback)",
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    return addressList(value, ctx, "must be a number of proxy hops or a comma-separated list of proxy addresses/CIDRs (loopback, linklocal, uniquelocal allowed)");
  });

/** A comma-separated list of addresses/CIDRs as proxy-addr takes them, or an issue saying why not. */
function addressList(value: string, ctx: z.RefinementCtx, expected: string): string[] {
  const entries = value.split(",").map((entry) => entry.trim()).filter((entry) => entry !== "");
  try {
    proxyAddr.compile(entries);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: `${expected}: ${(error as Error).message}` });
    return z.NEVER;
  }
  return entries;
}

/**
 * Who may read /metrics by address (docs/decisions/0096): addresses/CIDRs in TRUST_PROXY's syntax,
 * checked against the connection's own address; `none` for the bearer token only.
 */
const metricsAllow = z
  .string()
  .trim()
  .default("loopback")
  .transform((value, ctx): string[] => {
    if (value === "none") return [];
    if (value === "") return ["loopback"];
    return addressList(value, ctx, "must be a comma-separated list of addresses/CIDRs (loopback, linklocal, uniquelocal allowed), or none");
  });

/**
 * Where webhooks may go besides public addresses (server/webhooks/address-policy.ts):
 * addresses/CIDRs in TRUST_PROXY's syntax; unset or `none`: public addresses only.
 */
const webhookAllowNetworks = optionalString.transform((value, ctx): string[] => {
  if (value === undefined || value === "none") return [];
  return addressList(value, ctx, "must be a comma-separated list of addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1/32; loopback, linklocal, uniquelocal allowed), or none");
});

/**
 * The public origin: http(s), no path, query or fragment. A value whose origin is opaque
 * (serialises to "null") could never match a browser's Origin header, so it is refused too.
 */
const publicSiteUrl = z.string().transform((value, ctx): string => {
  const problem = (message: string) => {
    ctx.addIssue({ code: "custom", message: `must be an http(s) origin such as https://www.example.com: ${message}` });
    return z.NEVER;
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return problem(`"${value}" is not a URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return problem(`the scheme is "${url.protocol}"`);
  if (url.origin === "null" || url.hostname === "") return problem("it has no host");
  if (url.username || url.password) return problem("it has credentials");
  if (url.pathname !== "/") return problem(`"${url.pathname}" is a path`);
  if (url.search || value.includes("?")) return problem("it has a query");
  if (url.hash || value.includes("#")) return problem("it has a fragment");
  return url.origin;
});

/** `Name <address>` or a bare address, as the From header of every mail. */
const mailFrom = z.string().refine((value) => {
  const match = /^(?:"?([^"<>\p{Cc}]*?)"?\s*)?<([^<>\s]+)>$/u.exec(value) ?? /^()([^<>\s]+)$/.exec(value);
  return match !== null && email.safeParse(match[2]).success;
}, "must be an email address, optionally with a name: Name <address@example.com>");

/** TEAM_MEMBERS: comma-separated addresses, each checked by the one email rule, lower-cased. */
const teamMembers = z.string().transform((value, ctx): string[] => {
  const addresses = value.split(",").map((part) => part.trim()).filter((part) => part !== "");
  const invalid = addresses.filter((address) => !isValidEmail(address));
  if (invalid.length > 0) {
    ctx.addIssue({ code: "custom", message: `not an email address: ${invalid.map((a) => JSON.stringify(a)).join(", ")}` });
    return z.NEVER;
  }
  return [...new Set(addresses.map((address) => address.toLowerCase()))];
});

/**
 * A whole number in [min, max] (`what` says what is expected, in the messages); unset or empty: the
 * default. Every numeric variable is read by this one rule, so each refusal says what was expected.
 */
function wholeNumber(fallback: number, min: number, max: number, what: string, maxNote = "") {
  const expected = `must be ${what}`;
  return optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: expected })
      .int(expected)
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}${maxNote}`)
      .default(fallback),
  );
}

/** A timeout of the HTTP server in milliseconds: never 0 (Node's "no limit"), at most 10 minutes. */
const httpTimeout = (fallback: number, min: number) => wholeNumber(fallback, min, 600_000, "a whole number of milliseconds", " (10 minutes)");

/** BACKUP_INTERVAL: off (unset, empty or "off"), or a whole number of minutes, hours or days: 30m, 6h, 1d. */
const backupInterval = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): number | undefined => {
    if (value === undefined || value === "" || value === "off") return undefined;
    const match = /^(\d+)([mhd])$/.exec(value);
    const minutes = match ? Number(match[1]) * { m: 1, h: 60, d: 1440 }[match[2] as "m" | "h" | "d"] : 0;
    if (!match || minutes < 5 || minutes > 30 * 1440) {
      ctx.addIssue({ code: "custom", message: `must be off or a duration from 5m to 30d as a whole number of minutes, hours or days (30m, 6h, 1d), not "${value}"` });
      return z.NEVER;
    }
    return minutes * 60_000;
  });

/** TEAM_TIMEZONE: an IANA time zone name (Europe/Paris, America/Toronto); unset or empty: UTC. */
const timeZone = optionalString.transform((value, ctx): string => {
  if (value === undefined) return "UTC";
  if (!IANAZone.isValidZone(value)) {
    ctx.addIssue({ code: "custom", message: `must be an IANA time zone such as America/Toronto or Europe/Paris, not "${value}"` });
    return z.NEVER;
  }
  return value;
});

const envSchema = z.object({
  PORT: wholeNumber(3000, 0, 65_535, "a port number (0: any free port)"),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^(postgres(ql)?:\/\/|file:)/, "must start with postgres://, postgresql:// or file:")
      .optional(),
  ),
  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://").optional()),
  MAIL_FROM: optionalString.pipe(mailFrom.optional()),
  TEAM_EMAIL: optionalString.pipe(email.optional()),
  ADMIN_EMAIL: optionalString.pipe(email.optional()),
  MAIL_MAX_ATTEMPTS: wholeNumber(50, 1, 1_000, "a whole number of attempts"),
  TEAM_MEMBERS: optionalString.pipe(teamMembers.optional()),
  TEAM_TIMEZONE: timeZone,
  WEEKLY_DIGEST: optionalString.pipe(z.enum(["on", "off"], { error: "must be on or off" }).default("on")),
  MAIL_POSTAL_ADDRESS: optionalString.pipe(
    z
      .string()
      .max(300, "must be 300 characters or fewer")
      .refine((value) => !/[\p{Cc}]/u.test(value), "must be one line (no control characters)")
      .optional(),
  ),
  MAIL_UNSUBSCRIBE_MAILTO: optionalString.pipe(email.optional()),
  MAIL_RATE_PER_MINUTE: wholeNumber(60, 1, 100_000, "a whole number of mails per minute"),
  AI_API_KEY: optionalString,
  AI_BASE_URL: optionalString.pipe(z.url({ message: "must be a URL" }).optional()),
  AI_MODEL: z.string().trim().min(1).default("gpt-4o-mini"),
  AI_TIMEOUT_MS: wholeNumber(20_000, 1, 600_000, "a whole number of milliseconds"),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  PUBLIC_SITE_URL: optionalString.pipe(publicSiteUrl.optional()),
  TRUST_PROXY: trustProxy,
  METRICS_ALLOW: metricsAllow,
  METRICS_TOKEN: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RATE_LIMIT_POST_PER_MINUTE: wholeNumber(20, 1, 1_000_000_000, "a whole number of requests per minute"),
  CHAT_DAILY_LIMIT_PER_IP: wholeNumber(20, 1, 1_000_000_000, "a whole number of answers per day"),
  CHAT_DAILY_LIMIT_TOTAL: wholeNumber(1000, 1, 1_000_000_000, "a whole number of answers per day"),
  MAIL_LEASE_MS: wholeNumber(60_000, 1_000, 3_600_000, "a whole number of milliseconds"),
  SHUTDOWN_DRAIN_MS: wholeNumber(0, 0, 600_000, "a whole number of milliseconds"),
  SHUTDOWN_TIMEOUT_MS: wholeNumber(10_000, 1, 600_000, "a whole number of milliseconds"),
  HTTP_HEADERS_TIMEOUT_MS: httpTimeout(15_000, 100),
  HTTP_REQUEST_TIMEOUT_MS: httpTimeout(30_000, 100),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: httpTimeout(65_000, 1_000),
  BACKUP_DIR: optionalString,
  BACKUP_INTERVAL: backupInterval,
  BACKUP_KEEP: wholeNumber(7, 1, 10_000, "a whole number of backups"),
  ANALYTICS: optionalString.pipe(z.enum(["on", "off"], { error: "must be on or off" }).default("on")),
  // The default is the period the Privacy Policy states.
  ANALYTICS_RAW_RETENTION_DAYS: wholeNumber(PAGE_VIEW_RETENTION_DAYS, 1, 3_650, "a whole number of days"),
  WEBHOOK_ALLOW_NETWORKS: webhookAllowNetworks,
  WEBHOOK_TIMEOUT_MS: wholeNumber(10_000, 100, 60_000, "a whole number of milliseconds"),
  WEBHOOK_RETRY_BASE_MS: wholeNumber(30_000, 100, 3_600_000, "a whole number of milliseconds"),
}).superRefine((env, ctx) => {
  // Node refuses a headers timeout above the request timeout (the headers are part of the request).
  if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
    ctx.addIssue({ code: "custom", path: ["HTTP_HEADERS_TIMEOUT_MS"], message: `must be at most HTTP_REQUEST_TIMEOUT_MS (${env.HTTP_REQUEST_TIMEOUT_MS})` });
  }
});

export type Env = z.infer<typeof envSchema>;

/** Every environment variable the server reads. */
export const CONFIG_VARIABLES = envSchema.keyof().options;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };
  mail: {
    smtpUrl: string | undefined;
    from: string;
    outboxDir: string;
    teamEmail: string;
    adminEmail: string;
    /** The postal/contact line at the foot of every mail to a subscriber. */
    postalAddress: string;
    /** Address for `mailto:` unsubscribes in List-Unsubscribe, or undefined (HTTPS link only). */
    unsubscribeMailto: string | undefined;
    /** Campaign mails handed to the outbox per minute. */
    campaignRatePerMinute: number;
    maxAttempts: number;
    leaseMs: number;
    /**
     * The origin of every link in every mail (mailOrigin): from configuration only, never from a
     * request. With PORT=0 it is completed with the chosen port once the server listens.
     */
    origin: string;
  };
  ai: { apiKey: string | undefined; baseUrl: string | undefined; model: string; timeoutMs: number };
  sessionSecret: string | undefined;
  /** The public origin (no trailing slash), or undefined: each request's own origin (pages only; mail uses `mail.origin`). */
  publicSiteUrl: string | undefined;
  /** Express's "trust proxy": false, a hop count, or trusted proxy addresses/CIDRs. Never true. */
  trustProxy: false | number | string[];
  logLevel: Env["LOG_LEVEL"];
  /** Who may read /metrics: connections from `allow` (addresses/CIDRs) that no proxy relayed, or with the bearer `token`. */
  metrics: { allow: string[]; token: string | undefined };
  limits: { postsPerMinute: number; chatPerIpPerDay: number; chatTotalPerDay: number };
  /** The first members of /team, its admins, recorded at start: lower-cased addresses (TEAM_MEMBERS, else TEAM_EMAIL). */
  teamMembers: readonly string[];
  /** The team's IANA time zone (TEAM_TIMEZONE, default UTC): the weekly digest goes out Monday 08:00 there. */
  teamTimeZone: string;
  /** Whether the weekly digest is mailed to every team member (WEEKLY_DIGEST, default on; server/team/weekly-digest.ts). */
  weeklyDigest: boolean;
  /**
   * SIGTERM: `drainMs` not-ready (but still serving) so the load balancer moves away, then no new
   * connections, and in-flight requests and chat streams get `timeoutMs` to finish.
   */
  shutdown: { drainMs: number; timeoutMs: number };
  /**
   * The HTTP server's limits on a connection: the request's headers, and the whole request (headers
   * and body; not the answer, which may stream longer), must arrive within these; an idle
   * keep-alive connection is closed after `keepAliveTimeoutMs`.
   */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  /**
   * SQLite backups (server/db/backup.ts): `npm run backup` and, every `intervalMs` when set, the
   * server write them to `dir` (BACKUP_DIR, default DATA_DIR/backups); the server keeps the newest `keep`.
   */
  backup: { dir: string; intervalMs: number | undefined; keep: number };
  /**
   * Cookieless page-view counting (server/analytics/): `enabled` counts the public pages served;
   * raw views are rolled up into daily rows and deleted after `rawRetentionDays` days.
   */
  analytics: { enabled: boolean; rawRetentionDays: number };
  /**
   * Webhooks (server/webhooks/): the ranges deliveries may reach besides public addresses, the
   * longest wait for one attempt, and the first retry delay (doubling to an hour).
   */
  webhooks: { allowNetworks: string[]; timeoutMs: number; retryBaseMs: number };
  /** Lines the server logs as warnings once it starts (the configuration is valid but risky). */
  warnings: string[];
}


export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.map((line) => `Invalid configuration: ${line}`).join("\n"));
    this.name = "ConfigError";
  }
}

/** http://HOST:PORT as a mail reader on this machine reaches it (any-address and localhost: localhost). */
export function listeningOrigin(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" || host === "[::]" || host === "localhost" ? "localhost" : host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  const origin = `http://${name}:${port}`;
  return URL.canParse(origin) ? new URL(origin).origin : origin;
}

/**
 * The origin of the links in mail (docs/decisions/0085-mail-links-from-configuration.md):
 * PUBLIC_SITE_URL, else the listening address, right where mail is written to files on this
 * machine. A request's Host never decides it, so nobody can have a member or subscriber mailed
 * a link to their own site. Mail that leaves the machine (SMTP_URL) in production needs
 * PUBLIC_SITE_URL; production with mail written to files starts with a warning.
 */
function mailOrigin(env: Env, production: boolean): { origin: string; problem?: string; warning?: string } {
  if (env.PUBLIC_SITE_URL) return { origin: env.PUBLIC_SITE_URL };
  const origin = listeningOrigin(env.HOST, env.PORT);
  if (!production) return { origin };
  if (env.SMTP_URL) {
    return { origin, problem: "PUBLIC_SITE_URL: must be set when NODE_ENV=production and SMTP_URL is set: the links in every mail (sign-in, unsubscribe) are on it" };
  }
  return { origin, warning: "PUBLIC_SITE_URL is unset: links in mail use the listening address, which works only for mail read on this machine; set PUBLIC_SITE_URL in production" };
}

/**
 * The configuration of this process, as the server and every command line read it: the
 * environment, plus each variable of the env file that the environment does not set. The env file
 * is `.env` in the working directory when there is one, or ENV_FILE (empty: none).
 */
export function loadProcessConfig(): Config {
  const named = process.env.ENV_FILE;
  const file = path.resolve(named ?? ".env");
  if (named === undefined ? fs.existsSync(file) : named !== "") {
    try {
      process.loadEnvFile(file);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : error instanceof Error ? error.message : String(error);
      throw new ConfigError([`ENV_FILE: cannot read ${file}: ${reason}`]);
    }
  }
  return loadConfig(process.env);
}

/** Reads and validates the environment: one clear line per bad value. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const links = mailOrigin(env, source.NODE_ENV === "production");
  if (links.problem) throw new ConfigError([links.problem]);
  const dataDir = path.resolve(env.DATA_DIR);
  const databaseUrl = env.DATABASE_URL;
  const teamEmail = env.TEAM_EMAIL ?? TEAM_EMAIL;
  const postgres = databaseUrl !== undefined && !databaseUrl.startsWith("file:");
  const warnings = links.warning ? [links.warning] : [];
  if (postgres && env.BACKUP_INTERVAL !== undefined) warnings.push("BACKUP_INTERVAL is ignored with PostgreSQL: back it up with pg_dump or your PITR tooling (README, Backups and restore)");
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database:
      postgres
        ? { kind: "postgres", url: databaseUrl }
        : { kind: "sqlite", file: databaseUrl ? path.resolve(databaseUrl.slice("file:".length)) : path.join(dataDir, "site.db") },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `Max Load <${teamEmail}>`,
      outboxDir: path.join(dataDir, "mail"),
      teamEmail,
      adminEmail: env.ADMIN_EMAIL ?? ADMIN_EMAIL,
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
      leaseMs: env.MAIL_LEASE_MS,
      postalAddress: env.MAIL_POSTAL_ADDRESS ?? POSTAL_CONTACT,
      unsubscribeMailto: env.MAIL_UNSUBSCRIBE_MAILTO,
      campaignRatePerMinute: env.MAIL_RATE_PER_MINUTE,
      origin: links.origin,
    },
    ai: { apiKey: env.AI_API_KEY, baseUrl: env.AI_BASE_URL, model: env.AI_MODEL, timeoutMs: env.AI_TIMEOUT_MS },
    sessionSecret: env.SESSION_SECRET,
    publicSiteUrl: env.PUBLIC_SITE_URL,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    metrics: { allow: env.METRICS_ALLOW, token: env.METRICS_TOKEN },
    limits: {
      postsPerMinute: env.RATE_LIMIT_POST_PER_MINUTE,
      chatPerIpPerDay: env.CHAT_DAILY_LIMIT_PER_IP,
      chatTotalPerDay: env.CHAT_DAILY_LIMIT_TOTAL,
    },
    teamMembers: env.TEAM_MEMBERS && env.TEAM_MEMBERS.length > 0 ? env.TEAM_MEMBERS : [teamEmail.toLowerCase()],
    teamTimeZone: env.TEAM_TIMEZONE,
    weeklyDigest: env.WEEKLY_DIGEST === "on",
    shutdown: { drainMs: env.SHUTDOWN_DRAIN_MS, timeoutMs: env.SHUTDOWN_TIMEOUT_MS },
    http: { headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS, requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS, keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS },
    backup: { dir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : path.join(dataDir, "backups"), intervalMs: env.BACKUP_INTERVAL, keep: env.BACKUP_KEEP },
    analytics: { enabled: env.ANALYTICS === "on", rawRetentionDays: env.ANALYTICS_RAW_RETENTION_DAYS },
    webhooks: { allowNetworks: env.WEBHOOK_ALLOW_NETWORKS, timeoutMs: env.WEBHOOK_TIMEOUT_MS, retryBaseMs: env.WEBHOOK_RETRY_BASE_MS },
    warnings,
  };
}
