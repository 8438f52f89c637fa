// Feed-import rows (platform-wide, not a customer's): list, one, the latest, and a new queued import.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { feedImports } from '../../db/schema/index.ts';

export type ImportRow = typeof feedImports.$inferSelect;

export async function listFeedImports(db: Db, page: number, pageSize: number): Promise<{ count: number; rows: ImportRow[] }> {
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(feedImports)
      .orderBy(desc(feedImports.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(feedImports),
  ]);
  return { count, rows };
}

export async function lastFeedImport(db: Db): Promise<ImportRow | null> {
  const [row] = await db.select().from(feedImports).orderBy(desc(feedImports.id)).limit(1);
  return row ?? null;
}

export async function getFeedImport(db: Db, id: number): Promise<ImportRow | null> {
  const [row] = await db.select().from(feedImports).where(eq(feedImports.id, id));
  return row ?? null;
}

export async function insertFeedImport(db: Db, sources: string[], userId: number): Promise<ImportRow> {
  const [row] = await db.insert(feedImports).values({ sources, createdBy: userId }).returning();
  return row!;
}
