// Turns one cloud task's result (the engine's CloudScanResult for one provider account) into the inventory, in one
// transaction: every resource an asset of kind `cloud` (its value the provider's uid) with its cloud_resources row, the
// account itself an asset too (account-level controls are findings on it); the resources of the scanned account and
// regions a complete run did not see marked gone (cleared when seen again); every control result of the run
// (cloud_control_results, passes too); failed controls merged as findings of source `cloud` through the one merge step,
// passes closing them. Re-processing the same run writes the same rows.
import { CLOUD_PROVIDER, SCAN_ERROR_TYPE, SCAN_TASK_STATE as S, type CloudProviderKey } from '@bulwark/core';
import { cloudControls, type CloudControlInfo, type CloudResource, type CloudScanResult } from '@bulwark/scanner';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { cloudControlResults, scanErrors, scanRuns } from '../../db/schema/index.ts';
import type { CloudRunFacts } from '../../db/schema/scans.ts';
import { addScanErrors, type TaskRow } from '../tasks/index.ts';
import { afterFindingsChanged } from '../vulnerabilities/index.ts';
import { cloudAccountUid, cloudFindingInput, cloudFindingKey, CLOUD_SOURCE } from './cloud-findings.ts';
import type { BatchContext } from './inventory.ts';
import { closeFindings, upsertFindings } from './merge.ts';
import { intArray, jsonRows, textArray } from './sql.ts';

export interface CloudRunInput {
  customerId: number;
  runId: number;
  result: CloudScanResult;
  /** The regions the run read (scan_runs.cloud.regions): only their resources may be marked gone. */
  regions: readonly string[];
  /** The run finished normally: only then are the resources it did not see marked gone (and their findings closed). */
  complete: boolean;
  /** What the collector could not read (a service in some regions, or everywhere): none of it is marked gone. */
  unread?: readonly UnreadScope[];
  /** When the run saw the account (the same on every re-processing). */
  now: Date;
  /** The controls' words by id (default: the scanner's catalogue; tests may pass their own). */
  catalogue?: ReadonlyMap<string, CloudControlInfo>;
}

export interface CloudRunOutcome {
  /** Resources inventoried (the account's own asset not counted). */
  resources: number;
  findings: number;
  closed: number;
  gone: number;
}

/** Rows per statement. */
const CHUNK = 1000;

let scannerCatalogue: Map<string, CloudControlInfo> | null = null;
const catalogueOf = (w: CloudRunInput): ReadonlyMap<string, CloudControlInfo> =>
  w.catalogue ?? (scannerCatalogue ??= new Map(cloudControls().map((c) => [c.id, c])));

/** The account as a resource of its own: the asset account-level controls are findings on. */
function accountResource(r: CloudScanResult): CloudResource {
  return {
    uid: cloudAccountUid(r.provider, r.account),
    provider: r.provider,
    account: r.account,
    region: null,
    service: 'account',
    type: `${r.provider}.account`,
    name: r.accountName ? `${r.accountName} (${r.account})` : r.account,
    properties: { account: r.account, ...(r.accountName ? { name: r.accountName } : {}) },
  };
}

/** The run's resources, each uid once (case folded, as the asset's value is unique), the account first. */
function resourcesOf(r: CloudScanResult): CloudResource[] {
  const byUid = new Map<string, CloudResource>();
  for (const x of [accountResource(r), ...r.resources]) if (!byUid.has(x.uid.toLowerCase())) byUid.set(x.uid.toLowerCase(), x);
  return [...byUid.values()];
}

