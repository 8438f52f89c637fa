// Cloud resources as assets (cloud/resources/) on every test database, inventoried through the cloud run processing
// (processCloudRun, as a delivered scan is): the paged list with every filter (provider, account, region, type, search,
// gone, run) and each sort, one resource, its open findings (failed controls) in the asset pages' shape, and delete (the
// asset and its findings, audited); a LIMITED team member sees only the resources its teams' tags reach; the guards:
// 401, 403 without unified_assets or the cloud-vm-resources flag, bad input 400, another customer's resource 404.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppVulnerability, CloudResourceItem } from '@bulwark/core';
import type { CloudScanResult } from '@bulwark/scanner';
import {
  assets,
  assetTags,
  auditEvents,
  cloudResources,
  findings,
  scanProfiles,
  scanRuns,
  scans,
  tags,
  teamMembers,
  teams,
  teamTags,
  users,
} from '../src/db/schema/index.ts';
import { processCloudRun } from '../src/modules/results/cloud-process.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setFlags, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; results: T[] };
const FLAGS = ['cloud-scanning', 'cloud-vm-resources'];
const ACCOUNT = '123456789012';
const BUCKET = 'arn:aws:s3:::public-reports';
const INSTANCE = `arn:aws:ec2:us-east-1:${ACCOUNT}:instance/i-0abc`;
const VOLUME = `arn:aws:ec2:eu-west-1:${ACCOUNT}:volume/vol-0def`;

function result(account: string, resources: CloudScanResult['resources'], results: CloudScanResult['results']): CloudScanResult {
  const at = '2026-11-29T10:00:00.000Z';
  return {
    provider: 'aws',
    account,
    resources,
    results,
    errors: [],
    stats: { calls: 10, throttled: 0, startedAt: at, finishedAt: at, durationMs: 1 },
  };
}

/** A cloud profile, scan and run of the customer, as a started cloud scan leaves them. */
async function cloudRun(t: TestApp, customerId: number, name: string): Promise<number> {
  const fields = { provider: 0, regions: [], minus_controls: [], credentials: {}, account: null } as never;
  const [profile] = await t.ctx.db.insert(scanProfiles).values({ customerId, name, type: 'cloud', fields }).returning();
  const [scan] = await t.ctx.db.insert(scans).values({ customerId, name, scanType: 'cloud', profileId: profile!.id }).returning();
  const [run] = await t.ctx.db
    .insert(scanRuns)
    .values({ customerId, scanId: scan!.id, name, scanType: 'cloud', profileId: profile!.id, targets: [], profile: fields })
    .returning();
  return run!.id;
}

