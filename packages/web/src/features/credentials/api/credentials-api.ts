// Calls of the scan credential screens (§7 scan/{os}auths/): list, create, change and delete per kind, the test action,
// and every credential by kind and name for the profile editor's pickers.
import {
  CREDENTIAL_PATHS,
  credentialChoice,
  credentialTestResult,
  kubernetesCredential,
  linuxCredential,
  windowsCredential,
  type CredentialChoice,
  type CredentialTestInput,
  type CredentialTestResult,
  type KubernetesCredential,
  type KubernetesCredentialInput,
  type LinuxCredential,
  type LinuxCredentialInput,
  type ScanAuthOs,
  type WindowsCredential,
  type WindowsCredentialInput,
} from '@bulwark/core';
import { api, type AnswerSchema } from '../../../api/client.ts';
import type { QueryParams } from '../../../api/query-string.ts';
import { listAnswer, pagedAnswer, type Paged } from '../../../components/paged-answer.ts';

export type ScanCredential = LinuxCredential | WindowsCredential | KubernetesCredential;
export type ScanCredentialInput = LinuxCredentialInput | WindowsCredentialInput | KubernetesCredentialInput;

const ONE: Record<ScanAuthOs, AnswerSchema<ScanCredential>> = {
  linux: linuxCredential,
  windows: windowsCredential,
  kubernetes: kubernetesCredential,
};
const PAGES: Record<ScanAuthOs, AnswerSchema<Paged<ScanCredential>>> = {
  linux: pagedAnswer(linuxCredential),
  windows: pagedAnswer(windowsCredential),
  kubernetes: pagedAnswer(kubernetesCredential),
};
const choiceList = listAnswer(credentialChoice);

/** The test logs in over the network and may take about 20 s: give it more than the usual 30 s timeout. */
export const CREDENTIAL_TEST_TIMEOUT_MS = 60_000;

const base = (kind: ScanAuthOs): string => `scan/${CREDENTIAL_PATHS[kind]}/`;

export function fetchCredentials(kind: ScanAuthOs, query: QueryParams, signal?: AbortSignal): Promise<Paged<ScanCredential>> {
  return api.get(base(kind), { query, signal, schema: PAGES[kind] });
}

export function createCredential(kind: ScanAuthOs, input: ScanCredentialInput): Promise<ScanCredential> {
  return api.post(base(kind), input, { schema: ONE[kind] });
}

/** PUT: every field; a secret sent as the mask stays as it is, '' or null removes it. */
export function updateCredential(kind: ScanAuthOs, id: number, input: ScanCredentialInput): Promise<ScanCredential> {
  return api.put(`${base(kind)}${id}/`, input, { schema: ONE[kind] });
}

/** 409 with the profiles that use it when one does. */
export function deleteCredential(kind: ScanAuthOs, id: number): Promise<void> {
  return api.delete(`${base(kind)}${id}/`);
}

export function testCredential(
  kind: ScanAuthOs,
  id: number,
  input: CredentialTestInput,
  signal?: AbortSignal,
): Promise<CredentialTestResult> {
  return api.post(`${base(kind)}${id}/test/`, input, { schema: credentialTestResult, timeoutMs: CREDENTIAL_TEST_TIMEOUT_MS, signal });
}

/** GET scan/credentials/: id, name, kind and method of every credential of the customer. */
export function fetchCredentialChoices(signal?: AbortSignal): Promise<CredentialChoice[]> {
  return api.get('scan/credentials/', { signal, schema: choiceList });
}
