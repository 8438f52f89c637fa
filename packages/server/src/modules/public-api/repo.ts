// Queries of the public API: the customer's switch, the tokens of a customer, and the one lookup a token request makes
// (token, owner, customer and switch in one round trip) with the counting of its rate window. Always tenant-scoped.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiTokens, customers, publicApiSettings, users } from '../../db/schema/index.ts';
import { queryRows } from '../../db/rows.ts';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export interface SettingsRow {
  active: boolean;
  changedAt: Date | null;
  changedByEmail: string | null;
}

export async function getSettings(db: Db, customerId: number): Promise<SettingsRow> {
  const rows = await db
    .select({ active: publicApiSettings.active, changedAt: publicApiSettings.changedAt, changedByEmail: users.email })
    .from(publicApiSettings)
    .leftJoin(users, eq(users.id, publicApiSettings.changedBy))
    .where(eq(publicApiSettings.customerId, customerId));
  return rows[0] ?? { active: false, changedAt: null, changedByEmail: null };
}

export async function setActive(db: Db, customerId: number, active: boolean, userId: number, at: Date): Promise<void> {
  await db
    .insert(publicApiSettings)
    .values({ customerId, active, changedAt: at, changedBy: userId })
    .onConflictDoUpdate({ target: publicApiSettings.customerId, set: { active, changedAt: at, changedBy: userId } });
}

export interface TokenListRow {
  token: ApiTokenRow;
  userEmail: string;
}

/** A page of the customer's tokens, newest first, with how many there are. */
export async function listTokens(
  db: Db,
  customerId: number,
  page: number,
  pageSize: number,
): Promise<{ count: number; rows: TokenListRow[] }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ token: apiTokens, userEmail: users.email })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(eq(apiTokens.customerId, customerId))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.customerId, customerId)),
  ]);
  return { count: Number(total?.n ?? 0), rows };
}

export async function insertToken(db: Db, values: typeof apiTokens.$inferInsert): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row!;
}

export async function deleteToken(db: Db, customerId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.customerId, customerId), eq(apiTokens.id, id)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

export async function findTokenByPublicId(db: Db, publicId: string) {
  const rows = await db
    .select({ token: apiTokens, user: users, customer: customers, active: publicApiSettings.active })
    .from(apiTokens)
    .innerJoin(users, and(eq(users.id, apiTokens.userId), eq(users.customerId, apiTokens.customerId)))
    .innerJoin(customers, eq(customers.id, apiTokens.customerId))
    .leftJoin(publicApiSettings, eq(publicApiSettings.customerId, apiTokens.customerId))
    .where(eq(apiTokens.publicId, publicId))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Counts one request in the token's fixed one-minute window (a new window starts at the first request after the last
 * one ended) and records when and from where it was used. Returns the window's start and count after this request.
 */
export async function countUse(db: Db, id: number, now: Date, ip: string): Promise<{ windowStart: Date; count: number }> {
  const at = now.toISOString();
  const rows = await queryRows<{ window_start: string | Date; window_count: number }>(
    db,
    sql`UPDATE api_tokens SET
          window_count = CASE WHEN window_start IS NULL OR window_start <= ${at}::timestamptz - interval '60 seconds'
                              THEN 1 ELSE window_count + 1 END,
          window_start = CASE WHEN window_start IS NULL OR window_start <= ${at}::timestamptz - interval '60 seconds'
                              THEN ${at}::timestamptz ELSE window_start END,
          last_used_at = ${at}::timestamptz,
          last_used_ip = ${ip}
        WHERE id = ${id}
        RETURNING window_start, window_count`,
  );
  const row = rows[0]!;
  return { windowStart: new Date(row.window_start), count: Number(row.window_count) };
}
