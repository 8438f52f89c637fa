// The rules of cloud scan profiles (scan/cprofiles/): the provider's credentials checked field by field (core's
// cloudCredentialErrors), the regions against the provider's list and the left-out controls against the catalogue, the
// secret fields sealed at rest and answered as the mask ('' or the mask on an update keeps a stored secret), a provider
// that cannot change while stored credentials are kept, unique names, copy/export/import (an export carries no
// credentials) and the account the last credential test reached.
import {
  CLOUD_CREDENTIAL_FIELDS,
  CLOUD_SCAN_KIND,
  CLOUD_SECRET_MASK,
  cloudCredentialErrors,
  cloudProfile,
  cloudProviderKeyOf,
  type CloudProfile,
  type CloudProfileExport,
  type CloudProviderKey,
  type CloudCredentialsInput,
  type cloudProfileInput,
} from '@bulwark/core';
import { CLOUD_PROVIDERS, cloudControls } from '@bulwark/scanner';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { scanProfiles, type NetworkProfileFields } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound, type FieldErrors } from '../../http/errors.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import {
  freeCopyName,
  getProfile,
  insertNamedProfile,
  NAME_TAKEN,
  ownProfile,
  profileNames,
  removeProfile,
  updateNamedProfile,
  type ProfileStore,
  type ProfileWithUser,
} from '../profiles/index.ts';

type Input = z.output<typeof cloudProfileInput>;
type Code = 0 | 1 | 3 | 4;
const TYPE = 'cloud' as const;

/** A cloud profile's stored settings (the profiles table's fields column): secret credentials sealed. */
export interface CloudProfileSettings {
  provider: Code;
  regions: string[];
  minus_controls: string[];
  credentials: Record<string, string | string[]>;
  /** The account the last successful credential test reached (null before one). */
  account: string | null;
}

export const PROVIDER_LOCKED =
  'The provider cannot change while the stored credentials are kept: give the new provider’s credentials, secrets included.';

export const cloudFieldsOf = (row: { fields: unknown }): CloudProfileSettings => row.fields as CloudProfileSettings;
const asStored = (f: CloudProfileSettings): NetworkProfileFields => f as unknown as NetworkProfileFields;
const providerKey = (code: number): CloudProviderKey => cloudProviderKeyOf(code as Code);
const secretFields = (key: CloudProviderKey) => CLOUD_CREDENTIAL_FIELDS[key].filter((f) => f.secret).map((f) => f.name);

/** A secret value that keeps the stored one: '' or the mask. */
const keeps = (value: unknown) => value === '' || value === CLOUD_SECRET_MASK;

/** The regions and left-out controls the provider does not know, as field errors. */
function selectionErrors(key: CloudProviderKey, input: Pick<Input, 'regions' | 'minus_controls'>): FieldErrors {
  const errors: FieldErrors = {};
  const regions = new Set(CLOUD_PROVIDERS[key].regions.map((r) => r.id));
  const badRegions = input.regions.filter((r) => !regions.has(r));
  if (badRegions.length > 0) errors.regions = [`Unknown ${key} region: ${badRegions.slice(0, 10).join(', ')}.`];
  const controls = new Set(cloudControls().map((c) => c.id));
  const badControls = input.minus_controls.filter((c) => !controls.has(c));
  if (badControls.length > 0) errors.minus_controls = [`Unknown cloud control: ${badControls.slice(0, 10).join(', ')}.`];
  return errors;
}

/**
 * The credentials to store for the input: checked against the provider's fields; each secret sealed, or the stored one
 * kept when the input leaves it '' or masked. Throws 400 keyed by field (`credentials.<field>`, `provider`, `regions`).
 */
