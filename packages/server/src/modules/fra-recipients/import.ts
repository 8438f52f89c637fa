// The recipient import (fra/recipients/import/): rows read by import-file.ts are matched to the customer's recipients by
// address; new ones are created (with their recipient asset), existing ones changed when `update` is on (only the
// cells the row fills; tags are added, never taken away), and tag names unknown to the customer are created. Valid
// rows import and invalid rows are listed (the rows are independent people: one typo should not hold back a
// thousand). A dry run answers the same counts and a preview, writing nothing; the import itself is one transaction
// of batched statements, so 10,000 rows take seconds.
import { sql } from 'drizzle-orm';
import { ASSET_TYPE, type RecipientImportResult } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { intArray, queryRows, textArray } from '../../db/rows.ts';
import { refreshAssetsDerived } from '../assets/index.ts';
import { assetNameOf } from './recipients.ts';
import type { ParsedFile, ParsedRow } from './import-file.ts';

const PREVIEW = 20;
const CHUNK = 2000;
const FIELDS = ['first_name', 'last_name', 'department', 'job_title', 'language'] as const;

interface Existing extends Record<string, unknown> {
  id: number;
  asset_id: number;
  email: string;
  first_name: string;
  last_name: string;
  department: string;
  job_title: string;
  language: string;
}

const chunks = <T>(xs: T[]) => Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));

/** The row's values over the stored ones: a column the file lacks keeps what is stored. */
function merged(r: ParsedRow, e: Existing) {
  const out = { ...e };
  for (const f of FIELDS) if (r.columns.has(f)) out[f] = r[f];
  return out;
}

async function existingOf(db: Db | Tx, customerId: number, emails: string[]): Promise<Map<string, Existing>> {
  const out = new Map<string, Existing>();
  for (const part of chunks(emails)) {
    const rows = await queryRows<Existing>(
      db,
      sql`select id, asset_id, email, first_name, last_name, department, job_title, language from fra_recipients
          where customer_id = ${customerId} and email = any(${textArray(part)})`,
    );
    for (const r of rows) out.set(r.email, { ...r, id: Number(r.id), asset_id: Number(r.asset_id) });
  }
  return out;
}

async function tagsByName(db: Db | Tx, customerId: number) {
  const rows = await queryRows<{ id: number; name: string; is_dynamic: boolean }>(
    db,
    sql`select id, name, is_dynamic from tags where customer_id = ${customerId}`,
  );
  return new Map(rows.map((t) => [t.name.toLowerCase(), { id: Number(t.id), dynamic: Boolean(t.is_dynamic) }]));
}

export async function importRecipients(
  db: Db,
  customerId: number,
  userId: number,
  file: ParsedFile,
  o: { dryRun: boolean; update: boolean; now: Date },
): Promise<RecipientImportResult> {
  const errors = [...file.errors];
  const tags = await tagsByName(db, customerId);
  // A dynamic tag is its rules' to give: a row naming one is listed, not imported.
  const rows = file.rows.filter((r) => {
    const dynamic = r.tags.filter((t) => tags.get(t.toLowerCase())?.dynamic);
    if (dynamic.length)
      errors.push({ row: r.row, errors: { tags: dynamic.map((t) => `${t} is a dynamic tag: its rules decide who carries it.`) } });
    return dynamic.length === 0;
  });
  errors.sort((a, b) => a.row - b.row);
  const existing = await existingOf(
    db,
    customerId,
    rows.map((r) => r.email),
  );
  const creates = rows.filter((r) => !existing.has(r.email));
  const updates: { row: ParsedRow; current: Existing }[] = [];
  let unchanged = 0;
  for (const r of rows) {
    const current = existing.get(r.email);
    if (!current) continue;
    const next = merged(r, current);
    const differs = FIELDS.some((f) => next[f] !== current[f]);
    if (o.update && (differs || r.tags.length)) updates.push({ row: r, current });
    else unchanged += 1;
  }
  const result: RecipientImportResult = {
    dry_run: o.dryRun,
    rows: file.total,
    created: creates.length,
    updated: updates.length,
    unchanged,
    errors,
    preview: rows.slice(0, PREVIEW).map((r) => {
      const current = existing.get(r.email);
      const v = current ? merged(r, current) : r;
      return {
        row: r.row,
        email: r.email,
        first_name: v.first_name,
        last_name: v.last_name,
        department: v.department,
        job_title: v.job_title,
        language: r.language,
        active: true,
        tags: r.tags,
      } as RecipientImportResult['preview'][number];
    }),
  };
  if (o.dryRun || (creates.length === 0 && updates.length === 0)) return result;
  await db.transaction((tx) => write(tx, customerId, userId, creates, updates, o.now));
  return result;
}

