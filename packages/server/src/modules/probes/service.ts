// The rules of probe management: create with a one-time registration token, rename and regroup, delete only when no
// scan needs the probe, probe groups and their members. Never sees HTTP; every call is for one customer.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { and, eq } from 'drizzle-orm';
import { PROBE_STATUS_LABELS, type Probe } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import type { ProbeClock } from '../tasks/index.ts';
import { probeGroups, probes } from '../../db/schema/index.ts';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import {
  activeRunsOfProbe,
  builtinTaskLoad,
  getGroup,
  getProbe,
  groupExists,
  groupNameTaken,
  probeNameTaken,
  probeStatus,
  scanCount,
  setGroupMembers,
  unfinishedTaskCount,
  unknownProbeIds,
  type GroupListRow,
  type ProbeListRow,
} from './repo.ts';

/** How long a registration token may be used. */
export const TOKEN_TTL_MS = 24 * 3600 * 1000;
export const BUILTIN_PROBE_NAME = 'External (built-in)';

const PROBE_NAME_TAKEN = 'A probe with this name already exists.';
const GROUP_NAME_TAKEN = 'A probe group with this name already exists.';

export function toProbe(r: ProbeListRow, timing: ProbeClock): Probe {
  const p = r.probe;
  const now = timing.clock().getTime();
  const status = probeStatus(p, timing);
  const tokenLive = p.tokenHash !== null && p.tokenExpiresAt !== null && p.tokenExpiresAt.getTime() > now;
  return {
    id: p.id,
    name: p.name,
    group: r.group,
    status,
    status_label: PROBE_STATUS_LABELS[status],
    last_heartbeat: p.lastHeartbeatAt?.toISOString() ?? null,
    registered: p.registeredAt?.toISOString() ?? null,
    hostname: p.hostname,
    version: p.version,
    address: p.address,
    active_runs: r.activeRuns,
    token_expires: tokenLive ? p.tokenExpiresAt!.toISOString() : null,
    builtin: false,
    load: null,
  };
}

/** The server's version (package.json), which is the built-in probe's. */
const SERVER_VERSION =
  (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? null;

/** The built-in probe inside the server, shown as the external pseudo-entry -1, with its health and load. */
export async function builtinProbe(ctx: AppContext, customerId: number): Promise<Probe> {
  const status = ctx.config.builtinProbe ? 'online' : 'offline';
  const tasks = await builtinTaskLoad(ctx.db, customerId);
  return {
    id: -1,
    name: BUILTIN_PROBE_NAME,
    group: null,
    status,
    status_label: PROBE_STATUS_LABELS[status],
    // In the server's own process: alive whenever the server answers.
    last_heartbeat: ctx.config.builtinProbe ? new Date().toISOString() : null,
    registered: null,
    hostname: os.hostname(),
    version: SERVER_VERSION,
    address: null,
    active_runs: await activeRunsOfProbe(ctx.db, customerId, -1),
    token_expires: null,
    builtin: true,
    load: {
      tasks_running: tasks.running,
      task_slots: ctx.config.builtinProbe ? ctx.config.builtinProbeTasks : 0,
      load_average: os.loadavg().map((n) => Math.round(n * 100) / 100),
      cpus: os.availableParallelism(),
      last_report: tasks.lastReport?.toISOString() ?? null,
    },
  };
}

export interface IssuedToken {
  token: string;
  expires: string;
  command: string;
}

/** A fresh token (only its hash is stored); the previous one stops working. */
function issueToken(ctx: AppContext): { issued: IssuedToken; hash: string; expiresAt: Date } {
  const token = `bwp_${randomToken(24)}`;
  const expiresAt = new Date(Date.now() + TOKEN_TTL_MS);
  return {
    issued: {
      token,
      expires: expiresAt.toISOString(),
      command: `npx bulwark probe --server ${ctx.config.publicUrl} --token ${token}`,
    },
    hash: sha256(token),
    expiresAt,
  };
}

async function checkGroup(ctx: AppContext, customerId: number, group: number | null | undefined): Promise<void> {
  if (group !== null && group !== undefined && !(await groupExists(ctx.db, customerId, group))) {
    throw badRequest({ group: [`Probe group ${group} does not exist.`] });
  }
}

export async function createProbe(
  ctx: AppContext,
  customerId: number,
  input: { name: string; group: number | null },
): Promise<{ probe: Probe; registration: IssuedToken }> {
  await checkGroup(ctx, customerId, input.group);
  if (await probeNameTaken(ctx.db, customerId, input.name)) throw conflict({ name: [PROBE_NAME_TAKEN] });
  const { issued, hash, expiresAt } = issueToken(ctx);
  const [row] = await ctx.db
    .insert(probes)
    .values({ customerId, name: input.name, groupId: input.group, tokenHash: hash, tokenExpiresAt: expiresAt })
    .returning();
  const full = await getProbe(ctx.db, customerId, row!.id);
  return { probe: toProbe(full!, ctx), registration: issued };
}

export async function probeOrBuiltin(ctx: AppContext, customerId: number, id: number): Promise<Probe> {
  if (id === -1) return builtinProbe(ctx, customerId);
  const row = await getProbe(ctx.db, customerId, id);
  if (!row) throw notFound();
  return toProbe(row, ctx);
}

const builtinUnchangeable = () => new ApiError(409, { non_field_errors: ['The built-in probe cannot be changed.'] });

export async function patchProbe(
  ctx: AppContext,
  customerId: number,
  id: number,
  patch: { name?: string; group?: number | null },
): Promise<Probe> {
  if (id === -1) throw builtinUnchangeable();
  if (!(await getProbe(ctx.db, customerId, id))) throw notFound();
  await checkGroup(ctx, customerId, patch.group);
  if (patch.name !== undefined && (await probeNameTaken(ctx.db, customerId, patch.name, id))) throw conflict({ name: [PROBE_NAME_TAKEN] });
  const set: Partial<typeof probes.$inferInsert> = {};
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.group !== undefined) set.groupId = patch.group;
  if (Object.keys(set).length)
    await ctx.db
      .update(probes)
      .set(set)
      .where(and(eq(probes.id, id), eq(probes.customerId, customerId)));
  return toProbe((await getProbe(ctx.db, customerId, id))!, ctx);
}

