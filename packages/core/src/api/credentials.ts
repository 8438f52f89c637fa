// Scan credentials (platform-core §3 "Scan authentication", §5 credential rules, §7 `scan/{os}auths/`): what a Linux,
// Windows or Kubernetes credential holds, how the form's values are cleaned before saving, and what the "test" action
// and an authenticated scan report about a credential on a host (its health).
import { z } from 'zod';
import { SCAN_AUTH_METHODS, SCAN_AUTH_OS, type ScanAuthOs } from '../codes/scans.ts';
import { isMaskedSecret, privateKeyNewlines } from '../formatters/text.ts';
import { blank } from './fields.ts';

/** The path segment of each kind: scan/linuxauths/, scan/windowsauths/, scan/kubernetesauths/. */
export const CREDENTIAL_PATHS: Record<ScanAuthOs, string> = {
  linux: 'linuxauths',
  windows: 'windowsauths',
  kubernetes: 'kubernetesauths',
};
export const CREDENTIAL_KIND_LABELS: Record<ScanAuthOs, string> = { linux: 'Linux', windows: 'Windows', kubernetes: 'Kubernetes' };
export const CREDENTIAL_METHOD_LABELS = {
  credentials: 'Username and password or key',
  vault: 'Privileged-access vault (BeyondTrust Password Safe)',
  token: 'Token',
} as const;

/** Which methods each kind offers: Kubernetes logs in with a service-account token only. */
export const CREDENTIAL_METHODS_OF: Record<ScanAuthOs, readonly (typeof SCAN_AUTH_METHODS)[number][]> = {
  linux: ['credentials', 'vault'],
  windows: ['credentials', 'vault'],
  kubernetes: ['token'],
};

/**
 * Privilege escalation on Linux (Bulwark): none; sudo (without a password, or with the account's own password when
 * sudo asks); su (with the root password kept as `escalation_passwd`).
 */
export const PRIVILEGE_ESCALATIONS = ['none', 'sudo', 'su'] as const;
export type PrivilegeEscalation = (typeof PRIVILEGE_ESCALATIONS)[number];
export const PRIVILEGE_ESCALATION_LABELS: Record<PrivilegeEscalation, string> = {
  none: 'None (log in as a user that can read the package list)',
  sudo: 'sudo (without a password, or with this account’s password)',
  su: 'su (with the root password)',
};

/** The fields kept encrypted at rest and answered masked, per kind. */
export const CREDENTIAL_SECRET_FIELDS: Record<ScanAuthOs, readonly string[]> = {
  linux: ['passwd', 'priv_key', 'priv_key_passwd', 'escalation_passwd'],
  windows: ['passwd'],
  kubernetes: ['token'],
};

const text = (max: number) => z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);
const optionalText = (max: number) => text(max).default('');
/** A secret as the form sends it: a new value, '' or null to clear, or the mask (all asterisks) to keep it. */
const secret = (max: number) => z.string().max(max, `Ensure this field has no more than ${max} characters.`).nullable().optional();
const credentialName = text(100).min(1, blank);
const port = z.coerce
  .number({ message: 'Enter a port from 1 to 65535.' })
  .int('Enter a port from 1 to 65535.')
  .min(1, 'Enter a port from 1 to 65535.')
  .max(65535, 'Enter a port from 1 to 65535.');

export const linuxCredentialInput = z.object({
  name: credentialName,
  method: z.enum(['credentials', 'vault']).default('credentials'),
  port: port.default(22),
  username: optionalText(200),
  passwd: secret(1000),
  /** Log in with an SSH private key (the field keeps its historical name). */
  use_dsskey: z.boolean().default(false),
  priv_key: secret(20_000),
  priv_key_passwd: secret(1000),
  privilege_escalation: z.enum(PRIVILEGE_ESCALATIONS).default('none'),
  escalation_passwd: secret(1000),
  /** Vault: the managed system and account to request. */
  system_name: optionalText(200),
  account_name: optionalText(200),
});
export type LinuxCredentialInput = z.input<typeof linuxCredentialInput>;

export const windowsCredentialInput = z.object({
  name: credentialName,
  method: z.enum(['credentials', 'vault']).default('credentials'),
  username: optionalText(200),
  passwd: secret(1000),
  domain: optionalText(200),
  ntlm_v2_only: z.boolean().default(true),
  system_name: optionalText(200),
  account_name: optionalText(200),
});
export type WindowsCredentialInput = z.input<typeof windowsCredentialInput>;

export const kubernetesCredentialInput = z.object({
  name: credentialName,
  method: z.literal('token').default('token'),
  url: text(2000).refine((v) => /^https?:\/\/[^\s]+$/i.test(v), 'Enter a valid URL (https://…).'),
  token: secret(20_000),
});
export type KubernetesCredentialInput = z.input<typeof kubernetesCredentialInput>;

export const credentialInputOf = {
  linux: linuxCredentialInput,
  windows: windowsCredentialInput,
  kubernetes: kubernetesCredentialInput,
} as const;

const owner = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable();
const common = { id: z.number().int(), created: z.string(), modified: z.string(), user: owner };

/** Secrets answer as the mask when set and null when not. */
const masked = z.string().nullable();

export const linuxCredential = linuxCredentialInput.extend({
  ...common,
  passwd: masked,
  priv_key: masked,
  priv_key_passwd: masked,
  escalation_passwd: masked,
});
export type LinuxCredential = z.infer<typeof linuxCredential>;
export const windowsCredential = windowsCredentialInput.extend({ ...common, passwd: masked });
export type WindowsCredential = z.infer<typeof windowsCredential>;
export const kubernetesCredential = kubernetesCredentialInput.extend({ ...common, token: masked });
export type KubernetesCredential = z.infer<typeof kubernetesCredential>;