async function write(
  tx: Tx,
  customerId: number,
  userId: number,
  creates: ParsedRow[],
  updates: { row: ParsedRow; current: Existing }[],
  now: Date,
) {
  const at = now.toISOString();
  const tagIds = await ensureTags(
    tx,
    customerId,
    [...creates, ...updates.map((u) => u.row)].flatMap((r) => r.tags),
    userId,
  );
  const touched: number[] = [];
  const tagPairs: [number, number][] = [];
  for (const part of chunks(creates)) {
    const col = (pick: (r: ParsedRow) => string) => textArray(part.map(pick));
    const assetRows = await queryRows<{ id: number; value: string }>(
      tx,
      sql`insert into assets (customer_id, kind, type, value, name, email_address, created_by, created_at, modified_at)
          select ${customerId}, 'recipient', ${ASSET_TYPE.recipient}, e, n, e, ${userId}, ${at}::timestamptz, ${at}::timestamptz
          from unnest(${col((r) => r.email)}, ${col((r) => assetNameOf(r))}) as x(e, n)
          on conflict (customer_id, zone, kind, lower(value)) do update set name = excluded.name, email_address = excluded.email_address
          returning id, value`,
    );
    const assetOf = new Map(assetRows.map((a) => [a.value.toLowerCase(), Number(a.id)]));
    const assetIds = part.map((r) => assetOf.get(r.email)!);
    await tx.execute(sql`
      insert into fra_recipients (customer_id, asset_id, email, first_name, last_name, department, job_title, language, source,
                                  created_at, modified_at)
      select ${customerId}, a, e, f, l, d, j, g, 'import', ${at}::timestamptz, ${at}::timestamptz
      from unnest(${intArray(assetIds)}, ${col((r) => r.email)}, ${col((r) => r.first_name)}, ${col((r) => r.last_name)},
                  ${col((r) => r.department)}, ${col((r) => r.job_title)}, ${col((r) => r.language)}) as x(a, e, f, l, d, j, g)`);
    part.forEach((r, i) => {
      touched.push(assetIds[i]!);
      for (const t of r.tags) tagPairs.push([assetIds[i]!, tagIds.get(t.toLowerCase())!]);
    });
  }
  for (const part of chunks(updates)) {
    const values = part.map((u) => ({ ...merged(u.row, u.current), name: assetNameOf(merged(u.row, u.current)) }));
    const col = (pick: (v: (typeof values)[number]) => string) => textArray(values.map(pick));
    await tx.execute(sql`
      update fra_recipients r set first_name = x.f, last_name = x.l, department = x.d, job_title = x.j, language = x.g,
        modified_at = ${at}::timestamptz
      from unnest(${intArray(values.map((v) => v.id))}, ${col((v) => v.first_name)}, ${col((v) => v.last_name)},
                  ${col((v) => v.department)}, ${col((v) => v.job_title)}, ${col((v) => v.language)}) as x(id, f, l, d, j, g)
      where r.id = x.id and r.customer_id = ${customerId}`);
    await tx.execute(sql`
      update assets a set name = x.n, modified_at = ${at}::timestamptz
      from unnest(${intArray(values.map((v) => v.asset_id))}, ${col((v) => v.name)}) as x(id, n)
      where a.id = x.id and a.customer_id = ${customerId}`);
    for (const u of part) {
      touched.push(u.current.asset_id);
      for (const t of u.row.tags) tagPairs.push([u.current.asset_id, tagIds.get(t.toLowerCase())!]);
    }
  }
  for (const part of chunks(tagPairs))
    await tx.execute(sql`
      insert into asset_tags (asset_id, tag_id, customer_id)
      select a, t, ${customerId} from unnest(${intArray(part.map((p) => p[0]))}, ${intArray(part.map((p) => p[1]))}) as x(a, t)
      on conflict do nothing`);
  await refreshAssetsDerived(tx, customerId, touched);
}

/** Ids of the tag names (case-insensitive), creating the missing ones. */
async function ensureTags(tx: Tx, customerId: number, names: string[], userId: number): Promise<Map<string, number>> {
  const wanted = new Map(names.map((n) => [n.toLowerCase(), n]));
  const have = await tagsByName(tx, customerId);
  const missing = [...wanted.entries()].filter(([k]) => !have.has(k)).map(([, n]) => n);
  if (missing.length)
    await tx.execute(sql`
      insert into tags (customer_id, name, created_by) select ${customerId}, n, ${userId} from unnest(${textArray(missing)}) as x(n)
      on conflict do nothing`);
  const now = missing.length ? await tagsByName(tx, customerId) : have;
  return new Map([...wanted.keys()].map((k) => [k, now.get(k)!.id]));
}
