/**
 * A campaign's progress per version (campaigns.ts `recipientCounts`) with 2,000 recipients beside
 * another campaign's 2,000 and as many other mails, on SQLite and PostgreSQL: the counts are exact;
 * SQLite reads two indexes and no row (a campaign mail's row holds its text and HTML, so reading
 * its state from the row walks its overflow pages); PostgreSQL reads each table at most once (no
 * per-recipient scan). The bench (bench/scenarios/campaign-progress.ts) times the same at 100,000.
 */
import { describe, expect, it } from "vitest";
import { DATABASE_ENGINES, migratedDatabase } from "../../tests/support/engines";
import { countedCounts, expectedCounts, fillCampaignProgress, planFaults, progressPlan } from "../../tests/support/campaign-progress";

const RECIPIENTS = 2_000;

describe.each(DATABASE_ENGINES)("a campaign's progress per version on $name", (engine) => {
  const handle = migratedDatabase(engine);

  it("counts each version's sent, failed, remaining and skipped recipients of 2,000 exactly, from indexes or one pass over each table", async () => {
    const { db, kind } = handle();
    await fillCampaignProgress(db, kind, RECIPIENTS);

    expect(await countedCounts(db)).toEqual(expectedCounts(RECIPIENTS));
    const plan = await progressPlan(db, kind);
    expect(planFaults(plan, kind), plan).toEqual([]);
  });
});