describe.each(BACKENDS)('cloud resources on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let reader: Client;
  let member: Client;
  let nobody: Client;
  let rival: Client;
  let runId: number;
  let ids: Record<string, number>;
  let rivalResource: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    await setFlags(t.ctx, 1, FLAGS);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    runId = await cloudRun(t, 1, 'Production AWS');
    await processCloudRun(t.ctx.db, {
      customerId: 1,
      runId,
      regions: ['us-east-1', 'eu-west-1'],
      complete: true,
      now: new Date('2026-11-29T10:00:00Z'),
      result: result(
        ACCOUNT,
        [
          {
            uid: BUCKET,
            provider: 'aws',
            account: ACCOUNT,
            region: 'eu-west-1',
            service: 's3',
            type: 'aws.s3.bucket',
            name: 'public-reports',
            tags: { env: 'prod' },
            properties: { publicAccessBlock: null },
          },
          {
            uid: INSTANCE,
            provider: 'aws',
            account: ACCOUNT,
            region: 'us-east-1',
            service: 'ec2',
            type: 'aws.ec2.instance',
            name: 'web-1',
            publicAddresses: ['203.0.113.10'],
            properties: { metadataOptions: { HttpTokens: 'optional' } },
          },
          {
            uid: VOLUME,
            provider: 'aws',
            account: ACCOUNT,
            region: 'eu-west-1',
            service: 'ec2',
            type: 'aws.ec2.volume',
            name: 'vol-0def',
            properties: { encrypted: true },
          },
        ],
        [
          { control: 'aws-s3-block-public-access', resource: BUCKET, status: 'fail', evidence: '{"PublicAccessBlock": null}' },
          { control: 'aws-s3-public-acl', resource: BUCKET, status: 'fail', evidence: '{"Grantee": "AllUsers"}' },
          { control: 'aws-s3-encryption', resource: BUCKET, status: 'pass', evidence: '{"SSEAlgorithm": "AES256"}' },
          { control: 'aws-ec2-imdsv2', resource: INSTANCE, status: 'fail', evidence: '{"HttpTokens": "optional"}' },
          { control: 'aws-ec2-volume-encrypted', resource: VOLUME, status: 'pass', evidence: '{"Encrypted": true}' },
        ],
      ),
    });
    const rows = await t.ctx.db.select({ id: assets.id, value: assets.value }).from(assets).where(eq(assets.kind, 'cloud'));
    ids = Object.fromEntries(rows.map((r) => [r.value, r.id]));

    // Another customer's resource.
    const other = await t.otherCustomer('Rival Corp');
    await setFlags(t.ctx, other.customerId, FLAGS);
    rival = await signedIn(t, other.adminEmail);
    const rivalRun = await cloudRun(t, other.customerId, 'Rival AWS');
    await processCloudRun(t.ctx.db, {
      customerId: other.customerId,
      runId: rivalRun,
      regions: ['us-east-1'],
      complete: true,
      now: new Date('2026-11-29T11:00:00Z'),
      result: result(
        '210987654321',
        [
          {
            uid: 'arn:aws:s3:::rival-bucket',
            provider: 'aws',
            account: '210987654321',
            region: 'us-east-1',
            service: 's3',
            type: 'aws.s3.bucket',
            name: 'rival-bucket',
            properties: {},
          },
        ],
        [{ control: 'aws-s3-public-acl', resource: 'arn:aws:s3:::rival-bucket', status: 'fail', evidence: '{}' }],
      ),
    });
    const [r] = await t.ctx.db.select().from(assets).where(eq(assets.value, 'arn:aws:s3:::rival-bucket'));
    rivalResource = r!.id;

    const readerRow = await t.user({ email: 'reader@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { unified_assets: ['read'] } })
      .where(eq(users.id, readerRow.id));
    reader = await signedIn(t, 'reader@example.com');
    // A LIMITED member whose team's tag is on the instance only.
    const m = await t.user({ email: 'member@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { unified_assets: ['read', 'delete'] } })
      .where(eq(users.id, m.id));
    const [tag] = await t.ctx.db.insert(tags).values({ customerId: 1, name: 'Web servers' }).returning();
    await t.ctx.db.insert(assetTags).values({ tagId: tag!.id, assetId: ids[INSTANCE]!, customerId: 1 });
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Limited', assetPermissions: 'LIMITED' }).returning();
    await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: m.id });
    await t.ctx.db.insert(teamTags).values({ teamId: team!.id, tagId: tag!.id, role: 'permission' });
    member = await signedIn(t, 'member@example.com');
    await t.user({ email: 'nobody@example.com' });
    nobody = await signedIn(t, 'nobody@example.com');
  }, 300_000);
  afterAll(() => t.close());

  const names = (p: Page<CloudResourceItem>) => p.results.map((r) => r.name);

  it('lists the resources with their open findings by severity, sorted by name', async () => {
    const list = await reader.get<Page<CloudResourceItem>>('/api/cloud/resources/?resource_type=aws.s3.bucket');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.count).toBe(1);
    const bucket = list.body.results[0]!;
    expect(bucket).toMatchObject({
      id: ids[BUCKET],
      provider: 0,
      uid: BUCKET,
      name: 'public-reports',
      account: ACCOUNT,
      region: 'eu-west-1',
      service: 's3',
      resource_type: 'aws.s3.bucket',
      public_addresses: [],
      tags: { env: 'prod' },
      properties: { publicAccessBlock: null },
      first_seen: '2026-11-29T10:00:00.000Z',
      last_seen: '2026-11-29T10:00:00.000Z',
      gone_since: null,
    });
    const open = await t.ctx.db
      .select({ severity: findings.severity })
      .from(findings)
      .where(and(eq(findings.hostId, ids[BUCKET]!), eq(findings.source, 'cloud')));
    expect(open).toHaveLength(2);
    const bySeverity = { critical: 0, high: 0, medium: 0, low: 0, info: 0 };
    const label = ['info', 'low', 'medium', 'high', 'critical'] as const;
    for (const f of open) bySeverity[label[f.severity]!] += 1;
    expect(bucket.vulnerabilities).toEqual(bySeverity);

    const all = await reader.get<Page<CloudResourceItem>>('/api/cloud/resources/?page_size=50');
    // The three resources and the account's own asset, by name.
    expect(all.body.count).toBe(4);
    const sorted = [...names(all.body)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(names(all.body)).toEqual(sorted);
    expect(names(all.body)).toEqual(expect.arrayContaining(['public-reports', 'web-1', 'vol-0def']));
    const web = all.body.results.find((r) => r.name === 'web-1')!;
    expect(web).toMatchObject({ public_addresses: ['203.0.113.10'], region: 'us-east-1' });
    expect(web.vulnerabilities.critical + web.vulnerabilities.high + web.vulnerabilities.medium + web.vulnerabilities.low).toBe(1);
    const paged = await reader.get<Page<CloudResourceItem>>('/api/cloud/resources/?page_size=2&page=2');
    expect(paged.body.count).toBe(4);
    expect(names(paged.body)).toEqual(names(all.body).slice(2, 4));
  });

  it('filters by provider, account, region, type, search, gone and run, and sorts by type, region and last seen', async () => {
    const q = async (query: string) => names((await reader.get<Page<CloudResourceItem>>(`/api/cloud/resources/?${query}`)).body);
    expect(await q('region=eu-west-1')).toEqual(['public-reports', 'vol-0def']);
    expect(await q('region=eu-west-1&ordering=-name')).toEqual(['vol-0def', 'public-reports']);
    expect(await q('resource_type=aws.ec2.instance')).toEqual(['web-1']);
    expect((await q(`account=${ACCOUNT}`)).length).toBe(4);
    expect(await q('account=999999999999')).toEqual([]);
    expect((await q('provider=0')).length).toBe(4);
    expect(await q('provider=1')).toEqual([]);
    expect(await q('search=PUBLIC-rep')).toEqual(['public-reports']);
    expect(await q('search=i-0abc')).toEqual(['web-1']);
    expect((await q('gone=false')).length).toBe(4);
    expect(await q('gone=true')).toEqual([]);
    expect((await q(`run=${runId}`)).length).toBe(4);
    expect(await q(`run=${runId + 1000}`)).toEqual([]);
    expect(await q('region=eu-west-1&ordering=type')).toEqual(['vol-0def', 'public-reports']);
    expect(await q('region=eu-west-1&ordering=-type')).toEqual(['public-reports', 'vol-0def']);
    const byRegion = await q('ordering=region');
    expect(byRegion.indexOf('web-1')).toBeGreaterThan(Math.max(byRegion.indexOf('public-reports'), byRegion.indexOf('vol-0def')));
    // A resource a later scan missed: gone, and last seen earlier than the others.
    await t.ctx.db
      .update(cloudResources)
      .set({ goneSince: new Date('2026-11-30T10:00:00Z'), lastSeen: new Date('2026-11-28T10:00:00Z') })
      .where(eq(cloudResources.assetId, ids[VOLUME]!));
    try {
      expect(await q('gone=true')).toEqual(['vol-0def']);
      expect((await q('ordering=last_seen'))[0]).toBe('vol-0def');
      expect((await q('ordering=-last_seen')).at(-1)).toBe('vol-0def');
      const one = await reader.get<CloudResourceItem>(`/api/cloud/resources/${ids[VOLUME]}/`);
      expect(one.body.gone_since).toBe('2026-11-30T10:00:00.000Z');
    } finally {
      await t.ctx.db
        .update(cloudResources)
        .set({ goneSince: null, lastSeen: new Date('2026-11-29T10:00:00Z') })
        .where(eq(cloudResources.assetId, ids[VOLUME]!));
    }
    for (const bad of ['provider=aws', 'gone=maybe', 'ordering=colour', 'run=0', 'page_size=0']) {
      const r = await reader.get(`/api/cloud/resources/?${bad}`);
      expect(r.status, bad).toBe(400);
      expect(Object.keys(r.body)).toEqual([bad.split('=')[0]]);
    }
  });

  it('answers one resource and its open findings in the asset lists’ shape', async () => {
    const one = await reader.get<CloudResourceItem>(`/api/cloud/resources/${ids[INSTANCE]}/`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: ids[INSTANCE], uid: INSTANCE, name: 'web-1', resource_type: 'aws.ec2.instance' });
    const vulns = await reader.get<Page<AppVulnerability>>(`/api/cloud/resources/${ids[BUCKET]}/vulnerabilities/`);
    expect(vulns.status).toBe(200);
    expect(vulns.body.count).toBe(2);
    const rows = await t.ctx.db.select().from(findings).where(eq(findings.hostId, ids[BUCKET]!));
    expect(vulns.body.results.map((v) => v.id).sort()).toEqual(
      rows
        .filter((f) => f.state !== 3)
        .map((f) => f.id)
        .sort(),
    );
    for (const v of vulns.body.results)
      expect(v).toMatchObject({ asset: { id: ids[BUCKET], asset_name: 'public-reports' }, port: null, cve: null });
    // Worst first.
    const risks = vulns.body.results.map((v) => v.risk_score);
    expect(risks).toEqual([...risks].sort((a, b) => b - a));
    expect((await reader.get<Page<AppVulnerability>>(`/api/cloud/resources/${ids[VOLUME]}/vulnerabilities/`)).body.count).toBe(0);
    expect((await reader.get(`/api/cloud/resources/${ids[BUCKET]! + 10_000}/`)).status).toBe(404);
    // A host asset is not a cloud resource.
    const [host] = await t.ctx.db
      .insert(assets)
      .values({ customerId: 1, kind: 'host', value: '10.0.0.1', address: '10.0.0.1' })
      .returning();
    expect((await reader.get(`/api/cloud/resources/${host!.id}/`)).status).toBe(404);
    expect((await admin.request('DELETE', `/api/cloud/resources/${host!.id}/`)).status).toBe(404);
  });

  it('shows a LIMITED member only the resources its teams’ tags reach', async () => {
    const list = await member.get<Page<CloudResourceItem>>('/api/cloud/resources/');
    expect(list.status).toBe(200);
    expect(names(list.body)).toEqual(['web-1']);
    expect((await member.get(`/api/cloud/resources/${ids[INSTANCE]}/`)).status).toBe(200);
    expect((await member.get<Page<AppVulnerability>>(`/api/cloud/resources/${ids[INSTANCE]}/vulnerabilities/`)).body.count).toBe(1);
    expect((await member.get(`/api/cloud/resources/${ids[BUCKET]}/`)).status).toBe(404);
    expect((await member.get(`/api/cloud/resources/${ids[BUCKET]}/vulnerabilities/`)).status).toBe(404);
    expect((await member.request('DELETE', `/api/cloud/resources/${ids[BUCKET]}/`)).status).toBe(404);
    expect((await t.ctx.db.select().from(assets).where(eq(assets.id, ids[BUCKET]!))).length).toBe(1);
  });

  it('refuses signed-out callers (401), users without unified_assets (403), customers without the flag; another customer finds none', async () => {
    const anon = await anonymous(t);
    const id = ids[BUCKET]!;
    const calls: [string, string][] = [
      ['GET', '/api/cloud/resources/'],
      ['GET', `/api/cloud/resources/${id}/`],
      ['GET', `/api/cloud/resources/${id}/vulnerabilities/`],
      ['DELETE', `/api/cloud/resources/${id}/`],
    ];
    for (const [method, url] of calls) {
      expect((await anon.request(method, url)).status, `${method} ${url}`).toBe(401);
      expect((await nobody.request(method, url)).status, `${method} ${url}`).toBe(403);
    }
    expect((await reader.request('DELETE', `/api/cloud/resources/${id}/`)).status).toBe(403);
    for (const [method, url] of calls.slice(1)) expect((await rival.request(method, url)).status, `${method} ${url}`).toBe(404);
    const theirs = await rival.get<Page<CloudResourceItem>>('/api/cloud/resources/?page_size=50');
    expect(names(theirs.body)).toContain('rival-bucket');
    expect(names(theirs.body)).not.toContain('public-reports');
    expect((await admin.get(`/api/cloud/resources/${rivalResource}/`)).status).toBe(404);

    await setFlags(t.ctx, 1, ['cloud-scanning']);
    try {
      for (const [method, url] of calls) {
        const r = await admin.request(method, url);
        expect(r.status, `${method} ${url}`).toBe(403);
        expect(r.body).toMatchObject({ code: 'feature_not_enabled' });
      }
    } finally {
      await setFlags(t.ctx, 1, FLAGS);
    }
    expect((await t.ctx.db.select().from(assets).where(eq(assets.id, id))).length).toBe(1);
  });

  it('deletes a resource with its findings, audited', async () => {
    const id = ids[BUCKET]!;
    const gone = await admin.request('DELETE', `/api/cloud/resources/${id}/`);
    expect(gone.status).toBe(204);
    expect((await admin.get(`/api/cloud/resources/${id}/`)).status).toBe(404);
    expect(await t.ctx.db.select().from(assets).where(eq(assets.id, id))).toEqual([]);
    expect(await t.ctx.db.select().from(cloudResources).where(eq(cloudResources.assetId, id))).toEqual([]);
    expect(await t.ctx.db.select().from(findings).where(eq(findings.hostId, id))).toEqual([]);
    const events = await t.ctx.db.select().from(auditEvents).where(eq(auditEvents.resource, 'unified_assets'));
    expect(events).toEqual([expect.objectContaining({ action: 'delete', method: 'DELETE', objectId: String(id), status: 204 })]);
    expect((await admin.request('DELETE', `/api/cloud/resources/${id}/`)).status).toBe(404);
    expect((await admin.get<Page<CloudResourceItem>>('/api/cloud/resources/')).body.count).toBe(3);
  });
});
