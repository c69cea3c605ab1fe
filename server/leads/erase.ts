import type { Db } from "../db/database";
import { normalizeAddress } from "../mail/compose";
import { eraseMail, leadTables } from "./lead-tables";

/**
 * Erases one person: the rows of every lead table whose address is theirs, then the mails sent
 * to them or about them (`eraseMail`). Addresses are compared trimmed and lower-cased, by
 * equality: never another person whose address merely contains this one.
 */
export async function erasePerson(db: Db, email: string): Promise<Record<string, number>> {
  const normalized = normalizeAddress(email);
  return db.transaction().execute(async (trx) => {
    const counts: Record<string, number> = {};
    for (const table of leadTables) counts[table.type] = await table.erase(trx, normalized);
    counts.mail = await eraseMail(trx, normalized);
    return counts;
  });
}

