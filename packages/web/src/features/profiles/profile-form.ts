// Pure rules of the network scan profile form: values from and to the API, the standard-scan rule, port checks, import.
import {
  applyStandardScanRule,
  DEFAULT_NETWORK_PROFILE,
  NETWORK_SCAN_KIND,
  scanProfileEditPath,
  validatePortString,
  validateRequired,
  type NetworkProfile,
  type NetworkProfileSettings,
} from '@bulwark/core';
import type { NetworkProfileInput } from './profiles-api.ts';

/** The credential fields as the pickers hold them: credential ids as text. */
export interface ProfileCredentialValues {
  lin_auths: string[];
  win_auths: string[];
  kubernetes_auth: string | null;
}

/** The form's values: the profile's name and description and its settings, credentials as the pickers hold them. */
export type ProfileValues = { name: string; description: string } & Omit<
  NetworkProfileSettings,
  'win_auths' | 'lin_auths' | 'kubernetes_auth'
> &
  ProfileCredentialValues;

export const PROFILE_FIELDS: readonly (keyof ProfileValues)[] = [
  'name',
  'description',
  'standard_scan',
  'ss_tcp_extra_ports',
  'ss_use_tcp',
  'custom_tcp_range',
  'custom_tcp_range_exclude',
  'custom_udp_range',
  'custom_udp_range_exclude',
  'plus_categories',
  'minus_categories',
  'plus_tests',
  'minus_tests',
  'safe_checks',
  'lin_auths',
  'win_auths',
  'kubernetes_auth',
];

/** Port fields and the words their messages use (the same as the server's). */
export const PORT_FIELDS = {
  ss_tcp_extra_ports: 'extra TCP ports',
  custom_tcp_range: 'custom TCP range',
  custom_tcp_range_exclude: 'TCP range exclude',
  custom_udp_range: 'custom UDP range',
  custom_udp_range_exclude: 'UDP range exclude',
} as const;
export type PortField = keyof typeof PORT_FIELDS;

/** The pickers' values of a profile's credential references. */
export function credentialValuesOf(settings: Pick<NetworkProfileSettings, 'win_auths' | 'lin_auths' | 'kubernetes_auth'>) {
  return {
    lin_auths: settings.lin_auths.map(String),
    win_auths: settings.win_auths.map(String),
    kubernetes_auth: settings.kubernetes_auth === null ? null : String(settings.kubernetes_auth),
  } satisfies ProfileCredentialValues;
}

export const NEW_PROFILE: ProfileValues = {
  name: '',
  description: '',
  ...DEFAULT_NETWORK_PROFILE,
  ...credentialValuesOf(DEFAULT_NETWORK_PROFILE),
};

export function profileValues(profile: NetworkProfile): ProfileValues {
  return {
    name: profile.name,
    description: profile.description,
    standard_scan: profile.standard_scan,
    ss_tcp_extra_ports: profile.ss_tcp_extra_ports,
    ss_use_tcp: profile.ss_use_tcp,
    custom_tcp_range: profile.custom_tcp_range,
    custom_tcp_range_exclude: profile.custom_tcp_range_exclude,
    custom_udp_range: profile.custom_udp_range,
    custom_udp_range_exclude: profile.custom_udp_range_exclude,
    plus_categories: [...profile.plus_categories],
    minus_categories: [...profile.minus_categories],
    plus_tests: [...profile.plus_tests],
    minus_tests: [...profile.minus_tests],
    safe_checks: profile.safe_checks,
    ...credentialValuesOf(profile),
  };
}

/** The standard-scan switch (§5): switching it off empties extra TCP ports and unchecks use-tcp. */
export function setStandardScan(values: ProfileValues, on: boolean): ProfileValues {
  return applyStandardScanRule({ ...values, standard_scan: on });
}

/** Port strings as the API keeps them: entries trimmed, joined by ', '. */
export function normalisePorts(value: string): string {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .join(', ');
}

export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

/** Checks before saving: name required, each port field a list of ports and ranges (core's validators and messages). */
export function validateProfile(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {};
  const name = validateRequired(values.name, 'Name');
  if (name) errors.name = name;
  for (const [field, label] of Object.entries(PORT_FIELDS) as [PortField, string][]) {
    const message = values[field].trim() === '' ? null : validatePortString(values[field], label);
    if (message) errors[field] = message;
  }
  if (!values.standard_scan && values.custom_tcp_range.trim() === '' && values.custom_udp_range.trim() === '') {
    errors.custom_tcp_range = 'Without the standard scan, give a TCP or a UDP port range to scan.';
  }
  return errors;
}

/** The PUT/POST body: trimmed text, normalised port lists, the standard-scan rule applied, credential ids as numbers. */
export function profileInput(values: ProfileValues): NetworkProfileInput {
  const ruled = applyStandardScanRule(values);
  return {
    name: ruled.name.trim(),
    description: ruled.description.trim(),
    standard_scan: ruled.standard_scan,
    ss_tcp_extra_ports: normalisePorts(ruled.ss_tcp_extra_ports),
    ss_use_tcp: ruled.ss_use_tcp,
    custom_tcp_range: normalisePorts(ruled.custom_tcp_range),
    custom_tcp_range_exclude: normalisePorts(ruled.custom_tcp_range_exclude),
    custom_udp_range: normalisePorts(ruled.custom_udp_range),
    custom_udp_range_exclude: normalisePorts(ruled.custom_udp_range_exclude),
    plus_categories: ruled.plus_categories,
    minus_categories: ruled.minus_categories,
    plus_tests: ruled.plus_tests,
    minus_tests: ruled.minus_tests,
    safe_checks: ruled.safe_checks,
    win_auths: ruled.win_auths.map(Number),
    lin_auths: ruled.lin_auths.map(Number),
    kubernetes_auth: ruled.kubernetes_auth === null || ruled.kubernetes_auth === '' ? null : Number(ruled.kubernetes_auth),
  };
}

/** Reads an import file's text: its JSON, or a message to show when it is not JSON at all. */
export function parseImportFile(text: string): { data: unknown } | { error: string } {
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return { error: 'The file does not hold a scan profile.' };
    return { data };
  } catch {
    return { error: 'The file is not valid JSON.' };
  }
}

export const PROFILES_PATH = '/scans/scan-profiles';

export function profileEditPath(id: number | 'new'): string {
  return scanProfileEditPath(NETWORK_SCAN_KIND, id);
}

/** The id of a profile page's address (edit/nprofile/{id}, edit/oprofile/{id}): a number, 'new', or null for anything else. */
export function parseProfileId(text: string | undefined): number | 'new' | null {
  if (text === 'new') return 'new';
  return text && /^[0-9]+$/.test(text) && Number(text) > 0 ? Number(text) : null;
}
