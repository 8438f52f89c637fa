// What authenticated looks leave on a host asset: its authentication state (health, system, kernels, the SSH host key
// pinned on first use) and its installed packages; written by result processing, read by the asset's pages, and the
// pins a task's probe checks before it sends a credential.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { HostAuthentication, HostPackage } from '@bulwark/core';
import type { HostAuth } from '@bulwark/scanner';
import type { Db, Tx } from '../../db/client.ts';
import { assets, hostAuthStates, hostPackages, scanCredentials } from '../../db/schema/index.ts';
import { containsPattern, queryRows } from '../../db/rows.ts';

export type HostAuthRow = typeof hostAuthStates.$inferSelect;

/**
 * The pinned SSH host keys of the customer's hosts (address → key): a task's probe refuses to send a credential to a
 * host that presents another key. All of them are sent (authenticated hosts number thousands, not millions), or the
 * one of `address` (the test action).
 */
export async function pinnedHostKeys(db: Db | Tx, customerId: number, address?: string): Promise<Record<string, string>> {
  const rows = await db
    .select({ address: assets.address, pinned: hostAuthStates.hostKeyPinned })
    .from(hostAuthStates)
    .innerJoin(assets, eq(assets.id, hostAuthStates.hostId))
    .where(
      and(
        eq(hostAuthStates.customerId, customerId),
        isNotNull(hostAuthStates.hostKeyPinned),
        address === undefined ? isNotNull(assets.address) : eq(assets.address, address),
      ),
    );
  return Object.fromEntries(rows.map((r) => [r.address!, r.pinned!]));
}

export interface AuthStateInput {
  customerId: number;
  hostId: number;
  runId: number;
  seen: Date;
  auth: HostAuth;
  /** Health decided on the server (end of life) when it overrides the probe's. */
  health: HostAuth['health'];
  message: string;
  /** The newest installed kernel (decided with the findings), null when none was listed. */
  kernelLatest: string | null;
}

/**
 * Writes a host's state from one run's look. The host key is pinned on first use; a look refused because the key
 * changed keeps the pin and records the key seen and when it changed; a look that logs in with the pinned key clears
 * the change. Packages are replaced only by a look that listed them.
 */
export async function saveHostAuth(tx: Tx, s: AuthStateInput): Promise<void> {
  const [current] = await tx.select().from(hostAuthStates).where(eq(hostAuthStates.hostId, s.hostId));
  const seenKey = s.auth.hostKey ?? null;
  const pinned = current?.hostKeyPinned ?? (s.auth.health !== 'host_key_changed' ? seenKey : null);
  const changed = s.auth.health === 'host_key_changed' ? (current?.hostKeyChangedAt ?? s.seen) : null;
  const listed = s.auth.packages !== undefined;
  // The credential may have been deleted since the task started.
  const [credential] = await tx.select({ id: scanCredentials.id }).from(scanCredentials).where(eq(scanCredentials.id, s.auth.credentialId));
  const values = {
    customerId: s.customerId,
    health: s.health,
    message: s.message,
    credentialId: credential?.id ?? null,
    runId: s.runId,
    checkedAt: s.seen,
    hostKeyPinned: pinned,
    hostKeySeen: seenKey ?? current?.hostKeySeen ?? null,
    hostKeyChangedAt: changed,
    ...(s.auth.os
      ? { osId: s.auth.os.id, osVersion: s.auth.os.versionId, osCodename: s.auth.os.codename || null, osName: s.auth.os.prettyName }
      : {}),
    ...(s.auth.kernel ? { kernelRunning: s.auth.kernel.running } : {}),
    ...(listed ? { kernelLatest: s.kernelLatest, packageCount: s.auth.packages!.length, listening: s.auth.listening ?? [] } : {}),
  };
  await tx
    .insert(hostAuthStates)
    .values({ hostId: s.hostId, ...values })
    .onConflictDoUpdate({ target: hostAuthStates.hostId, set: values });
  if (listed) await replacePackages(tx, s);
}

async function replacePackages(tx: Tx, s: AuthStateInput): Promise<void> {
  const packages = s.auth.packages ?? [];
  // Upsert in slices (a Debian host lists ~1,000 packages; a parameter list has limits).
  for (let i = 0; i < packages.length; i += 500) {
    const slice = packages.slice(i, i + 500).map((p) => ({
      customerId: s.customerId,
      hostId: s.hostId,
      manager: p.manager,
      name: p.name,
      arch: p.arch,
      version: p.version,
      source: p.source,
      sourceVersion: p.sourceVersion,
      firstSeen: s.seen,
      lastSeen: s.seen,
      lastRunId: s.runId,
    }));
    await tx
      .insert(hostPackages)
      .values(slice)
      .onConflictDoUpdate({
        target: [hostPackages.hostId, hostPackages.name, hostPackages.arch],
        set: {
          manager: sql`excluded.manager`,
          version: sql`excluded.version`,
          source: sql`excluded.source`,
          sourceVersion: sql`excluded.source_version`,
          lastSeen: sql`excluded.last_seen`,
          lastRunId: sql`excluded.last_run_id`,
          // A package upgraded since the last look counts as seen anew.
          firstSeen: sql`case when ${hostPackages.version} = excluded.version then ${hostPackages.firstSeen} else excluded.first_seen end`,
        },
      });
  }
  await tx.execute(
    sql`delete from host_packages where host_id = ${s.hostId} and (last_run_id is distinct from ${s.runId} or last_seen <> ${s.seen.toISOString()}::timestamptz)`,
  );
}

