// Queries of the OVAL files customers imported into their policy library, always for one customer.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { policyDocuments } from '../../db/schema/index.ts';

export type PolicyDocumentRow = typeof policyDocuments.$inferSelect;
export type PolicyDocumentSummary = Omit<PolicyDocumentRow, 'content'>;

const summary = {
  id: policyDocuments.id,
  customerId: policyDocuments.customerId,
  name: policyDocuments.name,
  rules: policyDocuments.rules,
  userId: policyDocuments.userId,
  createdAt: policyDocuments.createdAt,
};

/** The customer's imported files without their text (lists). */
export async function listDocuments(db: Db, customerId: number): Promise<PolicyDocumentSummary[]> {
  return db
    .select(summary)
    .from(policyDocuments)
    .where(eq(policyDocuments.customerId, customerId))
    .orderBy(sql`lower(${policyDocuments.name})`, asc(policyDocuments.id));
}

export async function getDocumentSummary(db: Tx, customerId: number, id: number): Promise<PolicyDocumentSummary | null> {
  const [row] = await db
    .select(summary)
    .from(policyDocuments)
    .where(and(eq(policyDocuments.customerId, customerId), eq(policyDocuments.id, id)));
  return row ?? null;
}

export async function getDocument(db: Tx, customerId: number, id: number): Promise<PolicyDocumentRow | null> {
  const [row] = await db
    .select()
    .from(policyDocuments)
    .where(and(eq(policyDocuments.customerId, customerId), eq(policyDocuments.id, id)));
  return row ?? null;
}

export async function documentNames(db: Tx, customerId: number): Promise<string[]> {
  const rows = await db.select({ name: policyDocuments.name }).from(policyDocuments).where(eq(policyDocuments.customerId, customerId));
  return rows.map((r) => r.name);
}

export async function insertDocument(
  db: Tx,
  values: Pick<PolicyDocumentRow, 'customerId' | 'name' | 'content' | 'rules' | 'userId'>,
): Promise<PolicyDocumentSummary> {
  const [row] = await db.insert(policyDocuments).values(values).returning(summary);
  return row!;
}

export async function deleteDocument(db: Tx, customerId: number, id: number): Promise<void> {
  await db.delete(policyDocuments).where(and(eq(policyDocuments.customerId, customerId), eq(policyDocuments.id, id)));
}
