// Queries of scan profiles for one customer, network (nvt) or policy (oval): its own and the built-ins (no customer),
// with their author.
import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scanProfiles, scans, users, type NetworkProfileFields } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/rows.ts';

export type ProfileRow = typeof scanProfiles.$inferSelect;
export type ProfileWithUser = ProfileRow & { author: { id: number; firstName: string; lastName: string } | null };
export type ProfileOrdering = 'name' | 'modified' | 'created' | 'id';

const ORDER_COLUMNS: Record<ProfileOrdering, SQL | typeof scanProfiles.id> = {
  name: sql`lower(${scanProfiles.name})`,
  modified: sql`${scanProfiles.modifiedAt}`,
  created: sql`${scanProfiles.createdAt}`,
  id: scanProfiles.id,
};

export type ProfileType = 'nvt' | 'oval' | 'was' | 'cloud';

/** Profiles of a type the customer may use: its own and the built-ins. */
const visible = (customerId: number, type: ProfileType = 'nvt') =>
  and(eq(scanProfiles.type, type), or(eq(scanProfiles.customerId, customerId), isNull(scanProfiles.customerId)));

function withUser(db: Tx, where: SQL | undefined) {
  return db
    .select({ profile: scanProfiles, authorId: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(scanProfiles)
    .leftJoin(users, eq(users.id, scanProfiles.userId))
    .where(where);
}
type Raw = { profile: ProfileRow; authorId: number | null; firstName: string | null; lastName: string | null };
const shape = (r: Raw): ProfileWithUser => ({
  ...r.profile,
  author: r.authorId !== null ? { id: r.authorId, firstName: r.firstName ?? '', lastName: r.lastName ?? '' } : null,
});

export async function listProfiles(
  db: Db,
  customerId: number,
  opts: { page: number; pageSize: number; ordering: ProfileOrdering; descending: boolean; search?: string; type?: ProfileType },
): Promise<{ count: number; rows: ProfileWithUser[] }> {
  const where = and(
    visible(customerId, opts.type),
    opts.search
      ? or(
          sql`${scanProfiles.name} ilike ${containsPattern(opts.search)}`,
          sql`${scanProfiles.description} ilike ${containsPattern(opts.search)}`,
        )
      : undefined,
  );
  const key = ORDER_COLUMNS[opts.ordering];
  const [rows, [{ n }]] = await Promise.all([
    withUser(db, where)
      .orderBy(opts.descending ? desc(key) : asc(key), asc(scanProfiles.id))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(scanProfiles)
      .where(where),
  ]);
  return { count: Number(n), rows: rows.map(shape) };
}

/** One profile of the type the customer may use (own or built-in), or null. */
export async function getProfile(db: Tx, customerId: number, id: number, type: ProfileType = 'nvt'): Promise<ProfileWithUser | null> {
  const [row] = await withUser(db, and(visible(customerId, type), eq(scanProfiles.id, id)));
  return row ? shape(row) : null;
}

/** Id, name and kind of every profile (network and policy) the customer may use: built-ins first, then by name (pickers). */
export async function profileChoices(
  db: Db,
  customerId: number,
): Promise<{ id: number; name: string; type: ProfileType; builtin: boolean }[]> {
  return db
    .select({ id: scanProfiles.id, name: scanProfiles.name, type: scanProfiles.type, builtin: scanProfiles.builtin })
    .from(scanProfiles)
    .where(or(visible(customerId, 'nvt'), visible(customerId, 'oval')))
    .orderBy(desc(scanProfiles.builtin), sql`lower(${scanProfiles.name})`, asc(scanProfiles.id));
}

/** Names of the profiles of a type the customer sees (names must be unique among them, case aside). */
export async function profileNames(db: Tx, customerId: number, type: ProfileType = 'nvt'): Promise<string[]> {
  const rows = await db.select({ name: scanProfiles.name }).from(scanProfiles).where(visible(customerId, type));
  return rows.map((r) => r.name);
}

export interface ProfileValues {
  name: string;
  description: string;
  fields: NetworkProfileFields;
  /** Policy profiles only. */
  type?: ProfileType;
  policy?: string | null;
  ignorePlatform?: boolean;
}

export async function insertProfile(db: Tx, customerId: number, userId: number, v: ProfileValues): Promise<ProfileRow> {
  const [row] = await db
    .insert(scanProfiles)
    .values({ customerId, type: 'nvt', builtin: false, userId, ...v })
    .returning();
  return row!;
}

/** Updates one of the customer's own profiles (never a built-in: those have no customer; never its type). */
export async function updateProfile(
  db: Tx,
  customerId: number,
  id: number,
  { type: _type, ...v }: ProfileValues,
): Promise<ProfileRow | null> {
  const [row] = await db
    .update(scanProfiles)
    .set({ ...v, modifiedAt: new Date() })
    .where(and(eq(scanProfiles.customerId, customerId), eq(scanProfiles.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteProfile(db: Tx, customerId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(scanProfiles)
    .where(and(eq(scanProfiles.customerId, customerId), eq(scanProfiles.id, id)))
    .returning({ id: scanProfiles.id });
  return rows.length > 0;
}

/** Ids of the customer's policy profiles that evaluate a policy (an imported file cannot be deleted while one does). */
export async function profilesUsingPolicy(db: Tx, customerId: number, policy: string): Promise<string[]> {
  const rows = await db
    .select({ name: scanProfiles.name })
    .from(scanProfiles)
    .where(and(eq(scanProfiles.customerId, customerId), eq(scanProfiles.type, 'oval'), eq(scanProfiles.policy, policy)))
    .orderBy(sql`lower(${scanProfiles.name})`);
  return rows.map((r) => r.name);
}

/** Names of the customer's scans that use the profile. */
export async function scansUsingProfile(db: Tx, customerId: number, profileId: number): Promise<string[]> {
  const rows = await db
    .select({ name: scans.name })
    .from(scans)
    .where(and(eq(scans.customerId, customerId), eq(scans.profileId, profileId)))
    .orderBy(sql`lower(${scans.name})`);
  return rows.map((r) => r.name);
}
