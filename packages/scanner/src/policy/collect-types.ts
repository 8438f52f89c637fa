// What a collector receives (one object with every entity reduced to a single value) and the helpers collectors
// share for matching candidates against object entities.
import { compareValues } from './compare.ts';
import { pcre } from './regex.ts';
import type { Collected, Datatype, Item, Operation, OvalObject, OvalResult } from './oval-types.ts';
import type { Target } from './target.ts';

/** An object entity after variable expansion: one value. */
export interface EntityValue {
  name: string;
  value: string;
  nil: boolean;
  operation: Operation;
  datatype: Datatype;
}

export interface CollectRequest {
  object: OvalObject;
  entities: Map<string, EntityValue>;
  target: Target;
  /** The object's filters, for collectors that can drop items as they find them (a walk of "/" finds many). */
  keep?: (item: Item) => boolean;
}

export type Collector = (req: CollectRequest) => Promise<Collected>;

/** How an object entity judges a candidate value (OpenSCAP's probe_entobj_cmp: "not evaluated" counts as no match). */
export function entityMatch(ent: EntityValue | undefined, candidate: string): OvalResult {
  if (!ent) return 'true';
  const r = compareValues(ent.value, ent.datatype, candidate, ent.operation);
  return r === 'not evaluated' ? 'false' : r;
}

export const matches = (ent: EntityValue | undefined, candidate: string) => entityMatch(ent, candidate) === 'true';

/** A predicate for many candidates (file names of a walk): the comparison is prepared once. */
export function matcher(ent: EntityValue | undefined): (candidate: string) => boolean {
  if (!ent) return () => true;
  if (ent.datatype === 'string' && ent.operation === 'equals') return (c) => c === ent.value;
  if (ent.datatype === 'string' && ent.operation === 'pattern match') {
    let re: RegExp;
    try {
      re = pcre(ent.value);
    } catch {
      return () => false;
    }
    return (c) => re.test(c);
  }
  return (c) => matches(ent, c);
}

export function collected(items: Collected['items'], messages: string[] = []): Collected {
  return { flag: items.length > 0 ? 'complete' : 'does not exist', items, messages };
}

export function collectError(message: string): Collected {
  return { flag: 'error', items: [], messages: [message] };
}

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