/** Pins the key the host presents now (the user trusts a changed key); null when there is no state or no key seen. */
export async function trustHostKey(db: Db, customerId: number, hostId: number): Promise<boolean> {
  const rows = await db
    .update(hostAuthStates)
    .set({ hostKeyPinned: sql`${hostAuthStates.hostKeySeen}`, hostKeyChangedAt: null })
    .where(
      and(eq(hostAuthStates.customerId, customerId), eq(hostAuthStates.hostId, hostId), sql`${hostAuthStates.hostKeySeen} is not null`),
    )
    .returning({ id: hostAuthStates.hostId });
  return rows.length > 0;
}

export async function hostAuthState(
  db: Db,
  customerId: number,
  hostId: number,
  endOfLife: (row: HostAuthRow) => string | null,
): Promise<HostAuthentication | null> {
  const [row] = await db
    .select({ s: hostAuthStates, credential: { id: scanCredentials.id, name: scanCredentials.name, kind: scanCredentials.kind } })
    .from(hostAuthStates)
    .leftJoin(scanCredentials, eq(scanCredentials.id, hostAuthStates.credentialId))
    .where(and(eq(hostAuthStates.customerId, customerId), eq(hostAuthStates.hostId, hostId)));
  if (!row) return null;
  const s = row.s;
  return {
    health: s.health,
    message: s.message,
    checked_at: s.checkedAt.toISOString(),
    run_id: s.runId,
    credential: row.credential?.id ? { id: row.credential.id, name: row.credential.name, kind: row.credential.kind } : null,
    os_name: s.osName,
    os_id: s.osId,
    os_version: s.osVersion,
    os_codename: s.osCodename,
    kernel_running: s.kernelRunning,
    kernel_latest: s.kernelLatest,
    reboot_required: s.kernelLatest !== null && s.kernelRunning !== null && !kernelMatches(s.kernelRunning, s.kernelLatest),
    end_of_life: endOfLife(s),
    package_count: s.packageCount,
    host_key_pinned: s.hostKeyPinned,
    host_key_seen: s.hostKeySeen,
    host_key_changed_at: s.hostKeyChangedAt?.toISOString() ?? null,
    listening: s.listening,
  };
}

/** `uname -r` (6.1.0-18-amd64) against the newest installed kernel's version (6.1.0-18-amd64, or rpm's 5.14.0-362.el9.x86_64). */
export const kernelMatches = (running: string, latest: string): boolean =>
  running === latest || latest.startsWith(running) || running.startsWith(latest);

export type PackageOrdering = 'name' | 'vulnerabilities';

export async function listHostPackages(
  db: Db,
  customerId: number,
  hostId: number,
  o: { search?: string; page: number; pageSize: number; ordering: PackageOrdering; descending: boolean },
): Promise<{ count: number; rows: HostPackage[] }> {
  const search = o.search ? sql`and (p.name ilike ${containsPattern(o.search)} or p.source ilike ${containsPattern(o.search)})` : sql``;
  const from = sql`host_packages p where p.customer_id = ${customerId} and p.host_id = ${hostId} ${search}`;
  const vulns = sql`(select count(*) from findings f where f.host_id = p.host_id and f.state <> 3 and f.package = p.source)::int`;
  const order = o.ordering === 'name' ? sql`p.name` : sql`vulnerabilities`;
  const dir = o.descending ? sql`desc` : sql`asc`;
  const [rows, [{ n }]] = await Promise.all([
    queryRows<{
      name: string;
      arch: string;
      version: string;
      source: string;
      source_version: string;
      manager: string;
      first_seen: Date | string;
      last_seen: Date | string;
      vulnerabilities: number;
    }>(
      db,
      sql`select p.name, p.arch, p.version, p.source, p.source_version, p.manager, p.first_seen, p.last_seen, ${vulns} as vulnerabilities
          from ${from} order by ${order} ${dir}, p.name, p.arch limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${from}`),
  ]);
  return {
    count: Number(n),
    rows: rows.map((r) => ({
      ...r,
      first_seen: new Date(r.first_seen).toISOString(),
      last_seen: new Date(r.last_seen).toISOString(),
      vulnerabilities: Number(r.vulnerabilities),
    })),
  };
}
