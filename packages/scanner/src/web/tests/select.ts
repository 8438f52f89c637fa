// Which web tests a web profile selects: every test (only the passive ones when the profile is passive only), within
// its plus categories when it names some, less its minus categories, plus the tests it names, less those it excludes.
// The task spec sends this list to the probe and the result processing closes only the findings of these tests.
import type { WebTestInfo } from '../types.ts';
import { webTestCatalogue } from './index.ts';

export interface WebTestSelection {
  passive_only?: boolean;
  plus_categories: readonly string[];
  minus_categories: readonly string[];
  plus_tests: readonly string[];
  minus_tests: readonly string[];
}

/** The selected test ids, in catalogue order. */
export function selectWebTests(p: WebTestSelection, catalogue: readonly WebTestInfo[] = webTestCatalogue()): string[] {
  const plusCategories = new Set(p.plus_categories);
  const minusCategories = new Set(p.minus_categories);
  const chosen = new Set(
    catalogue
      .filter((t) => (!p.passive_only || t.kind === 'passive') && (plusCategories.size === 0 || plusCategories.has(t.category)))
      .filter((t) => !minusCategories.has(t.category))
      .map((t) => t.id),
  );
  const known = new Set(catalogue.map((t) => t.id));
  for (const id of p.plus_tests) if (known.has(id)) chosen.add(id);
  for (const id of p.minus_tests) chosen.delete(id);
  return catalogue.map((t) => t.id).filter((id) => chosen.has(id));
}
