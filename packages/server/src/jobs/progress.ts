// Progress rows of background jobs (celery-progress/{id}/), read within the caller's customer.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobProgress } from '../db/schema/index.ts';

export type JobProgressRow = typeof jobProgress.$inferSelect;

export async function jobProgressOf(db: Db, customerId: number, id: string): Promise<JobProgressRow | null> {
  const [row] = await db
    .select()
    .from(jobProgress)
    .where(and(eq(jobProgress.customerId, customerId), eq(jobProgress.id, id)));
  return row ?? null;
}
