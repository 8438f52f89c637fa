// A stored scan credential as a web application's sign-in (a web profile's auth_credential): which credentials can
// serve (a username and a password: Linux or Windows, stored or in the vault), and the username and password a web task
// receives, opened or borrowed for that task only.
import type { FieldErrors } from '../../http/errors.ts';
import type { Tx } from '../../db/client.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { Borrowed } from '../vault/index.ts';
import { credentialsByIds, type CredentialRow } from './repo.ts';

export const WEB_CREDENTIAL_UNKNOWN = 'Unknown credential: choose one of your stored Linux or Windows credentials.';
export const WEB_CREDENTIAL_KEY_ONLY = 'This credential signs in with an SSH key only; a web login needs a password.';
export const WEB_CREDENTIAL_NO_PASSWORD = 'This credential has no password stored; a web login needs one.';

/** Why this row cannot sign in to a web application, or null when it can. */
function webCredentialProblem(row: CredentialRow | undefined): string | null {
  if (!row || (row.kind !== 'linux' && row.kind !== 'windows')) return WEB_CREDENTIAL_UNKNOWN;
  // A vault credential's password is borrowed at scan time; whether the vault gives a password is known only then.
  if (row.method !== 'credentials') return null;
  if (row.secrets.passwd) return null;
  return row.kind === 'linux' && row.fields.use_dsskey ? WEB_CREDENTIAL_KEY_ONLY : WEB_CREDENTIAL_NO_PASSWORD;
}

/** The field error for a web profile's credential reference (none when it names a usable credential of the customer). */
export async function webCredentialErrors(db: Tx, customerId: number, id: number | null): Promise<FieldErrors> {
  if (id === null) return {};
  const [row] = await credentialsByIds(db, customerId, [id]);
  const problem = webCredentialProblem(row);
  return problem ? { auth_credential: [problem] } : {};
}

/** Whether the id names one of the customer's credentials that can sign in to a web application (profile import). */
export async function isOwnWebCredential(db: Tx, customerId: number, id: number): Promise<boolean> {
  const [row] = await credentialsByIds(db, customerId, [id]);
  return webCredentialProblem(row) === null;
}

/** The row a web task signs in with: the customer's own, of a kind that has a username and a password. */
export async function webCredentialRow(db: Tx, customerId: number, id: number): Promise<CredentialRow | null> {
  const [row] = await credentialsByIds(db, customerId, [id]);
  return row && (row.kind === 'linux' || row.kind === 'windows') ? row : null;
}

/**
 * The username and password of a stored credential (the password opened for this task), or what the vault lent
 * (`borrowed`). An error message instead when there is no password to sign in with (the vault lent an SSH key).
 */
export function webLoginOf(
  row: CredentialRow,
  box: SecretBox,
  borrowed?: Borrowed,
): { username: string; password: string } | { error: string } {
  if (borrowed) {
    if (!borrowed.password)
      return { error: `Vault credential "${row.name}": the vault lent an SSH key, not a password; a web login needs a password.` };
    return { username: borrowed.username, password: borrowed.password };
  }
  const sealed = row.secrets.passwd;
  if (!sealed) return { error: `Credential "${row.name}": ${WEB_CREDENTIAL_NO_PASSWORD}` };
  return { username: String(row.fields.username ?? ''), password: box.decrypt(sealed) };
}
