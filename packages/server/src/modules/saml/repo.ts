// The SQL of single sign-on: a customer's SAML setting, the message ids it remembers, and the role changes (with their
// audit events) of the users it signs in. Every query names its customer.
import { and, arrayContains, arrayOverlaps, eq, lt, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditEvents, samlMessageIds, samlSettings, users } from '../../db/schema/index.ts';
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

/** The customer's user, locked until the transaction ends (two sign-ins at once change their role one after the other). */
export async function lockCustomerUser(tx: Tx, customerId: number, userId: number): Promise<UserRow | undefined> {
  const rows = await tx
    .select()
    .from(users)
    .where(and(eq(users.customerId, customerId), eq(users.id, userId)))
    .for('update');
  return rows[0];
}

export async function setUserRole(
  tx: Tx,
  customerId: number,
  userId: number,
  values: Pick<typeof users.$inferInsert, 'customerAdmin' | 'permissions'>,
): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set(values)
    .where(and(eq(users.customerId, customerId), eq(users.id, userId)))
    .returning();
  return row!;
}

/** A change SAML made to a user (created just in time, or given the role their groups map to), for the audit log. */
export interface SamlUserChange {
  customerId: number;
  userId: number;
  email: string;
  operation: 'create' | 'update';
  summary: Record<string, unknown>;
  method: string;
  route: string;
  ip: string;
  at: Date;
}

/**
 * Writes the change's event in the change audit log, in the caller's transaction, as the users screen writes its own:
 * resource "users", the user as object. The actor is the user the IdP vouched for; the summary says it was SAML.
 */
export async function recordUserChange(tx: Tx, c: SamlUserChange): Promise<void> {
  await tx.insert(auditEvents).values({
    customerId: c.customerId,
    userId: c.userId,
    actor: c.email.slice(0, 254),
    resource: 'users',
    action: c.operation,
    method: c.method,
    route: c.route,
    objectId: String(c.userId),
    status: c.operation === 'create' ? 201 : 200,
    summary: { operation: c.operation, source: 'saml', ...c.summary },
    ip: c.ip,
    createdAt: c.at,
  });
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
