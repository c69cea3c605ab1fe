import type { Migration } from "kysely";
import * as initial from "./0001-initial";
import * as chat from "./0002-chat";
import * as mailAbout from "./0003-mail-about";
import * as team from "./0004-team";
import * as sharedLimits from "./0007-shared-limits";
import * as newsletterConsent from "./0008-newsletter-consent";
import * as campaigns from "./0009-campaigns";
import * as mailTemplate from "./0010-mail-template";
import * as mailPriority from "./0011-mail-priority";
import * as mailAboutUnindexed from "./0012-mail-about-unindexed";
import * as emailLookupsIndexed from "./0013-email-lookups-indexed";
import * as leadKindNames from "./0014-lead-kind-names";
import * as teamMembers from "./0015-team-members";
import * as mailOriginFromConfiguration from "./0016-mail-origin-from-configuration";
import * as chatMessageSources from "./0017-chat-message-sources";
import * as analytics from "./0018-analytics";
import * as leadAttribution from "./0019-lead-attribution";
import * as leadAttributionIndexed from "./0020-lead-attribution-indexed";
import * as memberRoles from "./0021-member-roles";
import * as people from "./0022-people";
import * as personWork from "./0023-person-work";
import * as memberAlerts from "./0025-member-alerts";
import * as campaignAudience from "./0027-campaign-audience";
import * as personSummaryFilters from "./0028-person-summary-filters";
import * as webhooks from "./0026-webhooks";
import * as peopleList from "./0024-people-list";
import * as leadLanguage from "./0029-lead-language";
import * as cannedRepliesLanguage from "./0030-canned-replies-language";
import * as campaignRecipientVersion from "./0031-campaign-recipient-version";

/** Every migration, in order. Names are stored in the database: never rename one. */
export const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-chat": chat,
  "0003-mail-about": mailAbout,
  "0004-team": team,
  "0007-shared-limits": sharedLimits,
  "0008-newsletter-consent": newsletterConsent,
  "0009-campaigns": campaigns,
  "0010-mail-template": mailTemplate,
  "0011-mail-priority": mailPriority,
  "0012-mail-about-unindexed": mailAboutUnindexed,
  "0013-email-lookups-indexed": emailLookupsIndexed,
  "0014-lead-kind-names": leadKindNames,
  "0015-team-members": teamMembers,
  "0016-mail-origin-from-configuration": mailOriginFromConfiguration,
  "0017-chat-message-sources": chatMessageSources,
  "0018-analytics": analytics,
  "0019-lead-attribution": leadAttribution,
  "0020-lead-attribution-indexed": leadAttributionIndexed,
  "0021-member-roles": memberRoles,
  "0022-people": people,
  "0023-person-work": personWork,
  "0025-member-alerts": memberAlerts,
  "0027-campaign-audience": campaignAudience,
  "0028-person-summary-filters": personSummaryFilters,
  "0026-webhooks": webhooks,
  "0024-people-list": peopleList,
  "0029-lead-language": leadLanguage,
  "0030-canned-replies-language": cannedRepliesLanguage,
  "0031-campaign-recipient-version": campaignRecipientVersion,
};
