// The customer row of the caller's own organisation (its superusers change name and logo).
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';

export type CustomerValues = Partial<typeof customers.$inferInsert>;

export async function updateCustomerRow(db: Tx, id: number, values: CustomerValues): Promise<typeof customers.$inferSelect> {
  const [row] = await db.update(customers).set(values).where(eq(customers.id, id)).returning();
  return row!;
}
