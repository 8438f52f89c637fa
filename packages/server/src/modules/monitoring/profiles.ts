// The rules of monitoring profiles: saving one (the owner, assets and tags must be the customer's own, 400 keyed by the
// field they are in; the next own check is set so the scheduler picks the profile up) and deleting one (its alerts and
// states go with it by cascade).
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { MonitoringProfile, monitoringProfileInput } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { monitoringProfiles } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { getProfile, isId } from './profiles-read-model.ts';

export type ProfileValues = z.output<typeof monitoringProfileInput>;

async function missing(tx: Db | Tx, table: 'assets' | 'tags' | 'users', customerId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await queryRows<{ id: number }>(
    tx,
    sql`select id from ${sql.identifier(table)} where customer_id = ${customerId} and id = any(${intArray(unique)})`,
  );
  const have = new Set(found.map((f) => Number(f.id)));
  return unique.filter((id) => !have.has(id));
}

const noSuch = (what: string, ids: number[]) => `No ${what} with id ${ids.join(', ')}.`;

/** The ids a profile names must be the customer's own (another customer's id reads as unknown, never as found). */
async function checkReferences(tx: Db | Tx, customerId: number, v: ProfileValues, ownerId: number): Promise<void> {
  const errors: Record<string, string[]> = {};
  if ((await missing(tx, 'users', customerId, [ownerId])).length) errors.user = [noSuch('user', [ownerId])];
  const assets = await missing(tx, 'assets', customerId, v.assets);
  if (assets.length) errors.assets = [noSuch('asset', assets)];
  const tags = await missing(tx, 'tags', customerId, v.tags);
  if (tags.length) errors.tags = [noSuch('tag', tags)];
  const minus = await missing(tx, 'tags', customerId, v.minus_tags);
  if (minus.length) errors.minus_tags = [noSuch('tag', minus)];
  const both = v.tags.filter((t) => v.minus_tags.includes(t));
  if (both.length && !errors.tags && !errors.minus_tags)
    (errors.minus_tags ??= []).push(`A tag cannot be both watched and left out (id ${both.join(', ')}).`);
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** The columns of the input values (lists without repeats, in the order given). */
function columns(v: ProfileValues, ownerId: number) {
  const unique = <T>(xs: readonly T[]) => [...new Set(xs)];
  return {
    name: v.name,
    ownerId,
    ports: v.ports,
    assetIds: unique(v.assets),
    tagIds: unique(v.tags),
    minusTagIds: unique(v.minus_tags),
    triggers: unique(v.triggers),
    minSeverity: v.min_severity,
    certDays: v.cert_days,
    checkInterval: v.check_interval,
    active: v.active,
    notifyOwner: v.notify_owner,
    notifCc: unique(v.notif_cc),
    notifSmsRecipients: unique(v.notif_sms_recipients),
    slack: v.slack,
    teams: v.teams,
    webhooks: v.webhooks,
  };
}

/**
 * Creates (no id) or changes a profile and answers it as the API does. The owner is the `user` given, else the caller.
 * The next own check is `interval` from now for a new or re-timed profile; an unchanged interval keeps its slot, so
 * editing a profile never postpones its check; an inactive profile or one without own checks has none.
 */
export async function saveProfile(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  customerId: number,
  v: ProfileValues,
  callerId: number,
  id?: number,
): Promise<MonitoringProfile> {
  const now = ctx.clock();
  const ownerId = v.user ?? callerId;
  const scheduled = v.active && v.check_interval > 0;
  const next = new Date(now.getTime() + v.check_interval * 60_000);
  return ctx.db.transaction(async (tx) => {
    await checkReferences(tx, customerId, v, ownerId);
    let profileId = id;
    if (id === undefined) {
      const [row] = await tx
        .insert(monitoringProfiles)
        .values({ customerId, ...columns(v, ownerId), nextCheckAt: scheduled ? next : null, createdAt: now, modifiedAt: now })
        .returning({ id: monitoringProfiles.id });
      profileId = row!.id;
    } else {
      if (!isId(id)) throw notFound();
      const nextCheckAt = scheduled
        ? sql`case when ${monitoringProfiles.nextCheckAt} is null or ${monitoringProfiles.checkInterval} <> ${v.check_interval}
                   then ${next.toISOString()}::timestamptz else ${monitoringProfiles.nextCheckAt} end`
        : null;
      const rows = await tx
        .update(monitoringProfiles)
        .set({ ...columns(v, ownerId), nextCheckAt, modifiedAt: now })
        .where(and(eq(monitoringProfiles.id, id), eq(monitoringProfiles.customerId, customerId)))
        .returning({ id: monitoringProfiles.id });
      if (rows.length === 0) throw notFound();
    }
    // Written by a caller who sees every asset (routes.ts), so the reply is read unlimited.
    return (await getProfile(tx, { customerId, limitedToTags: null }, profileId!))!;
  });
}

/** Deletes a profile; its alerts and states go with it (foreign keys cascade). */
export async function deleteProfile(db: Db, customerId: number, id: number): Promise<void> {
  if (!isId(id)) throw notFound();
  const rows = await db
    .delete(monitoringProfiles)
    .where(and(eq(monitoringProfiles.id, id), eq(monitoringProfiles.customerId, customerId)))
    .returning({ id: monitoringProfiles.id });
  if (rows.length === 0) throw notFound();
}

/** The input values of a stored profile, so a PATCH can merge its fields into them and validate the whole. */
export function inputOf(p: MonitoringProfile): Record<string, unknown> {
  return {
    name: p.name,
    user: p.user?.id ?? null,
    ports: p.ports,
    assets: [...p.network_assets, ...p.web_applications].map((a) => a.id),
    tags: p.tags.map((t) => t.id),
    minus_tags: p.minus_tags.map((t) => t.id),
    triggers: p.triggers,
    min_severity: p.min_severity,
    cert_days: p.cert_days,
    check_interval: p.check_interval,
    active: p.active,
    notify_owner: p.notify_owner,
    notif_cc: p.notif_cc,
    notif_sms_recipients: p.notif_sms_recipients,
    slack: p.slack,
    teams: p.teams,
    webhooks: p.webhooks,
  };
}