export function credentialsOf(
  box: SecretBox,
  input: Pick<Input, 'provider' | 'credentials' | 'regions' | 'minus_controls'>,
  current?: CloudProfileSettings,
): Record<string, string | string[]> {
  const key = providerKey(input.provider);
  const sameProvider = current?.provider === input.provider;
  // Kept secrets belong to the old provider's account: changing the provider needs the new credentials in full.
  if (current && !sameProvider && Object.values(input.credentials).some((v) => v === CLOUD_SECRET_MASK))
    throw badRequest({ provider: [PROVIDER_LOCKED] });
  const errors: FieldErrors = selectionErrors(key, input);
  const stored = new Set(sameProvider && current ? secretFields(key).filter((f) => typeof current.credentials[f] === 'string') : []);
  const credentials = Object.fromEntries(Object.entries(input.credentials).map(([k, v]) => [k, v === CLOUD_SECRET_MASK ? '' : v]));
  for (const [field, message] of Object.entries(cloudCredentialErrors(key, credentials, stored))) errors[field] = [message];
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  const out: Record<string, string | string[]> = {};
  for (const f of CLOUD_CREDENTIAL_FIELDS[key]) {
    const value = credentials[f.name];
    if (f.secret) {
      if (typeof value === 'string' && !keeps(value)) out[f.name] = box.encrypt(value);
      else if (stored.has(f.name)) out[f.name] = current!.credentials[f.name]!;
      continue;
    }
    if (value === undefined) continue;
    out[f.name] = Array.isArray(value) ? value : value.trim();
  }
  return out;
}

/** The stored credentials opened for a call (secrets decrypted). */
export function openCredentials(box: SecretBox, settings: CloudProfileSettings): Record<string, string | string[]> {
  const secret = new Set(secretFields(providerKey(settings.provider)));
  return Object.fromEntries(
    Object.entries(settings.credentials).map(([k, v]) => [k, secret.has(k) && typeof v === 'string' ? box.decrypt(v) : v]),
  );
}

/** A stored profile as the API answers it: secrets as the mask (null when not stored). */
export function toCloudProfile(row: ProfileWithUser): CloudProfile {
  const f = cloudFieldsOf(row);
  const key = providerKey(f.provider);
  const credentials: Record<string, string | string[] | null> = {};
  for (const field of CLOUD_CREDENTIAL_FIELDS[key]) {
    const value = f.credentials[field.name];
    if (field.secret) credentials[field.name] = typeof value === 'string' && value !== '' ? CLOUD_SECRET_MASK : null;
    else if (value !== undefined) credentials[field.name] = value;
  }
  return cloudProfile.parse({
    provider: f.provider,
    regions: f.regions,
    minus_controls: f.minus_controls,
    credentials,
    account: f.account ?? null,
    id: row.id,
    name: row.name,
    description: row.description,
    type: TYPE,
    builtin: row.builtin,
    user: row.author ? { id: row.author.id, first_name: row.author.firstName, last_name: row.author.lastName } : null,
    created: row.createdAt.toISOString(),
    modified: row.modifiedAt.toISOString(),
  });
}

/** A stored profile as the input PATCH merges into (secrets as the mask, so they stay; nulls left out). */
function inputOf(row: ProfileWithUser): Record<string, unknown> {
  const p = toCloudProfile(row);
  const credentials = Object.fromEntries(Object.entries(p.credentials).filter(([, v]) => v !== null));
  return {
    name: p.name,
    description: p.description,
    provider: p.provider,
    regions: p.regions,
    minus_controls: p.minus_controls,
    credentials,
  };
}

/** The export: provider, regions and controls; never the credentials. */
function toExport(row: ProfileWithUser): CloudProfileExport {
  const f = cloudFieldsOf(row);
  return {
    format: 'bulwark-cprofile/1',
    name: row.name,
    description: row.description,
    provider: f.provider,
    regions: f.regions,
    minus_controls: f.minus_controls,
    credentials: {},
  };
}

const lower = (names: Iterable<string>) => new Set([...names].map((n) => n.toLowerCase()));

async function checkName(db: Tx, customerId: number, name: string, current?: string): Promise<void> {
  const taken = await profileNames(db, customerId, TYPE);
  const others = current === undefined ? taken : taken.filter((n) => n !== current);
  if (lower(others).has(name.toLowerCase())) throw conflict({ name: [NAME_TAKEN] });
}

/** Records the account a credential test reached on the profile (its answer's `account`). */
export async function recordAccount(db: Db, customerId: number, id: number, account: string | null): Promise<void> {
  await db
    .update(scanProfiles)
    .set({ fields: sql`jsonb_set(${scanProfiles.fields}, '{account}', ${JSON.stringify(account)}::jsonb)` })
    .where(and(eq(scanProfiles.id, id), eq(scanProfiles.customerId, customerId), eq(scanProfiles.type, TYPE)));
}

