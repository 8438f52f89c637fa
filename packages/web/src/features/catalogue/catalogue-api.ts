// Calls of the vulnerability-test catalogue screen: the tests (shipped and community) and the refused templates.
import { networkTest, refusedTemplate } from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../components/paged-answer.ts';

export type CatalogueTest = ReturnType<typeof networkTest.parse>;
export type RefusedTemplate = ReturnType<typeof refusedTemplate.parse>;

const testPage = pagedAnswer(networkTest);
const refusedPage = pagedAnswer(refusedTemplate);

export function fetchCatalogueTests(query: QueryParams, signal?: AbortSignal): Promise<Paged<CatalogueTest>> {
  return api.get('nvt/nvtests-simple/', { query, signal, schema: testPage });
}

/** GET nvt/refused-templates/: check templates that did not load, with why (Bulwark). */
export function fetchRefusedTemplates(query: QueryParams, signal?: AbortSignal): Promise<Paged<RefusedTemplate>> {
  return api.get('nvt/refused-templates/', { query, signal, schema: refusedPage });
}