/** A new one-time token for (re-)registering the probe; the previous token stops working at once. */
export async function renewToken(ctx: AppContext, customerId: number, id: number): Promise<IssuedToken> {
  if (id === -1) throw builtinUnchangeable();
  const { issued, hash, expiresAt } = issueToken(ctx);
  const rows = await ctx.db
    .update(probes)
    .set({ tokenHash: hash, tokenExpiresAt: expiresAt })
    .where(and(eq(probes.id, id), eq(probes.customerId, customerId)))
    .returning({ id: probes.id });
  if (rows.length === 0) throw notFound();
  return issued;
}

/** Why the probe or group may not be deleted now, or null. */
async function deletionBlocker(ctx: AppContext, customerId: number, by: { probeId: number } | { groupId: number }): Promise<string | null> {
  const what = 'probeId' in by ? 'probe' : 'probe group';
  const tasks = await unfinishedTaskCount(ctx.db, customerId, by);
  if (tasks > 0) return `This ${what} has ${tasks} unfinished scan task${tasks === 1 ? '' : 's'}. Cancel them or wait until they end.`;
  const scans = await scanCount(ctx.db, customerId, by);
  if (scans > 0)
    return `${scans} scan${scans === 1 ? ' uses' : 's use'} this ${what}. Choose another probe for ${scans === 1 ? 'it' : 'them'} first.`;
  return null;
}

export async function deleteProbe(ctx: AppContext, customerId: number, id: number): Promise<void> {
  if (id === -1) throw builtinUnchangeable();
  if (!(await getProbe(ctx.db, customerId, id))) throw notFound();
  const blocker = await deletionBlocker(ctx, customerId, { probeId: id });
  if (blocker) throw new ApiError(409, { non_field_errors: [blocker] });
  await ctx.db.delete(probes).where(and(eq(probes.id, id), eq(probes.customerId, customerId)));
}

// ---------------------------------------------------------------------------------------------------------------
// Probe groups.

export function toGroup(r: GroupListRow) {
  return { id: r.group.id, name: r.group.name, probes: r.members, active_runs: r.activeRuns };
}

async function checkMembers(ctx: AppContext, customerId: number, ids: readonly number[]): Promise<void> {
  const unknown = await unknownProbeIds(ctx.db, customerId, ids);
  if (unknown.length) throw badRequest({ probes: [`Unknown probe${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}.`] });
}

export async function createGroup(ctx: AppContext, customerId: number, input: { name: string; probes: number[] }) {
  await checkMembers(ctx, customerId, input.probes);
  if (await groupNameTaken(ctx.db, customerId, input.name)) throw conflict({ name: [GROUP_NAME_TAKEN] });
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(probeGroups).values({ customerId, name: input.name }).returning();
    await setGroupMembers(tx, customerId, row!.id, input.probes);
    return row!.id;
  });
  return toGroup((await getGroup(ctx.db, customerId, id))!);
}

export async function groupById(ctx: AppContext, customerId: number, id: number) {
  const row = await getGroup(ctx.db, customerId, id);
  if (!row) throw notFound();
  return toGroup(row);
}

export async function updateGroup(ctx: AppContext, customerId: number, id: number, input: { name?: string; probes?: number[] }) {
  if (!(await getGroup(ctx.db, customerId, id))) throw notFound();
  if (input.probes) await checkMembers(ctx, customerId, input.probes);
  if (input.name !== undefined && (await groupNameTaken(ctx.db, customerId, input.name, id))) throw conflict({ name: [GROUP_NAME_TAKEN] });
  await ctx.db.transaction(async (tx) => {
    if (input.name !== undefined)
      await tx
        .update(probeGroups)
        .set({ name: input.name })
        .where(and(eq(probeGroups.id, id), eq(probeGroups.customerId, customerId)));
    if (input.probes) await setGroupMembers(tx, customerId, id, input.probes);
  });
  return toGroup((await getGroup(ctx.db, customerId, id))!);
}

export async function deleteGroup(ctx: AppContext, customerId: number, id: number): Promise<void> {
  if (!(await getGroup(ctx.db, customerId, id))) throw notFound();
  const blocker = await deletionBlocker(ctx, customerId, { groupId: id });
  if (blocker) throw new ApiError(409, { non_field_errors: [blocker] });
  // Members stay, without a group (the column falls back to null).
  await ctx.db.delete(probeGroups).where(and(eq(probeGroups.id, id), eq(probeGroups.customerId, customerId)));
}
