// Scan-fed monitoring (monitoringAfterRun) and the watched set, on PGlite and PostgreSQL: which assets a profile watches
// (its hosts, the hosts inside its networks, its tags' assets, less minus tags, never archived ones or another
// customer's); a processed run's ports as a look (an unexpected port alerts at first sight, an expected one is the
// baseline, a closed one resolves only at the second run that misses it), a service version change, a new host in a
// watched network, new findings at or above the profile's severity and known-exploited ones, a fixed finding resolving
// its alert; an inactive profile, a trigger not enabled and a customer without the flag raise nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assets,
  assetTags,
  findings,
  hostPorts,
  monitoringAlerts,
  monitoringProfiles,
  scanRunFindings,
  scanRuns,
  scans,
  tags,
} from '../src/db/schema/index.ts';
import { monitoringAfterRun } from '../src/modules/monitoring/after-run.ts';
import { countWatched } from '../src/modules/monitoring/watched.ts';
import { BACKENDS } from './helpers/backends.ts';
import { setFlags, startTestApp, type TestApp } from './helpers/app.ts';

const NOW = new Date('2026-12-01T08:00:00Z');
const SEEN = { firstSeen: NOW, lastSeen: NOW };

describe.each(BACKENDS)('scan-fed monitoring on %s', (backend) => {
  let t: TestApp;
  const id: Record<string, number> = {};
  let scanId = 0;

  const host = async (value: string, o: Partial<typeof assets.$inferInsert> = {}) => {
    const [a] = await t.ctx.db
      .insert(assets)
      .values({ customerId: 1, kind: 'host', type: 2, value, address: value, name: value, ...o })
      .returning();
    return a!.id;
  };
  const newRun = async (customerId = 1, scan = scanId) => {
    const [run] = await t.ctx.db
      .insert(scanRuns)
      .values({ customerId, scanId: scan, name: 'Office', targets: ['10.30.0.0/24'], profile: {} as never, state: 5, status: 4 })
      .returning();
    return run!.id;
  };
  const port = (runId: number, hostId: number, p: number, o: Partial<typeof hostPorts.$inferInsert> = {}) =>
    t.ctx.db
      .insert(hostPorts)
      .values({ customerId: 1, hostId, port: p, protocol: 0, open: true, lastRunId: runId, ...SEEN, ...o })
      .onConflictDoUpdate({
        target: [hostPorts.hostId, hostPorts.port, hostPorts.protocol],
        set: { open: o.open ?? true, version: o.version ?? null, product: o.product ?? null, lastRunId: runId },
      });
  const finding = async (runId: number, hostId: number, key: string, severity: number, o: Partial<typeof findings.$inferInsert> = {}) => {
    const [f] = await t.ctx.db
      .insert(findings)
      .values({ customerId: 1, hostId, key, name: key, severity, confidence: 'confirmed', state: 0, lastRunId: runId, ...SEEN, ...o })
      .returning();
    await t.ctx.db.insert(scanRunFindings).values({ runId, findingId: f!.id, customerId: 1, state: 0, severity });
    return f!.id;
  };
  const open = async (profileId = id.profile!) =>
    (await t.ctx.db.select().from(monitoringAlerts).where(eq(monitoringAlerts.profileId, profileId)).orderBy(monitoringAlerts.id)).filter(
      (a) => a.resolvedAt === null,
    );

  beforeAll(async () => {
    t = await startTestApp(backend, { BULWARK_JOBS: 'off' });
    t.ctx.clock = () => NOW;
    await setFlags(t.ctx, 1, ['continuous-monitoring']);
    const db = t.ctx.db;
    const [prod, lab] = await db
      .insert(tags)
      .values([
        { customerId: 1, name: 'Production' },
        { customerId: 1, name: 'Lab' },
      ])
      .returning();
    const [net] = await db.insert(assets).values({ customerId: 1, kind: 'network', type: 1, value: '10.30.0.0/24' }).returning();
    id.net = net!.id;
    id.h1 = await host('10.30.0.1', { parentId: id.net });
    id.archived = await host('10.30.0.9', { parentId: id.net, archivedAt: NOW });
    id.tagged = await host('10.30.1.5');
    id.minus = await host('10.30.1.6');
    id.untouched = await host('10.30.1.7');
    await db.insert(assetTags).values([
      { customerId: 1, assetId: id.tagged, tagId: prod!.id },
      { customerId: 1, assetId: id.minus, tagId: prod!.id },
      { customerId: 1, assetId: id.minus, tagId: lab!.id },
    ]);
    const other = await t.otherCustomer('Rival');
    id.rival = other.customerId;
    await setFlags(t.ctx, other.customerId, ['continuous-monitoring']);
    const [theirs] = await db
      .insert(assets)
      .values({ customerId: other.customerId, kind: 'host', type: 2, value: '10.30.0.77', address: '10.30.0.77' })
      .returning();
    id.theirs = theirs!.id;
    const [p] = await db
      .insert(monitoringProfiles)
      .values({
        customerId: 1,
        name: 'Office',
        ports: '22,80-90',
        assetIds: [id.net, id.theirs],
        tagIds: [prod!.id],
        minusTagIds: [lab!.id],
        triggers: ['unexpected_port', 'new_host', 'service_changed', 'new_vulnerability', 'new_kev'],
        minSeverity: 3,
        checkInterval: 0,
      })
      .returning();
    id.profile = p!.id;
    const [idle] = await db
      .insert(monitoringProfiles)
      .values({ customerId: 1, name: 'Idle', assetIds: [id.net], active: false, checkInterval: 0 })
      .returning();
    id.idle = idle!.id;
    const [portsOnly] = await db
      .insert(monitoringProfiles)
      .values({ customerId: 1, name: 'Ports only', ports: '22', assetIds: [id.net], triggers: ['unexpected_port'], checkInterval: 0 })
      .returning();
    id.portsOnly = portsOnly!.id;
    const [scan] = await db.insert(scans).values({ customerId: 1, name: 'Office' }).returning();
    scanId = scan!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('watches its network and the hosts inside, its tags’ assets, less minus tags; never archived or another customer’s', async () => {
    const counts = await countWatched(t.ctx.db, 1, [id.profile!, id.idle!, 999_999]);
    // The network, 10.30.0.1 inside it, 10.30.1.5 tagged; not 10.30.1.6 (minus tag), .0.9 (archived), theirs.
    expect(counts).toEqual(
      new Map([
        [id.profile!, 3],
        [id.idle!, 2],
        [999_999, 0],
      ]),
    );
    expect(await countWatched(t.ctx.db, id.rival!, [id.profile!])).toEqual(new Map([[id.profile!, 0]]));
  });

  it('a run’s ports: unexpected alerts at first sight, expected is the baseline, a version change, a close needs two runs', async () => {
    const r1 = await newRun();
    await port(r1, id.h1!, 22, { service: 'ssh', product: 'OpenSSH', version: '8.9p1' });
    await port(r1, id.h1!, 5432, { service: 'postgresql' });
    await port(r1, id.minus!, 3306);
    await port(r1, id.untouched!, 3306);
    expect(await monitoringAfterRun(t.ctx, r1)).toMatchObject({ profiles: 2, raised: 2 });
    expect(await open()).toMatchObject([
      { trigger: 'unexpected_port', subject: 'tcp/5432', assetId: id.h1, source: 'scan', runId: r1, count: 1, after: { open: true } },
    ]);
    expect(await open(id.portsOnly)).toMatchObject([{ trigger: 'unexpected_port', subject: 'tcp/5432' }]);
    expect(await open(id.idle)).toEqual([]);

    const r2 = await newRun();
    await port(r2, id.h1!, 22, { service: 'ssh', product: 'OpenSSH', version: '9.6p1' });
    await port(r2, id.h1!, 5432, { open: false });
    expect(await monitoringAfterRun(t.ctx, r2)).toMatchObject({ raised: 1, resolved: 0 });
    const [, changed] = await open();
    expect(changed).toMatchObject({
      trigger: 'service_changed',
      subject: 'service tcp/22',
      title: 'Service on tcp/22 changed: OpenSSH 8.9p1 → OpenSSH 9.6p1',
      before: { product: 'OpenSSH', version: '8.9p1' },
      after: { product: 'OpenSSH', version: '9.6p1' },
      severity: 1,
    });
    // Ports only: no service alert (not enabled), and its 5432 alert is still open after one missing run.
    expect((await open(id.portsOnly)).map((a) => a.trigger)).toEqual(['unexpected_port']);

    const r3 = await newRun();
    await port(r3, id.h1!, 5432, { open: false });
    expect(await monitoringAfterRun(t.ctx, r3)).toMatchObject({ resolved: 2 });
    expect((await open()).map((a) => a.trigger)).toEqual(['service_changed']);
    expect(await open(id.portsOnly)).toEqual([]);
  });

  it('a new host in a watched network alerts once; hosts there before the profile are its baseline', async () => {
    const r = await newRun();
    await t.ctx.db.update(assets).set({ lastRunId: r }).where(eq(assets.id, id.h1!));
    const fresh = await host('10.30.0.50', { parentId: id.net, lastRunId: r });
    expect(await monitoringAfterRun(t.ctx, r)).toMatchObject({ raised: 1 });
    const alerts = (await open()).filter((a) => a.trigger === 'new_host');
    expect(alerts).toMatchObject([{ assetId: fresh, subject: 'host', title: 'New host 10.30.0.50 in 10.30.0.0/24', severity: 2 }]);
    expect(await monitoringAfterRun(t.ctx, r)).toMatchObject({ raised: 0 });
  });

  it('new findings at or above the profile’s severity and known-exploited ones alert; a fixed one resolves', async () => {
    const r = await newRun();
    const critical = await finding(r, id.h1!, 'cve:CVE-2024-6387@22/tcp', 4, { cve: 'CVE-2024-6387', port: 22 });
    await finding(r, id.h1!, 'check:banner@22/tcp', 1);
    const kev = await finding(r, id.tagged!, 'cve:CVE-2023-0001@80/tcp', 2, { exploitKnown: true });
    await finding(r, id.minus!, 'cve:CVE-2024-6387@22/tcp', 4);
    await finding(r, id.untouched!, 'cve:CVE-2024-6387@22/tcp', 4);
    expect(await monitoringAfterRun(t.ctx, r)).toMatchObject({ raised: 2 });
    const alerts = (await open())
      .filter((a) => a.trigger === 'new_vulnerability' || a.trigger === 'new_kev')
      .sort((a, b) => b.trigger.localeCompare(a.trigger));
    expect(alerts).toMatchObject([
      {
        trigger: 'new_vulnerability',
        findingId: critical,
        subject: 'cve:CVE-2024-6387@22/tcp (tcp/22)',
        severity: 4,
        runId: r,
        source: 'scan',
      },
      { trigger: 'new_kev', findingId: kev, assetId: id.tagged, severity: 2, title: 'Known exploited: cve:CVE-2023-0001@80/tcp' },
    ]);

    const fixed = await newRun();
    await t.ctx.db.insert(scanRunFindings).values({ runId: fixed, findingId: critical, customerId: 1, state: 3, severity: 4 });
    expect(await monitoringAfterRun(t.ctx, fixed)).toMatchObject({ resolved: 1 });
    expect((await open()).some((a) => a.findingId === critical)).toBe(false);
  });

  it('a customer without continuous monitoring, and another customer’s run, raise nothing here', async () => {
    const [scan] = await t.ctx.db.insert(scans).values({ customerId: id.rival!, name: 'Theirs' }).returning();
    const theirs = await newRun(id.rival!, scan!.id);
    await t.ctx.db
      .insert(hostPorts)
      .values({ customerId: id.rival!, hostId: id.theirs!, port: 6379, protocol: 0, open: true, lastRunId: theirs, ...SEEN });
    expect(await monitoringAfterRun(t.ctx, theirs)).toMatchObject({ profiles: 0, raised: 0 });
    await setFlags(t.ctx, 1, []);
    const r = await newRun();
    await port(r, id.h1!, 6379);
    expect(await monitoringAfterRun(t.ctx, r)).toEqual({ profiles: 0, raised: 0, updated: 0, resolved: 0 });
    await setFlags(t.ctx, 1, ['continuous-monitoring']);
  });
});
