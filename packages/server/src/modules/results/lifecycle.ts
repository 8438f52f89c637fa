// Lifecycle management (customer settings lifecycle_management_enabled and lifecycle_period, feature-areas §9
// retention options): a host not seen by any scan for the period is archived, and its open findings are closed with
// the reason `asset_archived` (through the merge step's closeFindings, the one way findings close), and the derived
// data follows (afterFindingsChanged). An archived host that a scan sees again comes back (results processing clears
// it). Runs with housekeeping; the clock is passed in. It sits with results, which own finding state.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { afterFindingsChanged } from '../vulnerabilities/index.ts';
import { closeFindings } from './merge.ts';

export async function archiveStaleAssets(db: Db, now: Date): Promise<{ archived: number; findingsClosed: number }> {
  return db.transaction(async (tx) => {
    const archived = await queryRows<{ id: number; customer_id: number }>(
      tx,
      sql`update assets a set archived_at = ${now.toISOString()}::timestamptz
          from customers c
          where c.id = a.customer_id and c.lifecycle_management_enabled and a.archived_at is null and a.kind = 'host'
            and a.last_seen is not null
            and a.last_seen < ${now.toISOString()}::timestamptz - make_interval(days => c.lifecycle_period)
          returning a.id, a.customer_id`,
    );
    if (archived.length === 0) return { archived: 0, findingsClosed: 0 };
    const closed = await closeFindings(tx, {
      at: now,
      customerId: null,
      runId: null,
      reason: 'asset_archived',
      where: sql`f.host_id = any(${intArray(archived.map((a) => Number(a.id)))})`,
    });
    const byCustomer = new Map<number, { hosts: number[]; issues: Set<number> }>();
    for (const a of archived) {
      const entry = byCustomer.get(Number(a.customer_id)) ?? { hosts: [], issues: new Set<number>() };
      entry.hosts.push(Number(a.id));
      byCustomer.set(Number(a.customer_id), entry);
    }
    for (const f of closed) if (f.issue_id !== null) byCustomer.get(f.customer_id)?.issues.add(f.issue_id);
    for (const [customerId, { hosts, issues }] of byCustomer) await afterFindingsChanged(tx, customerId, hosts, [...issues]);
    return { archived: archived.length, findingsClosed: closed.length };
  });
}
