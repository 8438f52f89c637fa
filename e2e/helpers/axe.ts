// The accessibility check of the browser tests: axe-core (the rule engine behind most accessibility tools) run inside the
// page against the WCAG 2.0 and 2.1 A and AA rules. It is handed to the page through the DevTools protocol, which the
// page's content-security policy does not govern, so the policy stays as strict as it is in production.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets of WCAG 2.1 level AA (which includes level A and WCAG 2.0). */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  /** Each failing element: its CSS path and axe's summary of what to fix. */
  nodes: { target: string; html: string; summary: string }[];
}

/**
 * Runs axe on the page as it is now and returns its violations (at most five elements each, so a report stays short).
 * Runs as source text: the browser tests are compiled without the DOM's types.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(`typeof window.axe === 'object'`);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return (await page.evaluate(`(async () => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_21_AA)} }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 200), summary: (n.failureSummary || '').split('\\n').slice(1).join(' ').slice(0, 240) })),
    }));
  })()`)) as AxeViolation[];
}

/** One line per violation, for a failure message: the rule, its impact and the elements that break it. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact ?? 'n/a'}) ${v.help}\n${v.nodes.map((n) => `    ${n.target} ${n.html} — ${n.summary}`).join('\n')}`,
    )
    .join('\n');
}
