// Domain asset discovery end to end on every test database, against a real bind9 on loopback (one zone allowing a
// zone transfer, one refusing it with a wildcard record), a stand-in answering as crt.sh's JSON interface does, and
// certificate names a real scan of a TLS server recorded: the settings (validated, nothing half-written, PUT and PATCH),
// a run as a background job with its progress, the host names with where each came from and their addresses (guesses
// that only hit the wildcard left out), filters, adding chosen names as host assets within the asset limit, audit
// events, and the guards (401, CSRF, 403 for a member and for a LIMITED team member, another customer's 404).
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DomainAddAssetsResult,
  DomainDiscoveryHost,
  DomainDiscoveryRun,
  DomainDiscoverySettings,
  NetworkScan,
  ScanRunRow,
} from '@bulwark/core';
import { DOMAIN_DISCOVERY_TYPE } from '@bulwark/core';
import {
  assetTags,
  assets,
  auditEvents,
  customers,
  domainDiscoveryRuns,
  integrationSettings,
  tags,
  teamMembers,
  teams,
  users,
} from '../src/db/schema/index.ts';
import { housekeeping } from '../src/module-jobs.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { finished, smallProfile, waitForRun } from './helpers/scans.ts';
import {
  CLOSED_ZONE,
  OPEN_ZONE,
  bindUnavailable,
  startCtLog,
  startTlsServer,
  startZones,
  type CtStandIn,
} from './helpers/domain-discovery.ts';
import type { RunningDaemon } from '../../scanner/test/services-helpers/daemons.ts';

const base = '/api/app1/customer/1/domain-asset-discovery/';
const missing = bindUnavailable();
interface Paged<T> {
  count: number;
  results: T[];
}

