// The asset CSV import: the file is read as a stream (csv-parse), every cell checked with core's rules and every error
// named by line and column; owners and tags resolved; then, unless it is a preview, everything is written in one
// transaction (new assets, changed ones when `update` is on, missing tags when `create_missing_tags` is on) — or
// nothing is. Sets go to the database as one JSON document per 5,000 rows, not a statement per row.
import { type Readable } from 'node:stream';
import { isIP } from 'node:net';
import { parse } from 'csv-parse';
import { sql } from 'drizzle-orm';
import {
  ASSET_IMPORT_COLUMNS,
  ASSET_IMPORT_MAX_ROWS,
  ASSET_KIND_TYPE,
  parseCriticality,
  tagNamesOf,
  validateImportCell,
  type AssetImportColumn,
  type AssetImportResult,
  type AssetKind,
} from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { ApiError, badRequest } from '../../http/errors.ts';
import { isPublicAddress } from './normalise.ts';
import { refreshAssetRisk } from './risk.ts';
import { normaliseAssetValue } from './service.ts';
import { evaluateAssets } from './tag-evaluation.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';

const MAX_LISTED = 50;
const BATCH = 5000;

interface ImportRow {
  line: number;
  kind: AssetKind;
  value: string;
  address: string | null;
  name: string | null;
  description: string | null;
  criticality: number | null;
  owner: string | null;
  is_server: boolean | null;
  internet_facing: boolean | null;
  pci: boolean | null;
  tags: string[];
}

export interface ImportOptions {
  update: boolean;
  createMissingTags: boolean;
  preview: boolean;
}

/** 400 `{csv_file: [...]}` with at most MAX_LISTED messages and how many more there are. */
function fileErrors(messages: string[]): ApiError {
  const listed = messages.slice(0, MAX_LISTED);
  if (messages.length > MAX_LISTED) listed.push(`… and ${messages.length - MAX_LISTED} more errors.`);
  return badRequest({ csv_file: listed });
}

const bool = (cell: string | undefined) => (cell === undefined || cell.trim() === '' ? null : cell.trim().toLowerCase() === 'true');
const text = (cell: string | undefined) => (cell === undefined || cell.trim() === '' ? null : cell.trim());

/** Reads and checks the whole file; throws 400 naming every bad cell by line and column. */
export async function readImportFile(input: Readable): Promise<ImportRow[]> {
  const parser = input.pipe(
    parse({
      bom: true,
      columns: false,
      skip_empty_lines: true,
      trim: true,
      relax_quotes: false,
      relax_column_count: true,
      info: true,
      max_record_size: 64 * 1024,
    }),
  );
  const rows: ImportRow[] = [];
  const errors: string[] = [];
  const seen = new Map<string, number>();
  let header: AssetImportColumn[] | null = null;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = info.lines;
      if (!header) {
        const names = record.map((c) => c.trim().toLowerCase());
        const unknown = names.filter((n) => !(ASSET_IMPORT_COLUMNS as readonly string[]).includes(n));
        if (unknown.length)
          throw fileErrors([`Line ${line}: unknown columns ${unknown.join(', ')}. The columns are: ${ASSET_IMPORT_COLUMNS.join(', ')}.`]);
        if (!names.includes('asset'))
          throw fileErrors([`Line ${line}: the header needs an "asset" column. The columns are: ${ASSET_IMPORT_COLUMNS.join(', ')}.`]);
        header = names as AssetImportColumn[];
        continue;
      }
      if (rows.length + errors.length >= ASSET_IMPORT_MAX_ROWS)
        throw fileErrors([`The file has more than ${ASSET_IMPORT_MAX_ROWS} rows; split it.`]);
      if (record.length !== header.length) {
        errors.push(`Line ${line}: ${record.length} cells where the header has ${header.length}.`);
        continue;
      }
      const cell: Partial<Record<AssetImportColumn, string>> = {};
      header.forEach((h, i) => (cell[h] = record[i]));
      let bad = false;
      for (const column of header) {
        const message = validateImportCell(column, cell[column] ?? '');
        if (message) {
          errors.push(`Line ${line}, column ${column}: ${message}`);
          bad = true;
        }
      }
      if (bad) continue;
      const { kind, value } = normaliseAssetValue(cell.asset!.trim());
      const key = `${kind} ${value.toLowerCase()}`;
      const first = seen.get(key);
      if (first !== undefined) {
        errors.push(`Line ${line}, column asset: ${value} is already on line ${first}.`);
        continue;
      }
      seen.set(key, line);
      rows.push({
        line,
        kind,
        value,
        address: kind === 'host' && isIP(value) ? value : null,
        name: cell.name === undefined ? null : cell.name.trim(),
        description: cell.description === undefined ? null : cell.description.trim(),
        criticality: text(cell.criticality) === null ? null : parseCriticality(cell.criticality!),
        owner: text(cell.owner)?.toLowerCase() ?? null,
        is_server: bool(cell.is_server),
        internet_facing: bool(cell.internet_facing),
        pci: bool(cell.pci),
        tags: tagNamesOf(cell.tags ?? ''),
      });
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    const err = e as { code?: string; lines?: number; message?: string };
    // csv-parse names what it could not read (an unclosed quote, a record too long) and where.
    if (typeof err.code === 'string' && err.code.startsWith('CSV_'))
      throw fileErrors([`Line ${err.lines ?? '?'}: ${err.message ?? 'the file is not valid CSV.'}`]);
    throw e;
  }
  if (!header) throw fileErrors(['The file is empty: it needs a header line and at least one row.']);
  if (errors.length) throw fileErrors(errors);
  if (rows.length === 0) throw fileErrors(['The file has a header but no rows.']);
  return rows;
}

