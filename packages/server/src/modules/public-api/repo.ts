// Queries of the public API: the customer's switch, the tokens of a customer, and the one lookup a token request makes
// (token, owner, customer and switch in one round trip) and the note of its last use. Always tenant-scoped.
import { and, count, desc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiTokens, customers, publicApiSettings, users } from '../../db/schema/index.ts';

/** A token's last use is noted at most this often. */
export const USE_NOTED_MS = 60_000;

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
 * Notes the token's last use at `now` from `ip`, unless one was noted in the minute before: a busy script does not
 * write its token's row on every request (the caller skips the statement then; this guard settles two at once).
 */
export async function noteUse(db: Db, id: number, now: Date, ip: string): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now, lastUsedIp: ip })
    .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lte(apiTokens.lastUsedAt, new Date(now.getTime() - USE_NOTED_MS)))));
}
