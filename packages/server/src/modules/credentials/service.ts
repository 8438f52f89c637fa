// The rules of scan credentials (platform-core §5): unique names per kind (409 on the name field), the Linux key
// clean-ups, masked secrets meaning "unchanged", secrets sealed at rest and answered masked, what each method needs,
// private keys that must open; and the logins a task's probe receives — decrypted only for the task that uses them.
import {
  cleanLinuxCredential,
  CREDENTIAL_NAME_TAKEN,
  CREDENTIAL_SECRET_FIELDS,
  credentialInputOf,
  credentialOutputOf,
  crudMessages,
  isMaskedSecret,
  MASKED,
  type CredentialChoice,
  type ScanAuthOs,
} from '@bulwark/core';
import { privateKeyProblem, type LinuxLogin, type WindowsLogin } from '@bulwark/scanner';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound, type FieldErrors } from '../../http/errors.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { Borrowed } from '../vault/index.ts';
import {
  credentialChoices,
  credentialsByIds,
  deleteCredential,
  getCredential,
  insertCredential,
  profilesUsingCredential,
  updateCredential,
  type CredentialRow,
  type CredentialWithUser,
} from './repo.ts';

export { listCredentials, getCredential, type CredentialOrdering } from './repo.ts';
export {
  hostAuthState,
  kernelMatches,
  listHostPackages,
  pinnedHostKeys,
  saveHostAuth,
  trustHostKey,
  type AuthStateInput,
  type PackageOrdering,
} from './host-auth.ts';

export type CredentialInput = z.output<(typeof credentialInputOf)[ScanAuthOs]>;
type Output = z.output<(typeof credentialOutputOf)[ScanAuthOs]>;

/** The plain (not secret) fields each kind stores. */
const PLAIN_FIELDS: Record<ScanAuthOs, readonly string[]> = {
  linux: ['port', 'username', 'use_dsskey', 'privilege_escalation', 'system_name', 'account_name'],
  windows: ['username', 'domain', 'ntlm_v2_only', 'system_name', 'account_name'],
  kubernetes: ['url'],
};

const required = (label: string) => [`${label} is required`];

/** A stored credential as the API answers it: plain fields, secrets masked (null when not set). */
export function toCredential(kind: ScanAuthOs, row: CredentialWithUser): Output {
  const secrets = Object.fromEntries(CREDENTIAL_SECRET_FIELDS[kind].map((f) => [f, row.secrets[f] ? MASKED : null]));
  return credentialOutputOf[kind].parse({
    ...credentialInputOf[kind].parse({ name: row.name, method: row.method, ...row.fields }),
    ...secrets,
    id: row.id,
    created: row.createdAt.toISOString(),
    modified: row.modifiedAt.toISOString(),
    user: row.author ? { id: row.author.id, first_name: row.author.firstName, last_name: row.author.lastName } : null,
  });
}

/** A stored credential as the input PATCH merges into (secrets as the mask, so they stay). */
export function inputOf(kind: ScanAuthOs, row: CredentialRow): Record<string, unknown> {
  const secrets = Object.fromEntries(CREDENTIAL_SECRET_FIELDS[kind].map((f) => [f, row.secrets[f] ? MASKED : null]));
  return { name: row.name, method: row.method, ...row.fields, ...secrets };
}

/**
 * The values to store: §5 clean-ups, then each secret sealed — a masked or missing value keeps the stored one, '' or
 * null removes it. Checks what the method needs once the secrets are merged (a PATCH that keeps a password is fine).
 */
