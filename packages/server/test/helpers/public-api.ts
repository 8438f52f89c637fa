// Shared steps of the public API tests: findings on two hosts (the second tagged, for a LIMITED team), the API
// switched on, and a token made through the API by a signed-in client.
import { expect } from 'vitest';
import type { ApiTokenCreated } from '@bulwark/core';
import { assets, assetTags, tags } from '../../src/db/schema/index.ts';
import { settleRunProcessing, startRunProcessing } from '../../src/modules/results/queue.ts';
import type { Client, TestApp } from './app.ts';
import { deliveredRun, smallProfile } from './scans.ts';

export const TOKENS = '/api/public/auth/v2/permissions/tokens/';
export const VULNS = '/api/remediation/vulnerability-simple/';
const ssh = { name: 'ssh', product: 'OpenSSH', version: '9.2p1', banner: 'SSH-2.0-OpenSSH_9.2p1', cpe: [] };
const finding = (check: string, name: string) => ({
  check,
  name,
  severity: 3,
  confidence: 'confirmed',
  port: 22,
  protocol: 'tcp',
  cve: [],
});

/** Findings on 127.0.0.1 (two) and 127.0.0.2 (one, its asset tagged `Second host`); the tag's id. */
export async function findingsOnTwoHosts(t: TestApp, admin: Client): Promise<{ tagId: number; assetIds: Record<string, number> }> {
  const probeId = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Quiet probe' })).body.id;
  const profile = await smallProfile(t, 1, '22');
  const runId = await deliveredRun(
    t,
    admin,
    { name: 'Sweep', profile, probeId },
    {
      hosts: [
        {
          address: '127.0.0.1',
          alive: true,
          ports: [{ port: 22, protocol: 'tcp', state: 'open', service: ssh }],
          findings: [finding('ssh-weak-kex', 'Weak SSH key exchange'), finding('ssh-weak-mac', 'Weak SSH MAC')],
        },
        {
          address: '127.0.0.2',
          alive: true,
          ports: [{ port: 22, protocol: 'tcp', state: 'open', service: ssh }],
          findings: [finding('ssh-weak-kex', 'Weak SSH key exchange')],
        },
      ],
    },
  );
  await startRunProcessing(t.ctx, runId);
  await settleRunProcessing(t.ctx);
  const assetIds: Record<string, number> = {};
  for (const row of await t.ctx.db.select().from(assets)) if (row.address) assetIds[row.address] = row.id;
  const [tag] = await t.ctx.db.insert(tags).values({ customerId: 1, name: 'Second host' }).returning();
  await t.ctx.db.insert(assetTags).values({ tagId: tag!.id, assetId: assetIds['127.0.0.2']!, customerId: 1 });
  return { tagId: tag!.id, assetIds };
}

/** A token made through the API (201), expiring `days` after the app's clock. */
export async function makeToken(
  t: TestApp,
  c: Client,
  name: string,
  permissions: Record<string, string[]>,
  extra: { days?: number; rate_limit?: number } = {},
): Promise<ApiTokenCreated> {
  const expires = new Date(t.ctx.clock().getTime() + (extra.days ?? 30) * 86_400_000).toISOString();
  const r = await c.post<ApiTokenCreated>(TOKENS, {
    name,
    expires_at: expires,
    permissions,
    ...(extra.rate_limit ? { rate_limit: extra.rate_limit } : {}),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}
