// Quality of detection in the vulnerability filter: findings below the customer's minimum QoD (customers.min_qod, or the
// filter's `qod_min`) are left out of every list, count, dashboard figure and report that reads matchingFindings, and
// hiddenBelowQod says how many the same filter left out for that reason, so a page can say so and offer to show them.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { QOD_RANGE } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

const QOD_ERROR = `Enter a quality of detection from ${QOD_RANGE.min} to ${QOD_RANGE.max}.`;

/** A QoD percentage, 0-100 (the filter's `qod_min` and the customer setting). */
export const qodPercent = z.coerce.number({ error: QOD_ERROR }).int(QOD_ERROR).min(QOD_RANGE.min, QOD_ERROR).max(QOD_RANGE.max, QOD_ERROR);

/** The minimum in force: the filter's, else the customer's setting (read in the same statement). */
export const minQodOf = (customerId: number, qodMin: number | undefined): SQL =>
  qodMin !== undefined ? sql`${qodMin}::int` : sql`(select c.min_qod from customers c where c.id = ${customerId})`;

/** The QoD condition on `f`: at or above the minimum (shown) or below it (hidden); none when the minimum is 0. */
export function qodCondition(customerId: number, qodMin: number | undefined, side: 'shown' | 'hidden'): SQL | null {
  if (qodMin === 0) return side === 'shown' ? null : sql`false`;
  const min = minQodOf(customerId, qodMin);
  return side === 'shown' ? sql`f.qod >= ${min}` : sql`f.qod < ${min}`;
}

/** The customer's minimum QoD. */
export async function customerMinQod(db: Db, customerId: number): Promise<number> {
  const [row] = await queryRows<{ min_qod: number }>(db, sql`select min_qod from customers where id = ${customerId}`);
  return Number(row?.min_qod ?? 70);
}

/** What a list says about QoD: the minimum in force and how many findings of the filter it hid. */
export interface QodHidden {
  min: number;
  hidden: number;
}
