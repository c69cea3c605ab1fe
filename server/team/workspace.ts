/**
 * The team workspace (/team) on the server: access (sign-in links, sessions), the audit log, the
 * leads, people, the outbox view, the overview and the insights. Route loaders and actions reach it as
 * `services.team`, always after the guard (app/features/team/guard.server.ts); actions that
 * change or reveal data in bulk record an audit entry (`audit.record`), inside their transaction
 * when they have one.
 */
import type { Config } from "../config";
import type { Db } from "../db/database";
import type { Logger } from "../logger";
import type { MailOutbox } from "../mail/outbox";
import type { LeadFilter } from "~/features/team/team-schemas";
import { SIGN_IN_TEMPLATE, TeamAccess } from "./access";
import { exportResponse } from "./export";
import { Audit } from "../audit/audit";
import { TeamLeads } from "./leads";
import { TeamMail } from "./mail-view";
import { type DayCounts, overview } from "./overview";
import { type Insights, insights, insightsCsv } from "./insights";
import type { InsightTable } from "~/features/team/insights-contract";
import type { Period } from "../analytics/queries";
import { TeamPeople } from "./people";
import { PersonWork } from "./person-work";
import { CannedReplies } from "./canned-replies";
import { TeamMembers } from "./members";
import { PeopleList } from "./people-list";

export interface TeamWorkspace {
  access: TeamAccess;
  /** Members (admins manage them) and each member's settings. */
  members: TeamMembers;
  audit: Audit;
  leads: TeamLeads;
  people: TeamPeople;
  /** A person's owner, stage, follow-up and replies (every write of `people`). */
  work: PersonWork;
  /** The replies a member may start from (/team/replies). */
  replies: CannedReplies;
  /** The people list of /team, and the members' saved filters. */
  peopleList: PeopleList;
  mail: TeamMail;
  overview: () => Promise<DayCounts[]>;
  /** What /team/insights shows for a period (UTC days, both included). */
  insights: (period: Period) => Promise<Insights>;
  /** One of its tables as CSV. */
  insightsCsv: (period: Period, table: InsightTable) => Promise<string>;
  /** The leads of a filter as a streamed CSV or JSON download; audited when complete. */
  exportLeads: (filter: LeadFilter, format: "csv" | "json", member: string) => Response;
}

export function createTeamWorkspace(options: { db: Db; outbox: MailOutbox; logger: Logger; config: Config }): TeamWorkspace {
  const { db, outbox, logger, config } = options;
  const audit = new Audit(db);
  const leads = new TeamLeads(db, audit, config.database.kind);
  const work = new PersonWork(db, outbox, audit, config.mail, config.database.kind);
  const access = new TeamAccess(db, outbox, audit, logger, config.teamMembers, config.mail, config.teamTimeZone, work);
  outbox.useTemplate(SIGN_IN_TEMPLATE, access.signInMail);
  const replies = new CannedReplies(db, audit);
  return {
    access,
    members: new TeamMembers(db, access, outbox, audit, work, config.database.kind, config.teamTimeZone),
    audit,
    leads,
    people: new TeamPeople(db, leads, audit, work, replies),
    peopleList: new PeopleList(db, leads, audit),
    work,
    replies,
    mail: new TeamMail(db, outbox, audit, config.mail.from),
    overview: () => overview(db),
    insights: (period) => insights(db, period),
    insightsCsv: async (period, table) => insightsCsv((await insights(db, period)).tables[table], table),
    exportLeads: (filter, format, member) => exportResponse(leads, audit, filter, format, member),
  };
}
