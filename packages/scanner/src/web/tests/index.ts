// Every web test the scanner has: the catalogue (nvt/wvtests-simple/, /was/catalog) lists these, a web profile
// selects among them by category and id, and the engine runs the selection.
import type { WebTest, WebTestInfo } from '../types.ts';
import { ACTIVE_WEB_TESTS } from './active/index.ts';
import { PASSIVE_WEB_TESTS } from './passive/index.ts';

export const WEB_TESTS: readonly WebTest[] = [...ACTIVE_WEB_TESTS, ...PASSIVE_WEB_TESTS];

/** The catalogue's view of the tests: what they are, without their code. */
export function webTestCatalogue(): WebTestInfo[] {
  return WEB_TESTS.map(({ id, name, category, severity, cwe, owasp, description, solution, references, kind }) => ({
    id,
    name,
    category,
    severity,
    cwe,
    owasp,
    description,
    solution,
    references,
    kind,
  }));
}
