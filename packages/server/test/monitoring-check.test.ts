// A profile's own check (runProfileCheck) against real sockets on loopback 127.30.9.x, on PGlite and PostgreSQL: a
// real memcached started between two checks raises exactly one unexpected-port alert; stopped for one check and
// started again it raises none and resolves nothing (count goes on); stopped for two checks the alert resolves; an
// expected port never alerts; certificate expiring, expired and replaced with a fake clock; TLS weakened when the
// server starts accepting TLS 1.0; a web application's certificate on its URL's port; an asset leaving the watched set; an inactive profile does nothing; the due profiles' schedule.
import net from 'node:net';
import tls from 'node:tls';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, monitoringAlerts, monitoringProfiles } from '../src/db/schema/index.ts';
import { runProfileCheck } from '../src/modules/monitoring/check.ts';
import { runDueChecks } from '../src/modules/monitoring/schedule.ts';
import { BACKENDS } from './helpers/backends.ts';
import { setFlags, startTestApp, type TestApp } from './helpers/app.ts';
import { DAEMONS, freePort, startDaemon, unavailable, type RunningDaemon } from '../../scanner/test/services-helpers/daemons.ts';
import { makeCert, type Cert } from '../../scanner/test/checks-helpers/certs.ts';

const DAY = 86_400_000;
const START = new Date('2026-12-01T08:00:00Z');
const MEMCACHED = unavailable(DAEMONS.memcached);

/** A TLS server on host:8443 (a port the check reads TLS on) that can be restarted with other settings. */
class TlsSite {
  private server?: tls.Server;
  private readonly sockets = new Set<net.Socket>();
  constructor(
    readonly host: string,
    readonly port = 8443,
  ) {}

  async start(o: { cert: Cert; minVersion?: tls.SecureVersion }): Promise<void> {
    const legacy = o.minVersion === 'TLSv1' ? { ciphers: 'DEFAULT:@SECLEVEL=0' } : {};
    const server = tls.createServer({ ...o.cert, minVersion: o.minVersion ?? 'TLSv1.2', ...legacy }, (s) => s.end());
    server.on('connection', (s: net.Socket) => this.sockets.add(s.on('error', () => undefined).on('close', () => this.sockets.delete(s))));
    server.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(this.port, this.host, () => resolve()));
    this.server = server;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise((r) => server.close(r));
  }
}