/** Upserts the assets and cloud_resources rows; answers the asset id of each uid (lower case). */
async function upsertResources(tx: Tx, w: CloudRunInput, list: readonly CloudResource[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const seen = w.now.toISOString();
  for (let i = 0; i < list.length; i += CHUNK) {
    const chunk = list.slice(i, i + CHUNK);
    const rows = await queryRows<{ id: number; value: string }>(
      tx,
      sql`insert into assets (customer_id, kind, type, value, name, internet_facing, first_seen, last_seen, last_run_id)
          select ${w.customerId}, 'cloud', 4, x.uid, x.name, x.public, ${seen}::timestamptz, ${seen}::timestamptz, ${w.runId}
          from jsonb_to_recordset(${jsonRows(chunk.map((r) => ({ uid: r.uid, name: r.name.slice(0, 500), public: (r.publicAddresses ?? []).length > 0 })))})
            as x(uid text, name text, public boolean)
          on conflict (customer_id, zone, kind, lower(value)) do update set
            name = excluded.name,
            internet_facing = excluded.internet_facing,
            first_seen = least(assets.first_seen, excluded.first_seen),
            last_seen = greatest(assets.last_seen, excluded.last_seen),
            last_run_id = excluded.last_run_id,
            archived_at = null
          returning id, value`,
    );
    for (const r of rows) ids.set(r.value.toLowerCase(), Number(r.id));
    const details = chunk.map((r) => ({
      asset_id: ids.get(r.uid.toLowerCase())!,
      provider: CLOUD_PROVIDER[r.provider],
      account: r.account,
      region: r.region,
      service: r.service,
      resource_type: r.type,
      name: r.name,
      public_addresses: r.publicAddresses ?? [],
      tags: r.tags ?? {},
      properties: r.properties,
    }));
    await tx.execute(sql`
      insert into cloud_resources (asset_id, customer_id, provider, account, region, service, resource_type, name, public_addresses,
                                   tags, properties, first_seen, last_seen, gone_since, last_run_id)
      select x.asset_id, ${w.customerId}, x.provider, x.account, x.region, x.service, x.resource_type, x.name, x.public_addresses,
             x.tags, x.properties, ${seen}::timestamptz, ${seen}::timestamptz, null, ${w.runId}
      from jsonb_to_recordset(${jsonRows(details)})
        as x(asset_id int, provider smallint, account text, region text, service text, resource_type text, name text,
             public_addresses jsonb, tags jsonb, properties jsonb)
      on conflict (asset_id) do update set
        provider = excluded.provider, account = excluded.account, region = excluded.region, service = excluded.service,
        resource_type = excluded.resource_type, name = excluded.name, public_addresses = excluded.public_addresses,
        tags = excluded.tags, properties = excluded.properties,
        first_seen = least(cloud_resources.first_seen, excluded.first_seen),
        last_seen = greatest(cloud_resources.last_seen, excluded.last_seen),
        gone_since = null,
        last_run_id = excluded.last_run_id`);
  }
  return ids;
}

/**
 * A part of the account the collector could not read: a service (null: any, where the call does not say which) in some
 * regions (empty: every region, and the global resources).
 */
export interface UnreadScope {
  service: string | null;
  regions: string[];
}

/** Azure's resource-provider namespaces as the collector names their resources' services. */
const AZURE_SERVICES: Record<string, string> = {
  compute: 'compute',
  network: 'network',
  storage: 'storage',
  keyvault: 'keyvault',
  sql: 'sql',
  containerservice: 'aks',
  insights: 'monitor',
  security: 'security',
  resources: 'resources',
};

/**
 * The service of the resources a failed call would have read: AWS names it before the action (ec2:DescribeInstances),
 * Azure in its resource-provider namespace (Microsoft.Storage/…). Null where the call does not say (every service of
 * its regions is then left alone): a wrong guess would mark resources gone that were only unread.
 */
export function serviceOfCall(provider: CloudScanResult['provider'], call: string): string | null {
  if (provider === 'aws') return /^([a-z0-9-]+):/.exec(call)?.[1] ?? null;
  if (provider === 'azure') {
    const namespace = /^Microsoft\.(\w+)\//i.exec(call)?.[1]?.toLowerCase();
    return namespace ? (AZURE_SERVICES[namespace] ?? null) : null;
  }
  return null;
}

/** The resources left out of gone-marking: of an unread service (or any) in its regions (or all). */
function unreadClause(unread: readonly UnreadScope[]) {
  if (!unread.length) return sql`false`;
  return sql.join(
    unread.map(
      (u) =>
        sql`((${u.service}::text is null or service = ${u.service}) and (${u.regions.length === 0} or region = any(${textArray(u.regions)})))`,
    ),
    sql` or `,
  );
}

/**
 * Marks gone the resources of the account and regions the run read that it did not see, except where a read failed;
 * answers their asset ids.
 */
async function markGone(tx: Tx, w: CloudRunInput): Promise<number[]> {
  const rows = await queryRows<{ asset_id: number }>(
    tx,
    sql`update cloud_resources set gone_since = ${w.now.toISOString()}::timestamptz
        where customer_id = ${w.customerId} and provider = ${CLOUD_PROVIDER[w.result.provider]} and account = ${w.result.account}
          and (region is null or region = any(${textArray([...w.regions])}))
          and last_run_id is distinct from ${w.runId} and gone_since is null
          and not (${unreadClause(w.unread ?? [])})
        returning asset_id`,
  );
  return rows.map((r) => Number(r.asset_id));
}

/** The run's control results, written again whole (re-processing leaves the same rows). */
async function storeControlResults(tx: Tx, w: CloudRunInput, accountId: number, ids: ReadonlyMap<string, number>): Promise<void> {
  await tx.delete(cloudControlResults).where(eq(cloudControlResults.runId, w.runId));
  const rows = w.result.results.map((r) => ({
    customerId: w.customerId,
    runId: w.runId,
    controlId: r.control,
    assetId: r.resource === null ? accountId : (ids.get(r.resource.toLowerCase()) ?? null),
    resourceUid: r.resource ?? '',
    status: r.status,
    evidence: r.evidence,
    message: r.message ?? null,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(cloudControlResults).values(rows.slice(i, i + CHUNK));
}

/**
 * Processes one cloud result of a run. Failed controls open (or keep) their findings; a control that passed (or does
 * not apply) on a resource closes its open finding there; a complete run marks the resources of its account and regions
 * it no longer saw gone and closes their cloud findings. A control that could not be read (error) or was left out
 * changes nothing.
 */
export async function processCloudRun(db: Db, w: CloudRunInput): Promise<CloudRunOutcome> {
  const catalogue = catalogueOf(w);
  const resources = resourcesOf(w.result);
  const accountUid = cloudAccountUid(w.result.provider, w.result.account);
  return db.transaction(async (tx) => {
    const ids = await upsertResources(tx, w, resources);
    const accountId = ids.get(accountUid.toLowerCase())!;
    await storeControlResults(tx, w, accountId, ids);
    const failed = w.result.results
      .filter((r) => r.status === 'fail')
      .map((r) => {
        const uid = r.resource ?? accountUid;
        const hostId = r.resource === null ? accountId : ids.get(r.resource.toLowerCase());
        return hostId === undefined ? null : { hostId, finding: cloudFindingInput(r, uid, catalogue.get(r.control)) };
      })
      .filter((x): x is NonNullable<typeof x> => x !== null);
    // One finding per key (a control that reported the same resource twice).
    const byKey = new Map(failed.map((f) => [`${f.hostId}|${f.finding.key}`, f]));
    const c: BatchContext = { customerId: w.customerId, runId: w.runId, seen: w.now, targetAssetIds: [], tcp: [], udp: [] };
    await upsertFindings(tx, c, [...byKey.values()]);
    // Passes close: the control was read on the resource and holds now.
    const passed = w.result.results
      .filter((r) => r.status === 'pass' || r.status === 'not_applicable')
      .map((r) => ({
        host: r.resource === null ? accountId : ids.get(r.resource.toLowerCase()),
        key: cloudFindingKey(r.control, r.resource ?? accountUid),
      }))
      .filter((p): p is { host: number; key: string } => p.host !== undefined);
    const failing = new Set(byKey.keys());
    const closing = passed.filter((p) => !failing.has(`${p.host}|${p.key}`));
    let closed = closing.length
      ? await closeFindings(tx, {
          at: w.now,
          customerId: w.customerId,
          runId: w.runId,
          where: sql`f.source = ${CLOUD_SOURCE} and (f.host_id, f.key) in (
                       select x.host, x.key from jsonb_to_recordset(${jsonRows(closing)}) as x(host int, key text))`,
        })
      : [];
    let gone: number[] = [];
    if (w.complete) {
      gone = await markGone(tx, w);
      // A resource that is gone has none of its findings any more.
      if (gone.length)
        closed = closed.concat(
          await closeFindings(tx, {
            at: w.now,
            customerId: w.customerId,
            runId: w.runId,
            where: sql`f.source = ${CLOUD_SOURCE} and f.host_id = any(${intArray(gone)})`,
          }),
        );
    }
    await afterFindingsChanged(tx, w.customerId, [...new Set([...ids.values(), ...gone, ...closed.map((f) => f.host_id)])]);
    return { resources: resources.length - 1, findings: byKey.size, closed: closed.length, gone: gone.length };
  });
}

/**
 * Errors that mean the engine did not read everything: such a run marks nothing gone. A read error of one call (it names
 * its call: refused, throttled past its retries, a service not enabled) only keeps that call's service and regions
 * from being marked gone.
 */
const CUT_SHORT: readonly number[] = [SCAN_ERROR_TYPE.run_time_exceeded, SCAN_ERROR_TYPE.auth_failed];

/** What the run's read errors say went unread. */
function unreadOf(result: CloudScanResult): UnreadScope[] {
  return result.errors
    .map((e) => e as typeof e & { call?: string; regions?: string[] })
    .filter((e) => typeof e.call === 'string')
    .map((e) => ({ service: serviceOfCall(result.provider, e.call!), regions: e.regions ?? [] }));
}

type RunRow = typeof scanRuns.$inferSelect;

/**
 * The call site in processRun: a delivered (or cancelled, failed) cloud task of the run. Its errors go to the run's
 * errors once; the run learns the account it reached.
 */
export async function processCloudTask(db: Db, run: RunRow, task: TaskRow, result: CloudScanResult, seen: Date): Promise<CloudRunOutcome> {
  const facts: CloudRunFacts = run.cloud ?? { provider: CLOUD_PROVIDER[result.provider as CloudProviderKey], account: null, regions: [] };
  const unread = unreadOf(result);
  const cutShort = result.errors.some((e) => CUT_SHORT.includes(e.type) && !('call' in e && typeof e.call === 'string'));
  const complete = task.state === S.process_results && !cutShort;
  const outcome = await processCloudRun(db, {
    customerId: run.customerId,
    runId: run.id,
    result,
    regions: facts.regions,
    complete,
    unread,
    now: seen,
  });
  await db.transaction(async (tx) => {
    const [recorded] = await tx.select({ id: scanErrors.id }).from(scanErrors).where(eq(scanErrors.taskId, task.id)).limit(1);
    if (!recorded && result.errors.length > 0) await addScanErrors(tx, run, task.id, result.errors);
    await tx
      .update(scanRuns)
      .set({ cloud: { ...facts, account: result.account, accountName: result.accountName ?? null } })
      .where(eq(scanRuns.id, run.id));
  });
  return outcome;
}
