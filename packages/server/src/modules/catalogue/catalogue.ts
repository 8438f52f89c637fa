// The vulnerability-test catalogue: the scanner's check templates, loaded once per process, as categories and test rows,
// and the templates a profile's plus/minus categories and tests select (the scanner's own rule).
import { categoryId, loadTemplates, selectTemplates, type CheckTemplate, type TestSelection } from '@bulwark/scanner';
import type { z } from 'zod';
import type { networkTest, testCategory } from '@bulwark/core';

export type TestCategory = z.infer<typeof testCategory>;
export type NetworkTest = z.infer<typeof networkTest>;

export interface Catalogue {
  templates: CheckTemplate[];
  /** Test rows in template order. */
  tests: NetworkTest[];
  testIds: Set<string>;
  /** Sorted by name. */
  categories: TestCategory[];
  categoryIds: Set<string>;
}

let cached: Promise<Catalogue> | undefined;

function build(templates: CheckTemplate[]): Catalogue {
  const tests = templates.map((t): NetworkTest => ({
    id: t.id,
    name: t.info.name,
    category: categoryId(t.bulwark.category),
    severity: t.info.severity,
    cve: t.info.cve,
    tags: t.info.tags,
    description: t.info.description ?? '',
    solution: t.bulwark.solution || t.info.remediation || '',
  }));
  const categories = new Map<string, TestCategory>();
  for (const t of templates) {
    const id = categoryId(t.bulwark.category);
    const c = categories.get(id) ?? { id, name: t.bulwark.category, count: 0 };
    c.count += 1;
    categories.set(id, c);
  }
  const sorted = [...categories.values()].sort((a, b) => a.name.localeCompare(b.name));
  return { templates, tests, testIds: new Set(tests.map((t) => t.id)), categories: sorted, categoryIds: new Set(categories.keys()) };
}

/** The shipped templates, read from disk on first use only (they do not change while the server runs). */
export function catalogue(): Promise<Catalogue> {
  cached ??= loadTemplates().then(({ templates }) => build(templates));
  // A failed read is not kept, so the next call tries again.
  cached.catch(() => (cached = undefined));
  return cached;
}

/** The ids of the templates a profile selects, in template order. */
export async function selectTests(fields: TestSelection): Promise<string[]> {
  return selectTemplates((await catalogue()).templates, fields).map((t) => t.id);
}

/** The listed ids that are not in the catalogue, keyed by profile field; empty when all are known. */
export async function unknownSelections(fields: TestSelection): Promise<Record<string, string[]>> {
  const c = await catalogue();
  const out: Record<string, string[]> = {};
  const check = (field: keyof TestSelection, known: Set<string>, one: string, many: string) => {
    const unknown = [...new Set(fields[field] ?? [])].filter((id) => !known.has(id));
    if (unknown.length > 0) out[field] = [`Unknown ${unknown.length > 1 ? many : one}: ${unknown.join(', ')}.`];
  };
  check('plus_categories', c.categoryIds, 'test category', 'test categories');
  check('minus_categories', c.categoryIds, 'test category', 'test categories');
  check('plus_tests', c.testIds, 'test', 'tests');
  check('minus_tests', c.testIds, 'test', 'tests');
  return out;
}
