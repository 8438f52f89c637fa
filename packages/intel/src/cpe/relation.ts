// CPE name matching (NISTIR 7696): the relation of a source attribute to a target attribute, and the superset test.
import { CPE_ATTRIBUTES, type Cpe, type CpeValue } from './cpe.ts';

/** Set relation of a source attribute value to a target one (NISTIR 7696 §6.1, table 6-2). */
export type CpeRelation = 'SUPERSET' | 'SUBSET' | 'EQUAL' | 'DISJOINT' | 'UNDEFINED';

/** Relation of `source` to `target` for one attribute. */
export function compareCpeValues(source: CpeValue, target: CpeValue): CpeRelation {
  if (target.kind === 'value' && target.pattern) {
    // A target with wildcards is outside the table's defined cases, except against ANY.
    return source.kind === 'any' ? 'SUPERSET' : 'UNDEFINED';
  }
  if (source.kind === 'any') return target.kind === 'any' ? 'EQUAL' : 'SUPERSET';
  if (source.kind === 'na') return target.kind === 'na' ? 'EQUAL' : target.kind === 'any' ? 'SUBSET' : 'DISJOINT';
  if (target.kind === 'any') return 'SUBSET';
  if (target.kind === 'na') return 'DISJOINT';
  if (source.pattern) return source.pattern.test(target.value) ? 'SUPERSET' : 'DISJOINT';
  return source.value === target.value ? 'EQUAL' : 'DISJOINT';
}

/** Relations of every attribute. */
export function compareCpes(source: Cpe, target: Cpe): Record<(typeof CPE_ATTRIBUTES)[number], CpeRelation> {
  const out = {} as Record<(typeof CPE_ATTRIBUTES)[number], CpeRelation>;
  for (const a of CPE_ATTRIBUTES) out[a] = compareCpeValues(source[a], target[a]);
  return out;
}

/** CPE_SUPERSET: the source names every product the target names (each attribute SUPERSET or EQUAL). */
export function cpeIsSuperset(source: Cpe, target: Cpe): boolean {
  return CPE_ATTRIBUTES.every((a) => {
    const r = compareCpeValues(source[a], target[a]);
    return r === 'SUPERSET' || r === 'EQUAL';
  });
}

/** CPE_EQUAL: every attribute EQUAL. */
export function cpeIsEqual(source: Cpe, target: Cpe): boolean {
  return CPE_ATTRIBUTES.every((a) => compareCpeValues(source[a], target[a]) === 'EQUAL');
}

/** CPE_DISJOINT: some attribute DISJOINT. */
export function cpeIsDisjoint(source: Cpe, target: Cpe): boolean {
  return CPE_ATTRIBUTES.some((a) => compareCpeValues(source[a], target[a]) === 'DISJOINT');
}
