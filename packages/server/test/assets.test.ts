// The asset inventory's calls on every test database: create (normalised values, 409 keyed value, field errors), the
// list with each §3 filter and both tag encodings, one asset, change, delete (dropped from scans), the asset page,
// open ports and scan history after a processed run (hosts linked to the network scanned), pickers, usage, counts by
// tag, and the guards: 401, 403 without net_assets, read-only cannot change, another customer 404, a LIMITED team member
// sees only the assets of the team's tags.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, AssetCounts, AssetPort, AssetScan, AssetUsage, SingleAsset } from '@bulwark/core';
import { assetTags, customers, scans, tags, teamMembers, teams, teamTags, users } from '../src/db/schema/index.ts';
import { startRunProcessing, settleRunProcessing } from '../src/modules/results/queue.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { deliveredRun, smallProfile } from './helpers/scans.ts';

type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

describe.each(BACKENDS)('asset inventory on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let reader: Client;
  let nobody: Client;
  let member: Client;
  let rival: Client;
  let ownerId: number;
  const id: Record<string, number> = {};
  const tag: Record<string, number> = {};

  const names = (p: Page<Asset>) => p.results.map((a) => a.asset_name);
  const list = async (query: string) => {
    const res = await admin.get<Page<Asset>>(`/api/assets/assets/?page_size=100&${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const r = await t.user({ email: 'reader@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { net_assets: ['read'], unified_assets: ['read'] } })
      .where(eq(users.id, r.id));
    reader = await signedIn(t, 'reader@example.com');
    await t.user({ email: 'nobody@example.com' });
    nobody = await signedIn(t, 'nobody@example.com');
    const m = await t.user({ email: 'member@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { net_assets: ['read'] } })
      .where(eq(users.id, m.id));
    member = await signedIn(t, 'member@example.com');
    ownerId = r.id;
    rival = await signedIn(t, (await t.otherCustomer('Rival Corp')).adminEmail);

    const [prod, dev, pciTag] = await t.ctx.db
      .insert(tags)
      .values([
        { customerId: 1, name: 'Production' },
        { customerId: 1, name: 'Development' },
        { customerId: 1, name: 'PCI zone' },
      ])
      .returning();
    Object.assign(tag, { prod: prod!.id, dev: dev!.id, pci: pciTag!.id });
    // The member's only team is LIMITED to Production.
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Ops', assetPermissions: 'LIMITED' }).returning();
    await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: m.id });
    await t.ctx.db.insert(teamTags).values({ teamId: team!.id, tagId: prod!.id, role: 'permission' });
  });
  afterAll(() => t.close());

  describe('create', () => {
    it('adds hosts, networks, ranges and web applications, normalised, with owner, criticality and tags', async () => {
      const web = await admin.post<Asset>('/api/assets/assets/', {
        value: 'Web-01.Example.COM.',
        name: 'Shop front',
        description: 'Public shop',
        criticality: 4,
        owner: ownerId,
        pci: true,
        tags: [tag.prod, tag.pci],
      });
      expect(web.status, JSON.stringify(web.body)).toBe(201);
      expect(web.body).toMatchObject({
        asset_type: 2,
        kind: 'host',
        category: 'systems_and_networks',
        asset_name: 'Shop front',
        value: 'web-01.example.com',
        ipv4: null,
        criticality: 4,
        pci: true,
        owner: { id: ownerId, email: 'reader@example.com' },
        tags: [
          { id: tag.pci, name: 'PCI zone' },
          { id: tag.prod, name: 'Production' },
        ],
        first_detected: null,
        archived: null,
      });
      id.web = web.body.id;
      const pub = await admin.post<Asset>('/api/assets/assets/', { value: '8.8.4.4', tags: [tag.dev] });
      expect(pub.body).toMatchObject({
        asset_name: '8.8.4.4',
        ipv4: '8.8.4.4',
        internet_facing: true,
        criticality: 2,
        tags: [{ id: tag.dev }],
      });
      id.pub = pub.body.id;
      const v6 = await admin.post<Asset>('/api/assets/assets/', { value: '2001:DB8:0:0:0:0:0:1', internet_facing: false });
      expect(v6.body).toMatchObject({ value: '2001:db8::1', ipv6: '2001:db8::1', ipv4: null, internet_facing: false });
      id.v6 = v6.body.id;
      const net = await admin.post<Asset>('/api/assets/assets/', { value: '127.0.0.9/24', name: 'Loopback lab' });
      expect(net.body).toMatchObject({ asset_type: 1, kind: 'network', value: '127.0.0.0/24', asset_name: 'Loopback lab' });
      id.net = net.body.id;
      const range = await admin.post<Asset>('/api/assets/assets/', { value: '10.1.0.1-10.1.0.20' });
      expect(range.body).toMatchObject({ asset_type: 1, kind: 'range', value: '10.1.0.1-10.1.0.20' });
      id.range = range.body.id;
      const app = await admin.post<Asset>('/api/assets/assets/', { value: 'https://Shop.Example.com', tags: [tag.prod] });
      expect(app.body).toMatchObject({ asset_type: 3, kind: 'webapp', category: 'web_applications', value: 'https://shop.example.com/' });
      id.app = app.body.id;
    });

    it('answers 409 keyed value for an asset the customer already has, and 400 keyed by field for bad input', async () => {
      expect(await admin.post('/api/assets/assets/', { value: 'WEB-01.example.com' })).toMatchObject({
        status: 409,
        body: { value: ['An asset with this value already exists.'] },
      });
      expect((await admin.post('/api/assets/assets/', { value: '127.0.0.0/24' })).status).toBe(409);
      const bad = await admin.post('/api/assets/assets/', { value: '10.0.0.300/24', criticality: 9, owner: 99999, tags: [99999] });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body).sort()).toEqual(['criticality', 'value']);
      expect((bad.body as Record<string, string[]>).value[0]).toMatch(/network/i);
      const refs = await admin.post('/api/assets/assets/', { value: '10.9.9.9', owner: 99999, tags: [99999] });
      expect(refs).toMatchObject({
        status: 400,
        body: { owner: ['Invalid pk "99999" - object does not exist.'], tags: ['Invalid pk "99999" - object does not exist.'] },
      });
      expect((await admin.post('/api/assets/assets/', {})).body).toEqual({ value: ['This field is required.'] });
      expect((await admin.post('/api/assets/assets/', { value: 'https://' })).status).toBe(400);
      // Nothing half-written: the refused asset is not there.
      expect((await list('search=10.9.9.9')).count).toBe(0);
    });
  });

  describe('a processed scan', () => {
    it('makes host assets linked to the network scanned, with open ports and scan history', async () => {
      const probeId = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Quiet probe' })).body.id;
      const profile = await smallProfile(t, 1, '22,80');
      const service = { name: 'ssh', product: 'OpenSSH', version: '9.2p1', banner: 'SSH-2.0-OpenSSH_9.2p1', cpe: [] };
      const runId = await deliveredRun(
        t,
        admin,
        { name: 'Lab sweep', profile, probeId, assets: [id.net!] },
        {
          hosts: [
            {
              address: '127.0.0.1',
              hostnames: ['lab.example'],
              alive: true,
              ports: [{ port: 22, protocol: 'tcp', state: 'open', service }],
            },
            { address: '127.0.0.2', alive: true, ports: [] },
          ],
        },
      );
      await startRunProcessing(t.ctx, runId);
      await settleRunProcessing(t.ctx);
      const found = await list('parent=' + id.net + '&ordering=ipv4');
      expect(found.results.map((a) => [a.ipv4, a.is_server, a.open_ports, a.parent?.asset_name])).toEqual([
        ['127.0.0.1', true, 1, 'Loopback lab'],
        ['127.0.0.2', false, 0, 'Loopback lab'],
      ]);
      id.lab = found.results[0]!.id;
      expect(found.results[0]).toMatchObject({ hostnames: ['lab.example'], internet_facing: false });
      expect(found.results[0]!.first_detected).not.toBeNull();

      const ports = await admin.get<Page<AssetPort>>(`/api/assets/${id.lab}/open-ports/`);
      expect(ports.body.results.map((p) => [p.port, p.protocol, p.service, p.product, p.version])).toEqual([
        [22, 0, 'ssh', 'OpenSSH', '9.2p1'],
      ]);
      const history = await admin.get<Page<AssetScan>>(`/api/assets/${id.lab}/scans/`);
      expect(history.body.results).toEqual([expect.objectContaining({ run_id: runId, scan_name: 'Lab sweep', open_ports: 1 })]);
      const page = await admin.get<SingleAsset>(`/api/single-asset/${id.lab}/`);
      expect(page.body).toMatchObject({
        id: id.lab,
        findings_by_severity: [0, 0, 0, 0, 0],
        open_findings: 0,
        findings_below_qod: 0,
        last_scan: { run_id: runId },
      });
    });
  });

  describe('the list', () => {
    it('filters by the text operators of §3', async () => {
      expect(names(await list('asset_name__starts_with=shop&ordering=asset_name'))).toEqual(['Shop front']);
      expect(names(await list('asset_name__ends_with=.COM/'))).toEqual(['https://shop.example.com/']);
      expect(names(await list('asset_name__contains=LAB'))).toEqual(['Loopback lab']);
      expect(names(await list('asset_name__is=8.8.4.4'))).toEqual(['8.8.4.4']);
      expect(names(await list('asset_name__is_not=8.8.4.4&asset_type=2&ordering=asset_name'))).toEqual([
        '127.0.0.1',
        '127.0.0.2',
        '2001:db8::1',
        'Shop front',
      ]);
      expect(names(await list('ipv4__starts_with=127.0.0.&ordering=ipv4'))).toEqual(['127.0.0.1', '127.0.0.2']);
      expect(names(await list('ipv6__contains=db8'))).toEqual(['2001:db8::1']);
      expect(names(await list('hostname__contains=lab.example'))).toEqual(['127.0.0.1']);
    });

    it('filters by type, kind, category, flags, open ports, criticality, owner and dates', async () => {
      expect(names(await list('asset_type=1&ordering=asset_name'))).toEqual(['10.1.0.1-10.1.0.20', 'Loopback lab']);
      expect(names(await list('kind=range'))).toEqual(['10.1.0.1-10.1.0.20']);
      expect(names(await list('category=web_applications'))).toEqual(['https://shop.example.com/']);
      expect((await list('category=recipients')).count).toBe(0);
      expect(names(await list('internet_facing=true'))).toEqual(['8.8.4.4']);
      expect(names(await list('pci=true'))).toEqual(['Shop front']);
      expect(names(await list('is_server=true'))).toEqual(['127.0.0.1']);
      expect(names(await list('open_ports=22'))).toEqual(['127.0.0.1']);
      expect(names(await list('criticality=4'))).toEqual(['Shop front']);
      expect(names(await list(`owner=${ownerId}`))).toEqual(['Shop front']);
      expect((await list('first_detected_after=2000-01-01')).count).toBe(2);
      expect((await list('created_before=2000-01-01')).count).toBe(0);
      expect((await list('last_detected_before=2999-12-31&last_detected_after=2000-01-01')).count).toBe(2);
    });

    it('includes and excludes tags in both encodings (all-of, and any-of with a leading -)', async () => {
      expect(names(await list(`inclusion_unified_tags=${tag.prod}&inclusion_unified_tags=${tag.pci}`))).toEqual(['Shop front']);
      expect(names(await list(`inclusion_unified_tags=-${tag.prod}&inclusion_unified_tags=-${tag.dev}&ordering=asset_name`))).toEqual([
        '8.8.4.4',
        'https://shop.example.com/',
        'Shop front',
      ]);
      expect(names(await list(`all_tags=${tag.prod}&all_tags=${tag.pci}`))).toEqual(['Shop front']);
      expect((await list(`any_tags=${tag.prod}&any_tags=${tag.dev}`)).count).toBe(3);
      expect(names(await list(`any_tags=${tag.prod}&exclusion_unified_tags=${tag.pci}`))).toEqual(['https://shop.example.com/']);
      expect(names(await list(`any_tags=${tag.prod}&all_tags_exc=${tag.prod}&all_tags_exc=${tag.pci}`))).toEqual([
        'https://shop.example.com/',
      ]);
      expect((await list(`any_tags_exc=${tag.prod}&any_tags_exc=${tag.dev}`)).count).toBe(5);
      const many = Array.from({ length: 101 }, (_, n) => `all_tags=${n + 1}`).join('&');
      expect((await admin.get(`/api/count/?${many}`)).body).toEqual({ all_tags: ['Choose at most 100 values.'] });
      expect((await admin.get('/api/assets/assets/?exclusion_unified_tags=99999999999999999999')).status).toBe(400);
      expect((await admin.get('/api/assets/assets/?inclusion_unified_tags=abc')).body).toEqual({
        inclusion_unified_tags: ['Enter a tag id, with a leading - for any-of.'],
      });
    });

    it('orders by every column, pages with next and previous, and refuses unknown orderings', async () => {
      const byRisk = await admin.get<Page<Asset>>('/api/assets/assets/?ordering=-criticality&page_size=2');
      expect(byRisk.body.count).toBe(8);
      expect(byRisk.body.results[0]!.asset_name).toBe('Shop front');
      expect(byRisk.body.next).toBe('/api/assets/assets/?ordering=-criticality&page_size=2&page=2');
      for (const key of [
        'asset_name',
        'asset_type',
        'ipv4',
        'os',
        'open_ports',
        'risk_score',
        'criticality',
        'created',
        'first_detected',
        'last_detected',
        'id',
      ]) {
        const asc = await admin.get<Page<Asset>>(`/api/assets/assets/?ordering=${key}&page_size=100`);
        const desc = await admin.get<Page<Asset>>(`/api/assets/assets/?ordering=-${key}&page_size=100`);
        expect([asc.status, desc.status, asc.body.count]).toEqual([200, 200, 8]);
      }
      expect((await admin.get('/api/assets/assets/?ordering=size')).status).toBe(400);
      expect((await admin.get('/api/assets/assets/?open_ports=70000')).body).toEqual({ open_ports: ['Enter a port from 1 to 65535.'] });
    });

    it('serves the unified view with categories, pickers, addresses, usage and counts by tag', async () => {
      const unified = await reader.get<Page<Asset>>('/api/unified-assets/unified-assets/?category=systems_and_networks&page_size=100');
      expect(unified.body.count).toBe(7);
      const basic = await admin.get<Page<{ asset_name: string }>>('/api/assets/basic/?search=loop');
      expect(basic.body.results).toEqual([{ id: id.net, asset_name: 'Loopback lab', asset_type: 1, kind: 'network' }]);
      const webapps = await admin.get<Page<{ id: number }>>('/api/assets/webapp/');
      expect(webapps.body.results.map((a) => a.id)).toEqual([id.app]);
      const ips = await admin.get<Page<{ ip: string }>>('/api/ips/');
      expect(ips.body.results.map((a) => a.ip)).toEqual(['8.8.4.4', '127.0.0.1', '127.0.0.2', '2001:db8::1']);
      await t.ctx.db.update(customers).set({ assetLimit: 100 }).where(eq(customers.id, 1));
      expect((await reader.get<AssetUsage>('/api/usage/')).body).toEqual({ hosts: 5, webapps: 1, networks: 2, used: 3, limit: 100 });
      const counts = await admin.get<AssetCounts>('/api/count/');
      expect(counts.body).toEqual({
        total: 8,
        untagged: 5,
        tags: [
          { id: tag.dev, name: 'Development', color: '#1c7ed6', count: 1 },
          { id: tag.pci, name: 'PCI zone', color: '#1c7ed6', count: 1 },
          { id: tag.prod, name: 'Production', color: '#1c7ed6', count: 2 },
        ],
      });
      expect((await admin.get<AssetCounts>('/api/count/?asset_type=3')).body.tags.map((c) => c.count)).toEqual([0, 0, 1]);
    });
  });

  describe('one asset', () => {
    it('reads, changes with PATCH and PUT, and keeps a scanned host’s address', async () => {
      expect((await admin.get<Asset>(`/api/assets/${id.web}/`)).body.asset_name).toBe('Shop front');
      const patched = await admin.patch<Asset>(`/api/assets/${id.web}/`, { criticality: 3, tags: [tag.prod], description: 'Shop' });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      expect(patched.body).toMatchObject({
        criticality: 3,
        description: 'Shop',
        pci: true,
        owner: { id: ownerId },
        tags: [{ id: tag.prod }],
      });
      const put = await admin.request<Asset>('PUT', `/api/assets/${id.web}/`, { name: 'Shop' });
      expect(put.body).toMatchObject({ name: 'Shop', description: '', criticality: 2, owner: null, pci: false, tags: [] });
      expect((await admin.patch(`/api/assets/${id.lab}/`, { value: '127.0.0.3' })).body).toEqual({
        value: ['A host found by scans keeps its address; add the new address as another asset.'],
      });
      expect((await admin.patch(`/api/assets/${id.web}/`, { value: '8.8.4.4' })).status).toBe(409);
      expect((await admin.patch(`/api/assets/${id.web}/`, { criticality: 'high' })).status).toBe(400);
      expect((await admin.get(`/api/assets/999999/`)).status).toBe(404);
    });

    it('deletes an asset and drops it from the scans that target it', async () => {
      const [scan] = await t.ctx.db.select().from(scans).where(eq(scans.name, 'Lab sweep'));
      expect(scan!.targetIds).toEqual([id.net]);
      expect((await admin.request('DELETE', `/api/assets/assets/${id.net}/`)).status).toBe(204);
      const [after] = await t.ctx.db.select().from(scans).where(eq(scans.id, scan!.id));
      expect(after!.targetIds).toEqual([]);
      // Its hosts stay, no longer linked.
      expect((await admin.get<Asset>(`/api/assets/${id.lab}/`)).body.parent).toBeNull();
      expect((await admin.request('DELETE', `/api/assets/assets/${id.net}/`)).status).toBe(404);
    });
  });

  describe('guards', () => {
    it('answers 401 to anonymous callers and 403 without net_assets; a reader cannot change', async () => {
      const anon = await anonymous(t);
      expect((await anon.get('/api/assets/assets/')).status).toBe(401);
      expect((await anon.get('/api/usage/')).status).toBe(401);
      for (const path of [
        '/api/assets/assets/',
        `/api/assets/${id.web}/`,
        `/api/single-asset/${id.web}/`,
        '/api/count/',
        '/api/ips/',
        '/api/unified-assets/unified-assets/',
      ]) {
        expect((await nobody.get(path)).status, path).toBe(403);
      }
      // The guard runs before validation: a bad body still gets 403.
      expect((await reader.post('/api/assets/assets/', { value: '' })).status).toBe(403);
      expect((await reader.patch(`/api/assets/${id.web}/`, { name: 'x' })).status).toBe(403);
      expect((await reader.request('DELETE', `/api/assets/assets/${id.web}/`)).status).toBe(403);
      expect((await reader.get(`/api/assets/${id.web}/`)).status).toBe(200);
    });

    it('keeps customers apart: another customer gets 404 and empty lists', async () => {
      expect((await rival.get<Page<Asset>>('/api/assets/assets/')).body.count).toBe(0);
      expect((await rival.get(`/api/assets/${id.web}/`)).status).toBe(404);
      expect((await rival.get(`/api/assets/${id.lab}/open-ports/`)).status).toBe(404);
      expect((await rival.patch(`/api/assets/${id.web}/`, { name: 'Mine' })).status).toBe(404);
      expect((await rival.request('DELETE', `/api/assets/assets/${id.web}/`)).status).toBe(404);
      expect((await rival.post('/api/assets/assets/', { value: '10.0.0.1', tags: [tag.prod] })).body).toEqual({
        tags: [`Invalid pk "${tag.prod}" - object does not exist.`],
      });
      expect((await admin.get<Asset>(`/api/assets/${id.web}/`)).body.name).toBe('Shop');
    });

    it('shows a LIMITED team member only the assets carrying the team’s tags, in lists, counts and details', async () => {
      await t.ctx.db.insert(assetTags).values({ tagId: tag.prod, assetId: id.lab!, customerId: 1 });
      const seen = await member.get<Page<Asset>>('/api/assets/assets/?ordering=asset_name');
      expect(names(seen.body)).toEqual(['127.0.0.1', 'https://shop.example.com/']);
      expect((await member.get(`/api/assets/${id.pub}/`)).status).toBe(404);
      expect((await member.get(`/api/assets/${id.lab}/open-ports/`)).status).toBe(200);
      expect((await member.get<AssetCounts>('/api/count/')).body.total).toBe(2);
      expect((await member.get<Page<{ ip: string }>>('/api/ips/')).body.results.map((a) => a.ip)).toEqual(['127.0.0.1']);
      // Usage is the licence's, the whole customer's.
      expect((await member.get<AssetUsage>('/api/usage/')).body.used).toBe(3);
      // The reader (in no team) sees everything.
      expect((await reader.get<Page<Asset>>('/api/assets/assets/')).body.count).toBe(7);
    });
  });
});