function valuesOf(kind: ScanAuthOs, raw: CredentialInput, box: SecretBox, current?: CredentialRow) {
  const input = (kind === 'linux' ? cleanLinuxCredential(raw as CredentialInput & { use_dsskey: boolean }) : raw) as Record<
    string,
    unknown
  >;
  const plain = Object.fromEntries(PLAIN_FIELDS[kind].map((f) => [f, input[f] as string | number | boolean]));
  const sealed: Record<string, string> = {};
  const open: Record<string, string> = {};
  for (const f of CREDENTIAL_SECRET_FIELDS[kind]) {
    const v = input[f] as string | null | undefined;
    if (v === undefined || isMaskedSecret(v)) {
      // Cleared by the §5 rule (key login off) even when masked: the rule wins over "unchanged".
      if (kind === 'linux' && !input.use_dsskey && (f === 'priv_key' || f === 'priv_key_passwd')) continue;
      if (current?.secrets[f]) {
        sealed[f] = current.secrets[f];
        open[f] = box.decrypt(current.secrets[f]);
      }
    } else if (v !== null && v !== '') {
      sealed[f] = box.encrypt(v);
      open[f] = v;
    }
  }
  const errors: FieldErrors = {};
  const method = input.method as CredentialRow['method'];
  if (kind === 'linux' || kind === 'windows') {
    if (method === 'credentials') {
      if (!plain.username) errors.username = required('Username');
      if (kind === 'linux' && input.use_dsskey) {
        if (!open.priv_key) errors.priv_key = required('Private key');
        else {
          const problem = privateKeyProblem(open.priv_key, open.priv_key_passwd);
          if (problem) errors[problem.field] = [problem.message];
        }
      } else if (!open.passwd) errors.passwd = required('Password');
      if (kind === 'linux' && input.privilege_escalation === 'su' && !open.escalation_passwd)
        errors.escalation_passwd = required('Root password');
    } else {
      if (!plain.system_name) errors.system_name = required('System name');
      if (!plain.account_name) errors.account_name = required('Account name');
    }
  } else if (!open.token) errors.token = required('Token');
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return { name: input.name as string, method, fields: plain, secrets: sealed };
}

const messages = crudMessages('scan_authentication');

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict({ name: [CREDENTIAL_NAME_TAKEN] });
    throw e;
  }
}

export async function createCredential(
  db: Db,
  box: SecretBox,
  customerId: number,
  userId: number,
  kind: ScanAuthOs,
  input: CredentialInput,
): Promise<CredentialWithUser> {
  const values = valuesOf(kind, input, box);
  const row = await saving(() => insertCredential(db, customerId, kind, userId, values));
  return (await getCredential(db, customerId, kind, row.id))!;
}

export async function ownCredential(db: Tx, customerId: number, kind: ScanAuthOs, id: number): Promise<CredentialWithUser> {
  const row = await getCredential(db, customerId, kind, id);
  if (!row) throw notFound();
  return row;
}

export async function changeCredential(
  db: Db,
  box: SecretBox,
  customerId: number,
  kind: ScanAuthOs,
  id: number,
  input: CredentialInput,
): Promise<CredentialWithUser> {
  const current = await ownCredential(db, customerId, kind, id);
  const values = valuesOf(kind, input, box, current);
  await saving(() => updateCredential(db, customerId, id, values));
  return (await getCredential(db, customerId, kind, id))!;
}

/** Deletes a credential no profile uses (409 naming the profiles otherwise). */
export async function removeCredential(db: Db, customerId: number, kind: ScanAuthOs, id: number): Promise<void> {
  await ownCredential(db, customerId, kind, id);
  await db.transaction(async (tx) => {
    const users = await profilesUsingCredential(tx, customerId, id);
    if (users.length > 0)
      throw conflict({
        non_field_errors: [
          `${messages.deleteFailed} It is used by ${users.length === 1 ? 'the profile' : 'these profiles'}: ${users.join(', ')}.`,
        ],
      });
    await deleteCredential(tx, customerId, id);
  });
}

export async function listCredentialChoices(db: Db, customerId: number): Promise<CredentialChoice[]> {
  return credentialChoices(db, customerId);
}

/**
 * Field errors for a profile's credential references: each id must be one of the customer's credentials of the kind
 * the field takes.
 */
export async function credentialReferenceErrors(
  db: Tx,
  customerId: number,
  refs: { lin_auths: readonly number[]; win_auths: readonly number[]; kubernetes_auth: number | null },
): Promise<FieldErrors> {
  const ids = [...refs.lin_auths, ...refs.win_auths, ...(refs.kubernetes_auth === null ? [] : [refs.kubernetes_auth])];
  const found = new Map((await credentialsByIds(db, customerId, ids)).map((r) => [r.id, r.kind]));
  const errors: FieldErrors = {};
  const check = (field: string, list: readonly number[], kind: ScanAuthOs, label: string) => {
    const bad = list.filter((id) => found.get(id) !== kind);
    if (bad.length > 0) errors[field] = [`Unknown ${label} credential: ${bad.join(', ')}.`];
  };
  check('lin_auths', refs.lin_auths, 'linux', 'Linux');
  check('win_auths', refs.win_auths, 'windows', 'Windows');
  check('kubernetes_auth', refs.kubernetes_auth === null ? [] : [refs.kubernetes_auth], 'kubernetes', 'Kubernetes');
  return errors;
}

