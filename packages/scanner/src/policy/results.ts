// OVAL's truth tables: combining results by operator (AND/OR/ONE/XOR) and by check, existence checks, negation, and
// how collection flags combine in sets and variables. They follow the OVAL 5.11 specification as OpenSCAP applies it.
import type { Check, CollectedFlag, Existence, ItemStatus, Operator, OvalResult, SetOperator } from './oval-types.ts';

interface Counts {
  t: number;
  f: number;
  e: number;
  u: number;
  ne: number;
  na: number;
}

function count(results: readonly OvalResult[]): Counts {
  const c: Counts = { t: 0, f: 0, e: 0, u: 0, ne: 0, na: 0 };
  for (const r of results) {
    if (r === 'true') c.t++;
    else if (r === 'false') c.f++;
    else if (r === 'error') c.e++;
    else if (r === 'unknown') c.u++;
    else if (r === 'not evaluated') c.ne++;
    else c.na++;
  }
  return c;
}

// Shared by both tables: nothing to combine is unknown; only "not applicable" results are not applicable.
function degenerate(c: Counts): OvalResult | undefined {
  if (c.t + c.f + c.e + c.u + c.ne + c.na === 0) return 'unknown';
  if (c.na > 0 && c.t + c.f + c.e + c.u + c.ne === 0) return 'not applicable';
  return undefined;
}

// "AND" and check "all" share a table, as do "OR" and "at least one".
function all(c: Counts): OvalResult {
  if (c.t > 0 && c.f === 0 && c.e === 0 && c.u === 0 && c.ne === 0) return 'true';
  if (c.f > 0) return 'false';
  if (c.e > 0) return 'error';
  if (c.u > 0) return 'unknown';
  return 'not evaluated';
}

function atLeastOne(c: Counts): OvalResult {
  if (c.t > 0) return 'true';
  if (c.f > 0 && c.u === 0 && c.e === 0 && c.ne === 0) return 'false';
  if (c.e > 0) return 'error';
  if (c.u > 0) return 'unknown';
  return 'not evaluated';
}

function onlyOne(c: Counts): OvalResult {
  if (c.t === 1 && c.e === 0 && c.u === 0 && c.ne === 0) return 'true';
  if (c.t > 1) return 'false';
  if (c.e > 0) return 'error';
  if (c.u > 0) return 'unknown';
  if (c.ne > 0) return 'not evaluated';
  return 'false';
}

/** Combines the results of criteria children or of a state's entities by an operator. */
export function combineByOperator(results: readonly OvalResult[], operator: Operator): OvalResult {
  const c = count(results);
  const d = degenerate(c);
  if (d) return d;
  switch (operator) {
    case 'AND':
      return all(c);
    case 'OR':
      return atLeastOne(c);
    case 'ONE':
      if (c.t === 1 && c.e === 0 && c.u === 0 && c.ne === 0) return 'true';
      if (c.t >= 2) return 'false';
      if (c.t === 0 && c.e === 0 && c.u === 0 && c.ne === 0) return 'false';
      if (c.e > 0) return 'error';
      if (c.u > 0) return 'unknown';
      return 'not evaluated';
    case 'XOR':
      if (c.e > 0) return 'error';
      if (c.u > 0) return 'unknown';
      if (c.ne > 0) return 'not evaluated';
      return c.t % 2 === 1 ? 'true' : 'false';
  }
}

/** Combines per-item (or per-value) results by a check. */
export function combineByCheck(results: readonly OvalResult[], check: Check): OvalResult {
  const c = count(results);
  const d = degenerate(c);
  if (d) return d;
  switch (check) {
    case 'all':
      return all(c);
    case 'at least one':
      return atLeastOne(c);
    case 'none exist':
    case 'none satisfy':
      if (c.t > 0) return 'false';
      if (c.e > 0) return 'error';
      if (c.u > 0) return 'unknown';
      if (c.ne > 0) return 'not evaluated';
      return 'true';
    case 'only one':
      return onlyOne(c);
  }
}

export function negateResult(r: OvalResult): OvalResult {
  return r === 'true' ? 'false' : r === 'false' ? 'true' : r;
}

/** A test's check_existence over the items of a completely collected object. */
export function existenceResult(existence: Existence, exists: number, errors: number): OvalResult {
  switch (existence) {
    case 'all_exist':
      if (errors > 0) return 'error';
      return exists >= 1 ? 'true' : 'false';
    case 'any_exist':
      return exists === 0 && errors > 0 ? 'error' : 'true';
    case 'at_least_one_exists':
      if (exists >= 1) return 'true';
      return errors > 0 ? 'error' : 'false';
    case 'none_exist':
      if (errors > 0) return 'error';
      return exists === 0 ? 'true' : 'false';
    case 'only_one_exists':
      if (exists >= 2) return 'false';
      if (errors > 0) return 'error';
      return exists === 1 ? 'true' : 'false';
  }
}

