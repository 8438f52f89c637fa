// Queries of teams, always for one customer: the list (optionally only teams with given members), one team with its
// tags and members, the basic picker, and the members view (every user, or only members).
import { sql } from 'drizzle-orm';
import type { Team, TeamMember } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern, intArray, queryRows } from '../../db/rows.ts';

interface TeamRow extends Record<string, unknown> {
  id: number;
  name: string;
  notification_email: string | null;
  asset_permissions: 'ALL' | 'LIMITED';
  permission_tags: number[] | null;
  owner_tags: number[] | null;
  members: number[] | null;
  created_at: string | Date;
}

const COLUMNS = sql`t.id, t.name, t.notification_email, t.asset_permissions,
  (select array_agg(x.tag_id order by x.tag_id) from team_tags x where x.team_id = t.id and x.role = 'permission') as permission_tags,
  (select array_agg(x.tag_id order by x.tag_id) from team_tags x where x.team_id = t.id and x.role = 'owner') as owner_tags,
  (select array_agg(m.user_id order by m.user_id) from team_members m where m.team_id = t.id) as members,
  t.created_at`;

const toTeam = (r: TeamRow): Team => ({
  id: Number(r.id),
  name: r.name,
  notification_email: r.notification_email,
  asset_permissions: r.asset_permissions,
  asset_permissions_tags: (r.permission_tags ?? []).map(Number),
  asset_owner_tags: (r.owner_tags ?? []).map(Number),
  members: (r.members ?? []).map(Number),
  created: new Date(r.created_at).toISOString(),
});

export async function listTeams(
  db: Db,
  customerId: number,
  o: { page: number; pageSize: number; search?: string; members?: number[]; descending: boolean },
): Promise<{ count: number; results: Team[] }> {
  const where = sql.join(
    [
      sql`t.customer_id = ${customerId}`,
      o.search ? sql`t.name ilike ${containsPattern(o.search)}` : sql`true`,
      o.members?.length
        ? sql`exists (select 1 from team_members m where m.team_id = t.id and m.user_id = any(${intArray(o.members)}))`
        : sql`true`,
    ],
    sql` and `,
  );
  const [rows, [{ n }]] = await Promise.all([
    queryRows<TeamRow>(
      db,
      sql`select ${COLUMNS} from teams t where ${where} order by lower(t.name) ${o.descending ? sql`desc` : sql`asc`}, t.id
          limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from teams t where ${where}`),
  ]);
  return { count: Number(n), results: rows.map(toTeam) };
}

export async function getTeam(db: Db | Tx, customerId: number, id: number): Promise<Team | null> {
  const [row] = await queryRows<TeamRow>(db, sql`select ${COLUMNS} from teams t where t.customer_id = ${customerId} and t.id = ${id}`);
  return row ? toTeam(row) : null;
}

export async function teamBasics(db: Db, customerId: number) {
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from teams where customer_id = ${customerId} order by lower(name), id`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/** The users of the customer with whether each is in the team; only members unless `all`. */
export async function teamMembers(db: Db, customerId: number, teamId: number, all: boolean): Promise<TeamMember[]> {
  const rows = await queryRows<{ id: number; email: string; first_name: string; last_name: string; is_member: boolean }>(
    db,
    sql`select u.id, u.email, u.first_name, u.last_name,
               exists (select 1 from team_members m where m.team_id = ${teamId} and m.user_id = u.id) as is_member
        from users u where u.customer_id = ${customerId} and u.is_active
        ${all ? sql`` : sql`and exists (select 1 from team_members m where m.team_id = ${teamId} and m.user_id = u.id)`}
        order by lower(u.email)`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
