import path from "node:path";
import { z } from "zod";
import { ADMIN_EMAIL, TEAM_EMAIL } from "../app/content/brand";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const email = z.email({ message: "must be an email address" });

const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): boolean | number => {
    if (value === undefined || value === "" || value === "false") return false;
    if (value === "true") return true;
    const hops = Number(value);
    if (Number.isInteger(hops) && hops >= 0) return hops;
    ctx.addIssue({ code: "custom", message: "must be true, false or a number of proxy hops" });
    return z.NEVER;
  });

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^(postgres(ql)?:\/\/|file:)/, "must start with postgres://, postgresql:// or file:")
      .optional(),
  ),
  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://").optional()),
  MAIL_FROM: optionalString.pipe(z.string().optional()),
  TEAM_EMAIL: optionalString.pipe(email.optional()),
  ADMIN_EMAIL: optionalString.pipe(email.optional()),
  AI_API_KEY: optionalString,
  AI_BASE_URL: optionalString.pipe(z.url({ message: "must be a URL" }).optional()),
  AI_MODEL: z.string().trim().min(1).default("gpt-4o-mini"),
  AI_TIMEOUT_MS: positiveInt(20_000),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  PUBLIC_SITE_URL: optionalString.pipe(z.url({ message: "must be a URL" }).optional()),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RATE_LIMIT_POST_PER_MINUTE: positiveInt(20),
  CHAT_DAILY_LIMIT_PER_IP: positiveInt(20),
  CHAT_DAILY_LIMIT_TOTAL: positiveInt(1000),
});

export type Env = z.infer<typeof envSchema>;

/** Every environment variable the server reads. */
export const CONFIG_VARIABLES = envSchema.keyof().options;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string; teamEmail: string; adminEmail: string };
  ai: { apiKey: string | undefined; baseUrl: string | undefined; model: string; timeoutMs: number };
  sessionSecret: string | undefined;
  publicSiteUrl: string | undefined;
  trustProxy: boolean | number;
  logLevel: Env["LOG_LEVEL"];
  limits: { postsPerMinute: number; chatPerIpPerDay: number; chatTotalPerDay: number };
}


export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join("\n")}`);
    this.name = "ConfigError";
  }
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
  const dataDir = path.resolve(env.DATA_DIR);
  const databaseUrl = env.DATABASE_URL;
  const teamEmail = env.TEAM_EMAIL ?? TEAM_EMAIL;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database:
      databaseUrl && !databaseUrl.startsWith("file:")
        ? { kind: "postgres", url: databaseUrl }
        : { kind: "sqlite", file: databaseUrl ? path.resolve(databaseUrl.slice("file:".length)) : path.join(dataDir, "site.db") },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `Max Load <${teamEmail}>`,
      outboxDir: path.join(dataDir, "mail"),
      teamEmail,
      adminEmail: env.ADMIN_EMAIL ?? ADMIN_EMAIL,
    },
    ai: { apiKey: env.AI_API_KEY, baseUrl: env.AI_BASE_URL, model: env.AI_MODEL, timeoutMs: env.AI_TIMEOUT_MS },
    sessionSecret: env.SESSION_SECRET,
    publicSiteUrl: env.PUBLIC_SITE_URL?.replace(/\/+$/, ""),
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    limits: {
      postsPerMinute: env.RATE_LIMIT_POST_PER_MINUTE,
      chatPerIpPerDay: env.CHAT_DAILY_LIMIT_PER_IP,
      chatTotalPerDay: env.CHAT_DAILY_LIMIT_TOTAL,
    },
  };
}
