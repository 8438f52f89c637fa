// Scan targets end to end on every test database: hosts and ip ranges CRUD with normalisation and duplicates, scan/ranges/
// (many at once, all or nothing), deleting a target a scan uses, resolveTargets, and the guards (401, 403, other customer 404).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, scans, users } from '../src/db/schema/index.ts';
import { resolveTargets, UnknownTargetsError } from '../src/modules/targets/repo.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Host = { id: number; host: string; name: string; description: string; asset_type: number; created: string };
type Range = { id: number; iprange: string; kind: string; name: string; description: string; asset_type: number };
type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
type RangesResult = { hosts: Host[]; ipranges: Range[]; existing: number };

describe.each(BACKENDS)('scan targets on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let analyst: Client;
  let limited: Client;
  let rival: Client;
  let rivalCustomer: number;

  const countTargets = async (customerId: number) => (await t.ctx.db.select().from(assets).where(eq(assets.customerId, customerId))).length;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const a = await t.user({ email: 'analyst@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { net_scans: ['read'] } })
      .where(eq(users.id, a.id));
    analyst = await signedIn(t, 'analyst@example.com');
    await t.user({ email: 'limited@example.com' });
    limited = await signedIn(t, 'limited@example.com');
    const other = await t.otherCustomer('Rival Corp');
    rivalCustomer = other.customerId;
    rival = await signedIn(t, other.adminEmail);
  });
  afterAll(() => t.close());

  describe('hosts', () => {
    it('adds a host, normalising names to lower case and addresses to canonical text', async () => {
      const named = await admin.post<Host>('/api/scan/hosts/', { host: 'Web-01.Example.COM.', name: 'Web', description: 'Front end' });
      expect(named.status).toBe(201);
      expect(named.body).toMatchObject({ host: 'web-01.example.com', name: 'Web', description: 'Front end', asset_type: 2 });
      expect(new Date(named.body.created).getTime()).toBeGreaterThan(Date.now() - 60_000);
      const v6 = await admin.post<Host>('/api/scan/hosts/', { host: '2001:DB8:0:0:0:0:0:1' });
      expect(v6.status).toBe(201);
      expect(v6.body).toMatchObject({ host: '2001:db8::1', name: '', description: '' });
      const [row] = await t.ctx.db.select().from(assets).where(eq(assets.id, named.body.id));
      expect(row).toMatchObject({ kind: 'host', value: 'web-01.example.com', customerId: 1 });
    });

    it('refuses a duplicate (409 keyed host), also when written differently', async () => {
      for (const host of ['web-01.example.com', 'WEB-01.example.com', '2001:db8::1', '2001:0db8::0001']) {
        const res = await admin.post('/api/scan/hosts/', { host });
        expect(res.status, host).toBe(409);
        expect(res.body).toEqual({ host: ['This host is already in your scan targets.'] });
      }
    });

    it('refuses bad input with 400 keyed by field', async () => {
      const cases: [unknown, Record<string, string[]>][] = [
        [{ host: '10.0.0.300' }, { host: ['Enter a valid IP address or host name.'] }],
        [{ host: 'bad_host name!' }, { host: ['Enter a valid IP address or host name.'] }],
        // Core's schema also runs the address check on a blank value, so both messages come back.
        [{ host: '  ' }, { host: ['This field may not be blank.'] }],
        [{}, { host: ['This field is required.'] }],
        [{ host: 'ok.example.com', name: 5 }, { name: ['Not a valid string.'] }],
      ];
      for (const [body, errors] of cases) {
        const res = await admin.post('/api/scan/hosts/', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toEqual(errors);
      }
    });

    it('lists hosts paged, with search and ordering', async () => {
      for (const host of ['alpha.example.com', 'beta.example.com', 'gamma.example.org']) {
        expect((await admin.post('/api/scan/hosts/', { host, name: host.split('.')[0] })).status).toBe(201);
      }
      const all = await admin.get<Page<Host>>('/api/scan/hosts/?ordering=host&page_size=2');
      expect(all.status).toBe(200);
      expect(all.body.count).toBe(5);
      expect(all.body.results.map((h) => h.host)).toEqual(['2001:db8::1', 'alpha.example.com']);
      expect(all.body.next).toBe('/api/scan/hosts/?ordering=host&page_size=2&page=2');
      const desc = await admin.get<Page<Host>>('/api/scan/hosts/?ordering=-host');
      expect(desc.body.results.map((h) => h.host)).toEqual([
        'web-01.example.com',
        'gamma.example.org',
        'beta.example.com',
        'alpha.example.com',
        '2001:db8::1',
      ]);
      // Default: newest first.
      expect((await admin.get<Page<Host>>('/api/scan/hosts/')).body.results[0].host).toBe('gamma.example.org');
      const found = await admin.get<Page<Host>>('/api/scan/hosts/?search=EXAMPLE.org');
      expect(found.body.results.map((h) => h.host)).toEqual(['gamma.example.org']);
      // Search reaches name and description; pattern characters are literal.
      expect((await admin.get<Page<Host>>('/api/scan/hosts/?search=front')).body.count).toBe(1);
      expect((await admin.get<Page<Host>>('/api/scan/hosts/?search=%25')).body.count).toBe(0);
      const bad = await admin.get('/api/scan/hosts/?ordering=size');
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ ordering: ['Order by one of: host, name, created, id (with - for descending).'] });
    });

    it('reads, replaces (PUT) and changes (PATCH) a host', async () => {
      const created = await admin.post<Host>('/api/scan/hosts/', { host: 'edit.example.com', name: 'Edit' });
      const id = created.body.id;
      expect((await admin.get<Host>(`/api/scan/hosts/${id}/`)).body).toEqual(created.body);
      const put = await admin.request<Host>('PUT', `/api/scan/hosts/${id}/`, { host: 'EDITED.example.com', name: 'Edited' });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ id, host: 'edited.example.com', name: 'Edited', description: '' });
      const patch = await admin.patch<Host>(`/api/scan/hosts/${id}/`, { description: 'Only this changes' });
      expect(patch.status).toBe(200);
      expect(patch.body).toMatchObject({ id, host: 'edited.example.com', name: 'Edited', description: 'Only this changes' });
      // Keeping its own value is no duplicate; taking another host's is.
      expect((await admin.patch(`/api/scan/hosts/${id}/`, { host: 'edited.example.com' })).status).toBe(200);
      const dup = await admin.patch(`/api/scan/hosts/${id}/`, { host: 'alpha.example.com' });
      expect(dup.status).toBe(409);
      expect(dup.body).toEqual({ host: ['This host is already in your scan targets.'] });
      const bad = await admin.patch(`/api/scan/hosts/${id}/`, { host: '300.1.1.1' });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ host: ['Enter a valid IP address or host name.'] });
      expect((await admin.request('PUT', `/api/scan/hosts/${id}/`, { name: 'no host' })).body).toEqual({
        host: ['This field is required.'],
      });
      expect((await admin.get<Host>(`/api/scan/hosts/${id}/`)).body.host).toBe('edited.example.com');
      expect((await admin.get('/api/scan/hosts/999999/')).status).toBe(404);
      // An ip range id is not a host.
      const range = await admin.post<Range>('/api/scan/ipranges/', { iprange: '192.0.2.0/28' });
      expect((await admin.get(`/api/scan/hosts/${range.body.id}/`)).status).toBe(404);
      expect((await admin.request('DELETE', `/api/scan/hosts/${range.body.id}/`)).status).toBe(404);
    });

    it('deletes a host (204) and drops it from the scans that name it', async () => {
      const keep = await admin.post<Host>('/api/scan/hosts/', { host: 'keep.example.com' });
      const gone = await admin.post<Host>('/api/scan/hosts/', { host: 'gone.example.com' });
      const [scan] = await t.ctx.db
        .insert(scans)
        .values({ customerId: 1, name: 'Uses both', targetIds: [keep.body.id, gone.body.id] })
        .returning();
      const [rivalScan] = await t.ctx.db
        .insert(scans)
        .values({ customerId: rivalCustomer, name: 'Rival', targetIds: [gone.body.id] })
        .returning();
      const res = await admin.request('DELETE', `/api/scan/hosts/${gone.body.id}/`);
      expect(res.status).toBe(204);
      expect((await admin.get(`/api/scan/hosts/${gone.body.id}/`)).status).toBe(404);
      const [after] = await t.ctx.db.select().from(scans).where(eq(scans.id, scan.id));
      expect(after.targetIds).toEqual([keep.body.id]);
      // Another customer's scan is not touched (tenant-scoped update).
      const [rivalAfter] = await t.ctx.db.select().from(scans).where(eq(scans.id, rivalScan.id));
      expect(rivalAfter.targetIds).toEqual([gone.body.id]);
      expect((await admin.request('DELETE', `/api/scan/hosts/${gone.body.id}/`)).status).toBe(404);
    });
  });

  describe('networks and ip ranges', () => {
    it('adds networks on their network address and ranges with canonical ends', async () => {
      const net = await admin.post<Range>('/api/scan/ipranges/', { iprange: '10.1.2.77/24', name: 'Office' });
      expect(net.status).toBe(201);
      expect(net.body).toMatchObject({ iprange: '10.1.2.0/24', kind: 'network', name: 'Office', asset_type: 1 });
      const v6 = await admin.post<Range>('/api/scan/ipranges/', { iprange: '2001:DB8:0:0:1::5/64' });
      expect(v6.body).toMatchObject({ iprange: '2001:db8::/64', kind: 'network' });
      const range = await admin.post<Range>('/api/scan/ipranges/', { iprange: '10.9.0.1-10.9.0.50' });
      expect(range.status).toBe(201);
      expect(range.body).toMatchObject({ iprange: '10.9.0.1-10.9.0.50', kind: 'range' });
      const r6 = await admin.post<Range>('/api/scan/ipranges/', { iprange: 'FE80::0001-fe80::00ff' });
      expect(r6.body).toMatchObject({ iprange: 'fe80::1-fe80::ff', kind: 'range' });
    });

    it('refuses duplicates (409 keyed iprange) and bad input (400 keyed iprange)', async () => {
      const dupNet = await admin.post('/api/scan/ipranges/', { iprange: '10.1.2.0/24' });
      expect(dupNet.status).toBe(409);
      expect(dupNet.body).toEqual({ iprange: ['This network is already in your scan targets.'] });
      // Another address inside the same /24 is the same network.
      expect((await admin.post('/api/scan/ipranges/', { iprange: '10.1.2.200/24' })).status).toBe(409);
      const dupRange = await admin.post('/api/scan/ipranges/', { iprange: '10.9.0.1-10.9.0.50' });
      expect(dupRange.body).toEqual({ iprange: ['This IP range is already in your scan targets.'] });
      const cases: [string, string][] = [
        ['10.0.0.0/33', 'Enter a network as address/mask, e.g. 10.0.0.0/24.'],
        ['10.0.0.1-10.0.0.256', 'Enter a range as start-end, e.g. 10.0.0.1-10.0.0.50.'],
        ['10.0.0.1-fe80::1', 'Enter a range as start-end, e.g. 10.0.0.1-10.0.0.50.'],
        ['10.0.0.1', 'Enter a network (10.0.0.0/24) or a range (10.0.0.1-10.0.0.50).'],
      ];
      for (const [iprange, message] of cases) {
        const res = await admin.post('/api/scan/ipranges/', { iprange });
        expect(res.status, iprange).toBe(400);
        expect(res.body).toEqual({ iprange: [message] });
      }
    });

    it('lists, reads, changes and deletes ip ranges', async () => {
      const list = await admin.get<Page<Range>>('/api/scan/ipranges/?ordering=iprange');
      expect(list.status).toBe(200);
      expect(list.body.results.map((r) => r.iprange)).toEqual([
        '10.1.2.0/24',
        '10.9.0.1-10.9.0.50',
        '192.0.2.0/28',
        '2001:db8::/64',
        'fe80::1-fe80::ff',
      ]);
      expect((await admin.get<Page<Range>>('/api/scan/ipranges/?search=office')).body.results.map((r) => r.iprange)).toEqual([
        '10.1.2.0/24',
      ]);
      const id = list.body.results[0].id;
      const patch = await admin.patch<Range>(`/api/scan/ipranges/${id}/`, { iprange: '10.1.3.0-10.1.3.9' });
      expect(patch.status).toBe(200);
      expect(patch.body).toMatchObject({ id, iprange: '10.1.3.0-10.1.3.9', kind: 'range', name: 'Office' });
      const put = await admin.request<Range>('PUT', `/api/scan/ipranges/${id}/`, { iprange: '10.1.2.0/24' });
      expect(put.body).toMatchObject({ id, iprange: '10.1.2.0/24', kind: 'network', name: '' });
      expect((await admin.patch(`/api/scan/ipranges/${id}/`, { iprange: 'nonsense' })).body).toEqual({
        iprange: ['Enter a network (10.0.0.0/24) or a range (10.0.0.1-10.0.0.50).'],
      });
      expect((await admin.request('DELETE', `/api/scan/ipranges/${id}/`)).status).toBe(204);
      expect((await admin.get(`/api/scan/ipranges/${id}/`)).status).toBe(404);
    });
  });

  describe('scan/ranges/ (many at once)', () => {
    it('adds hosts, networks and ranges from lines, commas and spaces, counting existing and repeated ones once', async () => {
      const text =
        'db-1.example.com, 198.51.100.7\n198.51.100.0/30 198.51.100.10-198.51.100.20;DB-1.example.com\r\n\n  alpha.example.com  10.9.0.1-10.9.0.50';
      const res = await admin.post<RangesResult>('/api/scan/ranges/', { targets: text });
      expect(res.status).toBe(201);
      expect(res.body.hosts.map((h) => h.host).sort()).toEqual(['198.51.100.7', 'db-1.example.com']);
      expect(res.body.ipranges.map((r) => [r.iprange, r.kind]).sort()).toEqual([
        ['198.51.100.0/30', 'network'],
        ['198.51.100.10-198.51.100.20', 'range'],
      ]);
      // alpha.example.com and the 10.9.0.1-50 range were there already; the repeated DB-1 counts once.
      expect(res.body.existing).toBe(2);
      const again = await admin.post<RangesResult>('/api/scan/ranges/', { targets: 'alpha.example.com\n198.51.100.7' });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ hosts: [], ipranges: [], existing: 2 });
    });

    it('saves nothing when an entry is bad, naming each bad entry and its line (400 keyed targets)', async () => {
      const before = await countTargets(1);
      const res = await admin.post('/api/scan/ranges/', {
        targets: 'new-1.example.com\n10.0.0.1, 10.0.0.999\nnew-2.example.com\n10.0.0.0/40',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        targets: [
          'Line 2: 10.0.0.999: Enter a valid IP address or host name.',
          'Line 4: 10.0.0.0/40: Enter a network as address/mask, e.g. 10.0.0.0/24.',
        ],
      });
      expect(await countTargets(1)).toBe(before);
      expect((await admin.post('/api/scan/ranges/', { targets: '   ' })).body).toEqual({ targets: ['This field may not be blank.'] });
      expect((await admin.post('/api/scan/ranges/', { targets: ',,;' })).body).toEqual({
        targets: ['Enter at least one host, network or IP range.'],
      });
      // Many bad entries: the first 20 are named, then how many more.
      const many = await admin.post<{ targets: string[] }>('/api/scan/ranges/', {
        targets: Array.from({ length: 25 }, (_, i) => `1.2.3.${300 + i}`).join('\n'),
      });
      expect(many.body.targets).toHaveLength(21);
      expect(many.body.targets[20]).toBe('… and 5 more.');
      expect(await countTargets(1)).toBe(before);
    });

    it('saves a large paste in one go', async () => {
      const before = await countTargets(1);
      const lines = Array.from({ length: 1500 }, (_, i) => `172.16.${Math.floor(i / 250)}.${(i % 250) + 1}`);
      const res = await admin.post<RangesResult>('/api/scan/ranges/', { targets: lines.join('\n') });
      expect(res.status).toBe(201);
      expect(res.body.hosts).toHaveLength(1500);
      expect(await countTargets(1)).toBe(before + 1500);
    });
  });

  describe('resolveTargets (for scans)', () => {
    it('turns the customer’s target ids into values in the order asked, and names ids it does not have', async () => {
      const hosts = (await admin.get<Page<Host>>('/api/scan/hosts/?search=alpha')).body.results;
      const nets = (await admin.get<Page<Range>>('/api/scan/ipranges/?search=198.51.100.0')).body.results;
      const ids = [nets[0].id, hosts[0].id, nets[0].id];
      expect(await resolveTargets(t.ctx.db, 1, ids)).toEqual([
        { id: nets[0].id, kind: 'network', value: '198.51.100.0/30' },
        { id: hosts[0].id, kind: 'host', value: 'alpha.example.com' },
      ]);
      expect(await resolveTargets(t.ctx.db, 1, [])).toEqual([]);
      // The rival customer cannot resolve them; the error is a 400 keyed `assets` naming the ids.
      const err = await resolveTargets(t.ctx.db, rivalCustomer, [hosts[0].id, 999999]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UnknownTargetsError);
      expect((err as UnknownTargetsError).ids).toEqual([hosts[0].id, 999999]);
      expect((err as UnknownTargetsError).statusCode).toBe(400);
      expect((err as UnknownTargetsError).body).toEqual({ assets: [`These targets do not exist: ${hosts[0].id}, 999999.`] });
    });
  });

  describe('guards', () => {
    it('keeps customers apart: another customer gets 404 and never sees or changes the targets', async () => {
      const host = (await admin.get<Page<Host>>('/api/scan/hosts/?search=alpha')).body.results[0];
      const range = (await admin.get<Page<Range>>('/api/scan/ipranges/?search=198.51.100.0')).body.results[0];
      expect((await rival.get('/api/scan/hosts/')).body).toMatchObject({ count: 0, results: [] });
      expect((await rival.get('/api/scan/ipranges/')).body).toMatchObject({ count: 0, results: [] });
      expect((await rival.get(`/api/scan/hosts/${host.id}/`)).status).toBe(404);
      expect((await rival.request('PUT', `/api/scan/hosts/${host.id}/`, { host: 'taken.example.com' })).status).toBe(404);
      expect((await rival.patch(`/api/scan/hosts/${host.id}/`, { name: 'taken' })).status).toBe(404);
      expect((await rival.request('DELETE', `/api/scan/hosts/${host.id}/`)).status).toBe(404);
      expect((await rival.get(`/api/scan/ipranges/${range.id}/`)).status).toBe(404);
      expect((await rival.patch(`/api/scan/ipranges/${range.id}/`, { name: 'taken' })).status).toBe(404);
      expect((await rival.request('DELETE', `/api/scan/ipranges/${range.id}/`)).status).toBe(404);
      expect((await admin.get<Host>(`/api/scan/hosts/${host.id}/`)).body).toEqual(host);
      // The same values are free for another customer.
      expect((await rival.post('/api/scan/hosts/', { host: 'alpha.example.com' })).status).toBe(201);
      expect((await rival.post<RangesResult>('/api/scan/ranges/', { targets: '198.51.100.0/30' })).body.existing).toBe(0);
    });

    it('answers 401 to anonymous callers, 403 without net_scans, and 403 to a reader who changes; create needs its action', async () => {
      const anon = await anonymous(t);
      const calls: [string, string, unknown?][] = [
        ['GET', '/api/scan/hosts/'],
        ['POST', '/api/scan/hosts/', { host: 'x.example.com' }],
        ['GET', '/api/scan/hosts/1/'],
        ['PUT', '/api/scan/hosts/1/', { host: 'x.example.com' }],
        ['PATCH', '/api/scan/hosts/1/', { name: 'x' }],
        ['DELETE', '/api/scan/hosts/1/'],
        ['GET', '/api/scan/ipranges/'],
        ['POST', '/api/scan/ipranges/', { iprange: '10.0.0.0/8' }],
        ['GET', '/api/scan/ipranges/1/'],
        ['PUT', '/api/scan/ipranges/1/', { iprange: '10.0.0.0/8' }],
        ['PATCH', '/api/scan/ipranges/1/', { name: 'x' }],
        ['DELETE', '/api/scan/ipranges/1/'],
        ['POST', '/api/scan/ranges/', { targets: 'x.example.com' }],
      ];
      const before = await countTargets(1);
      for (const [method, url, body] of calls) {
        const a = await anon.request(method, url, body);
        expect(a.status, `${method} ${url}`).toBe(401);
        const l = await limited.request(method, url, body);
        expect(l.status, `${method} ${url}`).toBe(403);
        expect(l.body).toEqual({ detail: 'You do not have permission to perform this action.' });
      }
      // The analyst only reads net_scans: every change is refused before its body is read, and nothing is written.
      for (const [method, url, body] of calls) {
        const r = await analyst.request(method, url, body);
        if (method === 'GET') expect(r.status, `${method} ${url}`).not.toBe(403);
        else expect(r.status, `${method} ${url}`).toBe(403);
      }
      expect(await countTargets(1)).toBe(before);
      const [a] = await t.ctx.db.select().from(users).where(eq(users.email, 'analyst@example.com'));
      await t.ctx.db
        .update(users)
        .set({ permissions: { net_scans: ['read', 'create'] } })
        .where(eq(users.id, a.id));
      const created = await analyst.post<Host>('/api/scan/hosts/', { host: 'analyst.example.com' });
      expect(created.status).toBe(201);
      expect((await analyst.get<Page<Host>>('/api/scan/hosts/?search=analyst')).body.count).toBe(1);
      expect((await analyst.patch(`/api/scan/hosts/${created.body.id}/`, { name: 'x' })).status).toBe(403);
      expect((await analyst.request('DELETE', `/api/scan/hosts/${created.body.id}/`)).status).toBe(403);
      await t.ctx.db
        .update(users)
        .set({ permissions: { net_scans: ['read'] } })
        .where(eq(users.id, a.id));
    });
  });
});
