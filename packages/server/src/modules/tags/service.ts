// The rules of tags: names unique per customer without regard to case (409 keyed name), a dynamic tag's rules applied to
// every asset as soon as they are saved (the spec allows 5 minutes; this takes a statement), a static tag's assets kept
// when it is edited, previews of a rule set and of a tag set before anything is saved.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AssetPreview, TagRule, TagSetSelection, tagInput } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { DISPLAY_NAME } from '../../tenancy/asset-filters.ts';
import { refreshAssetRisk, evaluateTag, rulesCondition, tagSetCondition } from '../assets/index.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';
import { getTagRow, type TagRow } from './repo.ts';

export type TagValues = z.output<typeof tagInput>;
export const DUPLICATE_TAG = 'A tag with this name already exists.';

const PREVIEW_SIZE = 25;

export async function saveTag(db: Db, scope: AssetScope, userId: number, v: TagValues, id?: number): Promise<TagRow> {
  try {
    return await db.transaction(async (tx) => {
      let tagId = id;
      let impactBefore: number | null = null;
      if (id === undefined) {
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into tags (customer_id, name, description, color, is_dynamic, rules, business_impact, created_by)
              values (${scope.customerId}, ${v.name}, ${v.description}, ${v.color}, ${v.is_dynamic}, ${JSON.stringify(v.rules)}::jsonb,
                      ${v.business_impact}, ${userId})
              returning id`,
        );
        tagId = Number(row!.id);
      } else {
        const current = await getTagRow(tx, scope, id);
        if (!current) throw notFound();
        impactBefore = current.business_impact === null ? null : Number(current.business_impact);
        await tx.execute(sql`
          update tags set name = ${v.name}, description = ${v.description}, color = ${v.color}, is_dynamic = ${v.is_dynamic},
            rules = ${JSON.stringify(v.rules)}::jsonb, business_impact = ${v.business_impact}, modified_at = now()
          where id = ${id} and customer_id = ${scope.customerId}`);
        // A tag made static keeps the assets its rules had given it, so a user can fix them in place.
      }
      if (v.is_dynamic) await evaluateTag(tx, scope.customerId, tagId!, v.rules);
      // The business impact weighs the risk of the assets carrying the tag; a tag without one (before and after) changes
      // no score, so the carriers are left alone.
      if (impactBefore !== null || v.business_impact !== null) {
        const carriers = await queryRows<{ asset_id: number }>(tx, sql`select asset_id from asset_tags where tag_id = ${tagId!}`);
        await refreshAssetRisk(
          tx,
          scope.customerId,
          carriers.map((c) => Number(c.asset_id)),
        );
      }
      return (await getTagRow(tx, scope, tagId!))!;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict({ name: [DUPLICATE_TAG] });
    throw e;
  }
}

export async function deleteTag(db: Db, scope: AssetScope, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const carriers = await queryRows<{ asset_id: number }>(
      tx,
      sql`select x.asset_id from asset_tags x join tags t on t.id = x.tag_id where t.id = ${id} and t.customer_id = ${scope.customerId}`,
    );
    const gone = await queryRows(tx, sql`delete from tags where id = ${id} and customer_id = ${scope.customerId} returning id`);
    if (gone.length === 0) throw notFound();
    await refreshAssetRisk(
      tx,
      scope.customerId,
      carriers.map((c) => Number(c.asset_id)),
    );
  });
}

async function preview(db: Db, scope: AssetScope, condition: ReturnType<typeof sql>): Promise<AssetPreview> {
  const where = sql`${scopeCondition(scope)} and a.archived_at is null and ${condition}`;
  const [rows, [{ n }]] = await Promise.all([
    queryRows<{ id: number; name: string; type: number; kind: 'host' | 'network' | 'range' | 'webapp' }>(
      db,
      sql`select a.id, ${DISPLAY_NAME} as name, a.type, a.kind from assets a where ${where} order by lower(${DISPLAY_NAME}), a.id limit ${PREVIEW_SIZE}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from assets a where ${where}`),
  ]);
  return {
    count: Number(n),
    results: rows.map((r) => ({ id: Number(r.id), asset_name: r.name, asset_type: Number(r.type), kind: r.kind })),
  };
}

/** The assets a rule set would tag (the first 25 by name, and how many in all). */
export function previewRules(db: Db, scope: AssetScope, rules: readonly TagRule[]): Promise<AssetPreview> {
  return preview(db, scope, rulesCondition(rules));
}

/** The assets a tag set selects: inclusion all-of or any-of, minus exclusion all-of or any-of. */
export async function previewTagSet(db: Db, scope: AssetScope, s: TagSetSelection): Promise<AssetPreview> {
  const ids = [...new Set([...s.inclusion_tags, ...s.exclusion_tags])];
  if (ids.length) {
    const found = await queryRows<{ id: number }>(
      db,
      sql`select id from tags where customer_id = ${scope.customerId} and id = any(${intArray(ids)})`,
    );
    const have = new Set(found.map((f) => Number(f.id)));
    const missing = ids.filter((i) => !have.has(i));
    if (missing.length) throw badRequest({ non_field_errors: [`These tags do not exist: ${missing.join(', ')}.`] });
  }
  return preview(db, scope, tagSetCondition(s));
}
