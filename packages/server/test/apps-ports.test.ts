// Applications and ports across the inventory on every test database, after a processed run: applications grouped by
// product and version with asset and open finding counts, ports with their services, and for each its assets and
// findings; a LIMITED member sees only its assets' groups; 401, 403, bad ids 400.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppAsset, AppVulnerability, InstalledApp, PortSummary } from '@bulwark/core';
import { assets, assetTags, tags, teamMembers, teams, teamTags, users } from '../src/db/schema/index.ts';
import { settleRunProcessing, startRunProcessing } from '../src/modules/results/queue.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { deliveredRun, smallProfile } from './helpers/scans.ts';

type Page<T> = { count: number; results: T[] };
const ssh = {
  name: 'ssh',
  product: 'OpenSSH',
  version: '9.2p1',
  banner: 'SSH-2.0-OpenSSH_9.2p1',
  cpe: ['cpe:2.3:a:openbsd:openssh:9.2p1:*:*:*:*:*:*:*'],
};
const web = { name: 'http', product: 'nginx', version: '1.22.1', banner: null, cpe: [] };
const weak = (severity: number) => ({
  check: `ssh-weak-${severity}`,
  name: `Weak SSH ${severity}`,
  severity,
  confidence: 'confirmed',
  port: 22,
  protocol: 'tcp',
  cve: [],
});

