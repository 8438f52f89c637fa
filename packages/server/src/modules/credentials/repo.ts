// Queries of scan credentials for one customer (every query takes the tenant), and of the profiles that use them.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ScanAuthOs } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { scanCredentials, scanProfiles, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/rows.ts';

export type CredentialRow = typeof scanCredentials.$inferSelect;
export type CredentialWithUser = CredentialRow & { author: { id: number; firstName: string; lastName: string } | null };
export type CredentialOrdering = 'name' | 'modified';

const ORDER: Record<CredentialOrdering, SQL> = {
  name: sql`lower(${scanCredentials.name})`,
  modified: sql`${scanCredentials.modifiedAt}`,
};

function withUser(db: Tx, where: SQL | undefined) {
  return db
    .select({ credential: scanCredentials, authorId: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(scanCredentials)
    .leftJoin(users, eq(users.id, scanCredentials.userId))
    .where(where);
}
type Raw = { credential: CredentialRow; authorId: number | null; firstName: string | null; lastName: string | null };
const shape = (r: Raw): CredentialWithUser => ({
  ...r.credential,
  author: r.authorId !== null ? { id: r.authorId, firstName: r.firstName ?? '', lastName: r.lastName ?? '' } : null,
});

const ofKind = (customerId: number, kind: ScanAuthOs) => and(eq(scanCredentials.customerId, customerId), eq(scanCredentials.kind, kind));

export async function listCredentials(
  db: Db,
  customerId: number,
  kind: ScanAuthOs,
  o: { page: number; pageSize: number; ordering: CredentialOrdering; descending: boolean; search?: string },
): Promise<{ count: number; rows: CredentialWithUser[] }> {
  const where = and(
    ofKind(customerId, kind),
    o.search
      ? sql`(${scanCredentials.name} ilike ${containsPattern(o.search)} or ${scanCredentials.fields}->>'username' ilike ${containsPattern(o.search)})`
      : undefined,
  );
  const key = ORDER[o.ordering];
  const [rows, [{ n }]] = await Promise.all([
    withUser(db, where)
      .orderBy(o.descending ? desc(key) : asc(key), asc(scanCredentials.id))
      .limit(o.pageSize)
      .offset((o.page - 1) * o.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(scanCredentials)
      .where(where),
  ]);
  return { count: Number(n), rows: rows.map(shape) };
}

export async function getCredential(db: Tx, customerId: number, kind: ScanAuthOs, id: number): Promise<CredentialWithUser | null> {
  const [row] = await withUser(db, and(ofKind(customerId, kind), eq(scanCredentials.id, id)));
  return row ? shape(row) : null;
}

/** The customer's credentials among `ids` (of any kind). */
export async function credentialsByIds(db: Tx, customerId: number, ids: readonly number[]): Promise<CredentialRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(scanCredentials)
    .where(and(eq(scanCredentials.customerId, customerId), inArray(scanCredentials.id, [...ids])));
}

export async function credentialChoices(db: Db, customerId: number) {
  return db
    .select({ id: scanCredentials.id, name: scanCredentials.name, kind: scanCredentials.kind, method: scanCredentials.method })
    .from(scanCredentials)
    .where(eq(scanCredentials.customerId, customerId))
    .orderBy(scanCredentials.kind, sql`lower(${scanCredentials.name})`, asc(scanCredentials.id));
}

export interface CredentialValues {
  name: string;
  method: CredentialRow['method'];
  fields: CredentialRow['fields'];
  secrets: CredentialRow['secrets'];
}

export async function insertCredential(
  db: Tx,
  customerId: number,
  kind: ScanAuthOs,
  userId: number,
  v: CredentialValues,
): Promise<CredentialRow> {
  const [row] = await db
    .insert(scanCredentials)
    .values({ customerId, kind, userId, ...v })
    .returning();
  return row!;
}

export async function updateCredential(db: Tx, customerId: number, id: number, v: CredentialValues): Promise<void> {
  await db
    .update(scanCredentials)
    .set({ ...v, modifiedAt: new Date() })
    .where(and(eq(scanCredentials.customerId, customerId), eq(scanCredentials.id, id)));
}

export async function deleteCredential(db: Tx, customerId: number, id: number): Promise<void> {
  await db.delete(scanCredentials).where(and(eq(scanCredentials.customerId, customerId), eq(scanCredentials.id, id)));
}

/**
 * Names of the customer's profiles whose settings name the credential (lin_auths, win_auths or kubernetes_auth of a
 * network profile; a web profile's auth_credential).
 */
export async function profilesUsingCredential(db: Tx, customerId: number, id: number): Promise<string[]> {
  const rows = await db
    .select({ name: scanProfiles.name })
    .from(scanProfiles)
    .where(
      and(
        eq(scanProfiles.customerId, customerId),
        sql`(${scanProfiles.fields}->'lin_auths' @> ${JSON.stringify([id])}::jsonb
          or ${scanProfiles.fields}->'win_auths' @> ${JSON.stringify([id])}::jsonb
          or ${scanProfiles.fields}->'kubernetes_auth' = ${String(id)}::jsonb
          or ${scanProfiles.fields}->'auth_credential' = ${String(id)}::jsonb)`,
      ),
    )
    .orderBy(sql`lower(${scanProfiles.name})`);
  return rows.map((r) => r.name);
}
