// The rules of network scan profiles: field checks (catalogue ids, credentials), the standard-scan rule, unique names
// among the profiles a customer sees, built-ins read-only, no deleting a profile a scan uses, copy/export/import.
import {
  applyStandardScanRule,
  copyName,
  crudMessages,
  networkProfile,
  type networkProfileExport,
  networkProfileInput,
  type NetworkProfile,
} from '@bulwark/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { NetworkProfileFields } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound, type FieldErrors } from '../../http/errors.ts';
import { unknownSelections } from '../catalogue/index.ts';
import { credentialReferenceErrors, ownCredentialReferences } from '../credentials/index.ts';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  deleteProfile,
  getProfile,
  insertProfile,
  profileNames,
  scansUsingProfile,
  updateProfile,
  type ProfileRow,
  type ProfileType,
  type ProfileValues,
  type ProfileWithUser,
} from './repo.ts';

// Policy profiles (policies module) keep their own rules and use these.
export {
  getProfile,
  insertProfile,
  listProfiles,
  profileNames,
  profilesUsingPolicy,
  updateProfile,
  type ProfileOrdering,
  type ProfileType,
  type ProfileWithUser,
} from './repo.ts';

export type ProfileInput = z.output<typeof networkProfileInput>;
export type ProfileExport = z.output<typeof networkProfileExport>;

export const BUILTIN_REFUSED = 'Built-in profiles cannot be changed; copy one instead.';
export const NAME_TAKEN = 'A scan profile with this name already exists.';
const messages = crudMessages('scan_profile');

const FIELD_KEYS = Object.keys(networkProfileInput.shape).filter(
  (k) => k !== 'name' && k !== 'description',
) as (keyof NetworkProfileFields)[];

export function fieldsOf(input: ProfileInput): NetworkProfileFields {
  const ruled = applyStandardScanRule(input);
  return Object.fromEntries(FIELD_KEYS.map((k) => [k, ruled[k]])) as unknown as NetworkProfileFields;
}

/** A stored profile as the input it would be written as (PATCH merges into this). */
export function inputOf(row: ProfileRow): Record<string, unknown> {
  return { name: row.name, description: row.description, ...row.fields };
}

export function toNetworkProfile(row: ProfileWithUser): NetworkProfile {
  return networkProfile.parse({
    ...row.fields,
    id: row.id,
    name: row.name,
    description: row.description,
    type: 'nvt',
    builtin: row.builtin,
    user: row.author ? { id: row.author.id, first_name: row.author.firstName, last_name: row.author.lastName } : null,
    created: row.createdAt.toISOString(),
    modified: row.modifiedAt.toISOString(),
  });
}

export function toExport(row: ProfileRow): ProfileExport {
  return { format: 'bulwark-nprofile/1', name: row.name, description: row.description, ...row.fields };
}

/** Checks that need more than the schema: test categories and tests from the catalogue, the customer's credentials. */
async function checkFields(db: Tx, customerId: number, input: ProfileInput): Promise<void> {
  const errors: FieldErrors = { ...(await unknownSelections(input)), ...(await credentialReferenceErrors(db, customerId, input)) };
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

const lower = (names: Iterable<string>) => new Set([...names].map((n) => n.toLowerCase()));

/** 409 keyed `name` when another profile the customer sees has this name (case aside). */
async function checkName(db: Tx, customerId: number, name: string, current?: string): Promise<void> {
  const taken = await profileNames(db, customerId);
  const others = current === undefined ? taken : taken.filter((n) => n !== current);
  if (lower(others).has(name.toLowerCase())) throw conflict({ name: [NAME_TAKEN] });
}

/** The first free copy name: 'Name (1)', 'Name (2)', … (§5 copy-name helper), free also case aside. */
export async function freeCopyName(db: Tx, customerId: number, name: string, type: ProfileType = 'nvt'): Promise<string> {
  const taken = await profileNames(db, customerId, type);
  const used = lower(taken);
  let next = copyName(name, taken);
  while (used.has(next.toLowerCase())) next = copyName(next, taken);
  return next;
}

/** A write of a profile's name: a unique violation (another profile took the name meanwhile) is 409 keyed `name`. */
async function nameWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict({ name: [NAME_TAKEN] });
    throw e;
  }
}

/** Inserts a profile of any kind (its type in `values`) and reads it back with its author. */
export async function insertNamedProfile(db: Db, customerId: number, userId: number, values: ProfileValues): Promise<ProfileWithUser> {
  const row = await nameWrite(() => insertProfile(db, customerId, userId, values));
  return (await getProfile(db, customerId, row.id, values.type ?? 'nvt'))!;
}

