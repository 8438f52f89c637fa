// The installation's customers, for platform operators (API and `bulwark customer …`): list, create, change tier,
// licence end date and feature flags. Customers' own users never reach this module.
import { asc, count, eq, ilike } from 'drizzle-orm';
import { daysToExpiration, type PlatformCustomer, type PlatformCustomerInput, type PlatformCustomerPatch } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { customers, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/rows.ts';

type CustomerRow = typeof customers.$inferSelect;

export const toPlatformCustomer = (row: CustomerRow, userCount: number): PlatformCustomer => ({
  id: row.id,
  name: row.name,
  subscription_tier: row.subscriptionTier,
  license_end_date: row.licenseEndDate,
  days_to_expiration: daysToExpiration(row.licenseEndDate),
  feature_flags: [...row.featureFlags].sort(),
  max_concurrent_tasks: row.maxConcurrentTasks,
  users: userCount,
  created: row.createdAt.toISOString(),
});

async function userCount(db: Db, customerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.customerId, customerId));
  return Number(row?.n ?? 0);
}

export async function listCustomers(
  db: Db,
  q: { page: number; pageSize: number; search?: string },
): Promise<{ count: number; rows: PlatformCustomer[] }> {
  const where = q.search ? ilike(customers.name, containsPattern(q.search)) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({ customer: customers, users: count(users.id) })
      .from(customers)
      .leftJoin(users, eq(users.customerId, customers.id))
      .where(where)
      .groupBy(customers.id)
      .orderBy(asc(customers.name), asc(customers.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.$count(customers, where),
  ]);
  return { count: total, rows: rows.map((r) => toPlatformCustomer(r.customer, Number(r.users))) };
}

export async function getCustomer(db: Db, id: number): Promise<PlatformCustomer | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row ? toPlatformCustomer(row, await userCount(db, id)) : null;
}

export async function createCustomer(db: Db, input: PlatformCustomerInput): Promise<PlatformCustomer> {
  const [row] = await db
    .insert(customers)
    .values({
      name: input.name,
      subscriptionTier: input.subscription_tier,
      licenseEndDate: input.license_end_date,
      featureFlags: input.feature_flags,
      maxConcurrentTasks: input.max_concurrent_tasks,
    })
    .returning();
  return toPlatformCustomer(row!, 0);
}

export async function updateCustomer(db: Db, id: number, patch: PlatformCustomerPatch): Promise<PlatformCustomer | null> {
  const values: Partial<typeof customers.$inferInsert> = {};
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.subscription_tier !== undefined) values.subscriptionTier = patch.subscription_tier;
  if (patch.license_end_date !== undefined) values.licenseEndDate = patch.license_end_date;
  if (patch.feature_flags !== undefined) values.featureFlags = [...new Set(patch.feature_flags)];
  if (patch.max_concurrent_tasks !== undefined) values.maxConcurrentTasks = patch.max_concurrent_tasks;
  if (Object.keys(values).length > 0) {
    const [row] = await db.update(customers).set(values).where(eq(customers.id, id)).returning();
    if (!row) return null;
  }
  return getCustomer(db, id);
}

/** Makes a user a platform operator, or not; false when no user has that e-mail. */
export async function setOperator(db: Db, email: string, operator: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ platformOperator: operator })
    .where(eq(users.email, email.toLowerCase()))
    .returning({ id: users.id });
  return rows.length > 0;
}
