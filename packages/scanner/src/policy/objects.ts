// Collecting an OVAL object: expanding entities that reference variables (every combination of values is collected
// and the results united), dispatching to the type's collector, applying filters, and evaluating sets.
import type { CollectRequest, EntityValue } from './collect-types.ts';
import { COLLECTORS } from './collectors.ts';
import { RecordItem, type FieldSpec } from './items.ts';
import type { Collected, Item, OvalDocument, OvalFilter, OvalObject, OvalSet, VariableValues } from './oval-types.ts';
import { combineSetFlags, hasValues } from './results.ts';
import type { PreparedState } from './states.ts';
import type { Target } from './target.ts';

export interface ObjectContext {
  doc: OvalDocument;
  target: Target;
  object(id: string): Promise<Collected>;
  variable(id: string): Promise<VariableValues>;
  state(id: string): Promise<PreparedState | undefined>;
}

// More combinations than this means the content asks for a product no target can answer in reasonable time.
const MAX_COMBINATIONS = 10_000;

function unite(parts: Collected[]): Collected {
  let out: Collected | undefined;
  for (const p of parts) {
    if (!out) {
      out = { flag: p.flag, items: [...p.items], messages: [...p.messages] };
      continue;
    }
    const seen = new Set(out.items.map((i) => i.key()));
    out.flag = combineSetFlags(out.flag, p.flag, 'UNION');
    for (const it of p.items) if (!seen.has(it.key())) out.items.push(it);
    out.messages.push(...p.messages);
  }
  if (!out) return { flag: 'does not exist', items: [], messages: [] };
  if (out.flag === 'complete' && out.items.length === 0) out.flag = 'does not exist';
  return out;
}

/** The filters as one predicate (an include filter keeps only items that satisfy its state); a string when one is undefined. */
async function filterPredicate(filters: OvalFilter[], ctx: ObjectContext): Promise<((item: Item) => boolean) | string> {
  const prepared: { action: OvalFilter['action']; state: PreparedState }[] = [];
  for (const f of filters) {
    const state = await ctx.state(f.stateRef);
    if (!state) return `Filter state ${f.stateRef} is not defined.`;
    prepared.push({ action: f.action, state });
  }
  return (item) => {
    for (const f of prepared) {
      const r = f.state.filter(item);
      if ((r === 'true' && f.action === 'exclude') || (r === 'false' && f.action === 'include')) return false;
    }
    return true;
  };
}

/** Removes the items the filters reject. */
export async function applyFilters(c: Collected, filters: OvalFilter[], ctx: ObjectContext): Promise<Collected> {
  if (filters.length === 0 || c.items.length === 0) return c;
  const keep = await filterPredicate(filters, ctx);
  if (typeof keep === 'string') return { flag: 'error', items: [], messages: [...c.messages, keep] };
  const items = c.items.filter(keep);
  const flag = c.flag === 'complete' && items.length === 0 ? 'does not exist' : c.flag;
  return { flag, items, messages: c.messages };
}

function combineSetResults(a: Collected, b: Collected, op: OvalSet['operator']): Collected {
  const bKeys = new Set(b.items.map((i) => i.key()));
  let items: Item[];
  if (op === 'UNION') {
    const aKeys = new Set(a.items.map((i) => i.key()));
    items = [...a.items, ...b.items.filter((i) => !aKeys.has(i.key()))];
  } else if (op === 'INTERSECTION') items = a.items.filter((i) => bKeys.has(i.key()));
  else items = a.items.filter((i) => !bKeys.has(i.key()));
  let flag = combineSetFlags(a.flag, b.flag, op);
  if (flag === 'complete' && items.length === 0) flag = 'does not exist';
  return { flag, items, messages: [...a.messages, ...b.messages] };
}

