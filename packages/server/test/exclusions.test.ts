// Exceptions through the API (exclusions/exclusions/) on every test database: create answers 200 with the kind detected
// and the value canonical, the list pages and filters (kind, active at the injected clock, search), delete answers 204;
// field messages keyed by field; the guards (401 signed out, 403 without remediation_rules, 403 for a LIMITED team
// member, another customer's exception is not found); and findingExcludedSql, the condition rules use, over real
// findings: address, range, network, host name and URL, narrowed by port, test and issue, expired ones ignored.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exclusion } from '@bulwark/core';
import { assets, findings, issues, teamMembers, teams, users, webFindings } from '../src/db/schema/index.ts';
import { queryRows } from '../src/db/rows.ts';
import { findingExcludedSql } from '../src/modules/exclusions/index.ts';
import { withExceptions } from '../src/modules/probes/task-spec-exceptions.ts';
import type { TaskSpec } from '@bulwark/scanner';
import { eq } from 'drizzle-orm';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; results: T[] };
const URL_ = '/api/exclusions/exclusions/';
const NOW = new Date('2026-11-29T08:00:00Z');
const DAY = 86_400_000;

describe.each(BACKENDS)('exceptions on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let member: Client;
  let reader: Client;
  let limited: Client;
  let nobody: Client;
  let rival: Client;

  beforeAll(async () => {
    t = await startTestApp(backend);
    t.ctx.clock = () => NOW;
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const grant = async (email: string, permissions: Record<string, string[]>) => {
      const u = await t.user({ email });
      await t.ctx.db.update(users).set({ permissions }).where(eq(users.id, u.id));
      return u;
    };
    await grant('member@example.com', { remediation_rules: ['read', 'create', 'delete'] });
    member = await signedIn(t, 'member@example.com');
    await grant('reader@example.com', { remediation_rules: ['read'] });
    reader = await signedIn(t, 'reader@example.com');
    const l = await grant('limited@example.com', { remediation_rules: ['read', 'create', 'delete'] });
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Limited', assetPermissions: 'LIMITED' }).returning();
    await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: l.id });
    limited = await signedIn(t, 'limited@example.com');
    await t.user({ email: 'nobody@example.com' });
    nobody = await signedIn(t, 'nobody@example.com');
    rival = await signedIn(t, (await t.otherCustomer('Rival Corp')).adminEmail);
  });
  afterAll(() => t.close());

  it('creates exceptions of every kind (200), detected and canonical, and lists them', async () => {
    const made: Exclusion[] = [];
    for (const body of [
      { value: '10.0.0.7', reason: 'Fragile PLC' },
      { value: '10.1.0.9/24', reason: 'Lab network', expires_at: new Date(NOW.getTime() + DAY).toISOString() },
      { value: '10.2.0.1-10.2.0.20', reason: 'Printers', port: 9100 },
      { value: 'DB01.Example.COM.', reason: 'Owned by the DBA team' },
      { value: 'https://shop.example.com/admin', reason: 'Payment back office', test_id: 'web-sqli' },
      { value: '2001:DB8:0:0::1', reason: 'v6 host', kind: 'address' },
    ]) {
      const r = await member.post<Exclusion>(URL_, body);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      made.push(r.body);
    }
    expect(made.map((e) => [e.kind, e.value, e.port, e.active])).toEqual([
      ['address', '10.0.0.7', null, true],
      ['network', '10.1.0.0/24', null, true],
      ['range', '10.2.0.1-10.2.0.20', 9100, true],
      ['hostname', 'db01.example.com', null, true],
      ['url', 'https://shop.example.com/admin', null, true],
      ['address', '2001:db8::1', null, true],
    ]);
    expect(made[4]).toMatchObject({ test_id: 'web-sqli', created_by_email: 'member@example.com', reason: 'Payment back office' });

    const list = await reader.get<Page<Exclusion>>(`${URL_}?page_size=2`);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(6);
    expect(list.body.results.map((e) => e.value)).toEqual(['2001:db8::1', 'https://shop.example.com/admin']);
    const ranges = await reader.get<Page<Exclusion>>(`${URL_}?kind=range&kind=network&ordering=value`);
    expect(ranges.body.results.map((e) => e.value)).toEqual(['10.1.0.0/24', '10.2.0.1-10.2.0.20']);
    expect((await reader.get<Page<Exclusion>>(`${URL_}?search=printer`)).body.results.map((e) => e.value)).toEqual(['10.2.0.1-10.2.0.20']);

    // Two days on, the lab network's exception has expired: listed as inactive, and filtered by it.
    t.ctx.clock = () => new Date(NOW.getTime() + 2 * DAY);
    const inactive = await reader.get<Page<Exclusion>>(`${URL_}?active=false`);
    expect(inactive.body.results.map((e) => [e.value, e.active])).toEqual([['10.1.0.0/24', false]]);
    expect((await reader.get<Page<Exclusion>>(`${URL_}?active=true`)).body.count).toBe(5);
    t.ctx.clock = () => NOW;
  });

  it('answers 400 keyed by field', async () => {
    const r = await member.post(URL_, { value: '10.0.0.300', port: 70000, reason: ' ', expires_at: 'soon' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      value: ['Enter a valid IP address.'],
      port: ['Enter a port from 1 to 65535.'],
      reason: ['This field may not be blank.'],
      expires_at: ['Enter a valid date and time.'],
    });
    const kinds = await member.post(URL_, { value: '10.0.0.1', kind: 'network', reason: 'x' });
    expect(kinds.body).toEqual({ value: ['Enter a network as address/mask, e.g. 10.0.0.0/24.'] });
    const url = await member.post(URL_, { value: 'https://a.example/', port: 443, reason: 'x' });
    expect(url.body).toEqual({ port: ['A URL exception takes its port from the URL.'] });
    const past = await member.post(URL_, { value: '10.0.0.1', reason: 'x', expires_at: '2026-11-28T00:00:00Z', issue_id: 999999 });
    expect(past.status).toBe(400);
    expect(past.body).toEqual({
      expires_at: ['The expiry must be in the future.'],
      issue_id: ['Invalid pk "999999" - object does not exist.'],
    });
    const backwards = await member.post(URL_, { value: '10.0.0.9-10.0.0.1', reason: 'x' });
    expect(backwards.status).toBe(400);
    expect(Object.keys(backwards.body)).toEqual(['value']);
    const missing = await member.post(URL_, {});
    expect(missing.body).toEqual({ value: ['This field is required.'], reason: ['This field is required.'] });
    const unknown = await member.post(URL_, { value: '10.0.0.1', reason: 'x', extra: 1 });
    expect(unknown.status).toBe(400);
  });

  it('deletes (204); guards every call', async () => {
    const made = await admin.post<Exclusion>(URL_, { value: '192.0.2.1', reason: 'To delete' });
    const one = `${URL_}${made.body.id}/`;
    // Signed out.
    const anon = await anonymous(t);
    expect((await anon.get(URL_)).status).toBe(401);
    expect((await anon.post(URL_, { value: '192.0.2.2', reason: 'x' })).status).toBe(401);
    expect((await anon.request('DELETE', one)).status).toBe(401);
    // Without the permission, or with read only.
    expect((await nobody.get(URL_)).status).toBe(403);
    expect((await nobody.post(URL_, { value: 'bad value!', reason: '' })).status).toBe(403);
    expect((await reader.post(URL_, { value: '192.0.2.2', reason: 'x' })).status).toBe(403);
    expect((await reader.request('DELETE', one)).status).toBe(403);
    // A LIMITED team member: refused, even with the permission.
    expect((await limited.get(URL_)).status).toBe(403);
    expect((await limited.post(URL_, { value: '192.0.2.2', reason: 'x' })).status).toBe(403);
    expect((await limited.request('DELETE', one)).status).toBe(403);
    // Another customer neither sees nor deletes it.
    expect((await rival.get<Page<Exclusion>>(URL_)).body.count).toBe(0);
    expect((await rival.request('DELETE', one)).status).toBe(404);
    // The owner deletes it once; the audit log has both events.
    expect((await member.request('DELETE', one)).status).toBe(204);
    expect((await member.request('DELETE', one)).status).toBe(404);
    const audit = await queryRows<{ action: string }>(
      t.ctx.db,
      sql`select action from audit_events where route like ${'/api/exclusions/exclusions/%'} and resource = 'remediation_rules' order by id`,
    );
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('findingExcludedSql: which findings an unexpired exception covers', async () => {
    const db = t.ctx.db;
    const seen = new Date(NOW.getTime() - DAY);
    const [issue] = await db
      .insert(issues)
      .values({ customerId: 1, hid: 'nvt-weak-tls', checkId: 'weak-tls', name: 'Weak TLS', severity: 2, firstSeen: seen, lastSeen: seen })
      .returning();
    const host = async (value: string, address: string | null, hostnames: string[] = []) =>
      (await db.insert(assets).values({ customerId: 1, kind: 'host', type: 2, value, address, hostnames }).returning())[0]!.id;
    const web = (
      await db.insert(assets).values({ customerId: 1, kind: 'webapp', type: 3, value: 'https://shop.example.com/' }).returning()
    )[0]!.id;
    const finding = async (hostId: number, key: string, port: number | null, checkId: string | null, issueId: number | null = null) =>
      (
        await db
          .insert(findings)
          .values({
            customerId: 1,
            hostId,
            key,
            port,
            checkId,
            issueId,
            name: key,
            severity: 2,
            confidence: 'confirmed',
            firstSeen: seen,
            lastSeen: seen,
          })
          .returning()
      )[0]!.id;
    const f = {
      plc: await finding(await host('10.0.0.7', '10.0.0.7'), 'check:a@22/tcp', 22, 'a'),
      printer: await finding(await host('10.2.0.5', '10.2.0.5'), 'check:b@9100/tcp', 9100, 'b'),
      printerSsh: await finding(await host('10.2.0.6', '10.2.0.6'), 'check:b@22/tcp', 22, 'b'),
      db: await finding(await host('10.3.0.1', '10.3.0.1', ['DB01.example.com']), 'check:c@5432/tcp', 5432, 'c'),
      dbByValue: await finding(await host('db01.example.com', null), 'check:c@5432/tcp', 5432, 'c'),
      v6: await finding(await host('2001:db8::1', '2001:db8::1'), 'check:d@80/tcp', 80, 'd'),
      other: await finding(await host('10.9.9.9', '10.9.9.9'), 'check:weak-tls@443/tcp', 443, 'weak-tls', issue!.id),
      adminSqli: await finding(web, 'web:web-sqli@/admin/login', null, 'web-sqli'),
      shopXss: await finding(web, 'web:web-xss@/search', null, 'web-xss'),
      adminXss: await finding(web, 'web:web-xss@/admin/x', null, 'web-xss'),
      lab: await finding(await host('10.1.0.20', '10.1.0.20'), 'check:e@80/tcp', 80, 'e'),
    };
    await db.insert(webFindings).values([
      { findingId: f.adminSqli, customerId: 1, test: 'web-sqli', url: 'https://shop.example.com/admin/login', method: 'POST' },
      { findingId: f.shopXss, customerId: 1, test: 'web-xss', url: 'https://shop.example.com/search', method: 'GET' },
      { findingId: f.adminXss, customerId: 1, test: 'web-xss', url: 'https://shop.example.com/admin/x', method: 'GET' },
    ]);
    // An issue exception for this customer's weak-tls issue, anywhere in 10.9.0.0/16.
    expect((await admin.post(URL_, { value: '10.9.0.0/16', reason: 'Legacy TLS accepted', issue_id: issue!.id })).status).toBe(200);
    // Another customer's exception of the same address covers nothing here.
    expect((await rival.post(URL_, { value: '10.3.0.1', reason: 'theirs' })).status).toBe(200);

    const covered = async (now: Date): Promise<string[]> => {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`select f.id from findings f where f.customer_id = 1 and ${findingExcludedSql(1, sql`f.id`, now)}`,
      );
      const ids = new Set(rows.map((r) => Number(r.id)));
      return Object.entries(f)
        .filter(([, id]) => ids.has(id))
        .map(([k]) => k)
        .sort();
    };
    // The lab network (10.1.0.0/24) is excepted until NOW + 1 day; the URL exception names web-sqli only.
    expect(await covered(NOW)).toEqual(['adminSqli', 'db', 'dbByValue', 'lab', 'other', 'plc', 'printer', 'v6']);
    expect(await covered(new Date(NOW.getTime() + 2 * DAY))).toEqual(['adminSqli', 'db', 'dbByValue', 'other', 'plc', 'printer', 'v6']);
  });

  it('puts the active place exceptions into task specs: network exceptions, web scope patterns', async () => {
    const customer = (await t.otherCustomer('Spec Corp')).adminEmail;
    const c = await signedIn(t, customer);
    const made = async (body: Record<string, unknown>) => (await c.post<Exclusion>(URL_, body)).body;
    const plc = await made({ value: '10.0.0.7', reason: 'a' });
    const printers = await made({ value: '10.2.0.1-10.2.0.20', port: 9100, reason: 'b' });
    await made({ value: '10.4.0.1', test_id: 'only-a-test', reason: 'finding-level only' });
    await made({ value: '10.5.0.1', reason: 'expired', expires_at: new Date(NOW.getTime() + DAY).toISOString() });
    await made({ value: 'https://shop.example.com/admin', reason: 'c' });
    await made({ value: 'intranet.example.com', port: 8443, reason: 'd' });
    const customerId = (
      await queryRows<{ customer_id: number }>(t.ctx.db, sql`select customer_id from exclusions where id = ${plc.id}`)
    )[0]!.customer_id;
    const later = new Date(NOW.getTime() + 2 * DAY);
    const network: TaskSpec = { id: 1, targets: ['10.0.0.0/24'], exclude: [], profile: {}, checkpoint: null };
    const spec = await withExceptions(t.ctx.db, customerId, network, later);
    // Numeric whole-address ones in `exclude` too, for probes that predate `exceptions`.
    expect(spec.exclude).toEqual(['10.0.0.7']);
    expect(spec.exceptions).toEqual([
      { id: plc.id, value: '10.0.0.7' },
      { id: printers.id, value: '10.2.0.1-10.2.0.20', port: 9100 },
      { id: expect.any(Number), value: 'intranet.example.com', port: 8443 },
    ]);
    const web = (target: string): TaskSpec => ({
      ...network,
      targets: [target],
      web: { target, scope: { exclude: ['logout'] } } as unknown as NonNullable<TaskSpec['web']>,
    });
    const patternsOf = async (target: string) => (await withExceptions(t.ctx.db, customerId, web(target), later)).web!.scope.exclude!;
    const shop = await patternsOf('https://shop.example.com/');
    expect(shop.slice(0, 1)).toEqual(['logout']);
    const matches = (patterns: string[], url: string) => patterns.some((p) => new RegExp(p, 'i').test(url));
    expect(matches(shop, 'https://shop.example.com/admin/login')).toBe(true);
    expect(matches(shop, 'https://SHOP.example.com/admin')).toBe(true);
    expect(matches(shop, 'https://shop.example.com/search')).toBe(false);
    // The web application's own host named by an address or host-name exception (with its port): nothing of it is requested.
    expect(matches(await patternsOf('http://10.0.0.7/app/'), 'http://10.0.0.7/app/')).toBe(true);
    expect(matches(await patternsOf('http://10.2.0.5:9100/'), 'http://10.2.0.5:9100/x')).toBe(true);
    expect(matches(await patternsOf('http://10.2.0.5/'), 'http://10.2.0.5/x')).toBe(false);
    expect(matches(await patternsOf('https://intranet.example.com:8443/'), 'https://intranet.example.com:8443/')).toBe(true);
    expect(matches(await patternsOf('https://intranet.example.com/'), 'https://intranet.example.com/')).toBe(false);
    expect(matches(await patternsOf('http://10.0.0.70/'), 'http://10.0.0.70/')).toBe(false);
  });
});
