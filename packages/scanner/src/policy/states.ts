// Comparing a collected item with a state, in the two ways OVAL does it: as a test's state (results side: a missing
// entity is "unknown", a variable's values carry their own datatype) and as an object's filter (collection side: a
// missing entity does not match, datatypes must agree).
import { compareValues } from './compare.ts';
import type { Item, OvalEntity, OvalResult, OvalState, VariableValues } from './oval-types.ts';
import { combineByCheck, combineByOperator, entityExistenceResult, hasValues } from './results.ts';

export interface PreparedState {
  readonly state: OvalState;
  /** The state's result for an item in a test. */
  test(item: Item): OvalResult;
  /** The state's result for an item in an object's filter. */
  filter(item: Item): OvalResult;
}

type Resolved = { entity: OvalEntity; vars?: VariableValues };

function testEntity(r: Resolved, item: Item): OvalResult {
  const { entity } = r;
  const ents = item.entities(entity.name);
  if (ents.length === 0) return 'unknown';
  const existence = entityExistenceResult(
    entity.checkExistence,
    ents.map((e) => e.status),
  );
  if (existence !== 'true') return existence;
  const results: OvalResult[] = [];
  for (const e of ents) {
    if (e.status === 'does not exist') {
      results.push('false');
      continue;
    }
    if (entity.datatype === 'record') {
      results.push('not evaluated');
      continue;
    }
    if (r.vars) {
      if (!hasValues(r.vars.flag)) {
        results.push('error');
        continue;
      }
      const per = r.vars.values.map((v) => compareValues(v.value, v.datatype, e.value, entity.operation));
      results.push(combineByCheck(per, entity.varCheck));
    } else results.push(compareValues(entity.value, entity.datatype, e.value, entity.operation));
  }
  return combineByCheck(results, entity.entityCheck);
}

function filterEntity(r: Resolved, item: Item): OvalResult {
  const { entity } = r;
  const ents = item.entities(entity.name);
  if (ents.length === 0) return 'false';
  const results: OvalResult[] = ents.map((e) => {
    if (e.status === 'does not exist') return 'false';
    if (e.status !== 'exists') return 'error';
    if (entity.datatype !== e.datatype) return 'error';
    if (r.vars) {
      if (!hasValues(r.vars.flag) || r.vars.values.length === 0) return 'error';
      const per = r.vars.values.map((v) => compareValues(v.value, entity.datatype, e.value, entity.operation));
      return combineByCheck(per, entity.varCheck);
    }
    const res = compareValues(entity.value, entity.datatype, e.value, entity.operation);
    return res === 'not evaluated' ? 'error' : res;
  });
  return combineByCheck(results, entity.entityCheck);
}

/** Resolves the state's variables once, then compares items synchronously. */
export async function prepareState(state: OvalState, variable: (id: string) => Promise<VariableValues>): Promise<PreparedState> {
  const resolved: Resolved[] = await Promise.all(
    state.entities.map(async (entity) => (entity.varRef ? { entity, vars: await variable(entity.varRef) } : { entity })),
  );
  return {
    state,
    test: (item) =>
      combineByOperator(
        resolved.map((r) => testEntity(r, item)),
        state.operator,
      ),
    filter: (item) =>
      combineByOperator(
        resolved.map((r) => filterEntity(r, item)),
        state.operator,
      ),
  };
}