/** A state entity's check_existence over the statuses of the item entities it is compared with. */
export function entityExistenceResult(existence: Existence, statuses: readonly ItemStatus[]): OvalResult {
  let ex = 0;
  let dne = 0;
  let err = 0;
  let nc = 0;
  for (const s of statuses) {
    if (s === 'exists') ex++;
    else if (s === 'does not exist') dne++;
    else if (s === 'error') err++;
    else nc++;
  }
  switch (existence) {
    case 'all_exist':
      if (ex >= 1 && dne === 0 && err === 0 && nc === 0) return 'true';
      if (dne >= 1 || (ex === 0 && err === 0 && nc === 0)) return 'false';
      return err >= 1 ? 'error' : 'unknown';
    case 'any_exist':
      return err >= 1 && ex === 0 ? 'error' : 'true';
    case 'at_least_one_exists':
      if (ex >= 1) return 'true';
      if (err >= 1) return 'error';
      return 'unknown';
    case 'none_exist':
      if (ex >= 1) return 'false';
      if (err >= 1) return 'error';
      return nc >= 1 ? 'unknown' : 'true';
    case 'only_one_exists':
      if (ex === 1 && err === 0 && nc === 0) return 'true';
      if (ex >= 2) return 'false';
      if (ex === 0 && err === 0 && nc === 1) return 'false';
      return err + nc > 0 ? 'error' : 'unknown';
  }
}

type FlagTable = Record<CollectedFlag, Record<CollectedFlag, CollectedFlag>>;
const row = (
  complete: CollectedFlag,
  incomplete: CollectedFlag,
  error: CollectedFlag,
  dne: CollectedFlag,
  nc: CollectedFlag,
  na: CollectedFlag,
): Record<CollectedFlag, CollectedFlag> => ({
  complete,
  incomplete,
  error,
  'does not exist': dne,
  'not collected': nc,
  'not applicable': na,
});

// Rows: the first operand's flag; columns: the second's (OVAL 5.11 set operation tables).
const SET_FLAGS: Record<SetOperator, FlagTable> = {
  UNION: {
    complete: row('complete', 'incomplete', 'error', 'complete', 'incomplete', 'complete'),
    incomplete: row('incomplete', 'incomplete', 'error', 'incomplete', 'incomplete', 'incomplete'),
    error: row('error', 'error', 'error', 'error', 'error', 'error'),
    'does not exist': row('complete', 'incomplete', 'error', 'does not exist', 'incomplete', 'does not exist'),
    'not collected': row('incomplete', 'incomplete', 'error', 'incomplete', 'not collected', 'not collected'),
    'not applicable': row('complete', 'incomplete', 'error', 'does not exist', 'not collected', 'not applicable'),
  },
  INTERSECTION: {
    complete: row('complete', 'incomplete', 'error', 'does not exist', 'not collected', 'complete'),
    incomplete: row('incomplete', 'incomplete', 'error', 'does not exist', 'incomplete', 'not applicable'),
    error: row('error', 'error', 'error', 'error', 'error', 'error'),
    'does not exist': row('does not exist', 'does not exist', 'does not exist', 'does not exist', 'does not exist', 'does not exist'),
    'not collected': row('not collected', 'not collected', 'error', 'does not exist', 'not collected', 'not collected'),
    'not applicable': row('complete', 'incomplete', 'error', 'does not exist', 'not collected', 'not applicable'),
  },
  COMPLEMENT: {
    complete: row('complete', 'error', 'error', 'complete', 'error', 'error'),
    incomplete: row('incomplete', 'error', 'error', 'incomplete', 'error', 'error'),
    error: row('error', 'error', 'error', 'error', 'error', 'error'),
    'does not exist': row('does not exist', 'does not exist', 'does not exist', 'does not exist', 'does not exist', 'error'),
    'not collected': row('not collected', 'not collected', 'error', 'not collected', 'not collected', 'error'),
    'not applicable': row('error', 'error', 'error', 'error', 'error', 'error'),
  },
};

export const combineSetFlags = (a: CollectedFlag, b: CollectedFlag, op: SetOperator): CollectedFlag => SET_FLAGS[op][a][b];

// How a function component's flag absorbs the flags of its arguments: the first error wins, then the "worst" flag.
const FLAG_RANK: Record<CollectedFlag, number> = {
  complete: 0,
  incomplete: 1,
  'does not exist': 2,
  'not collected': 3,
  'not applicable': 4,
  error: 5,
};

export function aggregateFlags(flags: readonly CollectedFlag[]): CollectedFlag {
  let out: CollectedFlag | undefined;
  for (const f of flags) if (out === undefined || FLAG_RANK[f] > FLAG_RANK[out]) out = f;
  return out ?? 'complete';
}

export const hasValues = (f: CollectedFlag) => f === 'complete' || f === 'incomplete';
