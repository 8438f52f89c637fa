// Pure rules of the single sign-on (SAML) card: the form's values from the customer's setting, the checks each way of
// giving the identity provider needs, and the PATCH body with §5's rule that SAML is sent only when it is enabled or
// was already configured (a setting never made and left off is not created by saving).
import {
  ROLE_PRESETS,
  type Customer,
  type RolePreset,
  type SamlConfigOption,
  type SamlSettings,
  type SamlSettingsInput,
} from '@bulwark/core';

export interface GroupRoleValues {
  group: string;
  role: RolePreset;
}

export interface SamlValues {
  enabled: boolean;
  idp_name: string;
  want_assertions_signed: boolean;
  want_assertions_encrypted: boolean;
  config_option: SamlConfigOption;
  idp_metadata_url: string;
  /** The metadata file: the one saved, or one just chosen (read as text). */
  idp_metadata_file: { name: string; content: string } | null;
  idp_login_url: string;
  idp_certificate: string;
  email_domains: string[];
  default_role: RolePreset;
  group_attribute: string;
  group_roles: GroupRoleValues[];
}

/** The form fields the server's SAML field errors go onto. */
export const SAML_FIELDS = [
  'enabled',
  'idp_name',
  'config_option',
  'idp_metadata_url',
  'idp_metadata_file',
  'idp_login_url',
  'idp_certificate',
  'email_domains',
  'default_role',
  'group_attribute',
] as const;

export const CONFIG_OPTION_LABELS: Record<SamlConfigOption, string> = {
  url: 'From its metadata URL',
  file: 'From a metadata file',
  manual: 'Sign-in URL and certificate by hand',
};

export function samlValues(s: SamlSettings | null | undefined): SamlValues {
  return {
    enabled: s?.enabled ?? false,
    idp_name: s?.idp_name ?? '',
    want_assertions_signed: s?.want_assertions_signed ?? true,
    want_assertions_encrypted: s?.want_assertions_encrypted ?? false,
    config_option: s?.config_option ?? 'url',
    idp_metadata_url: s?.idp_metadata_url ?? '',
    idp_metadata_file: s?.idp_metadata_file ?? null,
    idp_login_url: s?.idp_login_url ?? '',
    idp_certificate: s?.idp_certificate ?? '',
    email_domains: s?.email_domains ?? [],
    default_role: s?.default_role ?? 'auditor',
    group_attribute: s?.group_attribute ?? 'groups',
    group_roles: (s?.group_roles ?? []).map((m) => ({ ...m })),
  };
}

/** §5: SAML goes in the PATCH only when it is enabled or the customer already has a setting. */
export function sendsSaml(before: Pick<Customer, 'saml'>, v: Pick<SamlValues, 'enabled'>): boolean {
  return v.enabled || Boolean(before.saml);
}

const HTTP = /^https?:\/\/[^\s/]+\S*$/i;
/** A domain as typed, without the separators a paste leaves around it. */
const domainOf = (d: string) => d.replace(/^[\s,;]+|[\s,;]+$/g, '').toLowerCase();
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The checks of an enabled setting (a disabled one is kept as typed, the server resolves it when it is turned on). */
export function validateSaml(v: SamlValues): Record<string, string> {
  const errors: Record<string, string> = {};
  v.email_domains.forEach((d) => {
    if (!DOMAIN.test(domainOf(d))) errors.email_domains = `“${d}” is not a domain such as example.com.`;
  });
  v.group_roles.forEach((m, i) => {
    if (!m.group.trim()) errors[`group_roles.${i}.group`] = 'Group is required';
  });
  if (v.idp_metadata_url.trim() && !HTTP.test(v.idp_metadata_url.trim()))
    errors.idp_metadata_url = 'Enter an http:// or https:// address of the identity provider’s metadata.';
  if (v.idp_login_url.trim() && !HTTP.test(v.idp_login_url.trim()))
    errors.idp_login_url = 'Enter the http:// or https:// address of the identity provider’s sign-in page.';
  if (!v.enabled) return errors;
  if (!v.idp_name.trim()) errors.idp_name = 'Enter the identity provider’s name (shown as “Sign in with …”).';
  if (v.config_option === 'url' && !v.idp_metadata_url.trim())
    errors.idp_metadata_url = 'Enter the address of the identity provider’s metadata.';
  if (v.config_option === 'file' && !v.idp_metadata_file) errors.idp_metadata_file = 'Upload the identity provider’s metadata file.';
  if (v.config_option === 'manual') {
    if (!v.idp_login_url.trim()) errors.idp_login_url = 'Enter the address of the identity provider’s sign-in page.';
    if (!v.idp_certificate.trim()) errors.idp_certificate = 'Paste the identity provider’s signing certificate.';
  }
  return errors;
}

/** The `saml` of PATCH customer/{id}/. */
export function samlPatch(v: SamlValues): SamlSettingsInput {
  return {
    enabled: v.enabled,
    idp_name: v.idp_name.trim(),
    want_assertions_signed: v.want_assertions_signed,
    want_assertions_encrypted: v.want_assertions_encrypted,
    config_option: v.config_option,
    idp_metadata_url: v.idp_metadata_url.trim(),
    idp_metadata_file: v.idp_metadata_file,
    idp_login_url: v.idp_login_url.trim(),
    idp_certificate: v.idp_certificate.trim(),
    email_domains: v.email_domains.map(domainOf).filter(Boolean),
    default_role: v.default_role,
    group_attribute: v.group_attribute.trim(),
    group_roles: v.group_roles.map((m) => ({ group: m.group.trim(), role: m.role })),
  };
}

export const ROLE_CHOICES = ROLE_PRESETS;