export async function evaluateSet(set: OvalSet, ctx: ObjectContext): Promise<Collected> {
  let operands: Collected[];
  if (set.sets.length > 0) operands = await Promise.all(set.sets.map((s) => evaluateSet(s, ctx)));
  else {
    operands = await Promise.all(
      set.objectRefs.map(async (ref) => {
        const c = await ctx.object(ref);
        return applyFilters(c, set.filters, ctx);
      }),
    );
  }
  if (operands.length === 0) return { flag: 'error', items: [], messages: ['An empty set.'] };
  if (operands.length === 1) return operands[0];
  return combineSetResults(operands[0], operands[1], set.operator);
}

async function collectVariableObject(obj: OvalObject, ctx: ObjectContext): Promise<Collected> {
  const ref = obj.entities.find((e) => e.name === 'var_ref');
  if (!ref) return { flag: 'error', items: [], messages: ['variable_object without var_ref.'] };
  const ids = ref.varRef ? (await ctx.variable(ref.varRef)).values.map((v) => v.value) : [ref.value];
  const items: Item[] = [];
  for (const id of ids) {
    if (!ctx.doc.variables.has(id)) continue;
    const v = await ctx.variable(id);
    // A variable that has no values makes the object not exist; one that could not be computed gives an item without values.
    if (v.flag === 'does not exist') return { flag: 'does not exist', items: [], messages: [`Referenced variable ${id} has no values.`] };
    const fields: FieldSpec[] = [['var_ref', id]];
    if (hasValues(v.flag)) for (const val of v.values) fields.push(['value', val.value, val.datatype]);
    items.push(new RecordItem('variable_item', fields));
  }
  return { flag: items.length > 0 ? 'complete' : 'does not exist', items, messages: [] };
}

/** Collects one object: the engine's memo calls this once per object id. */
export async function collectObject(obj: OvalObject, ctx: ObjectContext): Promise<Collected> {
  if (obj.set) return evaluateSet(obj.set, ctx);
  if (obj.type === 'variable_object') return applyFilters(await collectVariableObject(obj, ctx), obj.filters, ctx);
  const collector = COLLECTORS[`${obj.family}:${obj.type}`];
  if (!collector) {
    return {
      flag: 'not collected',
      items: [],
      messages: [`Bulwark does not collect ${obj.family}:${obj.type} objects.`],
      unsupported: true,
    };
  }
  // Each entity's candidate values; entities that reference variables take every value of the variable.
  const choices: EntityValue[][] = [];
  for (const e of obj.entities) {
    const base = { name: e.name, nil: e.nil, operation: e.operation, datatype: e.datatype };
    if (!e.varRef) {
      choices.push([{ ...base, value: e.value }]);
      continue;
    }
    const v = await ctx.variable(e.varRef);
    if (!hasValues(v.flag) || v.values.length === 0) {
      const why = hasValues(v.flag) || v.flag === 'does not exist' ? 'has no values' : `could not be computed (${v.flag})`;
      return { flag: 'does not exist', items: [], messages: [`Referenced variable ${e.varRef} ${why}.`, ...v.messages] };
    }
    choices.push([...new Set(v.values.map((x) => x.value))].map((value) => ({ ...base, value })));
  }
  const total = choices.reduce((n, c) => n * c.length, 1);
  if (total > MAX_COMBINATIONS) return { flag: 'error', items: [], messages: [`The object's variables give ${total} combinations.`] };
  let combos: EntityValue[][] = [[]];
  for (const c of choices) combos = combos.flatMap((prefix) => c.map((v) => [...prefix, v]));
  const keep = obj.filters.length > 0 ? await filterPredicate(obj.filters, ctx) : undefined;
  if (typeof keep === 'string') return { flag: 'error', items: [], messages: [keep] };
  const parts = await Promise.all(
    combos.map(async (combo) => {
      const req: CollectRequest = { object: obj, entities: new Map(combo.map((e) => [e.name, e])), target: ctx.target };
      if (keep) req.keep = keep;
      const c = await collector(req);
      // Collectors that ignore `keep` are filtered here; filtering again is harmless.
      const items = keep ? c.items.filter(keep) : c.items;
      return { ...c, items, flag: c.flag === 'complete' && items.length === 0 ? ('does not exist' as const) : c.flag };
    }),
  );
  return unite(parts);
}
