/**
 * The weekly digest: each Monday at 08:00 in the team's time zone (TEAM_TIMEZONE), one mail to
 * every member of the team as `team_members` lists them when it is sent (TEAM_MEMBERS' addresses
 * and those admins invited, not those removed) with the week's visitors and leads, its top three
 * sources and campaigns, each beside the week before, and a link to /team/insights. Once across
 * instances (server/db/jobs.ts), queued in the outbox like every mail. WEEKLY_DIGEST=off sends none.
 */
import { DateTime } from "luxon";
import { PRODUCT_NAME } from "~/content/brand";
import { DIRECT_SOURCE, type Period, type WeeklyLine, type WeeklySummary, weeklySummary } from "../analytics/queries";
import type { Config } from "../config";
import type { Db } from "../db/database";
import { runIfDue, scheduleShared } from "../db/jobs";
import { LEAD_KIND_TABLES } from "../leads/lead-kinds";
import type { Logger } from "../logger";
import { escapeHtml, type MailInput } from "../mail/compose";
import type { MailOutbox } from "../mail/outbox";

const JOB_NAME = "weekly-digest";
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** How often an instance asks whether the digest is due: it leaves within this of 08:00. */
const CHECK_EVERY_MS = 5 * 60 * 1000;
const SEND_HOUR = 8;
const TOP = 3;
export const INSIGHTS_PATH = "/team/insights";

/** The first Monday 08:00 in `zone` after `now` (a wall-clock time: DST moves it in UTC, not there). */
export function nextDigestAt(now: Date, zone: string): Date {
  const local = DateTime.fromJSDate(now, { zone });
  const thisWeek = local.startOf("week").set({ hour: SEND_HOUR });
  return (thisWeek > local ? thisWeek : thisWeek.plus({ weeks: 1 })).toJSDate();
}

const dayBefore = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00.000Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The week a digest sent at `now` reports, and the week before: the seven whole UTC days (the
 * days the page views are counted in) that ended before the Monday 08:00 it was due at.
 */
export function digestWeeks(now: Date, zone: string): { week: Period; before: Period } {
  const due = DateTime.fromJSDate(nextDigestAt(now, zone), { zone }).minus({ weeks: 1 });
  const last = dayBefore(due.toUTC().toISODate()!, 1);
  return { week: { from: dayBefore(last, 6), to: last }, before: { from: dayBefore(last, 13), to: dayBefore(last, 7) } };
}

