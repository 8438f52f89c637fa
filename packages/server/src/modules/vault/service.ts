// Scan credentials of the method "vault": their secret lives in the customer's BeyondTrust Password Safe and is
// borrowed for one task (or one test) at a time — signed in with the saved integration settings, the managed account
// requested and its password or SSH key retrieved — then checked in when the task ends. Open requests are written to
// vault_checkouts so that whichever server hears of the task's end checks them in.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { trustedCas } from '../../lib/trusted-cas.ts';
import { vaultCheckouts, type scanCredentials } from '../../db/schema/index.ts';
import { openSettings } from '../notifications/index.ts';
import { PasswordSafe, PasswordSafeError, type PasswordSafeCall } from './password-safe.ts';

// A scan credential row, read from the schema (not from the credentials module, which imports the vault).
type CredentialRow = typeof scanCredentials.$inferSelect;

export type VaultContext = Pick<AppContext, 'db' | 'secrets' | 'config'> & { log?: Pick<AppContext['log'], 'warn'> };

/** How long a release request asks for (capped by the account's maximum release duration). */
export const RELEASE_MINUTES = 120;
export const VAULT_NOT_SET_UP = 'BeyondTrust Password Safe is not set up or not enabled (Administration → Integrations → BeyondTrust).';

/** A credential borrowed from the vault: the account's name and its secret, for one task. */
export interface Borrowed {
  username: string;
  domain: string | null;
  password?: string;
  privateKey?: string;
}

export interface BorrowResult {
  borrowed: Map<number, Borrowed>;
  /** Credentials the vault did not release, each with why. */
  failures: { credentialId: number; name: string; call: PasswordSafeCall | null; message: string }[];
  /** The release requests opened (checked in by checkIn / checkInTask). */
  requestIds: number[];
}

/** The customer's Password Safe client from the saved settings, or null when the integration is off or incomplete. */
export async function passwordSafeOf(ctx: VaultContext, customerId: number): Promise<PasswordSafe | null> {
  const s = await openSettings(ctx.db, ctx.secrets, customerId, 'beyondtrust');
  const url = typeof s?.fields.url === 'string' ? s.fields.url : '';
  const apiUser = typeof s?.fields.api_user === 'string' ? s.fields.api_user : '';
  const apiKey = s?.secrets.api_key ?? '';
  if (!s?.enabled || !url || !apiUser || !apiKey) return null;
  const ca = trustedCas(ctx.config);
  return new PasswordSafe({ url, apiUser, apiKey, ...(ca ? { ca } : {}) });
}

const fieldsOf = (row: CredentialRow) => row.fields as Record<string, string | number | boolean | null>;

/**
 * Borrows the secrets of these vault credentials: one sign-in, then for each its account found, requested and its
 * password (Linux with key login: its SSH key) retrieved. A credential the vault refuses is a failure with the vault's
 * reason; the others are still borrowed. With `taskId`, the requests are recorded for checkInTask.
 */
export async function borrow(
  ctx: VaultContext,
  customerId: number,
  rows: readonly CredentialRow[],
  taskId: number | null,
  reason: string,
): Promise<BorrowResult> {
  const result: BorrowResult = { borrowed: new Map(), failures: [], requestIds: [] };
  const vault = rows.filter((r) => r.method === 'vault');
  if (vault.length === 0) return result;
  const safe = await passwordSafeOf(ctx, customerId);
  if (!safe) {
    for (const r of vault) result.failures.push({ credentialId: r.id, name: r.name, call: null, message: VAULT_NOT_SET_UP });
    return result;
  }
  try {
    await safe.signIn();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    for (const r of vault) result.failures.push({ credentialId: r.id, name: r.name, call: 'sign_in', message });
    return result;
  }
  try {
    for (const row of vault) {
      const f = fieldsOf(row);
      try {
        const account = await safe.findAccount(String(f.system_name ?? ''), String(f.account_name ?? ''));
        const requestId = await safe.request(account, RELEASE_MINUTES, reason);
        result.requestIds.push(requestId);
        if (taskId !== null) await ctx.db.insert(vaultCheckouts).values({ customerId, taskId, credentialId: row.id, requestId });
        const key = row.kind === 'linux' && f.use_dsskey === true;
        const secret = await safe.retrieve(requestId, key ? 'dsskey' : 'password');
        result.borrowed.set(row.id, {
          username: account.accountName,
          domain: account.domainName,
          ...(key ? { privateKey: secret.replace(/\r\n/g, '\n') } : { password: secret }),
        });
      } catch (err) {
        const call = err instanceof PasswordSafeError ? err.call : null;
        result.failures.push({ credentialId: row.id, name: row.name, call, message: err instanceof Error ? err.message : String(err) });
      }
    }
  } finally {
    await safe.signOut().catch(() => undefined);
  }
  return result;
}

/** Checks release requests in (a test's, right after it). Failures are logged: the request's duration ends it anyway. */
export async function checkIn(ctx: VaultContext, customerId: number, requestIds: readonly number[], reason: string): Promise<void> {
  if (requestIds.length === 0) return;
  const safe = await passwordSafeOf(ctx, customerId);
  if (!safe) {
    ctx.log?.warn({ customerId, requests: requestIds.length }, 'vault: the integration was switched off; requests are left to expire');
    return;
  }
  try {
    await safe.signIn();
    for (const id of requestIds) {
      await safe
        .checkIn(id, reason)
        .catch((err: unknown) => ctx.log?.warn({ customerId, requestId: id, err: String(err) }, 'vault: check-in failed'));
    }
  } catch (err) {
    ctx.log?.warn({ customerId, err: String(err) }, 'vault: sign-in for check-in failed; requests are left to expire');
  } finally {
    await safe.signOut().catch(() => undefined);
  }
}

/** The task has ended: its release requests are checked in and forgotten. */
export async function checkInTask(ctx: VaultContext, taskId: number): Promise<number> {
  const rows = await ctx.db.delete(vaultCheckouts).where(eq(vaultCheckouts.taskId, taskId)).returning();
  if (rows.length === 0) return 0;
  await checkIn(
    ctx,
    rows[0]!.customerId,
    rows.map((r) => r.requestId),
    `Bulwark scan task ${taskId} ended`,
  );
  return rows.length;
}

/** checkInTask that never fails its caller (a task's end must not wait on or fail with the vault). */
export async function releaseVault(ctx: VaultContext, taskId: number): Promise<void> {
  try {
    await checkInTask(ctx, taskId);
  } catch (err) {
    ctx.log?.warn({ taskId, err: String(err) }, 'vault: checking in a task’s requests failed');
  }
}