describe.skipIf(Boolean(missing)).each(BACKENDS)(`domain asset discovery on %s${missing ? ` (skipped: ${missing})` : ''}`, (backend) => {
  let t: TestApp;
  let admin: Client;
  let member: Client;
  let limited: Client;
  let rival: Client;
  let anon: Client;
  let rivalId: number;
  let named: RunningDaemon;
  let ct: CtStandIn;
  let tlsServer: { port: number; close(): Promise<void> };
  let settings: Record<string, unknown>;

  beforeAll(async () => {
    named = await startZones();
    ct = await startCtLog({
      [CLOSED_ZONE]: [
        [`secret-intranet.${CLOSED_ZONE}`, `*.${CLOSED_ZONE}`],
        [`www.${CLOSED_ZONE}`, 'www.somebody-else.example'],
      ],
      [OPEN_ZONE]: [[`www.${OPEN_ZONE}`]],
    });
    tlsServer = await startTlsServer(`portal.${CLOSED_ZONE}`, [`tls-only.${CLOSED_ZONE}`, `www.${OPEN_ZONE}`, 'unrelated.example']);
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    anon = await anonymous(t);
    const m = await t.user({ email: 'member@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { net_assets: ['read', 'create', 'update', 'delete'] } })
      .where(eq(users.id, m.id));
    member = await signedIn(t, 'member@example.com');
    const l = await t.user({ email: 'limited@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { net_assets: ['read', 'create', 'update', 'delete'] } })
      .where(eq(users.id, l.id));
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Limited', assetPermissions: 'LIMITED' }).returning();
    await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: l.id });
    limited = await signedIn(t, 'limited@example.com');
    const other = await t.otherCustomer('Rival Corp');
    rivalId = other.customerId;
    rival = await signedIn(t, other.adminEmail);
    settings = {
      enabled: true,
      domains: [` ${OPEN_ZONE.toUpperCase()}. `, CLOSED_ZONE, OPEN_ZONE],
      wordlist: 'small',
      zone_transfer: true,
      scan_certificates: true,
      url: ct.url,
      host: '127.0.0.1',
      port: named.ports.domain,
    };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await named?.stop();
    await ct?.close();
    await tlsServer?.close();
  });

  it('answers the defaults before anything is set, and refuses callers who are not superusers of the customer', async () => {
    const r = await admin.get<DomainDiscoverySettings>(base);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      type: 'domain-asset-discovery',
      enabled: false,
      domains: [],
      wordlist: 'small',
      zone_transfer: true,
      scan_certificates: true,
      url: null,
      host: null,
      port: null,
      updated_at: null,
    });
    expect((await anon.get(base)).status).toBe(401);
    expect((await member.get(base)).status).toBe(403);
    expect((await limited.get(base)).status).toBe(403);
    // Another customer's superuser: customer 1 does not exist for it.
    expect((await rival.get(base)).status).toBe(404);
    // The permission guard runs before validation: a member's bad body is 403, not 400.
    expect((await member.request('PUT', base, { domains: ['not a domain'] })).status).toBe(403);
    expect((await anon.request('PUT', base, settings)).status).toBe(401);
  });

  it('keys bad settings by field and writes nothing of them', async () => {
    const bad = await admin.request<Record<string, string[]>>('PUT', base, {
      ...settings,
      domains: ['example.com', 'no_underscores.example', 'localhost'],
      url: 'ftp://crt.example/',
      host: 'dns.example.com',
      port: 70000,
      wordlist: 'huge',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.domains).toEqual([
      '"no_underscores.example" is not a valid domain name (such as example.com).',
      '"localhost" is not a valid domain name (such as example.com).',
    ]);
    expect(bad.body.url).toEqual(['Enter a valid URL (http:// or https://) without a query.']);
    expect(bad.body.host).toEqual(['Enter the DNS server as an IP address (such as 192.0.2.53), or leave it empty.']);
    expect(bad.body.port).toEqual(['Enter a port from 1 to 65535.']);
    expect(bad.body.wordlist).toEqual(['Choose none, small, medium or large.']);
    expect((await admin.get<DomainDiscoverySettings>(base)).body.updated_at).toBeNull();
    // CSRF: an unsafe call without the header is refused.
    admin.csrf = false;
    expect((await admin.request('PUT', base, settings)).status).toBe(403);
    admin.csrf = true;
  });

  it('saves the domains normalised and de-duplicated; PATCH changes only what it names', async () => {
    const put = await admin.request<DomainDiscoverySettings>('PUT', base, settings);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({
      enabled: true,
      domains: [OPEN_ZONE, CLOSED_ZONE],
      url: ct.url,
      host: '127.0.0.1',
      port: named.ports.domain,
    });
    const patch = await admin.patch<DomainDiscoverySettings>(base, { wordlist: 'none', zone_transfer: false });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ wordlist: 'none', zone_transfer: false, domains: [OPEN_ZONE, CLOSED_ZONE], url: ct.url });
    // Saved at the app's clock, not the wall clock.
    const clock = t.ctx.clock;
    const at = new Date('2031-02-03T04:05:06Z');
    t.ctx.clock = () => at;
    try {
      expect((await admin.request('PUT', base, settings)).status).toBe(200);
    } finally {
      t.ctx.clock = clock;
    }
    const stored = await t.ctx.db.select().from(integrationSettings).where(eq(integrationSettings.customerId, 1));
    expect(stored.find((s) => s.type === DOMAIN_DISCOVERY_TYPE)?.updatedAt).toEqual(at);
    const [audit] = await t.ctx.db.select().from(auditEvents).where(eq(auditEvents.customerId, 1)).orderBy(desc(auditEvents.id)).limit(1);
    expect(audit).toMatchObject({ action: 'update' });
    expect(JSON.stringify(audit)).toContain('domain-asset-discovery');
  });

  it('refuses to start a run while discovery is off, and while another run is under way', async () => {
    await admin.patch(base, { enabled: false });
    const off = await admin.post<Record<string, string[]>>(`${base}runs/`);
    expect(off.status).toBe(400);
    expect(off.body.non_field_errors).toEqual(['Domain asset discovery is turned off: enable it and save the settings first.']);
    await admin.patch(base, { enabled: true });
    const [busy] = await t.ctx.db
      .insert(domainDiscoveryRuns)
      .values({ customerId: 1, state: 'running', domains: [OPEN_ZONE], sources: ['dns_record'], wordlist: 'none' })
      .returning();
    const clash = await admin.post<Record<string, string[]>>(`${base}runs/`);
    expect(clash.status).toBe(409);
    expect(clash.body.non_field_errors).toEqual([`Discovery run ${busy!.id} is still under way: wait for it to finish.`]);
    // Housekeeping ends a run whose worker stopped (started over two hours before the clock it is given), not a fresh one.
    const now = new Date();
    expect(await housekeeping(t.ctx, now)).toMatchObject({ discoveryRunsAbandoned: 0 });
    await t.ctx.db
      .update(domainDiscoveryRuns)
      .set({ createdAt: new Date(now.getTime() - 3 * 3_600_000) })
      .where(eq(domainDiscoveryRuns.id, busy!.id));
    expect(await housekeeping(t.ctx, now)).toMatchObject({ discoveryRunsAbandoned: 1 });
    const [ended] = await t.ctx.db.select().from(domainDiscoveryRuns).where(eq(domainDiscoveryRuns.id, busy!.id));
    expect(ended).toMatchObject({ state: 'failed', error: 'The run did not finish: the process running it stopped. Start it again.' });
    await t.ctx.db.delete(domainDiscoveryRuns).where(eq(domainDiscoveryRuns.id, busy!.id));
    expect((await member.post(`${base}runs/`)).status).toBe(403);
    expect((await limited.post(`${base}runs/`)).status).toBe(403);
    expect((await rival.post(`${base}runs/`)).status).toBe(404);
    expect((await anon.post(`${base}runs/`)).status).toBe(401);
  });

  let run: DomainDiscoveryRun;
  let hosts: Map<string, DomainDiscoveryHost>;

  it('finds host names from every source, with their addresses, through a background job with progress', async () => {
    // A real scan of the TLS server: its certificate's names are what "certificates seen in scans" reads.
    const profile = await smallProfile(t, 1, String(tlsServer.port));
    const scan = await admin.post<NetworkScan>('/api/scan/nscans/', { name: 'TLS names', targets: ['127.0.0.1'], profile });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    const runs = await admin.get<Paged<ScanRunRow>>(`/api/scan/nruns/?scan=${scan.body.id}`);
    await waitForRun(admin, runs.body.results[0]!.id, finished, 60_000);
    // A name that is already an asset is shown as one.
    const existing = await admin.post<{ id: number }>('/api/assets/assets/', { value: `www.${OPEN_ZONE}` });
    expect(existing.status, JSON.stringify(existing.body)).toBe(201);

    const started = await admin.post<DomainDiscoveryRun>(`${base}runs/`);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({
      state: 'queued',
      domains: [OPEN_ZONE, CLOSED_ZONE],
      sources: ['common_name', 'dns_record', 'zone_transfer', 'scan_certificate', 'ct_log'],
      started_by: ADMIN_EMAIL,
    });
    const until = Date.now() + 60_000;
    do {
      run = (await admin.get<DomainDiscoveryRun>(`${base}runs/${started.body.id}/`)).body;
      if (run.state === 'finished' || run.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    } while (Date.now() < until);
    expect(run.state, JSON.stringify(run)).toBe('finished');
    expect(run.progress.current).toBe(run.progress.total);
    expect(run.progress.total).toBeGreaterThan(100);
    const progress = await admin.get<{ state: string; complete: boolean; result: { run: number; hosts_found: number } }>(
      `/api/celery-progress/${run.job_id}/`,
    );
    expect(progress.body).toMatchObject({ state: 'SUCCESS', complete: true, result: { run: run.id, hosts_found: run.hosts_found } });

    const list = await admin.get<Paged<DomainDiscoveryHost>>(`${base}runs/${run.id}/hosts/?page_size=100`);
    expect(list.status).toBe(200);
    hosts = new Map(list.body.results.map((h) => [h.name, h]));
    const view = (name: string) => {
      const h = hosts.get(name);
      return h ? { addresses: h.addresses, sources: h.sources } : undefined;
    };
    // The open zone: the transfer names every host, the word list guesses the common ones, NS and MX name theirs.
    expect(view(`build-7.${OPEN_ZONE}`)).toEqual({ addresses: ['127.0.77.12', 'fd00::12'], sources: ['zone_transfer'] });
    expect(view(`www.${OPEN_ZONE}`)).toEqual({
      addresses: ['127.0.77.10'],
      sources: ['common_name', 'ct_log', 'scan_certificate', 'zone_transfer'],
    });
    expect(view(`mail.${OPEN_ZONE}`)).toEqual({ addresses: ['127.0.77.11'], sources: ['common_name', 'dns_record', 'zone_transfer'] });
    expect(view(`vpn.${OPEN_ZONE}`)).toEqual({ addresses: ['127.0.77.10'], sources: ['common_name', 'zone_transfer'] });
    expect(view(`ns1.${OPEN_ZONE}`)).toEqual({ addresses: ['127.0.0.1'], sources: ['common_name', 'dns_record', 'zone_transfer'] });
    // The closed zone: no transfer; the CT log and the scanned certificate name what no guess finds; guesses that
    // only reach the wildcard (ftp, mail …) are not hosts.
    expect(view(`secret-intranet.${CLOSED_ZONE}`)).toEqual({ addresses: ['127.0.77.22'], sources: ['ct_log'] });
    expect(view(`tls-only.${CLOSED_ZONE}`)).toEqual({ addresses: ['127.0.77.23'], sources: ['scan_certificate'] });
    expect(view(`portal.${CLOSED_ZONE}`)).toEqual({ addresses: ['127.0.77.99'], sources: ['scan_certificate'] });
    expect(view(`www.${CLOSED_ZONE}`)).toEqual({ addresses: ['127.0.77.20'], sources: ['common_name', 'ct_log'] });
    expect(view(`dev.${CLOSED_ZONE}`)).toEqual({ addresses: ['127.0.77.21'], sources: ['common_name'] });
    expect(view(`ftp.${CLOSED_ZONE}`)).toBeUndefined();
    expect(view(`mail.${CLOSED_ZONE}`)).toBeUndefined();
    expect([...hosts.keys()].filter((n) => !n.endsWith(`.${OPEN_ZONE}`) && !n.endsWith(`.${CLOSED_ZONE}`) && n !== CLOSED_ZONE)).toEqual(
      [],
    );
    expect(hosts.get(`www.${OPEN_ZONE}`)!.asset).toBe(existing.body.id);
    expect(hosts.get(`build-7.${OPEN_ZONE}`)!.asset).toBeNull();
    expect(run.hosts_found).toBe(list.body.count);
    // The refused transfer is said, with the server that refused it.
    expect(run.notes).toEqual([
      {
        domain: CLOSED_ZONE,
        source: 'zone_transfer',
        message: `No name server allowed a zone transfer of ${CLOSED_ZONE}. ns1.${CLOSED_ZONE} (127.0.0.1): refused.`,
      },
    ]);
    // The CT source was asked as crt.sh is: q=%.<domain>, output=json.
    expect([...ct.queries].sort()).toEqual([`?q=%25.${CLOSED_ZONE}&output=json`, `?q=%25.${OPEN_ZONE}&output=json`]);
  }, 120_000);

  it('filters the host names by source, status, domain and text, and keys a bad filter', async () => {
    const get = (q: string) => admin.get<Paged<DomainDiscoveryHost>>(`${base}runs/${run.id}/hosts/?page_size=100&${q}`);
    const names = async (q: string) => (await get(q)).body.results.map((h) => h.name);
    expect(await names('source=zone_transfer&domain=closed-zone.test')).toEqual([]);
    expect(await names('source=ct_log&ordering=-name')).toEqual([
      `www.${OPEN_ZONE}`,
      `www.${CLOSED_ZONE}`,
      `secret-intranet.${CLOSED_ZONE}`,
      CLOSED_ZONE,
    ]);
    expect(await names('status=asset')).toEqual([`www.${OPEN_ZONE}`]);
    expect(await names('status=new')).not.toContain(`www.${OPEN_ZONE}`);
    expect(await names('search=BUILD')).toEqual([`build-7.${OPEN_ZONE}`]);
    const bad = await get('source=guess&status=old');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ source: [expect.stringContaining('Choose from: common_name')], status: ['Choose new or asset.'] });
    const runs = await admin.get<Paged<DomainDiscoveryRun>>(`${base}runs/`);
    expect(runs.body.count).toBe(1);
    expect(runs.body.results[0]!.id).toBe(run.id);
    expect((await rival.get(`/api/app1/customer/1/domain-asset-discovery/runs/${run.id}/hosts/`)).status).toBe(404);
    expect((await limited.get(`${base}runs/${run.id}/hosts/`)).status).toBe(403);
    expect((await member.get(`${base}runs/`)).status).toBe(403);
    expect((await anon.get(`${base}runs/${run.id}/`)).status).toBe(401);
    expect((await admin.get(`${base}runs/999999/`)).status).toBe(404);
  });

  it('adds the chosen names as host assets within the asset limit, with static tags, and says which were assets already', async () => {
    const pick = [`build-7.${OPEN_ZONE}`, `secret-intranet.${CLOSED_ZONE}`, `www.${OPEN_ZONE}`].map((n) => hosts.get(n)!.id);
    const add = (body: unknown, c = admin) =>
      c.post<DomainAddAssetsResult & Record<string, string[]>>(`${base}runs/${run.id}/add-assets/`, body);
    // Guards first: a member, a LIMITED member, another customer, nobody signed in.
    expect((await add({ hosts: pick }, member)).status).toBe(403);
    expect((await add({ hosts: pick }, limited)).status).toBe(403);
    expect((await add({ hosts: pick }, rival)).status).toBe(404);
    expect((await add({ hosts: pick }, anon)).status).toBe(401);
    // Bad input: an id that is not this run's, an empty choice, a dynamic tag.
    expect((await add({ hosts: [...pick, 999999] })).body).toEqual({ hosts: ['Invalid pk "999999" - object does not exist.'] });
    expect((await add({ hosts: [] })).body).toEqual({ hosts: ['Choose at least one host name.'] });
    const [dynamic] = await t.ctx.db.insert(tags).values({ customerId: 1, name: 'Dyn', rules: [], isDynamic: true }).returning();
    const [label] = await t.ctx.db.insert(tags).values({ customerId: 1, name: 'Discovered' }).returning();
    const wrongTag = await add({ hosts: pick, tags: [dynamic!.id] });
    expect(wrongTag.status).toBe(400);
    expect(wrongTag.body.tags).toEqual([`Invalid pk "${dynamic!.id}" - object does not exist or is a dynamic tag.`]);

    // The asset limit: the customer's assets plus the two new ones would pass it; nothing is written.
    const count = async () =>
      (await t.ctx.db.select().from(assets).where(eq(assets.customerId, 1))).filter((a) => a.kind === 'host' || a.kind === 'webapp').length;
    const before = await count();
    await t.ctx.db
      .update(customers)
      .set({ assetLimit: before + 1 })
      .where(eq(customers.id, 1));
    const over = await add({ hosts: pick });
    expect(over.status).toBe(400);
    expect(over.body.hosts).toEqual([
      `Adding 2 host names would take your organisation to ${before + 2} assets; its subscription allows ${before + 1}. Choose at most 1.`,
    ]);
    expect(await count()).toBe(before);

    await t.ctx.db
      .update(customers)
      .set({ assetLimit: before + 2 })
      .where(eq(customers.id, 1));
    const ok = await add({ hosts: pick, tags: [label!.id] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ created: 2, existing: 1 });
    expect(ok.body.assets.map((a) => a.value)).toEqual([`build-7.${OPEN_ZONE}`, `secret-intranet.${CLOSED_ZONE}`]);
    const created = await t.ctx.db
      .select()
      .from(assets)
      .where(and(eq(assets.customerId, 1), eq(assets.value, `build-7.${OPEN_ZONE}`)));
    expect(created[0]).toMatchObject({ kind: 'host', type: 2, address: null });
    const carried = await t.ctx.db.select().from(assetTags).where(eq(assetTags.assetId, created[0]!.id));
    expect(carried.map((x) => x.tagId)).toEqual([label!.id]);
    // Added names now read as assets; adding them again creates nothing.
    expect((await admin.get<Paged<DomainDiscoveryHost>>(`${base}runs/${run.id}/hosts/?status=new&search=build`)).body.count).toBe(0);
    expect((await add({ hosts: pick })).body).toMatchObject({ created: 0, existing: 3 });
    const [audit] = await t.ctx.db.select().from(auditEvents).where(eq(auditEvents.customerId, 1)).orderBy(desc(auditEvents.id)).limit(1);
    expect(JSON.stringify(audit)).toContain('add-assets');
    await t.ctx.db.update(customers).set({ assetLimit: null }).where(eq(customers.id, 1));
  });

  it('limits how often runs may be started', async () => {
    // Off: each start is refused (400) after it is counted, so the limit is reached without running anything.
    await admin.patch(base, { enabled: false });
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) answers.push((await admin.post(`${base}runs/`)).status);
    // 20 starts an hour: three were made above (refused while off, refused while another ran, the run).
    expect(answers).toEqual([...Array<number>(17).fill(400), ...Array<number>(4).fill(429)]);
    // Another customer has its own count (its discovery is off: 400, not 429).
    expect((await rival.post(`/api/app1/customer/${rivalId}/domain-asset-discovery/runs/`)).status).toBe(400);
  });
});
