// Named leases: one holder at a time across every process of an installation, on PGlite and PostgreSQL alike (a row,
// not a session lock, so it survives pooled connections), ending by itself when a holder dies without releasing it.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { leases } from '../db/schema/index.ts';

export interface Lease {
  name: string;
  holder: string;
  acquiredAt: Date;
  expiresAt: Date;
}

/** Takes the lease when it is free, expired or already ours; null when another holder has it. */
export async function acquireLease(db: Db, name: string, holder: string, ttlMs: number, now: Date): Promise<Lease | null> {
  const expiresAt = new Date(now.getTime() + ttlMs);
  const rows = await db
    .insert(leases)
    .values({ name, holder, acquiredAt: now, expiresAt })
    .onConflictDoUpdate({
      target: leases.name,
      set: { holder, acquiredAt: now, expiresAt },
      setWhere: sql`${leases.expiresAt} < ${now.toISOString()}::timestamptz or ${leases.holder} = ${holder}`,
    })
    .returning();
  return rows[0] ?? null;
}

/** Extends a lease we hold; false when it was lost (expired and taken by another). */
export async function renewLease(db: Db, name: string, holder: string, ttlMs: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(leases)
    .set({ expiresAt: new Date(now.getTime() + ttlMs) })
    .where(and(eq(leases.name, name), eq(leases.holder, holder)))
    .returning({ name: leases.name });
  return rows.length > 0;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.delete(leases).where(and(eq(leases.name, name), eq(leases.holder, holder)));
}

/** Who holds a lease now (null when free or expired). */
export async function currentLease(db: Db, name: string, now: Date): Promise<Lease | null> {
  const [row] = await db.select().from(leases).where(eq(leases.name, name));
  return row && row.expiresAt > now ? row : null;
}
