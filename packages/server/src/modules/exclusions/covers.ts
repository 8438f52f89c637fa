// Whether an exception covers a finding: SQL the rules (and the ticket list) put into their queries so that nothing an
// exception covers is ticketed. STUB: pinned signature, built with the exceptions.
import { sql, type SQL } from 'drizzle-orm';

/**
 * A condition true when an unexpired exception of the customer covers the finding whose id is `findingId` (a column or
 * expression of the calling query): its host's address, range, network or name, or its URL, with the exception's
 * port, test or issue when it names one.
 */
export function findingExcludedSql(_customerId: number, _findingId: SQL, _now: Date): SQL {
  return sql`false`;
}