/** A customer's cloud profile (404 when it has none of that id). */
export async function cloudProfileRow(db: Tx, customerId: number, id: number): Promise<ProfileWithUser> {
  const row = await getProfile(db, customerId, id, TYPE);
  if (!row) throw notFound();
  return row;
}

/** The cloud profiles' store for the generic profile routes; the secret box seals and opens their credentials. */
export function cloudProfileStore(box: SecretBox): ProfileStore<typeof CLOUD_SCAN_KIND> {
  const settingsOf = (input: Input, current?: CloudProfileSettings): CloudProfileSettings => ({
    provider: input.provider,
    regions: [...new Set(input.regions)],
    minus_controls: [...new Set(input.minus_controls)],
    credentials: credentialsOf(box, input, current),
    // Another provider's account is not this one's.
    account: current && current.provider === input.provider ? (current.account ?? null) : null,
  });
  const insert = (db: Db, customerId: number, userId: number, name: string, description: string, fields: CloudProfileSettings) =>
    insertNamedProfile(db, customerId, userId, { name, description, fields: asStored(fields), type: TYPE });
  return {
    kind: CLOUD_SCAN_KIND,
    tags: ['cloud scan profiles'],
    summaries: {
      list: 'Cloud scan profiles of the customer, paged; search in name and description',
      create: 'Create a cloud scan profile: a provider, its credentials (secrets sealed), the regions to scan and controls to leave out',
      import: 'Import a cloud profile from its export (without credentials: give them after); a taken name gets "Name (1)"',
      read: 'One cloud scan profile (secret credentials masked; null when not stored)',
      change: 'Change a cloud profile; a secret left empty or masked keeps the stored one',
      patch: 'Change some fields of a cloud profile; the rest stay',
      remove: 'Delete a cloud profile (not one a scan uses)',
      copy: 'Copy a cloud profile under the next free "Name (n)", credentials included',
      export: 'A cloud profile as JSON that import accepts (credentials left out)',
    },
    reply: (_db, _customerId, row) => toCloudProfile(row),
    async create(db, customerId, userId, input) {
      const fields = settingsOf(input);
      await checkName(db, customerId, input.name);
      return insert(db, customerId, userId, input.name, input.description, fields);
    },
    async import(db, customerId, userId, data) {
      const { format: _format, ...input } = data;
      // An export has no credentials: the imported profile keeps the non-secret ones given, and none are required yet.
      const key = providerKey(input.provider);
      const errors = selectionErrors(key, input);
      if (Object.keys(errors).length > 0) throw badRequest(errors);
      const known = new Set(CLOUD_CREDENTIAL_FIELDS[key].filter((f) => !f.secret).map((f) => f.name));
      const credentials: CloudCredentialsInput = Object.fromEntries(Object.entries(input.credentials).filter(([k]) => known.has(k)));
      const taken = lower(await profileNames(db, customerId, TYPE));
      const name = taken.has(input.name.toLowerCase()) ? await freeCopyName(db, customerId, input.name, TYPE) : input.name;
      return insert(db, customerId, userId, name, input.description, {
        provider: input.provider,
        regions: [...new Set(input.regions)],
        minus_controls: [...new Set(input.minus_controls)],
        credentials,
        account: null,
      });
    },
    async change(db, customerId, id, input) {
      const current = await ownProfile(db, customerId, id, TYPE);
      const fields = settingsOf(input, cloudFieldsOf(current));
      await checkName(db, customerId, input.name, current.name);
      return updateNamedProfile(db, customerId, id, {
        name: input.name,
        description: input.description,
        fields: asStored(fields),
        type: TYPE,
      });
    },
    own: (db, customerId, id) => ownProfile(db, customerId, id, TYPE),
    inputOf,
    async copy(db, customerId, userId, id) {
      const source = await cloudProfileRow(db, customerId, id);
      const name = await freeCopyName(db, customerId, source.name, TYPE);
      return insert(db, customerId, userId, name, source.description, cloudFieldsOf(source));
    },
    remove: (db, customerId, id) => removeProfile(db, customerId, id, TYPE),
    toExport,
  };
}
