// The hosts a task finished (scan_task_hosts): added as the probe reports them, read back as the task's checkpoint
// when it resumes and as its result when the run is processed. Adding is idempotent: a host reported twice (a report
// retried, a whole checkpoint from an older probe) keeps one row, the later word winning.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { scanTaskHosts } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';

/** Hosts written per statement (each one JSON parameter). */
const CHUNK = 2000;

interface ReportedHost {
  address: string;
  alive: boolean;
}

const isReported = (h: unknown): h is ReportedHost =>
  typeof h === 'object' && h !== null && typeof (h as ReportedHost).address === 'string' && typeof (h as ReportedHost).alive === 'boolean';

/**
 * Adds finished hosts to a task; a down host is kept by its address only. Returns how many rows were written. The
 * hosts go to the database as one JSON document a statement, unpacked there: about half the cost of a parameter per
 * column and row, which matters on the embedded database, where this work shares the server's thread.
 */
export async function addTaskHosts(
  tx: Tx,
  task: { id: number; customerId: number },
  hosts: readonly unknown[] | undefined,
): Promise<number> {
  if (!hosts?.length) return 0;
  // The last word on an address within one call wins (ON CONFLICT cannot touch a row twice in one statement).
  const byAddress = new Map<string, ReportedHost>();
  for (const h of hosts) if (isReported(h)) byAddress.set(h.address, h);
  const rows = [...byAddress.values()];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + CHUNK));
    await tx.execute(sql`
      insert into ${scanTaskHosts} (customer_id, task_id, address, alive, host)
      select ${task.customerId}, ${task.id}, h->>'address', (h->>'alive')::boolean, case when (h->>'alive')::boolean then h end
      from jsonb_array_elements(${json}::jsonb) as h
      on conflict (task_id, address) do update set alive = excluded.alive, host = excluded.host`);
  }
  return rows.length;
}

/** Every host a task finished, down ones as `{address, alive: false}`: the checkpoint a resumed task skips. */
export async function taskCheckpointHosts(tx: Tx, taskId: number): Promise<unknown[]> {
  const rows = await tx
    .select({ address: scanTaskHosts.address, alive: scanTaskHosts.alive, host: scanTaskHosts.host })
    .from(scanTaskHosts)
    .where(eq(scanTaskHosts.taskId, taskId))
    .orderBy(asc(scanTaskHosts.id));
  return rows.map((r) => r.host ?? { address: r.address, hostnames: [], alive: r.alive, ports: [], findings: [] });
}

/**
 * The live hosts of some tasks, in pages of at most `size`: each task's hosts in the order they were reported (an
 * index range a page, so a run of any size costs O(hosts) and holds one page), then the few addresses that more than
 * one task found, all their rows in one page so the caller merges them. Memory stays at one page.
 */
export async function* liveTaskHostPages(tx: Tx, taskIds: readonly number[], size: number): AsyncGenerator<unknown[]> {
  if (taskIds.length === 0) return;
  const ids = [...taskIds];
  const shared = (
    await tx
      .select({ address: scanTaskHosts.address })
      .from(scanTaskHosts)
      .where(and(inArray(scanTaskHosts.taskId, ids), eq(scanTaskHosts.alive, true)))
      .groupBy(scanTaskHosts.address)
      .having(sql`count(*) > 1`)
  ).map((r) => r.address);
  const inMany = new Set(shared);
  for (const taskId of ids) {
    let after = 0;
    for (;;) {
      const rows = await tx
        .select({ id: scanTaskHosts.id, address: scanTaskHosts.address, host: scanTaskHosts.host })
        .from(scanTaskHosts)
        .where(and(eq(scanTaskHosts.taskId, taskId), eq(scanTaskHosts.alive, true), gt(scanTaskHosts.id, after)))
        .orderBy(asc(scanTaskHosts.id))
        .limit(size);
      if (rows.length === 0) break;
      after = rows[rows.length - 1].id;
      const page = rows.filter((r) => !inMany.has(r.address)).map((r) => r.host);
      if (page.length > 0) yield page;
      if (rows.length < size) break;
    }
  }
  for (let i = 0; i < shared.length; i += size) {
    const rows = await tx
      .select({ host: scanTaskHosts.host })
      .from(scanTaskHosts)
      .where(
        and(inArray(scanTaskHosts.taskId, ids), eq(scanTaskHosts.alive, true), inArray(scanTaskHosts.address, shared.slice(i, i + size))),
      )
      .orderBy(asc(scanTaskHosts.taskId));
    yield rows.map((r) => r.host);
  }
}
