// Calls of the network scan profile screens: list, one, create, update, delete, copy, export, import, test catalogue.
import {
  networkProfile,
  networkProfileExport,
  type networkProfileInput,
  networkTest,
  testCategory,
  type NetworkProfile,
} from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { listAnswer, pagedAnswer, type Paged } from '../../components/paged-answer.ts';

export type NetworkProfileInput = ReturnType<typeof networkProfileInput.parse>;
export type NetworkProfileExport = ReturnType<typeof networkProfileExport.parse>;
export type TestCategory = ReturnType<typeof testCategory.parse>;
export type NetworkTest = ReturnType<typeof networkTest.parse>;

const profilePage = pagedAnswer(networkProfile);
const categoryList = listAnswer(testCategory);
const testPage = pagedAnswer(networkTest);

export function fetchProfiles(query: QueryParams, signal?: AbortSignal): Promise<Paged<NetworkProfile>> {
  return api.get('scan/nprofiles/', { query, signal, schema: profilePage });
}

export function fetchProfile(id: number, signal?: AbortSignal): Promise<NetworkProfile> {
  return api.get(`scan/nprofiles/${id}/`, { signal, schema: networkProfile });
}

export function createProfile(input: NetworkProfileInput): Promise<NetworkProfile> {
  return api.post('scan/nprofiles/', input, { schema: networkProfile });
}

export function updateProfile(id: number, input: NetworkProfileInput): Promise<NetworkProfile> {
  return api.put(`scan/nprofiles/${id}/`, input, { schema: networkProfile });
}

export function deleteProfile(id: number): Promise<void> {
  return api.delete(`scan/nprofiles/${id}/`);
}

/** POST scan/nprofiles/{id}/copy/: a copy named by the copy-name rule ('Name (1)'). */
export function copyProfile(id: number): Promise<NetworkProfile> {
  return api.post(`scan/nprofiles/${id}/copy/`, undefined, { schema: networkProfile });
}

export function exportProfile(id: number): Promise<NetworkProfileExport> {
  return api.get(`scan/nprofiles/${id}/export/`, { schema: networkProfileExport });
}

/** POST scan/nprofiles/import/ with the JSON of an export. */
export function importProfile(data: unknown): Promise<NetworkProfile> {
  return api.post('scan/nprofiles/import/', data, { schema: networkProfile });
}

export function fetchTestCategories(signal?: AbortSignal): Promise<TestCategory[]> {
  return api.get('nvt/vtestcategories/', { signal, schema: categoryList });
}

export function fetchTests(query: QueryParams, signal?: AbortSignal): Promise<Paged<NetworkTest>> {
  return api.get('nvt/nvtests-simple/', { query, signal, schema: testPage });
}
