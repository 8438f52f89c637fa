// The rules of saving a watched target of any kind: the asset it names must be the customer's own and of the kind's
// type (400 keyed `asset` otherwise), recipients are kept once each, and the schedule follows the monitor: a new or
// re-activated one is due at once (the next minute's pass), a changed interval counts from the last run, an inactive
// one is never due.
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { MonitorKind } from './kinds.ts';
import { assetOfType, deleteMonitorRow, getMonitor, insertMonitor, updateMonitor } from './repo.ts';

/** The input fields every kind shares (core's websiteMonitorInput and mailServerInput both have them). */
export interface SharedValues {
  interval: number;
  notification_email_recipients: string[];
  notification_sms_recipients: string[];
  active: boolean;
}

const MINUTE = 60_000;

export async function saveMonitor<I extends SharedValues, R>(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  kind: MonitorKind<I, R>,
  customerId: number,
  input: I,
  userId: number | null,
  id?: number,
): Promise<R> {
  const now = ctx.clock();
  const whole = { customerId, limitedToTags: null };
  return ctx.db.transaction(async (tx) => {
    const current = id === undefined ? null : await getMonitor(tx, kind, whole, id);
    if (id !== undefined && !current) throw notFound(kind.notFound);
    const assetId = kind.assetOf(input);
    const asset = assetId === null ? null : await assetOfType(tx, customerId, assetId, kind.assetType);
    if (assetId !== null && !asset) throw badRequest({ asset: [kind.assetMissing(assetId)] });
    const lastRun = current?.last_run ? new Date(current.last_run).getTime() : null;
    const columns: Record<string, unknown> = {
      ...kind.columns(input, asset, current),
      asset_id: assetId,
      interval: input.interval,
      email_recipients: [...new Set(input.notification_email_recipients)],
      sms_recipients: [...new Set(input.notification_sms_recipients)],
      active: input.active,
      next_run: input.active ? new Date(lastRun === null ? now.getTime() : lastRun + input.interval * MINUTE) : null,
      modified_at: now,
    };
    let monitorId = id;
    if (current) await updateMonitor(tx, kind, customerId, current.id, columns);
    else monitorId = await insertMonitor(tx, kind, { ...columns, customer_id: customerId, created_by: userId, created_at: now });
    return kind.toReply((await getMonitor(tx, kind, whole, monitorId!))!);
  });
}

export async function deleteMonitor(ctx: Pick<AppContext, 'db'>, kind: MonitorKind, customerId: number, id: number): Promise<void> {
  if (!(await deleteMonitorRow(ctx.db, kind, customerId, id))) throw notFound(kind.notFound);
}
