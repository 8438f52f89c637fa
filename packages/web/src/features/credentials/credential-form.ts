// Pure rules of the scan credential form: its values from a saved credential (secrets as the mask) or for a new one, the
// checks before saving (what each kind and method needs), and the POST/PUT body: §5 clean-ups through core's
// cleanLinuxCredential, a masked secret sent back as the mask (unchanged), an emptied one as null (removed), and the
// fields the form hides for the chosen method or escalation cleared, so what is saved is what the form shows.
import {
  CREDENTIAL_METHODS_OF,
  MASKED,
  cleanLinuxCredential,
  credentialInputOf,
  isMaskedSecret,
  validateRequired,
  type KubernetesCredentialInput,
  type LinuxCredentialInput,
  type PrivilegeEscalation,
  type ScanAuthMethod,
  type ScanAuthOs,
  type WindowsCredentialInput,
} from '@bulwark/core';
import type { ScanCredential, ScanCredentialInput } from './api/credentials-api.ts';

/** The values of every kind's fields in one shape; each kind shows and sends its own. */
export interface CredentialValues {
  name: string;
  method: ScanAuthMethod;
  /** Linux: the SSH port as the number field holds it. */
  port: number | string;
  username: string;
  /** Secrets: the mask while the saved one is kept, '' for none, else the new value. */
  passwd: string;
  /** Linux: log in with an SSH key. */
  use_dsskey: boolean;
  priv_key: string;
  priv_key_passwd: string;
  privilege_escalation: PrivilegeEscalation;
  escalation_passwd: string;
  system_name: string;
  account_name: string;
  /** Windows. */
  domain: string;
  ntlm_v2_only: boolean;
  /** Kubernetes: the API server and the service-account token. */
  url: string;
  token: string;
}

export type SecretName = 'passwd' | 'priv_key' | 'priv_key_passwd' | 'escalation_passwd' | 'token';

/** Form fields that receive the server's field errors (400 `{field: [msg]}`, 409 on the name). */
export const CREDENTIAL_ERROR_FIELDS: readonly (keyof CredentialValues)[] = [
  'name',
  'method',
  'port',
  'username',
  'passwd',
  'use_dsskey',
  'priv_key',
  'priv_key_passwd',
  'privilege_escalation',
  'escalation_passwd',
  'system_name',
  'account_name',
  'domain',
  'ntlm_v2_only',
  'url',
  'token',
];

export const DEFAULT_SSH_PORT = 22;

export function newCredentialValues(kind: ScanAuthOs): CredentialValues {
  return {
    name: '',
    method: CREDENTIAL_METHODS_OF[kind][0]!,
    port: DEFAULT_SSH_PORT,
    username: '',
    passwd: '',
    use_dsskey: false,
    priv_key: '',
    priv_key_passwd: '',
    privilege_escalation: 'none',
    escalation_passwd: '',
    system_name: '',
    account_name: '',
    domain: '',
    ntlm_v2_only: true,
    url: '',
    token: '',
  };
}

/** A saved secret answers as the mask, an unset one as null: the form holds the mask or ''. */
const secretValue = (value: string | null | undefined): string => (isMaskedSecret(value) ? MASKED : (value ?? ''));

export function credentialValues(credential: ScanCredential): CredentialValues {
  const values: CredentialValues = { ...newCredentialValues('linux'), name: credential.name, method: credential.method };
  if ('url' in credential) return { ...values, url: credential.url, token: secretValue(credential.token) };
  const common = {
    ...values,
    username: credential.username,
    passwd: secretValue(credential.passwd),
    system_name: credential.system_name,
    account_name: credential.account_name,
  };
  if ('domain' in credential) return { ...common, domain: credential.domain, ntlm_v2_only: credential.ntlm_v2_only };
  return {
    ...common,
    port: credential.port,
    use_dsskey: credential.use_dsskey,
    priv_key: secretValue(credential.priv_key),
    priv_key_passwd: secretValue(credential.priv_key_passwd),
    privilege_escalation: credential.privilege_escalation,
    escalation_passwd: secretValue(credential.escalation_passwd),
  };
}

