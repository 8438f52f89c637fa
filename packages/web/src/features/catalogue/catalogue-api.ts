// Calls of the vulnerability-test catalogue screen: the tests (shipped and community, each ignored for the organisation
// or not), ignoring and un-ignoring one, and the refused templates.
import { networkTest, networkTestDetail, refusedTemplate, type NetworkTestDetail } from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../components/paged-answer.ts';

/** A test as the catalogue lists it: whether the organisation ignores it (its findings stop counting) comes beside it. */
export type CatalogueTest = ReturnType<typeof networkTest.parse> & { ignored: boolean };
export type RefusedTemplate = ReturnType<typeof refusedTemplate.parse>;

const listedTest = {
  parse(data: unknown): CatalogueTest {
    const ignored = typeof data === 'object' && data !== null && (data as { ignored?: unknown }).ignored === true;
    return { ...networkTest.parse(data), ignored };
  },
};
const testPage = pagedAnswer(listedTest);
const refusedPage = pagedAnswer(refusedTemplate);

export function fetchCatalogueTests(query: QueryParams, signal?: AbortSignal): Promise<Paged<CatalogueTest>> {
  return api.get('nvt/nvtests-simple/', { query, signal, schema: testPage });
}

/** GET nvt/refused-templates/: check templates that did not load, with why (Bulwark). */
export function fetchRefusedTemplates(query: QueryParams, signal?: AbortSignal): Promise<Paged<RefusedTemplate>> {
  return api.get('nvt/refused-templates/', { query, signal, schema: refusedPage });
}

/** POST nvt/nvtests-simple/{id}/ignore/ or unignore/: the organisation ignores the test (its findings stop counting) or not. */
export function setTestIgnored(id: string, ignored: boolean): Promise<unknown> {
  return api.post(`nvt/nvtests-simple/${encodeURIComponent(id)}/${ignored ? 'ignore' : 'unignore'}/`);
}

/** The page of one test (/vt/vulnerability-tests/{id}). */
export const testPagePath = (id: string): string => `/vt/vulnerability-tests/${encodeURIComponent(id)}`;

/** GET nvt/nvtests-simple/{id}/: one test with its description, solution, CWE, references and what it runs on. */
export function fetchCatalogueTest(id: string, signal?: AbortSignal): Promise<NetworkTestDetail> {
  return api.get(`nvt/nvtests-simple/${encodeURIComponent(id)}/`, { signal, schema: networkTestDetail });
}