/** "+3 (+50%)", "−2 (−100%)", "+4" after none, "no change". */
export function change(now: number, before: number): string {
  const difference = now - before;
  if (difference === 0) return "no change";
  const sign = difference > 0 ? "+" : "−";
  const percent = before === 0 ? "" : ` (${sign}${Math.round((Math.abs(difference) / before) * 100)}%)`;
  return `${sign}${Math.abs(difference)}${percent}`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "16–22 November 2026", "30 November – 6 December 2026" (the UTC days of a week). */
function weekLabel(period: Period): string {
  const from = DateTime.fromISO(period.from, { zone: "UTC" });
  const to = DateTime.fromISO(period.to, { zone: "UTC" });
  if (from.year !== to.year) return `${from.toFormat("d MMMM yyyy")} – ${to.toFormat("d MMMM yyyy")}`;
  if (from.month !== to.month) return `${from.toFormat("d MMMM")} – ${to.toFormat("d MMMM yyyy")}`;
  return `${from.toFormat("d")}–${to.toFormat("d MMMM yyyy")}`;
}

/** What one row of the digest says: the figure, the week before, the change. */
interface Figure {
  label: string;
  now: number;
  before: number;
}

const figureText = (figure: Figure) => `${figure.label}: ${figure.now} — week before ${figure.before}, ${change(figure.now, figure.before)}`;

/** The top lines of this week, each with its figures of the week before. */
function topLines(now: readonly WeeklyLine[], before: readonly WeeklyLine[]): { value: string; figures: Figure[] }[] {
  return now.slice(0, TOP).map((line) => {
    const previous = before.find((entry) => entry.value === line.value) ?? { visitors: 0, leads: 0 };
    return {
      value: line.value,
      figures: [
        { label: "Visitors", now: line.visitors, before: previous.visitors },
        { label: "Leads", now: line.leads, before: previous.leads },
      ],
    };
  });
}

/** The digest's subject, text and html from the two weeks' figures. */
export function digestMail(weeks: { week: Period; before: Period }, now: WeeklySummary, before: WeeklySummary, origin: string): { subject: string; text: string; html: string } {
  const label = weekLabel(weeks.week);
  const totals: Figure[] = [
    { label: "Visitors", now: now.visitors, before: before.visitors },
    { label: "Leads", now: now.leads, before: before.leads },
  ];
  const sections = [
    { title: "Top sources", empty: "No visits or leads this week.", lines: topLines(now.sources, before.sources) },
    { title: "Top campaigns", empty: "No visits or leads with a campaign (utm_campaign) this week.", lines: topLines(now.campaigns, before.campaigns) },
  ];
  const link = `${origin}${INSIGHTS_PATH}`;
  const intro = `${PRODUCT_NAME} — the week of ${label}, compared with the week before (${weekLabel(weeks.before)}).`;
  const note = `A source is the visit's utm_source, else the site that referred it, else ${DIRECT_SOURCE}. Days are UTC days; visitors are counted without cookies, once a day each.`;
  const text = [
    intro,
    "",
    ...totals.map(figureText),
    ...sections.flatMap((section) => [
      "",
      `${section.title}:`,
      ...(section.lines.length === 0 ? [section.empty] : section.lines.flatMap((line, index) => [`${index + 1}. ${line.value}`, ...line.figures.map((figure) => `   ${figureText(figure)}`)])),
    ]),
    "",
    `Every figure, per page and per day: ${link}`,
    "",
    note,
  ].join("\n");
  const cell = 'style="padding:4px 12px 4px 0;text-align:left"';
  const number = 'style="padding:4px 12px 4px 0;text-align:right"';
  /** Rows of figures; with `name`, a first column naming the source or campaign (on its first row). */
  const rowsHtml = (figures: readonly Figure[], name?: string) =>
    figures
      .map((figure, index) => {
        const first = name === undefined ? "" : `<th scope="row" ${cell}>${index === 0 ? escapeHtml(name) : ""}</th>`;
        return `<tr>${first}<td ${cell}>${figure.label}</td><td ${number}>${figure.now}</td><td ${number}>${figure.before}</td><td ${number}>${escapeHtml(change(figure.now, figure.before))}</td></tr>`;
      })
      .join("");
  const table = (named: boolean, body: string) =>
    `<table style="border-collapse:collapse;margin:0 0 16px"><tr>${named ? `<td ${cell}></td>` : ""}<td ${cell}></td><th scope="col" ${number}>This week</th><th scope="col" ${number}>Week before</th><th scope="col" ${number}>Change</th></tr>${body}</table>`;
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    table(false, rowsHtml(totals)),
    ...sections.map((section) => `<h2 style="font-size:16px">${section.title}</h2>` + (section.lines.length === 0 ? `<p>${escapeHtml(section.empty)}</p>` : table(true, section.lines.map((line) => rowsHtml(line.figures, line.value)).join("")))),
    `<p><a href="${escapeHtml(link)}">Every figure, per page and per day, in the workspace</a></p>`,
    `<p style="font-size:12px;color:#555">${escapeHtml(note)}</p>`,
  ].join("\n");
  const subject = `${PRODUCT_NAME} weekly digest, ${label}: ${plural(now.visitors, "visitor", "visitors")}, ${plural(now.leads, "lead", "leads")}`;
  return { subject, text, html };
}

export interface WeeklyDigest {
  /** One check at `now` (the schedule's, or a test's moved clock): queues the digest when this instance wins its run. */
  check(now: Date): Promise<boolean>;
  /** Starts this instance's checks; returns a function that stops them. Nothing when WEEKLY_DIGEST is off. */
  schedule(): () => void;
}

/** The digest of a database and its outbox, as `config` sets it (time zone, on or off, link origin). */
export function weeklyDigest(options: { db: Db; outbox: MailOutbox; logger: Logger; config: Pick<Config, "teamTimeZone" | "weeklyDigest" | "mail"> }): WeeklyDigest {
  const { db, outbox, logger, config } = options;
  // Read and queued in the run's claim transaction (`trx`): the week's digest is claimed with its mails or not at all.
  const job = async (now: Date, trx: Db) => {
    const weeks = digestWeeks(now, config.teamTimeZone);
    const week = await weeklySummary(trx, weeks.week, LEAD_KIND_TABLES);
    const before = await weeklySummary(trx, weeks.before, LEAD_KIND_TABLES);
    const mail = digestMail(weeks, week, before, config.mail.origin);
    const members = await trx.selectFrom("team_members").select("email").orderBy("email").execute();
    const mails: MailInput[] = members.map((member) => ({ to: member.email, about: null, ...mail }));
    await outbox.enqueueMany(trx, mails);
    logger.info({ week: weeks.week, members: mails.length }, "weekly digest queued");
  };
  const timing = { periodMs: WEEK_MS, next: (now: Date) => nextDigestAt(now, config.teamTimeZone), inClaimTransaction: true };
  return {
    check: (now) => (config.weeklyDigest ? runIfDue(db, JOB_NAME, job, timing, now) : Promise.resolve(false)),
    schedule: () =>
      config.weeklyDigest
        ? scheduleShared(db, JOB_NAME, job, { ...timing, checkEveryMs: CHECK_EVERY_MS, onError: (error) => logger.error({ err: error }, "the weekly digest could not be queued") })
        : () => {},
  };
}