/** The references among these that name this customer's credentials of the right kind (profile import). */
export async function ownCredentialReferences(
  db: Tx,
  customerId: number,
  refs: { lin_auths: readonly number[]; win_auths: readonly number[]; kubernetes_auth: number | null },
): Promise<{ lin_auths: number[]; win_auths: number[]; kubernetes_auth: number | null }> {
  const ids = [...refs.lin_auths, ...refs.win_auths, ...(refs.kubernetes_auth === null ? [] : [refs.kubernetes_auth])];
  const kinds = new Map((await credentialsByIds(db, customerId, ids)).map((r) => [r.id, r.kind]));
  return {
    lin_auths: refs.lin_auths.filter((id) => kinds.get(id) === 'linux'),
    win_auths: refs.win_auths.filter((id) => kinds.get(id) === 'windows'),
    kubernetes_auth: refs.kubernetes_auth !== null && kinds.get(refs.kubernetes_auth) === 'kubernetes' ? refs.kubernetes_auth : null,
  };
}

/**
 * A stored Linux credential as a login (secrets opened). A vault credential takes the account name and the password or
 * SSH key borrowed from the vault for this task (`borrowed`).
 */
export function linuxLoginOf(row: CredentialRow, box: SecretBox, borrowed?: Borrowed): LinuxLogin {
  const f = row.fields as Record<string, string | number | boolean>;
  const secret = (k: string) => (row.secrets[k] ? box.decrypt(row.secrets[k]) : undefined);
  return {
    id: row.id,
    name: row.name,
    port: Number(f.port ?? 22),
    username: borrowed ? borrowed.username : String(f.username ?? ''),
    password: borrowed ? borrowed.password : secret('passwd'),
    privateKey: borrowed ? borrowed.privateKey : f.use_dsskey ? secret('priv_key') : undefined,
    passphrase: borrowed ? undefined : f.use_dsskey ? secret('priv_key_passwd') : undefined,
    escalation: (f.privilege_escalation as LinuxLogin['escalation']) ?? 'none',
    escalationPassword: secret('escalation_passwd'),
  };
}

/** A Windows credential as the SMB login uses it (decrypted for this call only; a vault one as borrowed). */
export function windowsLoginOf(row: CredentialRow, box: SecretBox, borrowed?: Borrowed): WindowsLogin {
  const f = row.fields as Record<string, string | number | boolean>;
  return {
    id: row.id,
    name: row.name,
    username: borrowed ? borrowed.username : String(f.username ?? ''),
    password: borrowed ? borrowed.password : row.secrets.passwd ? box.decrypt(row.secrets.passwd) : undefined,
    domain: borrowed?.domain ?? String(f.domain ?? ''),
    ntlmV2Only: f.ntlm_v2_only !== false,
  };
}

/** A profile's credentials of one kind, in the profile's order (the first that works is used). */
export async function credentialRowsFor(db: Tx, customerId: number, ids: readonly number[], kind: ScanAuthOs): Promise<CredentialRow[]> {
  const rows = new Map((await credentialsByIds(db, customerId, ids)).map((r) => [r.id, r]));
  return ids.map((id) => rows.get(id)).filter((r): r is CredentialRow => r !== undefined && r.kind === kind);
}

/** Logins of these rows: stored secrets opened, vault ones as borrowed (a vault credential not borrowed is left out). */
export function loginsOf<L>(
  rows: readonly CredentialRow[],
  borrowed: ReadonlyMap<number, Borrowed>,
  of: (row: CredentialRow, b: Borrowed | undefined) => L,
): L[] {
  return rows.filter((r) => r.method === 'credentials' || borrowed.has(r.id)).map((r) => of(r, borrowed.get(r.id)));
}
