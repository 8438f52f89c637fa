// Pure rules of the network scan profile form: values from and to the API, the standard-scan rule, port checks, import.
import {
  applyStandardScanRule,
  DEFAULT_NETWORK_PROFILE,
  validatePortString,
  validateRequired,
  type NetworkProfile,
  type NetworkProfileSettings,
} from '@bulwark/core';
import type { NetworkProfileInput } from './profiles-api.ts';

/** The form's values: the profile's name and description and its settings, credentials left out (no screen yet). */
export type ProfileValues = { name: string; description: string } & Omit<
  NetworkProfileSettings,
  'win_auths' | 'lin_auths' | 'kubernetes_auth'
>;

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

const { win_auths: _win, lin_auths: _lin, kubernetes_auth: _k8s, ...defaults } = DEFAULT_NETWORK_PROFILE;
export const NEW_PROFILE: ProfileValues = { name: '', description: '', ...defaults };

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

/**
 * The PUT/POST body: trimmed text, normalised port lists, the standard-scan rule applied; the credential lists
 * (not edited here) are kept from the profile being edited.
 */
export function profileInput(values: ProfileValues, original?: NetworkProfile): NetworkProfileInput {
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
    win_auths: original?.win_auths ?? [],
    lin_auths: original?.lin_auths ?? [],
    kubernetes_auth: original?.kubernetes_auth ?? null,
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
  return `${PROFILES_PATH}/edit/nprofile/${id}`;
}

/** The id of edit/nprofile/{id}: a number, 'new', or null for anything else. */
export function parseProfileId(text: string | undefined): number | 'new' | null {
  if (text === 'new') return 'new';
  return text && /^[0-9]+$/.test(text) && Number(text) > 0 ? Number(text) : null;
}
