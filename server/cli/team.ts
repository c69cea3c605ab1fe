/**
 * The team workspace's command line.
 *
 *   npm run team -- link ADDRESS
 *   npm run team -- members
 *
 * `link` prints a one-time sign-in link for a member (for an operator whose mail is not set up
 * yet); `members` lists the members, their role and who invited them. Reads the same
 * configuration as the server (environment and .env); the link is on the mail origin
 * (PUBLIC_SITE_URL, else the listening address, with a warning).
 */
import { loadProcessConfig } from "../config";
import { migrateToLatest, openDatabase } from "../db/database";
import { createLogger } from "../logger";
import { MailOutbox } from "../mail/outbox";
import { fileSender } from "../mail/senders";
import { TeamAccess } from "../team/access";
import { PersonWork } from "../team/person-work";
import { Audit } from "../audit/audit";
import { runCli, UsageError } from "./run-cli";

const USAGE = "Usage:\n  npm run team -- link ADDRESS\n  npm run team -- members";

async function main(argv: string[]): Promise<number> {
  const [command, address, ...rest] = argv;
  if (command === "--help" || command === "-h") {
    console.log(USAGE);
    return 0;
  }
  if (command !== "link" && command !== "members") throw new UsageError(command === undefined ? "Which command?" : `Unknown command: ${command}.`);
  if (command === "members" && address !== undefined) throw new UsageError("npm run team -- members takes no argument.");
  if (command === "link" && !address) throw new UsageError("Whose link? Give the member's address.");
  if (rest.length > 0) throw new UsageError("npm run team -- link takes one address.");
  const config = loadProcessConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    // The link is printed, not mailed: this outbox is never started.
    const outbox = new MailOutbox(database.db, fileSender(config.mail.outboxDir, config.mail.from), createLogger("silent"));
    const audit = new Audit(database.db);
    const work = new PersonWork(database.db, outbox, audit, config.mail, config.database.kind);
    const access = new TeamAccess(database.db, outbox, audit, createLogger("silent"), config.teamMembers, config.mail, config.teamTimeZone, work);
    if (command === "members") {
      const rows = await database.db.selectFrom("team_members").select(["email", "role", "invited_by"]).orderBy("email").execute();
      for (const row of rows) console.log(`${row.email}\t${row.role}\t${row.invited_by ? `invited by ${row.invited_by}` : "from TEAM_MEMBERS"}`);
      return 0;
    }
    // An address of TEAM_MEMBERS that no server has recorded yet: recorded now, as a start would.
    if (!(await access.isMember(address!)) && access.inBootstrap(address!)) await access.syncMembers();
    if (!(await access.isMember(address!))) {
      console.error(`${address} is not a member of the team: an admin invites it at /team/members, or add it to TEAM_MEMBERS (now: ${config.teamMembers.join(", ")}).`);
      return 1;
    }
    console.log(await access.createLink(address!));
    console.error("The link works once, within 15 minutes.");
    if (!config.publicSiteUrl) {
      console.error(`PUBLIC_SITE_URL is unset: the link is on ${config.mail.origin}, from HOST and PORT as configured here (environment and .env); if the site is reached at another address, set PUBLIC_SITE_URL.`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

runCli(import.meta.url, main, USAGE, (error) => error);