describe.each(BACKENDS)('the profile check on %s', (backend) => {
  let t: TestApp;
  const servers: net.Server[] = [];

  const host = async (address: string, customerId = 1) => {
    const [a] = await t.ctx.db
      .insert(assets)
      .values({ customerId, kind: 'host', type: 2, value: address, address, name: `h-${address}` })
      .returning();
    return a!.id;
  };
  const profile = async (o: Partial<typeof monitoringProfiles.$inferInsert>) => {
    const [p] = await t.ctx.db
      .insert(monitoringProfiles)
      .values({
        customerId: 1,
        name: `p${Math.random()}`,
        checkInterval: 0,
        triggers: ['unexpected_port', 'cert_expiring', 'cert_expired', 'cert_replaced', 'tls_weakened'],
        ...o,
      })
      .returning();
    return p!.id;
  };
  const alertsOf = (profileId: number) =>
    t.ctx.db.select().from(monitoringAlerts).where(eq(monitoringAlerts.profileId, profileId)).orderBy(monitoringAlerts.id);

  beforeAll(async () => {
    t = await startTestApp(backend, { BULWARK_JOBS: 'off' });
    await setFlags(t.ctx, 1, ['continuous-monitoring']);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    await t?.close();
  });

  it.skipIf(MEMCACHED !== undefined)(
    'a real memcached started between two checks raises one unexpected-port alert; a one-check outage changes nothing; two resolve it',
    async () => {
      const address = backend === 'pglite' ? '127.30.9.10' : '127.30.9.20';
      const port = await freePort(address);
      // An expected port that is open all along never alerts.
      const ssh = net.createServer((s) => s.destroy());
      await new Promise<void>((r) => ssh.listen(0, address, () => r()));
      servers.push(ssh);
      const sshPort = (ssh.address() as net.AddressInfo).port;
      const hostId = await host(address);
      const id = await profile({ assetIds: [hostId], ports: String(sshPort) });
      const opts = { watchPorts: [port, sshPort], timeoutMs: 1000 };
      let now = START;
      const check = async () => {
        now = new Date(now.getTime() + 15 * 60_000);
        return runProfileCheck(t.ctx, 1, id, now, opts);
      };

      const quiet = await check();
      expect(quiet).toMatchObject({ assets: 1, ports_checked: 2, alerts_raised: 0 });
      let memcached: RunningDaemon | undefined = await startDaemon(DAEMONS.memcached, address, [port]);
      try {
        expect(await check()).toMatchObject({ alerts_raised: 1, alerts_resolved: 0 });
        let alerts = await alertsOf(id);
        expect(alerts).toHaveLength(1);
        expect(alerts[0]).toMatchObject({
          trigger: 'unexpected_port',
          subject: `tcp/${port}`,
          assetId: hostId,
          count: 1,
          resolvedAt: null,
          source: 'check',
          severity: 3,
        });
        expect(alerts[0]!.after).toEqual({ open: true });
        const raisedAt = alerts[0]!.firstSeen;

        // Still open: the same alert, seen again.
        expect(await check()).toMatchObject({ alerts_raised: 0, alerts_updated: 1 });
        // Stopped for one check: nothing resolves yet; started again: no second alert, the first goes on.
        await memcached.stop();
        memcached = undefined;
        expect(await check()).toMatchObject({ alerts_raised: 0, alerts_resolved: 0, changes: 0 });
        memcached = await startDaemon(DAEMONS.memcached, address, [port]);
        expect(await check()).toMatchObject({ alerts_raised: 0, alerts_resolved: 0 });
        alerts = await alertsOf(id);
        expect(alerts).toHaveLength(1);
        expect(alerts[0]).toMatchObject({ count: 3, resolvedAt: null, firstSeen: raisedAt, lastSeen: now });

        // Stopped for two checks: the second confirms it and the alert resolves.
        await memcached.stop();
        memcached = undefined;
        expect(await check()).toMatchObject({ alerts_resolved: 0 });
        expect(await check()).toMatchObject({ alerts_resolved: 1, changes: 1 });
        alerts = await alertsOf(id);
        expect(alerts).toHaveLength(1);
        expect(alerts[0]!.resolvedAt).toEqual(now);
        expect(alerts.every((a) => a.subject !== `tcp/${sshPort}`)).toBe(true);

        // It comes back: a new change, a new alert.
        memcached = await startDaemon(DAEMONS.memcached, address, [port]);
        expect(await check()).toMatchObject({ alerts_raised: 1 });
        expect((await alertsOf(id)).filter((a) => !a.resolvedAt)).toHaveLength(1);

        // The profile now expects the port: its open alert resolves.
        await t.ctx.db
          .update(monitoringProfiles)
          .set({ ports: `${sshPort},${port}` })
          .where(eq(monitoringProfiles.id, id));
        expect(await check()).toMatchObject({ alerts_raised: 0, alerts_resolved: 1 });
      } finally {
        await memcached?.stop();
      }
      const [p] = await t.ctx.db.select().from(monitoringProfiles).where(eq(monitoringProfiles.id, id));
      expect(p!.lastCheckAt).toEqual(now);
    },
  );

  it('a port seen once and gone at the second look does not alert', async () => {
    // A server that accepts exactly one connection, then stops listening: the first look sees it, the second does not.
    const address = backend === 'pglite' ? '127.30.9.11' : '127.30.9.21';
    const flaky = net.createServer((s) => {
      s.destroy();
      flaky.close();
    });
    await new Promise<void>((r) => flaky.listen(0, address, () => r()));
    const port = (flaky.address() as net.AddressInfo).port;
    const id = await profile({ assetIds: [await host(address)] });
    const r = await runProfileCheck(t.ctx, 1, id, START, { watchPorts: [port], timeoutMs: 1000 });
    expect(r).toMatchObject({ ports_checked: 1, alerts_raised: 0 });
    expect(await alertsOf(id)).toEqual([]);
  });

  it('certificates: expiring within the profile’s days, expired, then replaced, by the clock', async () => {
    const address = backend === 'pglite' ? '127.30.9.12' : '127.30.9.22';
    const site = new TlsSite(address);
    const old = makeCert({ cn: 'shop.example.test', notBefore: new Date('2026-01-01'), notAfter: new Date('2027-01-15T00:00:00Z') });
    await site.start({ cert: old });
    try {
      const id = await profile({ assetIds: [await host(address)], ports: '8443', certDays: 30 });
      const check = (at: Date) => runProfileCheck(t.ctx, 1, id, at, { watchPorts: [], timeoutMs: 2000 });
      // 45 days left: the baseline, nothing to say.
      expect(await check(START)).toMatchObject({ alerts_raised: 0 });
      // 26 days left: expiring.
      expect(await check(new Date('2026-12-20T00:00:00Z'))).toMatchObject({ alerts_raised: 1 });
      let alerts = await alertsOf(id);
      expect(alerts).toMatchObject([
        {
          trigger: 'cert_expiring',
          subject: 'certificate tcp/8443',
          title: 'Certificate on tcp/8443 expires in 26 days (2027-01-15)',
          count: 1,
        },
      ]);
      expect(await check(new Date('2026-12-21T00:00:00Z'))).toMatchObject({ alerts_raised: 0, alerts_updated: 1 });
      // Past its end: expired, and the expiring alert is over.
      expect(await check(new Date('2027-01-16T00:00:00Z'))).toMatchObject({ alerts_raised: 1, alerts_resolved: 1 });
      alerts = await alertsOf(id);
      expect(alerts.map((a) => [a.trigger, a.resolvedAt === null])).toEqual([
        ['cert_expiring', false],
        ['cert_expired', true],
      ]);
      // Renewed: replaced (before and after fingerprints), and the expired alert resolves.
      await site.stop();
      const renewed = makeCert({ cn: 'shop.example.test', notBefore: new Date('2027-01-01'), notAfter: new Date('2028-01-15T00:00:00Z') });
      await site.start({ cert: renewed });
      expect(await check(new Date('2027-01-17T00:00:00Z'))).toMatchObject({ alerts_raised: 1, alerts_resolved: 1, changes: 1 });
      alerts = await alertsOf(id);
      const replaced = alerts.find((a) => a.trigger === 'cert_replaced')!;
      expect(replaced.before).toMatchObject({ valid_to: '2027-01-15T00:00:00.000Z', level: 'expired' });
      expect(replaced.after).toMatchObject({ valid_to: '2028-01-15T00:00:00.000Z', level: 'ok' });
      expect(replaced.before!.fingerprint).not.toEqual(replaced.after!.fingerprint);
      expect(alerts.filter((a) => a.resolvedAt === null).map((a) => a.trigger)).toEqual(['cert_replaced']);
    } finally {
      await site.stop();
    }
  });

  it('TLS weakened: a server that starts accepting TLS 1.0 alerts once; back to 1.2 resolves it', async () => {
    const address = backend === 'pglite' ? '127.30.9.13' : '127.30.9.23';
    const site = new TlsSite(address);
    const cert = makeCert({ cn: 'api.example.test' });
    await site.start({ cert, minVersion: 'TLSv1.2' });
    try {
      const id = await profile({ assetIds: [await host(address)], ports: '8443' });
      const check = (days: number) =>
        runProfileCheck(t.ctx, 1, id, new Date(START.getTime() + days * DAY), { watchPorts: [], timeoutMs: 2000 });
      expect(await check(0)).toMatchObject({ alerts_raised: 0 });
      await site.stop();
      await site.start({ cert, minVersion: 'TLSv1' });
      expect(await check(1)).toMatchObject({ alerts_raised: 1, changes: 1 });
      expect(await check(2)).toMatchObject({ alerts_raised: 0, alerts_updated: 1 });
      const [alert] = await alertsOf(id);
      expect(alert).toMatchObject({
        trigger: 'tls_weakened',
        subject: 'TLS tcp/8443',
        before: { min: 'TLSv1.2' },
        after: { min: 'TLSv1' },
        count: 2,
      });
      await site.stop();
      await site.start({ cert, minVersion: 'TLSv1.2' });
      expect(await check(3)).toMatchObject({ alerts_resolved: 1 });
    } finally {
      await site.stop();
    }
  });

  it('a web application over HTTPS: its certificate is watched on its URL’s port, its port never alerts', async () => {
    const address = backend === 'pglite' ? '127.30.9.15' : '127.30.9.25';
    const site = new TlsSite(address);
    await site.start({
      cert: makeCert({ cn: 'app.example.test', notBefore: new Date('2026-01-01'), notAfter: new Date('2026-12-10T00:00:00Z') }),
    });
    try {
      const [app] = await t.ctx.db
        .insert(assets)
        .values({ customerId: 1, kind: 'webapp', type: 3, value: `https://${address}:8443/` })
        .returning();
      const id = await profile({ assetIds: [app!.id], ports: '' });
      expect(await runProfileCheck(t.ctx, 1, id, START, { watchPorts: [], timeoutMs: 2000 })).toMatchObject({
        assets: 1,
        ports_checked: 1,
        alerts_raised: 1,
      });
      expect(await alertsOf(id)).toMatchObject([
        {
          trigger: 'cert_expiring',
          assetId: app!.id,
          subject: 'certificate tcp/8443',
          title: 'Certificate on tcp/8443 expires in 9 days (2026-12-10)',
        },
      ]);
    } finally {
      await site.stop();
    }
  });

  it('an inactive profile does nothing; a trigger the profile does not enable never raises', async () => {
    const address = backend === 'pglite' ? '127.30.9.14' : '127.30.9.24';
    const open = net.createServer((s) => s.destroy());
    await new Promise<void>((r) => open.listen(0, address, () => r()));
    servers.push(open);
    const port = (open.address() as net.AddressInfo).port;
    const hostId = await host(address);
    const inactive = await profile({ assetIds: [hostId], active: false });
    expect(await runProfileCheck(t.ctx, 1, inactive, START, { watchPorts: [port] })).toMatchObject({ assets: 0, ports_checked: 0 });
    const certsOnly = await profile({ assetIds: [hostId], triggers: ['cert_expired'] });
    expect(await runProfileCheck(t.ctx, 1, certsOnly, START, { watchPorts: [port] })).toMatchObject({
      assets: 1,
      ports_checked: 1,
      alerts_raised: 0,
    });
    expect(await alertsOf(certsOnly)).toEqual([]);
    // Another customer's profile id answers nothing for customer 1.
    const other = await t.otherCustomer();
    const [theirs] = await t.ctx.db
      .insert(monitoringProfiles)
      .values({ customerId: other.customerId, name: 'theirs', assetIds: [hostId] })
      .returning();
    expect(await runProfileCheck(t.ctx, 1, theirs!.id, START, { watchPorts: [port] })).toMatchObject({ assets: 0 });
    expect(await runProfileCheck(t.ctx, other.customerId, theirs!.id, START, { watchPorts: [port] })).toMatchObject({ assets: 0 });
  });

  it('an asset that leaves the watched set has its open alerts resolved and its state forgotten', async () => {
    const address = backend === 'pglite' ? '127.30.9.16' : '127.30.9.26';
    const open = net.createServer((s) => s.destroy());
    await new Promise<void>((r) => open.listen(0, address, () => r()));
    servers.push(open);
    const port = (open.address() as net.AddressInfo).port;
    const hostId = await host(address);
    const id = await profile({ assetIds: [hostId] });
    expect(await runProfileCheck(t.ctx, 1, id, START, { watchPorts: [port] })).toMatchObject({ alerts_raised: 1 });
    await t.ctx.db.update(assets).set({ archivedAt: START }).where(eq(assets.id, hostId));
    expect(await runProfileCheck(t.ctx, 1, id, new Date(START.getTime() + DAY), { watchPorts: [port] })).toMatchObject({
      assets: 0,
      alerts_resolved: 1,
    });
    expect((await alertsOf(id)).map((a) => a.resolvedAt)).toEqual([new Date(START.getTime() + DAY)]);
    const states = await t.ctx.db.execute(sql`select 1 from monitoring_states where profile_id = ${id}`);
    expect((states as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('the schedule claims due profiles once and moves their next check on by their interval', async () => {
    const due = await profile({ checkInterval: 15, assetIds: [] });
    const later = await profile({ checkInterval: 60, assetIds: [], nextCheckAt: new Date(START.getTime() + 3600_000) });
    const off = await profile({ checkInterval: 15, active: false });
    const first = await runDueChecks(t.ctx, START);
    expect(first.failed).toBe(0);
    const rows = await t.ctx.db
      .select()
      .from(monitoringProfiles)
      .where(sql`${monitoringProfiles.id} in (${due}, ${later}, ${off})`)
      .orderBy(monitoringProfiles.id);
    expect(rows.map((r) => [r.nextCheckAt?.toISOString() ?? null, r.lastCheckAt?.toISOString() ?? null])).toEqual([
      [new Date(START.getTime() + 15 * 60_000).toISOString(), START.toISOString()],
      [new Date(START.getTime() + 3600_000).toISOString(), null],
      [null, null],
    ]);
    // A minute later nothing of these is due again.
    const again = await runDueChecks(t.ctx, new Date(START.getTime() + 60_000));
    const [d] = await t.ctx.db
      .select()
      .from(monitoringProfiles)
      .where(and(eq(monitoringProfiles.id, due)));
    expect(d!.lastCheckAt).toEqual(START);
    expect(again.failed).toBe(0);
  });
});