/** Changes a profile of any kind (its type in `values`) and reads it back with its author. */
export async function updateNamedProfile(db: Db, customerId: number, id: number, values: ProfileValues): Promise<ProfileWithUser> {
  await nameWrite(() => updateProfile(db, customerId, id, values));
  return (await getProfile(db, customerId, id, values.type ?? 'nvt'))!;
}

function insertChecked(db: Db, customerId: number, userId: number, input: ProfileInput, name: string): Promise<ProfileWithUser> {
  return insertNamedProfile(db, customerId, userId, { name, description: input.description, fields: fieldsOf(input) });
}

export async function createProfile(db: Db, customerId: number, userId: number, input: ProfileInput): Promise<ProfileWithUser> {
  await checkFields(db, customerId, input);
  await checkName(db, customerId, input.name);
  return insertChecked(db, customerId, userId, input, input.name);
}

/** A profile the customer may change: its own; a built-in is 403, another customer's (or none) 404. */
export async function ownProfile(db: Tx, customerId: number, id: number, type: ProfileType = 'nvt'): Promise<ProfileWithUser> {
  const row = await getProfile(db, customerId, id, type);
  if (!row) throw notFound();
  if (row.builtin || row.customerId === null) throw forbidden(BUILTIN_REFUSED);
  return row;
}

export async function changeProfile(db: Db, customerId: number, id: number, input: ProfileInput): Promise<ProfileWithUser> {
  const current = await ownProfile(db, customerId, id);
  await checkFields(db, customerId, input);
  await checkName(db, customerId, input.name, current.name);
  return updateNamedProfile(db, customerId, id, { name: input.name, description: input.description, fields: fieldsOf(input) });
}

export async function removeProfile(db: Db, customerId: number, id: number, type: ProfileType = 'nvt'): Promise<void> {
  await ownProfile(db, customerId, id, type);
  const inUse = (names: string[]) =>
    conflict({
      non_field_errors: [`${messages.deleteFailed} It is used by ${names.length === 1 ? 'the scan' : 'these scans'}: ${names.join(', ')}.`],
    });
  const users = await scansUsingProfile(db, customerId, id);
  if (users.length > 0) throw inUse(users);
  try {
    await deleteProfile(db, customerId, id);
  } catch (e) {
    // A scan took the profile between the check and the delete: the foreign key refuses (restrict).
    if (
      (e as { code?: string; cause?: { code?: string } }).code === '23503' ||
      (e as { cause?: { code?: string } }).cause?.code === '23503'
    ) {
      throw inUse(await scansUsingProfile(db, customerId, id));
    }
    throw e;
  }
}

/** A copy owned by the customer, named by the copy-name rule; built-ins can be copied like any other. */
export async function copyProfile(db: Db, customerId: number, userId: number, id: number): Promise<ProfileWithUser> {
  const source = await getProfile(db, customerId, id);
  if (!source) throw notFound();
  const input = { ...source.fields, name: source.name, description: source.description };
  return insertChecked(db, customerId, userId, input, await freeCopyName(db, customerId, source.name));
}

/** Imports an exported profile; a name already taken gets the copy-name numbering instead of a conflict. */
export async function importProfile(db: Db, customerId: number, userId: number, data: ProfileExport): Promise<ProfileWithUser> {
  const { format: _format, ...exported } = data;
  // Credential ids name credentials of the installation that exported the profile: only this customer's own stay.
  const input = { ...exported, ...(await ownCredentialReferences(db, customerId, exported)) };
  await checkFields(db, customerId, input);
  const taken = lower(await profileNames(db, customerId));
  const name = taken.has(input.name.toLowerCase()) ? await freeCopyName(db, customerId, input.name) : input.name;
  return insertChecked(db, customerId, userId, input, name);
}

export interface ProfileForRun {
  fields: NetworkProfileFields;
  /** Policy profiles: the policy and whether to evaluate it beyond its benchmark's platform. */
  policy: string | null;
  ignorePlatform: boolean;
}

/** The settings a run of this profile (of this type) uses, or null when the customer cannot use it (scans module). */
export async function profileForRun(
  db: Tx,
  customerId: number,
  profileId: number,
  type: ProfileType = 'nvt',
): Promise<ProfileForRun | null> {
  const row = await getProfile(db, customerId, profileId, type);
  return row ? { fields: row.fields, policy: row.policy, ignorePlatform: row.ignorePlatform } : null;
}
