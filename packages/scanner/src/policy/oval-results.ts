// Reads the definition results of an OVAL results document (another scanner's, e.g. `oscap oval eval --results`),
// to import them or to compare them with Bulwark's own evaluation.
import type { OvalResult } from './oval-types.ts';
import { childrenNamed, findFirst, parseXml } from './xml.ts';

const RESULTS: ReadonlySet<string> = new Set(['true', 'false', 'error', 'unknown', 'not evaluated', 'not applicable']);

/** Definition id → result, from the first <system> of an <oval_results> document. */
export function parseOvalResults(xml: string): Map<string, OvalResult> {
  const root = parseXml(xml);
  const results = root.children.find((c) => c.name === 'results');
  const system = results && childrenNamed(results, 'system')[0];
  const defs = system && findFirst(system, 'definitions');
  if (!defs) throw new Error('No definition results in this document.');
  const out = new Map<string, OvalResult>();
  for (const d of childrenNamed(defs, 'definition')) {
    const r = d.attrs.result;
    if (d.attrs.definition_id && RESULTS.has(r)) out.set(d.attrs.definition_id, r as OvalResult);
  }
  return out;
}
