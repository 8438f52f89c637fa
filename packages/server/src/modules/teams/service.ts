// The rules of teams: a name unique per customer without regard to case (409 keyed name), tags and members that are the
// customer's own (400 naming the ids), and the team written with its tags and members in one transaction.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Team, teamInput } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { getTeam } from './repo.ts';

export type TeamValues = z.output<typeof teamInput>;
export const DUPLICATE_TEAM = 'A team with this name already exists.';

async function missing(tx: Tx, table: 'tags' | 'users', customerId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await queryRows<{ id: number }>(
    tx,
    table === 'tags'
      ? sql`select id from tags where customer_id = ${customerId} and id = any(${intArray(unique)})`
      : sql`select id from users where customer_id = ${customerId} and id = any(${intArray(unique)})`,
  );
  const have = new Set(found.map((f) => Number(f.id)));
  return unique.filter((id) => !have.has(id));
}

async function checkReferences(tx: Tx, customerId: number, v: TeamValues): Promise<void> {
  const errors: Record<string, string[]> = {};
  const say = (ids: number[]) => ids.map((id) => `Invalid pk "${id}" - object does not exist.`);
  const perm = await missing(tx, 'tags', customerId, v.asset_permissions_tags);
  if (perm.length) errors.asset_permissions_tags = say(perm);
  const owner = await missing(tx, 'tags', customerId, v.asset_owner_tags);
  if (owner.length) errors.asset_owner_tags = say(owner);
  const members = await missing(tx, 'users', customerId, v.members);
  if (members.length) errors.members = say(members);
  if (Object.keys(errors).length) throw badRequest(errors);
}

export async function saveTeam(db: Db, customerId: number, v: TeamValues, id?: number): Promise<Team> {
  try {
    return await db.transaction(async (tx) => {
      await checkReferences(tx, customerId, v);
      let teamId = id;
      if (id === undefined) {
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into teams (customer_id, name, notification_email, asset_permissions)
              values (${customerId}, ${v.name}, ${v.notification_email}, ${v.asset_permissions}) returning id`,
        );
        teamId = Number(row!.id);
      } else {
        const gone = await queryRows(
          tx,
          sql`update teams set name = ${v.name}, notification_email = ${v.notification_email}, asset_permissions = ${v.asset_permissions}
              where id = ${id} and customer_id = ${customerId} returning id`,
        );
        if (gone.length === 0) throw notFound();
        await tx.execute(sql`delete from team_tags where team_id = ${id}`);
        await tx.execute(sql`delete from team_members where team_id = ${id}`);
      }
      const tags = [
        ...[...new Set(v.asset_permissions_tags)].map((t) => ({ tag: t, role: 'permission' })),
        ...[...new Set(v.asset_owner_tags)].map((t) => ({ tag: t, role: 'owner' })),
      ];
      if (tags.length)
        await tx.execute(sql`
          insert into team_tags (team_id, tag_id, role)
          select ${teamId!}, x.tag, x.role from jsonb_to_recordset(${JSON.stringify(tags)}::jsonb) as x(tag int, role text)`);
      if (v.members.length)
        await tx.execute(sql`insert into team_members (team_id, user_id) select ${teamId!}, unnest(${intArray(new Set(v.members))})`);
      return (await getTeam(tx, customerId, teamId!))!;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict({ name: [DUPLICATE_TEAM] });
    throw e;
  }
}

export async function deleteTeam(db: Db, customerId: number, id: number): Promise<void> {
  const gone = await queryRows(db, sql`delete from teams where id = ${id} and customer_id = ${customerId} returning id`);
  if (gone.length === 0) throw notFound();
}
