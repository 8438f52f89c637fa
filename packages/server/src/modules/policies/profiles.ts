// The rules of policy profiles (scan/oprofiles/): a name unique among the customer's policy profiles, a policy the
// customer's library has, the customer's own Linux credentials; built-ins read-only; copy, export and import. Stored as
// scan profiles of type 'oval' (the credentials in the same settings as a network profile's).
import {
  DEFAULT_NETWORK_PROFILE,
  POLICY_SCAN_KIND,
  policyProfile,
  type policyProfileExport,
  type policyProfileInput,
  type PolicyProfile,
} from '@bulwark/core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound, type FieldErrors } from '../../http/errors.ts';
import { credentialReferenceErrors, ownCredentialReferences } from '../credentials/index.ts';
import {
  freeCopyName,
  getProfile,
  insertNamedProfile,
  NAME_TAKEN,
  ownProfile,
  profileNames,
  removeProfile,
  updateNamedProfile,
  type ProfileWithUser,
  type ProfileStore,
} from '../profiles/index.ts';
import { policyName } from './service.ts';

export type PolicyProfileInput = z.output<typeof policyProfileInput>;
export type PolicyProfileExport = z.output<typeof policyProfileExport>;

const fieldsOf = (input: PolicyProfileInput) => ({
  ...DEFAULT_NETWORK_PROFILE,
  // The ports a policy task scans are its credentials' SSH ports (decided when it is sent), never the standard list.
  standard_scan: false,
  ss_use_tcp: false,
  lin_auths: input.lin_auths,
});

const valuesOf = (input: PolicyProfileInput) => ({
  type: 'oval' as const,
  name: input.name,
  description: input.description,
  fields: fieldsOf(input),
  policy: input.policy,
  ignorePlatform: input.ignore_platform,
});

export function inputOf(row: ProfileWithUser): Record<string, unknown> {
  return {
    name: row.name,
    description: row.description,
    policy: row.policy ?? '',
    lin_auths: row.fields.lin_auths ?? [],
    ignore_platform: row.ignorePlatform,
  };
}

export async function toPolicyProfile(db: Tx, customerId: number, row: ProfileWithUser): Promise<PolicyProfile> {
  return policyProfile.parse({
    id: row.id,
    name: row.name,
    description: row.description,
    type: 'oval',
    scan_type: 'oval',
    policy: row.policy ?? '',
    policy_name: row.policy ? await policyName(db, customerId, row.policy) : null,
    lin_auths: row.fields.lin_auths ?? [],
    ignore_platform: row.ignorePlatform,
    builtin: row.builtin,
    user: row.author ? { id: row.author.id, first_name: row.author.firstName, last_name: row.author.lastName } : null,
    created: row.createdAt.toISOString(),
    modified: row.modifiedAt.toISOString(),
  });
}

export function toExport(row: ProfileWithUser): PolicyProfileExport {
  return {
    format: 'bulwark-oprofile/1',
    name: row.name,
    description: row.description,
    policy: row.policy ?? '',
    lin_auths: row.fields.lin_auths ?? [],
    ignore_platform: row.ignorePlatform,
  };
}

async function checkFields(db: Tx, customerId: number, input: PolicyProfileInput): Promise<void> {
  const errors: FieldErrors = await credentialReferenceErrors(db, customerId, {
    lin_auths: input.lin_auths,
    win_auths: [],
    kubernetes_auth: null,
  });
  if ((await policyName(db, customerId, input.policy)) === null)
    errors.policy = ['This policy is not in the library (scan/ovalpolicies/). Choose one of its policies.'];
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

async function checkName(db: Tx, customerId: number, name: string, current?: string): Promise<void> {
  const taken = (await profileNames(db, customerId, 'oval')).filter((n) => n !== current).map((n) => n.toLowerCase());
  if (taken.includes(name.toLowerCase())) throw conflict({ name: [NAME_TAKEN] });
}

async function insertChecked(
  db: Db,
  customerId: number,
  userId: number,
  input: PolicyProfileInput,
  name: string,
): Promise<ProfileWithUser> {
  return insertNamedProfile(db, customerId, userId, { ...valuesOf(input), name });
}

export async function createPolicyProfile(db: Db, customerId: number, userId: number, input: PolicyProfileInput): Promise<ProfileWithUser> {
  await checkFields(db, customerId, input);
  await checkName(db, customerId, input.name);
  return insertChecked(db, customerId, userId, input, input.name);
}

export const ownPolicyProfile = (db: Tx, customerId: number, id: number) => ownProfile(db, customerId, id, 'oval');

export async function changePolicyProfile(db: Db, customerId: number, id: number, input: PolicyProfileInput): Promise<ProfileWithUser> {
  const current = await ownPolicyProfile(db, customerId, id);
  await checkFields(db, customerId, input);
  await checkName(db, customerId, input.name, current.name);
  return updateNamedProfile(db, customerId, id, valuesOf(input));
}

export async function copyPolicyProfile(db: Db, customerId: number, userId: number, id: number): Promise<ProfileWithUser> {
  const source = await getProfile(db, customerId, id, 'oval');
  if (!source) throw notFound();
  const input = inputOf(source) as PolicyProfileInput;
  return insertChecked(db, customerId, userId, input, await freeCopyName(db, customerId, source.name, 'oval'));
}

/** Imports an exported policy profile: only the customer's own credentials stay; a taken name gets "Name (n)". */
export async function importPolicyProfile(db: Db, customerId: number, userId: number, data: PolicyProfileExport): Promise<ProfileWithUser> {
  const { format: _format, ...exported } = data;
  const own = await ownCredentialReferences(db, customerId, { lin_auths: exported.lin_auths, win_auths: [], kubernetes_auth: null });
  const input: PolicyProfileInput = { ...exported, lin_auths: own.lin_auths };
  if (input.lin_auths.length === 0) {
    const errors: FieldErrors = {
      lin_auths: ['None of the exported Linux credentials exists here: create the profile with one of your own credentials.'],
    };
    throw badRequest(errors);
  }
  await checkFields(db, customerId, input);
  const taken = (await profileNames(db, customerId, 'oval')).map((n) => n.toLowerCase());
  const name = taken.includes(input.name.toLowerCase()) ? await freeCopyName(db, customerId, input.name, 'oval') : input.name;
  return insertChecked(db, customerId, userId, input, name);
}

/** The policy kind's profiles for the shared profile routes (scan/oprofiles/). */
export const POLICY_PROFILES: ProfileStore<typeof POLICY_SCAN_KIND> = {
  kind: POLICY_SCAN_KIND,
  tags: ['policy scans'],
  summaries: {
    list: 'Policy scan profiles, paged; search in name and description',
    create: 'Create a policy scan profile',
    import: 'Import a policy profile from its export; a taken name gets the copy numbering ("Name (1)")',
    read: 'One policy scan profile',
    change: 'Change a policy profile',
    patch: 'Change some fields of a policy profile; the rest stay',
    remove: 'Delete a policy profile (not one a scan uses)',
    copy: 'Copy a policy profile under the next free "Name (n)"',
    export: 'A policy profile as JSON that import accepts',
  },
  reply: toPolicyProfile,
  create: createPolicyProfile,
  import: importPolicyProfile,
  change: changePolicyProfile,
  own: ownPolicyProfile,
  inputOf,
  copy: copyPolicyProfile,
  remove: (db, customerId, id) => removeProfile(db, customerId, id, 'oval'),
  toExport,
};
