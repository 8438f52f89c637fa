// The test action of a credential: on an asset the caller sees (its address) or an address typed in, from the server's
// own network position, checking the host key pinned for that host; says exactly what worked and what did not.
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { TEST_TARGET_REQUIRED, type CredentialTestRequest, type CredentialTestResult, type ScanAuthOs } from '@bulwark/core';
import { testKubernetesLogin, testLinuxLogin, testWindowsLogin } from '@bulwark/scanner';
import type { AppContext } from '../../context.ts';
import { badRequest, nonField } from '../../http/errors.ts';
import type { Auth } from '../../http/session.ts';
import { getAssetRow, scopeOfCaller } from '../assets/service.ts';
import { pinnedHostKeys } from './host-auth.ts';
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
    const ca = ctx.config.extraCaFile ? [...rootCertificates, readFileSync(ctx.config.extraCaFile, 'utf8')] : undefined;
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
  if (row.method !== 'credentials') throw nonField('Vault credentials are fetched at scan time; testing them is not available yet.');
  // Windows: an SMB2 session set up with NTLMv2 (port 445 unless another is given).
  if (kind === 'windows')
    return testWindowsLogin(target, windowsLoginOf(row, ctx.secrets), body.port !== undefined ? { port: body.port } : {});
  const login = linuxLoginOf(row, ctx.secrets);
  if (body.port !== undefined) login.port = body.port;
  const pins = await pinnedHostKeys(ctx.db, auth.customer.id, target);
  return testLinuxLogin(target, login, { pinnedHostKey: pins[target] });
}
