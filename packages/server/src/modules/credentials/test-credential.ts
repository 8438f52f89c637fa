// The test action of a credential: on an asset the caller sees (its address) or an address typed in, from the server's
// own network position, checking the host key pinned for that host; says exactly what worked and what did not.
import { TEST_TARGET_REQUIRED, type CredentialTestRequest, type CredentialTestResult, type ScanAuthOs } from '@bulwark/core';
import { testKubernetesLogin, testLinuxLogin, testWindowsLogin, type LinuxLogin } from '@bulwark/scanner';
import type { AppContext } from '../../context.ts';
import { trustedCas } from '../../lib/trusted-cas.ts';
import { badRequest } from '../../http/errors.ts';
import type { Auth } from '../../http/session.ts';
import { getAssetRow, scopeOfCaller } from '../assets/index.ts';
import { pinnedHostKeys } from './host-auth.ts';
import { borrow, checkIn, VAULT_NOT_SET_UP } from '../vault/index.ts';
import { linuxLoginOf, ownCredential, windowsLoginOf } from './service.ts';

export async function testCredential(
  ctx: AppContext,
  auth: Auth,
  kind: ScanAuthOs,
  id: number,
  body: CredentialTestRequest,
): Promise<CredentialTestResult> {
  const row = await ownCredential(ctx.db, auth.customer.id, kind, id);
  // Kubernetes: the credential names its API server; the operator's extra CA file is trusted beside the system's.
  if (kind === 'kubernetes') {
    const f = row.fields as Record<string, string>;
    const token = row.secrets.token ? ctx.secrets.decrypt(row.secrets.token) : '';
    const ca = trustedCas(ctx.config);
    return testKubernetesLogin({ url: String(f.url ?? ''), token }, ca ? { ca } : {});
  }
  let target = body.target?.trim() ?? '';
  if (body.asset !== undefined) {
    const asset = await getAssetRow(ctx.db, await scopeOfCaller(ctx.db, auth), body.asset);
    if (!asset) throw badRequest({ asset: ['Unknown asset.'] });
    target = asset.address ?? (asset.kind === 'host' ? asset.value : '');
    if (!target) throw badRequest({ asset: ['This asset is not a single host; choose a host or enter an address.'] });
  }
  if (!target) throw badRequest({ target: [TEST_TARGET_REQUIRED] });
  const port = body.port !== undefined ? { port: body.port } : {};
  if (row.method === 'credentials') {
    // Windows: an SMB2 session set up with NTLMv2 (port 445 unless another is given).
    if (kind === 'windows') return testWindowsLogin(target, windowsLoginOf(row, ctx.secrets), port);
    return testLinux(ctx, auth.customer.id, target, linuxLoginOf(row, ctx.secrets), body.port);
  }
  // A vault credential: borrowed for this test alone and checked in right after it.
  const vault = await borrow(ctx, auth.customer.id, [row], null, `Bulwark credential test by ${auth.user.email}`);
  try {
    const borrowed = vault.borrowed.get(row.id);
    if (!borrowed) return vaultRefused(target, kind, body.port, vault.failures[0]?.message ?? VAULT_NOT_SET_UP);
    const f = row.fields as Record<string, string>;
    const step = {
      step: 'vault' as const,
      ok: true,
      message: `Borrowed ${borrowed.username} on ${f.system_name} from BeyondTrust Password Safe (${borrowed.privateKey ? 'SSH key' : 'password'}).`,
    };
    const result =
      kind === 'windows'
        ? await testWindowsLogin(target, windowsLoginOf(row, ctx.secrets, borrowed), port)
        : await testLinux(ctx, auth.customer.id, target, linuxLoginOf(row, ctx.secrets, borrowed), body.port);
    return { ...result, steps: [step, ...result.steps] };
  } finally {
    await checkIn(ctx, auth.customer.id, vault.requestIds, 'Bulwark credential test done');
  }
}

async function testLinux(ctx: AppContext, customerId: number, target: string, login: LinuxLogin, port: number | undefined) {
  if (port !== undefined) login.port = port;
  const pins = await pinnedHostKeys(ctx.db, customerId, target);
  return testLinuxLogin(target, login, { pinnedHostKey: pins[target] });
}

/** The vault did not release the credential: nothing was tried on the host. */
function vaultRefused(target: string, kind: ScanAuthOs, port: number | undefined, message: string): CredentialTestResult {
  return {
    target,
    port: port ?? (kind === 'windows' ? 445 : 22),
    health: 'auth_failed',
    connected: false,
    authenticated: false,
    privileged: false,
    os: null,
    steps: [{ step: 'vault', ok: false, message }],
  };
}
