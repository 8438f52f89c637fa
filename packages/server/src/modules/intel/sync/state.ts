// The feed_sources rows: each source's sync state (validators, resume cursor, progress, outcome), shared by every server.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { intelFeedSources } from '../../../db/schema/index.ts';

export type FeedSourceRow = typeof intelFeedSources.$inferSelect;
export type FeedSourceUpdate = Partial<Omit<FeedSourceRow, 'source'>>;

export async function sourceStates(db: Db, names?: string[]): Promise<FeedSourceRow[]> {
  const q = db.select().from(intelFeedSources);
  return names ? q.where(inArray(intelFeedSources.source, names)) : q;
}

export async function sourceState(db: Db, name: string): Promise<FeedSourceRow> {
  const [row] = await db.insert(intelFeedSources).values({ source: name }).onConflictDoNothing().returning();
  if (row) return row;
  const [existing] = await db.select().from(intelFeedSources).where(eq(intelFeedSources.source, name));
  return existing!;
}

export async function updateSource(db: Db, name: string, change: FeedSourceUpdate): Promise<void> {
  await db
    .update(intelFeedSources)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(intelFeedSources.source, name));
}

/** A sync that died with its process left sources marked running: the next one to hold the lease clears them. */
export async function clearRunning(db: Db): Promise<void> {
  await db.update(intelFeedSources).set({ running: false, progress: null }).where(eq(intelFeedSources.running, true));
}
