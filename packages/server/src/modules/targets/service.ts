// The rules of saving scan targets: normalised values, one target per customer, kind and value (409 on a duplicate),
// and the many-at-once entry of scan/ranges/ (all valid or nothing saved, existing ones counted).
import type { Db } from '../../db/client.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { findTarget, insertTarget, insertTargets, updateTarget, type TargetRow, type TargetValues } from './repo.ts';
import { classifyTarget, splitTargetLines, type TargetKind } from '../assets/index.ts';

const DUPLICATE: Record<TargetKind, string> = {
  host: 'This host is already in your scan targets.',
  network: 'This network is already in your scan targets.',
  range: 'This IP range is already in your scan targets.',
};

/** At most this many entries in one scan/ranges/ call, and this many errors listed. */
export const MAX_RANGES_ENTRIES = 10_000;
const MAX_LISTED_ERRORS = 20;

/** Creates (no id) or updates a target; 409 keyed by `field` when the customer already has the same one. */
export async function saveTarget(
  db: Db,
  customerId: number,
  userId: number,
  field: 'host' | 'iprange',
  v: TargetValues,
  id?: number,
): Promise<TargetRow | null> {
  const duplicate = () => conflict({ [field]: [DUPLICATE[v.kind]] });
  if (await findTarget(db, customerId, v.kind, v.value, id)) throw duplicate();
  try {
    const row = id === undefined ? await insertTarget(db, customerId, userId, v) : await updateTarget(db, customerId, id, v);
    // An insert that conflicted returns nothing: another request saved the same target just now.
    if (!row && id === undefined) throw duplicate();
    return row;
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicate();
    throw e;
  }
}

/**
 * scan/ranges/: validates every entry first (400 keyed `targets`, naming each bad entry and its line), then saves the new
 * ones in one transaction. Entries repeated in the text count once; entries the customer already has count as existing.
 */
export async function saveMany(db: Db, customerId: number, userId: number, text: string): Promise<{ rows: TargetRow[]; existing: number }> {
  const entries = splitTargetLines(text);
  if (entries.length === 0) throw badRequest({ targets: ['Enter at least one host, network or IP range.'] });
  if (entries.length > MAX_RANGES_ENTRIES) {
    throw badRequest({ targets: [`Enter at most ${MAX_RANGES_ENTRIES} targets at once (there are ${entries.length}).`] });
  }
  const errors: string[] = [];
  let bad = 0;
  const unique = new Map<string, TargetValues>();
  for (const e of entries) {
    const c = classifyTarget(e.text);
    if (!c.ok) {
      if (++bad <= MAX_LISTED_ERRORS) errors.push(`Line ${e.line}: ${e.text}: ${c.message}`);
      continue;
    }
    unique.set(`${c.kind} ${c.value}`, { kind: c.kind, value: c.value, name: '', description: '' });
  }
  if (bad > MAX_LISTED_ERRORS) errors.push(`… and ${bad - MAX_LISTED_ERRORS} more.`);
  if (errors.length > 0) throw badRequest({ targets: errors });

  const values = [...unique.values()];
  const rows = await db.transaction(async (tx) => {
    const created: TargetRow[] = [];
    // Slices keep each statement's parameters well under the protocol's limit.
    for (let i = 0; i < values.length; i += 1000) created.push(...(await insertTargets(tx, customerId, userId, values.slice(i, i + 1000))));
    return created;
  });
  return { rows, existing: values.length - rows.length };
}