export const credentialOutputOf = { linux: linuxCredential, windows: windowsCredential, kubernetes: kubernetesCredential } as const;

/** A credential in pickers (the profile editor). */
export const credentialChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(SCAN_AUTH_OS),
  method: z.enum(SCAN_AUTH_METHODS),
});
export type CredentialChoice = z.infer<typeof credentialChoice>;

export const CREDENTIAL_NAME_TAKEN = 'A credential with this name already exists.';

/**
 * The §5 clean-ups before saving a Linux credential: without key login the key and its passphrase are cleared, and
 * escaped line breaks in the key text become real ones. Masked values pass through (they mean "unchanged").
 */
export function cleanLinuxCredential<T extends { use_dsskey?: boolean; priv_key?: string | null; priv_key_passwd?: string | null }>(
  input: T,
): T {
  if (!input.use_dsskey) return { ...input, priv_key: null, priv_key_passwd: null };
  const key = input.priv_key;
  return typeof key === 'string' && !isMaskedSecret(key) ? { ...input, priv_key: privateKeyNewlines(key).trim() + '\n' } : input;
}

// ---------------------------------------------------------------------------------------------------------------
// Credential health: what an authenticated scan (or the test action) found on a host.

export const CREDENTIAL_HEALTH = [
  'ok',
  'connection_failed',
  'auth_failed',
  'host_key_changed',
  'insufficient_privilege',
  'unsupported',
  'end_of_life',
] as const;
export type CredentialHealth = (typeof CREDENTIAL_HEALTH)[number];
export const CREDENTIAL_HEALTH_LABELS: Record<CredentialHealth, string> = {
  ok: 'OK',
  connection_failed: 'Connection failed',
  auth_failed: 'Authentication failed',
  host_key_changed: 'Host key changed',
  insufficient_privilege: 'Insufficient privilege',
  unsupported: 'Unsupported system',
  end_of_life: 'End-of-life system',
};

/**
 * POST scan/{os}auths/{id}/test/: the host to try the credential on (an address or name, or an asset). A Kubernetes
 * credential names its API server itself, so its test needs none (credentialTestInputFor).
 */
export const credentialTestFields = z.object({
  target: text(253).optional(),
  asset: z.number().int().positive().optional(),
  /** Port override (Linux: the credential's port by default; Windows: 445). */
  port: port.optional(),
});
export const TEST_TARGET_REQUIRED = 'Choose an asset or enter an address.';
export const hasTestTarget = (v: z.output<typeof credentialTestFields>) =>
  (v.target !== undefined && v.target !== '') || v.asset !== undefined;
export const credentialTestInput = credentialTestFields.refine(hasTestTarget, { message: TEST_TARGET_REQUIRED, path: ['target'] });
/** The test's input rules for a kind of credential. */
export const credentialTestInputFor = (kind: ScanAuthOs) => (kind === 'kubernetes' ? credentialTestFields : credentialTestInput);
export type CredentialTestInput = z.input<typeof credentialTestInput>;
export type CredentialTestRequest = z.output<typeof credentialTestInput>;

export const credentialTestStep = z.object({
  step: z.enum(['vault', 'connect', 'host_key', 'authenticate', 'privilege', 'system']),
  ok: z.boolean(),
  message: z.string(),
});
export const credentialTestResult = z.object({
  target: z.string(),
  port: z.number().int(),
  health: z.enum(CREDENTIAL_HEALTH),
  connected: z.boolean(),
  authenticated: z.boolean(),
  privileged: z.boolean(),
  /** "Debian GNU/Linux 12 (bookworm)", "Samba 4.17.12-Debian" …, when found. */
  os: z.string().nullable(),
  steps: z.array(credentialTestStep),
});
export type CredentialTestResult = z.infer<typeof credentialTestResult>;

// ---------------------------------------------------------------------------------------------------------------
// What an asset shows of its authenticated looks: GET assets/{id}/authentication/ and assets/{id}/packages/.

export const listeningSocket = z.object({
  protocol: z.enum(['tcp', 'udp']),
  address: z.string(),
  port: z.number().int(),
  process: z.string().nullable(),
});

export const hostAuthentication = z.object({
  health: z.enum(CREDENTIAL_HEALTH),
  message: z.string(),
  checked_at: z.string(),
  run_id: z.number().int().nullable(),
  credential: z.object({ id: z.number().int(), name: z.string(), kind: z.enum(SCAN_AUTH_OS) }).nullable(),
  os_name: z.string().nullable(),
  os_id: z.string().nullable(),
  os_version: z.string().nullable(),
  os_codename: z.string().nullable(),
  kernel_running: z.string().nullable(),
  /** The newest kernel installed; differs from the running one until the host restarts. */
  kernel_latest: z.string().nullable(),
  reboot_required: z.boolean(),
  /** The date the release's security support ended (YYYY-MM-DD), when it has. */
  end_of_life: z.string().nullable(),
  package_count: z.number().int().nullable(),
  host_key_pinned: z.string().nullable(),
  host_key_seen: z.string().nullable(),
  /** Set while the host presents another key than the pinned one (authenticated looks are refused until trusted). */
  host_key_changed_at: z.string().nullable(),
  listening: z.array(listeningSocket),
});
export type HostAuthentication = z.infer<typeof hostAuthentication>;

export const hostPackage = z.object({
  name: z.string(),
  arch: z.string(),
  version: z.string(),
  source: z.string(),
  source_version: z.string(),
  manager: z.string(),
  first_seen: z.string(),
  last_seen: z.string(),
  /** Open findings of the asset on this package's source package. */
  vulnerabilities: z.number().int(),
});
export type HostPackage = z.infer<typeof hostPackage>;
