// Pure rules of the cloud profile form: values from and to the API (a stored secret answered as the mask is kept by
// sending '' unless a new one is typed; lists as arrays), the fields a provider draws (core CLOUD_CREDENTIAL_FIELDS), and
// the checks made before saving — core's cloudCredentialErrors, so a field shows the same text whichever side finds it.
import {
  CLOUD_CREDENTIAL_FIELDS,
  CLOUD_PROVIDER,
  CLOUD_PROVIDER_KEYS,
  CLOUD_PROVIDER_LABELS,
  CLOUD_SECRET_MASK,
  cloudCredentialErrors,
  cloudProviderKeyOf,
  validateRequired,
  type CLOUD_SCAN_KIND,
  type CloudCredentialField,
  type CloudProfile,
  type CloudProviderKey,
  type ScanKindProfileInput,
} from '@bulwark/core';

export type CloudProfileBody = ScanKindProfileInput<typeof CLOUD_SCAN_KIND>;
type CredentialValue = string | string[];

export interface CloudProfileValues {
  name: string;
  description: string;
  provider: CloudProviderKey;
  regions: string[];
  minus_controls: string[];
  /** Values by field name: text ('' keeps a stored secret) or a list. */
  credentials: Record<string, CredentialValue>;
  /** The secret fields the saved profile holds (answered as the mask). */
  stored: string[];
}

export const PROVIDER_CHOICES = CLOUD_PROVIDER_KEYS.map((key) => ({ value: key, label: CLOUD_PROVIDER_LABELS[CLOUD_PROVIDER[key]] }));

export const providerLabel = (code: number): string =>
  CLOUD_PROVIDER_LABELS[code as keyof typeof CLOUD_PROVIDER_LABELS] ?? `Provider ${code}`;

/** The empty credentials of a provider: lists empty, a choice at its first option, the rest ''. */
export function emptyCredentials(provider: CloudProviderKey): Record<string, CredentialValue> {
  const out: Record<string, CredentialValue> = {};
  for (const f of CLOUD_CREDENTIAL_FIELDS[provider]) out[f.name] = f.list ? [] : (f.choices?.[0]?.value ?? '');
  return out;
}

export const NEW_CLOUD_PROFILE: CloudProfileValues = {
  name: '',
  description: '',
  provider: 'aws',
  regions: [],
  minus_controls: [],
  credentials: emptyCredentials('aws'),
  stored: [],
};

export function cloudProfileValues(profile: CloudProfile): CloudProfileValues {
  const provider = cloudProviderKeyOf(profile.provider);
  const credentials = emptyCredentials(provider);
  const stored: string[] = [];
  for (const f of CLOUD_CREDENTIAL_FIELDS[provider]) {
    const value = profile.credentials[f.name];
    if (f.secret) {
      if (typeof value === 'string' && value !== '') stored.push(f.name);
      credentials[f.name] = '';
    } else if (f.list) credentials[f.name] = Array.isArray(value) ? value : [];
    else if (typeof value === 'string') credentials[f.name] = value;
  }
  return {
    name: profile.name,
    description: profile.description,
    provider,
    regions: profile.regions,
    minus_controls: profile.minus_controls,
    credentials,
    stored,
  };
}

/** The credentials as sent: the provider's fields only, text trimmed (a secret left '' keeps the stored one). */
export function credentialsBody(values: Pick<CloudProfileValues, 'provider' | 'credentials'>): Record<string, CredentialValue> {
  const out: Record<string, CredentialValue> = {};
  for (const f of CLOUD_CREDENTIAL_FIELDS[values.provider]) {
    const value = values.credentials[f.name];
    if (f.list) out[f.name] = Array.isArray(value) ? value : [];
    else out[f.name] = typeof value === 'string' ? (f.multiline ? value : value.trim()) : '';
  }
  return out;
}

export function cloudProfileBody(values: CloudProfileValues): CloudProfileBody {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    provider: CLOUD_PROVIDER[values.provider],
    regions: values.regions,
    minus_controls: values.minus_controls,
    credentials: credentialsBody(values),
  };
}

/** A field is needed when required, or when the field it depends on has the value that needs it. */
export function isFieldRequired(field: CloudCredentialField, credentials: Record<string, CredentialValue>): boolean {
  return field.required || (field.requiredWhen !== undefined && credentials[field.requiredWhen.field] === field.requiredWhen.equals);
}

/** The form's errors: the name, and core's credential rules (keyed credentials.<field>, as the server answers). */
export function validateCloudProfile(values: CloudProfileValues): Record<string, string> {
  const errors = cloudCredentialErrors(values.provider, credentialsBody(values), new Set(values.stored));
  const name = validateRequired(values.name, 'Name');
  if (name) errors.name = name;
  return errors;
}

/** Whether the server answered a secret as stored. */
export const isMasked = (value: unknown): boolean => value === CLOUD_SECRET_MASK;

/** Form fields that receive the server's field errors. */
export function cloudProfileErrorFields(): string[] {
  const names = new Set(CLOUD_PROVIDER_KEYS.flatMap((p) => CLOUD_CREDENTIAL_FIELDS[p].map((f) => `credentials.${f.name}`)));
  return ['name', 'description', 'provider', 'regions', 'minus_controls', 'credentials', ...names];
}
