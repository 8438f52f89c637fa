// The SQL of single sign-on: a customer's SAML setting, the message ids it remembers, and the users it signs in or
// creates just in time. Every query names its customer.
import { and, arrayContains, arrayOverlaps, eq, lt, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { samlMessageIds, samlSettings, users } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/session.ts';

export type SamlRow = typeof samlSettings.$inferSelect;
export type SamlValues = Partial<typeof samlSettings.$inferInsert>;

export async function samlRowOf(db: Db, customerId: number): Promise<SamlRow | undefined> {
  const rows = await db.select().from(samlSettings).where(eq(samlSettings.customerId, customerId)).limit(1);
  return rows[0];
}

export async function insertSamlRow(db: Tx, values: typeof samlSettings.$inferInsert): Promise<SamlRow> {
  // Two first saves at once: the second keeps the first's key pair.
  await db.insert(samlSettings).values(values).onConflictDoNothing();
  return (await samlRowOf(db, values.customerId))!;
}

export async function updateSamlRow(db: Tx, customerId: number, values: SamlValues): Promise<SamlRow> {
  const [row] = await db
    .update(samlSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(samlSettings.customerId, customerId))
    .returning();
  return row!;
}

/** The enabled setting whose e-mail domains hold `domain` (the first customer's, should two claim it). */
export async function samlRowForDomain(db: Db, domain: string): Promise<SamlRow | undefined> {
  const rows = await db
    .select()
    .from(samlSettings)
    .where(and(eq(samlSettings.enabled, true), arrayContains(samlSettings.emailDomains, [domain])))
    .orderBy(samlSettings.customerId)
    .limit(1);
  return rows[0];
}

/** Remembers a message id until `expiresAt`; false when it was already remembered (a replay). */
export async function rememberMessageId(
  db: Db,
  customerId: number,
  kind: 'request' | 'assertion',
  messageId: string,
  createdAt: Date,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .insert(samlMessageIds)
    .values({ customerId, kind, messageId, createdAt, expiresAt })
    .onConflictDoNothing()
    .returning({ id: samlMessageIds.messageId });
  return rows.length === 1;
}

/** Takes a request id once: its creation time when it was ours and is still valid at `now`, else null. */
export async function takeRequestId(db: Db, customerId: number, messageId: string, now: Date): Promise<Date | null> {
  const rows = await db
    .delete(samlMessageIds)
    .where(and(eq(samlMessageIds.customerId, customerId), eq(samlMessageIds.kind, 'request'), eq(samlMessageIds.messageId, messageId)))
    .returning();
  const row = rows[0];
  return row && row.expiresAt > now ? row.createdAt : null;
}

export async function requestIdCreatedAt(db: Db, customerId: number, messageId: string, now: Date): Promise<Date | null> {
  const rows = await db
    .select()
    .from(samlMessageIds)
    .where(and(eq(samlMessageIds.customerId, customerId), eq(samlMessageIds.kind, 'request'), eq(samlMessageIds.messageId, messageId)))
    .limit(1);
  const row = rows[0];
  return row && row.expiresAt > now ? row.createdAt : null;
}

/** Forgets what has expired (assertions past NotOnOrAfter cannot be replayed anyway: the time check refuses them). */
export async function forgetExpiredMessageIds(db: Db, now: Date): Promise<void> {
  await db.delete(samlMessageIds).where(lt(samlMessageIds.expiresAt, now));
}

export async function insertSamlUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function setUserRole(
  db: Db,
  customerId: number,
  userId: number,
  values: Pick<typeof users.$inferInsert, 'customerAdmin' | 'permissions'>,
): Promise<void> {
  await db
    .update(users)
    .set(values)
    .where(and(eq(users.customerId, customerId), eq(users.id, userId)));
}

/** Which of `domains` another customer's setting already names (a domain leads to one organisation's IdP only). */
export async function domainsOfOtherCustomers(db: Db, customerId: number, domains: string[]): Promise<string[]> {
  if (!domains.length) return [];
  const rows = await db
    .select({ domains: samlSettings.emailDomains })
    .from(samlSettings)
    .where(and(ne(samlSettings.customerId, customerId), arrayOverlaps(samlSettings.emailDomains, domains)));
  return domains.filter((d) => rows.some((r) => r.domains.includes(d)));
}
