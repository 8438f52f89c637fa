// The test-selection rule of network scan profiles: which check templates a profile's plus/minus categories and tests
// select. The server (catalogue, profile validation) and the probe (what to run) apply this one rule.
import type { CheckTemplate } from './types.ts';

/** The catalogue id of a template category: its name in lower case, runs of other characters as '-' ('SSL/TLS' → 'ssl-tls'). */
export function categoryId(category: string): string {
  return (
    category
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'uncategorized'
  );
}

/** The profile fields the rule reads (network profile names). */
export interface TestSelection {
  plus_categories?: readonly string[] | null;
  minus_categories?: readonly string[] | null;
  plus_tests?: readonly string[] | null;
  minus_tests?: readonly string[] | null;
  /** Greenbone's "safe checks": on unless false; templates that may harm the target (CheckTemplate.unsafe) stay out. */
  safe_checks?: boolean | null;
}

/**
 * Start from every template, or only those of `plus_categories` when that list is not empty; add `plus_tests`;
 * then remove the templates of `minus_categories` and `minus_tests` (a removal wins over an addition), and, while safe
 * checks are on, every unsafe template, even one named in `plus_tests` (safe checks are turned off for that).
 * Keeps the templates' order. Unknown ids select nothing.
 */
export function selectTemplates<T extends { id: string; bulwark: Pick<CheckTemplate['bulwark'], 'category'>; unsafe?: string }>(
  templates: readonly T[],
  selection: TestSelection,
): T[] {
  const plusCategories = new Set(selection.plus_categories ?? []);
  const minusCategories = new Set(selection.minus_categories ?? []);
  const plusTests = new Set(selection.plus_tests ?? []);
  const minusTests = new Set(selection.minus_tests ?? []);
  const safe = selection.safe_checks !== false;
  return templates.filter((t) => {
    if (safe && t.unsafe) return false;
    const category = categoryId(t.bulwark.category);
    const selected = plusCategories.size === 0 || plusCategories.has(category) || plusTests.has(t.id);
    return selected && !minusCategories.has(category) && !minusTests.has(t.id);
  });
}
