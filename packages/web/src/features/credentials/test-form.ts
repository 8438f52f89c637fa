// Pure rules of the credential test: the host to try (an asset chosen, else an address typed) and an optional port, as
// the body of POST scan/{os}auths/{id}/test/, checked with core's schema and its messages.
import { credentialTestInputFor, type CredentialTestInput, type ScanAuthOs } from '@bulwark/core';
import { schemaErrors } from '../../components/forms/schema-field.ts';

export interface TestValues {
  /** The chosen host asset's id, as the picker holds it. */
  asset: string | null;
  /** An address or host name typed instead. */
  target: string;
  /** The port field: a number, or '' for the credential's own port. */
  port: number | string;
}

export const NEW_TEST: TestValues = { asset: null, target: '', port: '' };

/** Fields that receive the server's field errors. */
export const TEST_ERROR_FIELDS = ['asset', 'target', 'port'] as const;

export function testInput(v: TestValues): CredentialTestInput {
  const input: CredentialTestInput = {};
  if (v.asset !== null && v.asset !== '') input.asset = Number(v.asset);
  else if (v.target.trim() !== '') input.target = v.target.trim();
  const port = typeof v.port === 'number' ? v.port : v.port.trim() === '' ? undefined : Number(v.port);
  if (port !== undefined) input.port = port;
  return input;
}

/** The form's checks for a kind of credential (a Kubernetes credential names its API server: no host to choose). */
export const validateTestFor =
  (kind: ScanAuthOs) =>
  (v: TestValues): Record<string, string> =>
    validateTest(v, kind);

export function validateTest(v: TestValues, kind: ScanAuthOs = 'linux'): Record<string, string> {
  return schemaErrors(credentialTestInputFor(kind), testInput(v), {}, 'target');
}

/** The host the test is run on, for the progress message. */
export function targetText(v: TestValues, assetLabel: string | null): string {
  if (v.asset !== null && v.asset !== '') return assetLabel ?? 'the chosen asset';
  return v.target.trim();
}