describe.each(BACKENDS)('applications and ports on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let member: Client;
  let nobody: Client;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const probeId = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Quiet probe' })).body.id;
    const profile = await smallProfile(t, 1, '22,80');
    const runId = await deliveredRun(
      t,
      admin,
      { name: 'Sweep', profile, probeId },
      {
        hosts: [
          {
            address: '127.0.0.1',
            alive: true,
            ports: [
              { port: 22, protocol: 'tcp', state: 'open', service: ssh },
              { port: 80, protocol: 'tcp', state: 'open', service: web },
            ],
            findings: [weak(3), weak(2)],
          },
          { address: '127.0.0.2', alive: true, ports: [{ port: 22, protocol: 'tcp', state: 'open', service: ssh }], findings: [weak(3)] },
        ],
      },
    );
    await startRunProcessing(t.ctx, runId);
    await settleRunProcessing(t.ctx);
    const m = await t.user({ email: 'member@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { net_assets: ['read'] } })
      .where(eq(users.id, m.id));
    member = await signedIn(t, 'member@example.com');
    await t.user({ email: 'nobody@example.com' });
    nobody = await signedIn(t, 'nobody@example.com');
    const [tag] = await t.ctx.db.insert(tags).values({ customerId: 1, name: 'Second' }).returning();
    const [second] = await t.ctx.db.select().from(assets).where(eq(assets.address, '127.0.0.2'));
    await t.ctx.db.insert(assetTags).values({ tagId: tag!.id, assetId: second!.id, customerId: 1 });
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Limited', assetPermissions: 'LIMITED' }).returning();
    await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: m.id });
    await t.ctx.db.insert(teamTags).values({ teamId: team!.id, tagId: tag!.id, role: 'permission' });
  });
  afterAll(() => t.close());

  it('lists applications by product and version with their assets, ports and open findings', async () => {
    const apps = await admin.get<Page<InstalledApp>>('/api/assets/na-installed-apps/');
    expect(apps.status, JSON.stringify(apps.body)).toBe(200);
    expect(apps.body.results.map((a) => [a.name, a.version, a.assets, a.ports, a.vulnerabilities, a.max_severity])).toEqual([
      ['OpenSSH', '9.2p1', 2, [22], 3, 3],
      ['nginx', '1.22.1', 1, [80], 0, null],
    ]);
    expect(apps.body.results[0]!.cpe).toBe(ssh.cpe[0]);
    expect((await admin.get<Page<InstalledApp>>('/api/assets/na-installed-apps/?search=ngin')).body.results.map((a) => a.name)).toEqual([
      'nginx',
    ]);
    const id = apps.body.results[0]!.id;
    const on = await admin.get<Page<AppAsset>>(`/api/assets/na-installed-apps/assets/${id}/`);
    expect(on.body.results.map((a) => [a.asset_name, a.port, a.version])).toEqual([
      ['127.0.0.1', 22, '9.2p1'],
      ['127.0.0.2', 22, '9.2p1'],
    ]);
    const vulns = await admin.get<Page<AppVulnerability>>(`/api/assets/na-installed-apps/vulnerabilities/${id}/`);
    expect(vulns.body.results.map((v) => [v.name, v.severity, v.asset.asset_name])).toEqual([
      ['Weak SSH 3', 3, '127.0.0.1'],
      ['Weak SSH 3', 3, '127.0.0.2'],
      ['Weak SSH 2', 2, '127.0.0.1'],
    ]);
    expect((await admin.get('/api/assets/na-installed-apps/assets/not-an-id/')).status).toBe(400);
  });

  it('lists ports with their services, and for one its assets and findings', async () => {
    const ports = await admin.get<Page<PortSummary>>('/api/assets/ports/?ordering=port');
    expect(ports.body.results.map((p) => [p.port, p.protocol, p.services, p.assets, p.vulnerabilities, p.max_severity])).toEqual([
      [22, 0, ['ssh'], 2, 3, 3],
      [80, 0, ['http'], 1, 0, null],
    ]);
    expect((await admin.get<Page<PortSummary>>('/api/assets/ports/?port=80')).body.count).toBe(1);
    expect((await admin.get<Page<AppAsset>>('/api/assets/ports/assets/80/0/')).body.results.map((a) => [a.asset_name, a.product])).toEqual([
      ['127.0.0.1', 'nginx'],
    ]);
    expect((await admin.get<Page<AppVulnerability>>('/api/assets/ports/vulnerabilities/22/0/')).body.count).toBe(3);
    expect((await admin.get<Page<AppVulnerability>>('/api/assets/ports/vulnerabilities/22/1/')).body.count).toBe(0);
    expect((await admin.get('/api/assets/ports/assets/70000/0/')).status).toBe(400);
  });

  it('lists an asset’s open findings for its page, worst first', async () => {
    const [first] = await t.ctx.db.select().from(assets).where(eq(assets.address, '127.0.0.1'));
    const open = await admin.get<Page<AppVulnerability>>(`/api/assets/${first!.id}/vulnerabilities/`);
    expect(open.body.results.map((v) => [v.name, v.severity, v.port, v.hid])).toEqual([
      ['Weak SSH 3', 3, 22, 'nvt-ssh-weak-3'],
      ['Weak SSH 2', 2, 22, 'nvt-ssh-weak-2'],
    ]);
    expect((await member.get(`/api/assets/${first!.id}/vulnerabilities/`)).status).toBe(404);
    expect((await nobody.get(`/api/assets/${first!.id}/vulnerabilities/`)).status).toBe(403);
  });

  it('shows a LIMITED member only its assets’ applications and ports; guards the calls', async () => {
    const apps = await member.get<Page<InstalledApp>>('/api/assets/na-installed-apps/');
    expect(apps.body.results.map((a) => [a.name, a.assets, a.vulnerabilities])).toEqual([['OpenSSH', 1, 1]]);
    expect((await member.get<Page<PortSummary>>('/api/assets/ports/')).body.results.map((p) => p.port)).toEqual([22]);
    expect((await member.get<Page<AppAsset>>('/api/assets/ports/assets/80/0/')).body.count).toBe(0);
    expect((await (await anonymous(t)).get('/api/assets/ports/')).status).toBe(401);
    expect((await nobody.get('/api/assets/na-installed-apps/')).status).toBe(403);
    const rival = await signedIn(t, (await t.otherCustomer()).adminEmail);
    expect((await rival.get<Page<InstalledApp>>('/api/assets/na-installed-apps/')).body.count).toBe(0);
  });
});