/** A secret as sent: the mask (kept as saved), null for an empty field (none, or removed), else the value typed. */
export function secretInput(value: string): string | null {
  if (isMaskedSecret(value)) return MASKED;
  return value === '' ? null : value;
}

/** True when the field holds a secret: the saved one kept, or one typed. */
const hasSecret = (value: string): boolean => value !== '';

/** The port field's number (22 when empty; NaN for text that is no number, which the checks report). */
export function portOf(value: number | string): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? DEFAULT_SSH_PORT : Number(value);
}

const usesVault = (v: Pick<CredentialValues, 'method'>): boolean => v.method === 'vault';

function linuxInput(v: CredentialValues): LinuxCredentialInput {
  const vault = usesVault(v);
  const input: LinuxCredentialInput = {
    name: v.name.trim(),
    method: vault ? 'vault' : 'credentials',
    port: portOf(v.port),
    username: vault ? '' : v.username.trim(),
    passwd: vault ? null : secretInput(v.passwd),
    // A vault credential logs in with the key or the password the vault holds for the account; none is stored here.
    use_dsskey: v.use_dsskey,
    priv_key: vault ? null : secretInput(v.priv_key),
    priv_key_passwd: vault ? null : secretInput(v.priv_key_passwd),
    privilege_escalation: v.privilege_escalation,
    escalation_passwd: v.privilege_escalation === 'su' ? secretInput(v.escalation_passwd) : null,
    system_name: vault ? v.system_name.trim() : '',
    account_name: vault ? v.account_name.trim() : '',
  };
  return cleanLinuxCredential(input);
}

function windowsInput(v: CredentialValues): WindowsCredentialInput {
  const vault = usesVault(v);
  return {
    name: v.name.trim(),
    method: vault ? 'vault' : 'credentials',
    username: vault ? '' : v.username.trim(),
    passwd: vault ? null : secretInput(v.passwd),
    domain: v.domain.trim(),
    ntlm_v2_only: v.ntlm_v2_only,
    system_name: vault ? v.system_name.trim() : '',
    account_name: vault ? v.account_name.trim() : '',
  };
}

function kubernetesInput(v: CredentialValues): KubernetesCredentialInput {
  return { name: v.name.trim(), method: 'token', url: v.url.trim(), token: secretInput(v.token) };
}

/** The POST/PUT body of a kind. */
export function credentialInput(kind: ScanAuthOs, v: CredentialValues): ScanCredentialInput {
  if (kind === 'linux') return linuxInput(v);
  if (kind === 'windows') return windowsInput(v);
  return kubernetesInput(v);
}

export type CredentialErrors = Partial<Record<keyof CredentialValues, string>>;

const required = (label: string): string => `${label} is required`;

/** What the method needs (the server's rules and messages), then core's limits (lengths, port, URL). */
export function validateCredential(kind: ScanAuthOs, v: CredentialValues): CredentialErrors {
  const errors: CredentialErrors = {};
  const name = validateRequired(v.name, 'Name');
  if (name) errors.name = name;
  if (kind === 'kubernetes') {
    if (v.url.trim() === '') errors.url = required('URL');
    if (!hasSecret(v.token)) errors.token = required('Token');
  } else if (usesVault(v)) {
    if (v.system_name.trim() === '') errors.system_name = required('System name');
    if (v.account_name.trim() === '') errors.account_name = required('Account name');
  } else {
    if (v.username.trim() === '') errors.username = required('Username');
    if (kind === 'linux' && v.use_dsskey) {
      if (!hasSecret(v.priv_key)) errors.priv_key = required('Private key');
    } else if (!hasSecret(v.passwd)) errors.passwd = required('Password');
    if (kind === 'linux' && v.privilege_escalation === 'su' && !hasSecret(v.escalation_passwd)) {
      errors.escalation_passwd = required('Root password');
    }
  }
  const parsed = credentialInputOf[kind].safeParse(credentialInput(kind, v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '') as keyof CredentialValues;
      if (CREDENTIAL_ERROR_FIELDS.includes(field) && errors[field] === undefined) errors[field] = issue.message;
    }
  }
  return errors;
}

export const CREDENTIALS_PATH = '/scans/scan-credentials';
