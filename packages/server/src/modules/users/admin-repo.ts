// Queries of the users screen, always for one customer: the paged list with status, last sign-in and invitation, one
// user, the customer's active administrators, and what a deleted user's belongings are handed to.
import { and, asc, count, desc, eq, inArray, ne, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { TICKET_STATUS, type UserAdminRow, type UserStatus } from '@bulwark/core';
import type { Tx } from '../../db/client.ts';
import {
  customers,
  dashboards,
  monitoringProfiles,
  oneTimeTokens,
  scans,
  scanSchedules as schedules,
  tickets,
  users,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../db/rows.ts';
import type { CustomerRow, UserRow } from '../../http/session.ts';
import { toProfile } from './service.ts';

/** The newest unused welcome link's expiry of each user (null: none pending). */
const invitationExpires = sql<Date | string | null>`(select max(ot.expires_at) from one_time_tokens ot
  where ot.user_id = "users"."id" and ot.kind = 'welcome' and ot.used_at is null)`;

const STATUS_SQL: Record<UserStatus, SQL> = {
  deactivated: sql`not ${users.isActive}`,
  invited: sql`(${users.isActive} and ${users.passwordHash} is null and ${users.lastLoginAt} is null)`,
  active: sql`(${users.isActive} and (${users.passwordHash} is not null or ${users.lastLoginAt} is not null))`,
};
const STATUS_ORDER = sql`case when not ${users.isActive} then 2 when ${users.passwordHash} is null and ${users.lastLoginAt} is null then 1 else 0 end`;

export function statusOf(u: Pick<UserRow, 'isActive' | 'passwordHash' | 'lastLoginAt'>): UserStatus {
  if (!u.isActive) return 'deactivated';
  return u.passwordHash === null && u.lastLoginAt === null ? 'invited' : 'active';
}

/** Whether the user counts as an administrator that can act (active, able to sign in): the "last admin" rule. */
export const isActingAdmin = (u: UserRow): boolean => (u.isSuperuser || u.customerAdmin) && statusOf(u) === 'active';

/** A raw timestamptz as either driver answers it: a Date, or PostgreSQL's text ("2026-12-07 05:51:17.8+00"). */
const asDate = (v: Date | string | null): Date | null =>
  v === null ? null : v instanceof Date ? v : new Date(v.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));

export function toAdminRow(u: UserRow, customer: CustomerRow, invitationExpiresAt: Date | string | null, now: Date): UserAdminRow {
  const status = statusOf(u);
  const expires = status === 'invited' ? asDate(invitationExpiresAt) : null;
  return {
    ...toProfile(u, customer),
    status,
    is_active: u.isActive,
    last_login: u.lastLoginAt?.toISOString() ?? null,
    date_joined: u.createdAt.toISOString(),
    invitation_expires_at: expires?.toISOString() ?? null,
    invitation_expired: status === 'invited' && (expires === null || expires <= now),
  };
}

export interface UserListQuery {
  page: number;
  pageSize: number;
  search?: string;
  status?: UserStatus[];
  ordering: { key: 'email' | 'name' | 'last_login' | 'date_joined' | 'status'; descending: boolean };
}

function orderOf(o: UserListQuery['ordering']): SQL[] {
  const dir = (e: SQL) => (o.descending ? desc(e) : asc(e));
  switch (o.key) {
    case 'name':
      return [dir(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), asc(sql`lower(${users.email})`)];
    case 'last_login':
      // Never signed in sorts after any sign-in, either way.
      return [sql`${users.lastLoginAt} ${o.descending ? sql`desc` : sql`asc`} nulls last`, asc(sql`lower(${users.email})`)];
    case 'date_joined':
      return [dir(sql`${users.createdAt}`), asc(users.id)];
    case 'status':
      return [dir(STATUS_ORDER), asc(sql`lower(${users.email})`)];
    default:
      return [dir(sql`lower(${users.email})`)];
  }
}

export async function listUsers(db: Tx, customer: CustomerRow, q: UserListQuery, now: Date) {
  const conditions: SQL[] = [eq(users.customerId, customer.id)];
  if (q.search) {
    const p = containsPattern(q.search);
    conditions.push(or(sql`${users.email} ilike ${p}`, sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${p}`) as SQL);
  }
  if (q.status?.length) conditions.push(or(...q.status.map((s) => STATUS_SQL[s])) as SQL);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, invitation: invitationExpires })
      .from(users)
      .where(where)
      .orderBy(...orderOf(q.ordering))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { count: Number(total?.n ?? 0), results: rows.map((r) => toAdminRow(r.user, customer, r.invitation, now)) };
}

/** One user of the customer (another customer's is as missing as one that never was). */
export async function findCustomerUser(db: Tx, customerId: number, id: number, lock = false): Promise<UserRow | undefined> {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.customerId, customerId)))
    .limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function adminRowOf(db: Tx, customer: CustomerRow, id: number, now: Date): Promise<UserAdminRow | undefined> {
  const rows = await db
    .select({ user: users, invitation: invitationExpires })
    .from(users)
    .where(and(eq(users.id, id), eq(users.customerId, customer.id)))
    .limit(1);
  const r = rows[0];
  return r ? toAdminRow(r.user, customer, r.invitation, now) : undefined;
}

/**
 * Locks the customer's row for the rest of the transaction: every change that could leave the organisation without an
 * administrator takes it first, so two administrators deactivating each other at once cannot both succeed.
 */
export async function lockCustomer(tx: Tx, customerId: number): Promise<void> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
}

/** Active administrators of the customer other than `exceptId` who can sign in. */
export async function otherActingAdmins(tx: Tx, customerId: number, exceptId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.customerId, customerId),
        ne(users.id, exceptId),
        or(eq(users.isSuperuser, true), eq(users.customerAdmin, true)),
        STATUS_SQL.active,
      ),
    );
  return Number(row?.n ?? 0);
}

export async function emailTaken(tx: Tx, email: string, exceptId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

export async function updateCustomerUser(tx: Tx, customerId: number, id: number, values: Partial<typeof users.$inferInsert>) {
  await tx
    .update(users)
    .set(values)
    .where(and(eq(users.id, id), eq(users.customerId, customerId)));
}

/** Drops the user's second factor: authenticator secret, pending enrolments, and recovery codes. */
export async function dropSecondFactor(tx: Tx, customerId: number, id: number): Promise<void> {
  await updateCustomerUser(tx, customerId, id, {
    twoFactorMethod: 'none',
    totpSecret: null,
    pendingTotpSecret: null,
    pendingPhoneNumber: null,
    lastOtpStep: null,
  });
  await tx.delete(oneTimeTokens).where(and(eq(oneTimeTokens.userId, id), inArray(oneTimeTokens.kind, ['recovery_code', 'sms_otp'])));
}

export interface Reassigned {
  scans: number;
  schedules: number;
  monitoring_profiles: number;
  tickets: number;
  dashboards: number;
}

/**
 * Hands what the user owns to `toId` before the user is deleted: their scans and schedules (which keep running), their
 * monitoring profiles, their unresolved tickets, and their team- and tag-wide dashboards. What they only made or did
 * (runs, reports, comments, the audit log) keeps its record with the author emptied; their own dashboards, saved
 * filters and exports go with them.
 */
export async function reassignBelongings(tx: Tx, customerId: number, fromId: number, toId: number): Promise<Reassigned> {
  const moved = async (p: Promise<{ id: number }[]>) => (await p).length;
  return {
    scans: await moved(
      tx
        .update(scans)
        .set({ userId: toId })
        .where(and(eq(scans.customerId, customerId), eq(scans.userId, fromId)))
        .returning({ id: scans.id }),
    ),
    schedules: await moved(
      tx
        .update(schedules)
        .set({ ownerId: toId })
        .where(and(eq(schedules.customerId, customerId), eq(schedules.ownerId, fromId)))
        .returning({ id: schedules.id }),
    ),
    monitoring_profiles: await moved(
      tx
        .update(monitoringProfiles)
        .set({ ownerId: toId })
        .where(and(eq(monitoringProfiles.customerId, customerId), eq(monitoringProfiles.ownerId, fromId)))
        .returning({ id: monitoringProfiles.id }),
    ),
    tickets: await moved(
      tx
        .update(tickets)
        .set({ assigneeUserId: toId })
        .where(
          and(
            eq(tickets.customerId, customerId),
            eq(tickets.assigneeUserId, fromId),
            notInArray(tickets.status, [TICKET_STATUS.fixed, TICKET_STATUS.will_not_fix]),
          ),
        )
        .returning({ id: tickets.id }),
    ),
    dashboards: await moved(
      tx
        .update(dashboards)
        .set({ userId: toId })
        .where(and(eq(dashboards.customerId, customerId), eq(dashboards.userId, fromId), not(eq(dashboards.scope, 'dashboard'))))
        .returning({ id: dashboards.id }),
    ),
  };
}

export async function deleteCustomerUser(tx: Tx, customerId: number, id: number): Promise<void> {
  await tx.delete(users).where(and(eq(users.id, id), eq(users.customerId, customerId)));
}
