// Lifecycle management (customer settings lifecycle_management_enabled and lifecycle_period, feature-areas §9
// retention options): a host not seen by any scan for the period is archived, and its open findings are closed with
// the reason `asset_archived`. An archived host that a scan sees again comes back (results processing clears it).
// Runs with housekeeping; the clock is passed in. It sits with the findings it closes (and their issues), not with
// assets, so that assets never import vulnerabilities while vulnerabilities refresh assets' risk.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { refreshIssues } from './issues.ts';

export async function archiveStaleAssets(db: Db, now: Date): Promise<{ archived: number; findingsClosed: number }> {
  return db.transaction(async (tx) => {
    const archived = await queryRows<{ id: number }>(
      tx,
      sql`update assets a set archived_at = ${now.toISOString()}::timestamptz
          from customers c
          where c.id = a.customer_id and c.lifecycle_management_enabled and a.archived_at is null and a.kind = 'host'
            and a.last_seen is not null
            and a.last_seen < ${now.toISOString()}::timestamptz - make_interval(days => c.lifecycle_period)
          returning a.id`,
    );
    if (archived.length === 0) return { archived: 0, findingsClosed: 0 };
    const closed = await queryRows<{ id: number; customer_id: number; issue_id: number | null }>(
      tx,
      sql`update findings set state = 3, closed_at = ${now.toISOString()}::timestamptz, closed_reason = 'asset_archived'
          where host_id = any(${intArray(archived.map((a) => Number(a.id)))}) and state <> 3 returning id, customer_id, issue_id`,
    );
    const issuesByCustomer = new Map<number, number[]>();
    for (const f of closed)
      if (f.issue_id !== null)
        issuesByCustomer.set(Number(f.customer_id), [...(issuesByCustomer.get(Number(f.customer_id)) ?? []), Number(f.issue_id)]);
    for (const [customerId, issueIds] of issuesByCustomer) await refreshIssues(tx, customerId, issueIds);
    return { archived: archived.length, findingsClosed: closed.length };
  });
}
