// Reading the change audit log, always within one customer (platform events too for operators).
import { and, asc, desc, eq, gte, ilike, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/rows.ts';

export type AuditRow = typeof auditEvents.$inferSelect;

export interface AuditQuery {
  customerId: number;
  /** Operators also see the platform's own events (customer null). */
  includePlatform: boolean;
  page: number;
  pageSize: number;
  resource?: string[];
  action?: string[];
  user?: number;
  objectId?: string;
  createdAfter?: Date;
  createdBefore?: Date;
  search?: string;
  descending: boolean;
}

export async function listAuditEvents(db: Db, q: AuditQuery): Promise<{ count: number; rows: AuditRow[] }> {
  const scope = q.includePlatform
    ? or(eq(auditEvents.customerId, q.customerId), isNull(auditEvents.customerId))
    : eq(auditEvents.customerId, q.customerId);
  const conditions: (SQL | undefined)[] = [scope];
  if (q.resource?.length) conditions.push(or(...q.resource.map((r) => eq(auditEvents.resource, r))));
  if (q.action?.length) conditions.push(or(...q.action.map((a) => eq(auditEvents.action, a))));
  if (q.user) conditions.push(eq(auditEvents.userId, q.user));
  if (q.objectId) conditions.push(eq(auditEvents.objectId, q.objectId));
  if (q.createdAfter) conditions.push(gte(auditEvents.createdAt, q.createdAfter));
  if (q.createdBefore) conditions.push(lte(auditEvents.createdAt, q.createdBefore));
  if (q.search) {
    const p = containsPattern(q.search);
    conditions.push(or(ilike(auditEvents.actor, p), ilike(auditEvents.route, p), ilike(auditEvents.objectId, p)));
  }
  const where = and(...conditions);
  const order = q.descending ? [desc(auditEvents.createdAt), desc(auditEvents.id)] : [asc(auditEvents.createdAt), asc(auditEvents.id)];
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.$count(auditEvents, where),
  ]);
  return { count: total, rows };
}
