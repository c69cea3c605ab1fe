import type { Kysely } from "kysely";

/**
 * Erase exactly one person (issue 7): `mail.about_email` is the normalized (trimmed, lower-cased)
 * address of the person a mail is about, written by the outbox from then on
 * (`MailInput.about`). `npm run leads -- delete` removes a mail when its recipient or this
 * address *is* the person's, instead of every mail whose text merely contains the address
 * (`ann@example.com` matched `joann@example.com`).
 *
 * Existing rows are filled from what is known exactly: the site's own mail templates, which put
 * the submitted address on a line of its own (`Email: …`) or, for chat transcripts, as the
 * visitor's answer in the fixed opening exchange. Nothing is guessed from a substring; a row that
 * does not match a template exactly keeps null (it is still erased when its recipient is the
 * person's; no mail is ever stored with a Reply-To). The recipient is not copied: it is the team
 * or the admin, not the person the mail is about. The texts below are frozen copies of the
 * templates as they were up to this migration, on purpose: later wording changes must not change
 * what this migration does.
 */

interface MailV3 {
  mail: { id: string; subject: string; text: string; about_email: string | null };
}

/** The shape every address the site accepted had (forms and chat): no spaces, one @, a dot after it. */
const ADDRESS_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The lead forms' mails: subject, first line of the text, then a header block of `Key: value` lines. */
const FORM_TEMPLATES: ReadonlyArray<{ subject: RegExp; firstLine: RegExp }> = [
  { subject: /^New .+ newsletter subscriber: /, firstLine: /^A new subscriber joined the .+ newsletter\.$/ },
  { subject: /^Contact form \(.+\) from /, firstLine: /^New message from the .+ contact form\.$/ },
  { subject: /^Information request \(.+\) from /, firstLine: /^New Request More Information submission on .+\.$/ },
];

const GREETING = "Max Load: Hi, I'm Max Load, your AI transport specialist! What's your name?\n\n";
const NICE_TO_MEET_YOU = "\n\nMax Load: Nice to meet you, ";
const AFTER_EMAIL = "\n\nMax Load: Thank you! This is a demo of Max Load: ";

function formAbout(text: string): string | null {
  const lines = text.split("\n");
  if (lines[1] !== "") return null;
  // The header block: from the third line to the next empty line (the free text comes after it).
  const end = lines.indexOf("", 2);
  const header = lines.slice(2, end === -1 ? undefined : end);
  const emails = header.filter((line) => line.startsWith("Email: "));
  if (emails.length !== 1) return null;
  const address = emails[0]!.slice("Email: ".length);
  return ADDRESS_SHAPE.test(address) ? address : null;
}

/**
 * A transcript starts with the fixed exchange `Max Load: <greeting>`, `<name>: <name>`,
 * `Max Load: Nice to meet you, <name>! …`, `<name>: <email>`, `Max Load: Thank you! This is a
 * demo…` (messages joined by a blank line). Returns the email of that exchange.
 */
function transcriptAbout(text: string): string | null {
  if (!text.startsWith(GREETING)) return null;
  const rest = text.slice(GREETING.length);
  const nice = rest.indexOf(NICE_TO_MEET_YOU);
  if (nice < 0) return null;
  const nameLine = rest.slice(0, nice);
  const name = nameLine.slice(0, (nameLine.length - 2) / 2);
  if (name === "" || nameLine !== `${name}: ${name}`) return null;
  const niceLine = `${NICE_TO_MEET_YOU}${name}! Could you please share your email address so I can keep you updated about our launch?\n\n${name}: `;
  const afterNice = rest.slice(nice);
  if (!afterNice.startsWith(niceLine)) return null;
  const tail = afterNice.slice(niceLine.length);
  const end = tail.indexOf(AFTER_EMAIL);
  if (end < 0) return null;
  const address = tail.slice(0, end);
  return ADDRESS_SHAPE.test(address) ? address : null;
}

/** The normalized address a mail written before this migration is about, when known exactly. */
export function legacyMailAbout(mail: { subject: string; text: string }): string | null {
  let address: string | null = null;
  if (mail.subject.startsWith("Chat Transcript from ")) address = transcriptAbout(mail.text);
  else {
    const firstLine = mail.text.slice(0, mail.text.indexOf("\n"));
    const template = FORM_TEMPLATES.find((t) => t.subject.test(mail.subject) && t.firstLine.test(firstLine));
    if (template) address = formAbout(mail.text);
  }
  return address === null ? null : address.trim().toLowerCase();
}

const PAGE = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail").addColumn("about_email", "text").execute();
  await db.schema.createIndex("mail_about_email").on("mail").column("about_email").execute();

  const mail = db as unknown as Kysely<MailV3>;
  let after: string | undefined;
  for (;;) {
    let query = mail.selectFrom("mail").select(["id", "subject", "text"]);
    if (after !== undefined) query = query.where("id", ">", after);
    const rows = await query.orderBy("id").limit(PAGE).execute();
    for (const row of rows) {
      const about = legacyMailAbout(row);
      if (about !== null) await mail.updateTable("mail").set({ about_email: about }).where("id", "=", row.id).execute();
    }
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.id;
  }
}
