// Display helpers of scan credentials and their health: the login a row shows, the colour and label of a health code
// (run hosts, asset pages, the test), and the names of the test's steps.
import {
  CREDENTIAL_HEALTH,
  CREDENTIAL_HEALTH_LABELS,
  CREDENTIAL_METHOD_LABELS,
  type CredentialHealth,
  type CredentialTestResult,
  type ScanAuthMethod,
} from '@bulwark/core';
import type { ScanCredential } from './api/credentials-api.ts';

/** Short method names for the list (the form shows core's full labels). */
const METHOD_SHORT: Record<ScanAuthMethod, string> = {
  credentials: 'Username and password or key',
  vault: 'Vault',
  token: 'Token',
};

export function methodLabel(method: ScanAuthMethod, full = false): string {
  return full ? CREDENTIAL_METHOD_LABELS[method] : METHOD_SHORT[method];
}

/** What a row shows to log in as: the API URL (Kubernetes), the vault account, or the (domain\)username. */
export function loginText(credential: ScanCredential): string {
  if ('url' in credential) return credential.url;
  if (credential.method === 'vault') {
    return credential.account_name && credential.system_name
      ? `${credential.account_name} on ${credential.system_name}`
      : credential.account_name || credential.system_name;
  }
  if ('domain' in credential && credential.domain) return `${credential.domain}\\${credential.username}`;
  return credential.username;
}

/** How a Linux credential logs in, for the list: password or SSH key, and its privilege escalation. */
export function loginDetail(credential: ScanCredential): string | null {
  if (!('use_dsskey' in credential) || credential.method === 'vault') return null;
  const how = credential.use_dsskey ? 'SSH key' : 'Password';
  const escalation = credential.privilege_escalation === 'none' ? '' : `, then ${credential.privilege_escalation}`;
  return `${how}${escalation} · port ${credential.port}`;
}

export function isCredentialHealth(code: string): code is CredentialHealth {
  return (CREDENTIAL_HEALTH as readonly string[]).includes(code);
}

/** Core's label of a health code; an unknown code as it is. */
export function healthLabel(code: string): string {
  return isCredentialHealth(code) ? CREDENTIAL_HEALTH_LABELS[code] : code;
}

const HEALTH_COLORS: Record<CredentialHealth, string> = {
  ok: 'teal',
  connection_failed: 'red',
  auth_failed: 'red',
  host_key_changed: 'red',
  insufficient_privilege: 'orange',
  unsupported: 'gray',
  end_of_life: 'orange',
};

export function healthColor(code: string): string {
  return isCredentialHealth(code) ? HEALTH_COLORS[code] : 'gray';
}

type TestStep = CredentialTestResult['steps'][number]['step'];

export const TEST_STEP_LABELS: Record<TestStep, string> = {
  vault: 'Vault',
  connect: 'Connect',
  host_key: 'Host key',
  authenticate: 'Log in',
  privilege: 'Privilege',
  system: 'System',
};

export const CREDENTIAL_EMPTY_TEXT =
  'Authenticated scans log in to your hosts to read their installed packages and find the patches they miss — findings a scan from outside cannot see. Add a credential here, then choose it in a scan profile.';
