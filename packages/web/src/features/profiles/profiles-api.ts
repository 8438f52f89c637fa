// Types of network scan profiles and the calls of the test catalogue their form picks from (the profile calls themselves
// are the kind's, profile-api.ts).
import { type networkProfileExport, type networkProfileInput, networkTest, testCategory } from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { listAnswer, pagedAnswer, type Paged } from '../../components/paged-answer.ts';

export type NetworkProfileInput = ReturnType<typeof networkProfileInput.parse>;
export type NetworkProfileExport = ReturnType<typeof networkProfileExport.parse>;
export type TestCategory = ReturnType<typeof testCategory.parse>;
export type NetworkTest = ReturnType<typeof networkTest.parse>;

const categoryList = listAnswer(testCategory);
const testPage = pagedAnswer(networkTest);

export function fetchTestCategories(signal?: AbortSignal): Promise<TestCategory[]> {
  return api.get('nvt/vtestcategories/', { signal, schema: categoryList });
}

export function fetchTests(query: QueryParams, signal?: AbortSignal): Promise<Paged<NetworkTest>> {
  return api.get('nvt/nvtests-simple/', { query, signal, schema: testPage });
}