/** Owner emails → user ids, tag names → ids (missing ones created when asked); errors name the lines. */
async function resolveNames(tx: Tx, customerId: number, rows: ImportRow[], o: ImportOptions, userId: number) {
  const emails = [...new Set(rows.map((r) => r.owner).filter((e): e is string => e !== null))];
  const owners = new Map(
    (
      await queryRows<{ id: number; email: string }>(
        tx,
        sql`select id, lower(email) as email from users where customer_id = ${customerId} and is_active
            and lower(email) = any(${`{${emails.map((e) => `"${e.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[])`,
      )
    ).map((u) => [u.email, Number(u.id)]),
  );
  const names = [...new Set(rows.flatMap((r) => r.tags))];
  const tagRows = await queryRows<{ id: number; name: string; is_dynamic: boolean }>(
    tx,
    sql`select id, name, is_dynamic from tags where customer_id = ${customerId}`,
  );
  const tags = new Map(tagRows.map((t) => [t.name.toLowerCase(), t]));
  const errors: string[] = [];
  for (const r of rows) {
    if (r.owner !== null && !owners.has(r.owner)) errors.push(`Line ${r.line}, column owner: no user ${r.owner} in your organisation.`);
    for (const n of r.tags) {
      const t = tags.get(n.toLowerCase());
      if (t?.is_dynamic) errors.push(`Line ${r.line}, column tags: ${n} is a dynamic tag; its rules decide its assets.`);
      else if (!t && !o.createMissingTags)
        errors.push(`Line ${r.line}, column tags: no tag named ${n} (turn on "create missing tags" to add it).`);
    }
  }
  if (errors.length) throw fileErrors(errors);
  const missing = [...new Map(names.filter((n) => !tags.has(n.toLowerCase())).map((n) => [n.toLowerCase(), n])).values()];
  if (missing.length && !o.preview) {
    const made = await queryRows<{ id: number; name: string; is_dynamic: boolean }>(
      tx,
      sql`insert into tags (customer_id, name, created_by)
          select ${customerId}, x.name, ${userId} from jsonb_to_recordset(${JSON.stringify(missing.map((name) => ({ name })))}::jsonb) as x(name text)
          returning id, name, is_dynamic`,
    );
    for (const t of made) tags.set(t.name.toLowerCase(), t);
  }
  return { owners, tags, missing };
}

export async function importAssets(
  db: Db,
  scope: AssetScope,
  userId: number,
  rows: ImportRow[],
  o: ImportOptions,
): Promise<AssetImportResult> {
  const run = async (tx: Tx): Promise<AssetImportResult> => {
    const { owners, tags, missing } = await resolveNames(tx, scope.customerId, rows, o, userId);
    // Which rows name an asset the customer has (a LIMITED member's import may only touch the assets it sees; one it
    // cannot see is refused rather than changed or duplicated).
    const existing = new Map<string, number>();
    for (let i = 0; i < rows.length; i += BATCH) {
      const keys = rows.slice(i, i + BATCH).map((r) => ({ kind: r.kind, value: r.value.toLowerCase() }));
      const found = await queryRows<{ id: number; kind: string; value: string }>(
        tx,
        sql`select a.id, a.kind, lower(a.value) as value from assets a
            join jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as x(kind text, value text) on a.kind = x.kind and lower(a.value) = x.value
            where a.customer_id = ${scope.customerId} and a.zone = ''`,
      );
      for (const f of found) existing.set(`${f.kind} ${f.value}`, Number(f.id));
    }
    if (scope.limitedToTags !== null && existing.size > 0) {
      const ids = [...existing.values()];
      const visible = new Set(
        (
          await queryRows<{ id: number }>(
            tx,
            sql`select a.id from assets a where a.id = any(${intArray(ids)}) and ${scopeCondition(scope)}`,
          )
        ).map((v) => Number(v.id)),
      );
      const hidden = rows.filter((r) => {
        const id = existing.get(`${r.kind} ${r.value.toLowerCase()}`);
        return id !== undefined && !visible.has(id);
      });
      if (hidden.length)
        throw fileErrors(hidden.map((r) => `Line ${r.line}, column asset: ${r.value} exists and is not one your teams may see.`));
    }
    const isNew = (r: ImportRow) => !existing.has(`${r.kind} ${r.value.toLowerCase()}`);
    const fresh = rows.filter(isNew);
    const known = rows.filter((r) => !isNew(r));
    const result = {
      preview: o.preview,
      rows: rows.length,
      created: fresh.length,
      updated: o.update ? known.length : 0,
      skipped: o.update ? 0 : known.length,
      tags_created: missing,
    };
    if (o.preview) return result;

    const touched: number[] = [];
    for (let i = 0; i < fresh.length; i += BATCH) {
      const doc = fresh.slice(i, i + BATCH).map((r) => ({
        kind: r.kind,
        type: ASSET_KIND_TYPE[r.kind],
        value: r.value,
        address: r.address,
        name: r.name ?? '',
        description: r.description ?? '',
        criticality: r.criticality ?? 2,
        owner_id: r.owner === null ? null : owners.get(r.owner)!,
        is_server: r.is_server ?? false,
        internet_facing: r.internet_facing ?? (r.address !== null && isPublicAddress(r.address)),
        pci: r.pci ?? false,
        tags: r.tags.map((n) => Number(tags.get(n.toLowerCase())!.id)),
      }));
      const made = await queryRows<{ id: number }>(
        tx,
        sql`with x as (select * from jsonb_to_recordset(${JSON.stringify(doc)}::jsonb) as x(kind text, type smallint,
                value text, address text, name text, description text, criticality smallint, owner_id int, is_server boolean,
                internet_facing boolean, pci boolean, tags jsonb)),
            made as (
              insert into assets (customer_id, kind, type, value, address, name, description, criticality, owner_id, is_server,
                                  internet_facing, pci, created_by)
              select ${scope.customerId}, kind, type, value, address, name, description, criticality, owner_id, is_server,
                     internet_facing, pci, ${userId} from x
              returning id, kind, value),
            tagged as (
              insert into asset_tags (tag_id, asset_id, customer_id)
              select t::int, made.id, ${scope.customerId} from made join x on x.kind = made.kind and x.value = made.value,
                     jsonb_array_elements_text(x.tags) as t
              on conflict do nothing)
            select id from made`,
      );
      touched.push(...made.map((m) => Number(m.id)));
    }
    if (o.update) {
      for (let i = 0; i < known.length; i += BATCH) {
        // Empty cells leave a field as it is; filled ones replace it. Tags are added, never taken away.
        const doc = known.slice(i, i + BATCH).map((r) => ({
          id: existing.get(`${r.kind} ${r.value.toLowerCase()}`)!,
          name: r.name || null,
          description: r.description || null,
          criticality: r.criticality,
          owner_id: r.owner === null ? null : owners.get(r.owner)!,
          is_server: r.is_server,
          internet_facing: r.internet_facing,
          pci: r.pci,
          tags: r.tags.map((n) => Number(tags.get(n.toLowerCase())!.id)),
        }));
        const json = JSON.stringify(doc);
        await tx.execute(sql`
          update assets a set name = coalesce(x.name, a.name), description = coalesce(x.description, a.description),
            criticality = coalesce(x.criticality, a.criticality), owner_id = coalesce(x.owner_id, a.owner_id),
            is_server = coalesce(x.is_server, a.is_server), internet_facing = coalesce(x.internet_facing, a.internet_facing),
            pci = coalesce(x.pci, a.pci), modified_at = now()
          from jsonb_to_recordset(${json}::jsonb) as x(id int, name text, description text, criticality smallint, owner_id int,
                                                      is_server boolean, internet_facing boolean, pci boolean)
          where a.id = x.id and a.customer_id = ${scope.customerId}`);
        await tx.execute(sql`
          insert into asset_tags (tag_id, asset_id, customer_id)
          select t::int, x.id, ${scope.customerId} from jsonb_to_recordset(${json}::jsonb) as x(id int, tags jsonb),
                 jsonb_array_elements_text(x.tags) as t
          on conflict do nothing`);
        touched.push(...doc.map((d) => d.id));
      }
    }
    for (let i = 0; i < touched.length; i += BATCH) await evaluateAssets(tx, scope.customerId, touched.slice(i, i + BATCH));
    // A new asset has no findings, so its risk is 0 whatever its criticality; only changed ones are scored again.
    const changed = touched.slice(touched.length - (o.update ? known.length : 0));
    for (let i = 0; i < changed.length; i += BATCH) await refreshAssetRisk(tx, scope.customerId, changed.slice(i, i + BATCH));
    return result;
  };
  return db.transaction(run);
}
