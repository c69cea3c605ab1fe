/**
 * The site-wide secret: it signs the chat's visitor cookie (server/chat/session.ts), and the
 * newsletter's unsubscribe tokens and consent hashes derive their keys from it
 * (server/newsletter/keys.ts). SESSION_SECRET when configured, else generated once.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../db/database";

/** Where SQLite keeps the generated secret. */
export const sessionSecretFile = (dataDir: string): string => path.join(dataDir, "session-secret");

/** The `site_settings` row that holds the generated secret on PostgreSQL. */
export const SESSION_SECRET_SETTING = "session-secret";

/**
 * SESSION_SECRET, else a random secret generated once and kept in `${dataDir}/session-secret`
 * (mode 600), so sessions survive restarts without any configuration.
 */
export function loadSessionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = sessionSecretFile(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable session secret: delete it to generate a new one`);
  return secret;
}

/**
 * PostgreSQL without SESSION_SECRET (docs/decisions/0040-one-session-secret.md): a random secret
 * kept in the database, inserted if absent and read back, so every instance sharing the database
 * signs and accepts the same cookies, also across restarts.
 */
export async function sharedSessionSecret(db: Db): Promise<string> {
  await db
    .insertInto("site_settings")
    .values({ name: SESSION_SECRET_SETTING, value: crypto.randomBytes(32).toString("base64url"), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db.selectFrom("site_settings").select("value").where("name", "=", SESSION_SECRET_SETTING).executeTakeFirstOrThrow();
  if (row.value.length < 32) throw new Error("site_settings holds no usable session secret: delete its session-secret row to generate a new one");
  return row.value;
}
