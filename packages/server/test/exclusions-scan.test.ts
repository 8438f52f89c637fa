// The proof that scans honour exceptions: a network scan of a small loopback range (four addresses, each with
// two TCP listeners that record every connection on the target's side), started through the API and run by the real
// built-in probe. An address exception: its listeners see no connection at all (discovery included) and it is not in
// the results; a port exception: only that port is left alone on its address; an expired exception, another
// customer's exception and a host name that does not resolve change nothing. The run lists what was left out, and its
// processing closes neither a finding nor a port on the excepted port (the run never looked there).
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkScan, ScanRunRow } from '@bulwark/core';
import { eq } from 'drizzle-orm';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { assets, findings, hostPorts } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';
import { deliveredHosts, finished, smallProfile, waitForRun } from './helpers/scans.ts';

type Paged<T> = { count: number; results: T[] };
const NOW = new Date('2026-11-29T08:00:00Z');
const DAY = 86_400_000;
const PORTS = [48291, 48292] as const;

/** Listeners that accept and close each connection, counting them per `address:port` as the target sees them. */
class RecordingListeners {
  readonly seen = new Map<string, number>();
  private readonly servers: Server[] = [];

  async listen(host: string, port: number): Promise<void> {
    const server = createServer((socket) => {
      const key = `${host}:${port}`;
      this.seen.set(key, (this.seen.get(key) ?? 0) + 1);
      socket.destroy();
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host, port }, () => resolve());
    });
    this.servers.push(server);
  }

  connections(host: string): number {
    return PORTS.reduce((n, p) => n + (this.seen.get(`${host}:${p}`) ?? 0), 0);
  }

  async close(): Promise<void> {
    await Promise.all(this.servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
  }
}

describe.each(BACKENDS)('a network scan honours exceptions on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  const listeners = new RecordingListeners();
  // Distinct addresses per backend: both runs' listeners may be up at once.
  const base = backend === 'pglite' ? '127.0.29' : '127.0.30';
  const [a40, a41, a42, a43] = [40, 41, 42, 43].map((n) => `${base}.${n}`) as [string, string, string, string];

  beforeAll(async () => {
    t = await startTestApp(backend);
    t.ctx.clock = () => NOW;
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const host of [a40, a41, a42, a43]) for (const port of PORTS) await listeners.listen(host, port);
  });
  afterAll(async () => {
    await settleRunProcessing(t.ctx);
    await listeners.close();
    await t.close();
  });

  it('sends no packet to an excluded address, skips an excluded port, and records what it left out', async () => {
    const except = async (body: Record<string, unknown>, c = admin): Promise<number> => {
      const r = await c.post<{ id: number }>('/api/exclusions/exclusions/', body);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.id;
    };
    const whole = await except({ value: a41, reason: 'Fragile controller' });
    const port = await except({ value: a42, port: PORTS[1], reason: 'Printer port' });
    await except({ value: a43, reason: 'Expired by the time of the scan', expires_at: new Date(NOW.getTime() + DAY).toISOString() });
    await except({ value: 'nowhere.invalid', reason: 'A name that does not resolve' });
    // A finding-level exception (a test) keeps findings out of tickets, not the host out of the scan.
    await except({ value: a40, test_id: 'some-check', reason: 'Only that test' });
    const rival = await signedIn(t, (await t.otherCustomer('Rival Corp')).adminEmail);
    await except({ value: a40, reason: 'Theirs, not ours' }, rival);
    t.ctx.clock = () => new Date(NOW.getTime() + 2 * DAY);

    // What an earlier scan knew: a finding on each of a40 and a42 on the port excepted on a42, that port open on both.
    const seen = new Date(NOW.getTime() - DAY);
    const earlier: Record<string, number> = {};
    for (const address of [a40, a42]) {
      const [host] = await t.ctx.db.insert(assets).values({ customerId: 1, kind: 'host', type: 2, value: address, address }).returning();
      await t.ctx.db
        .insert(hostPorts)
        .values({ customerId: 1, hostId: host!.id, port: PORTS[1], protocol: 0, open: true, firstSeen: seen, lastSeen: seen });
      const [f] = await t.ctx.db
        .insert(findings)
        .values({
          customerId: 1,
          hostId: host!.id,
          key: `check:old-check@${PORTS[1]}/tcp`,
          checkId: 'old-check',
          port: PORTS[1],
          protocol: 0,
          name: 'Seen before',
          severity: 2,
          confidence: 'confirmed',
          state: 1,
          firstSeen: seen,
          lastSeen: seen,
        })
        .returning();
      earlier[address] = f!.id;
    }
    const profile = await smallProfile(t, 1, PORTS.join(','));
    const scan = await admin.post<NetworkScan>('/api/scan/nscans/', { name: 'Around the exceptions', targets: [`${a40}-${a43}`], profile });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    const runs = await admin.get<Paged<ScanRunRow>>(`/api/scan/nruns/?scan=${scan.body.id}`);
    const run = await waitForRun(admin, runs.body.results[0]!.id, finished);
    expect(run.status_label).toBe('Finished');

    // The target side: nothing ever reached the excluded address, nor the excluded port of the other one.
    expect(listeners.connections(a41)).toBe(0);
    expect(listeners.seen.get(`${a42}:${PORTS[1]}`) ?? 0).toBe(0);
    expect(listeners.seen.get(`${a42}:${PORTS[0]}`) ?? 0).toBeGreaterThan(0);
    expect(listeners.connections(a40)).toBeGreaterThan(0);
    expect(listeners.connections(a43)).toBeGreaterThan(0);

    // The results: the others found with their ports; the excluded address absent; the excluded port not reported.
    const hosts = (await deliveredHosts(t.ctx.db, run.children[0]!.id)).map((h) => [h.address, h.ports.map((p) => p.port)]);
    expect(hosts).toEqual([
      [a40, [...PORTS]],
      [a42, [PORTS[0]]],
      [a43, [...PORTS]],
    ]);

    // The run says what the exceptions left out.
    const errors = await admin.get<{ type_label: string; message: string }[]>(`/api/scan/nruns/${run.id}/errors/`);
    expect(errors.status).toBe(200);
    expect(errors.body.map((e) => [e.type_label, e.message])).toEqual(
      expect.arrayContaining([
        ['Empty target', `Left out by exception #${whole} (${a41}): 1 address not scanned.`],
        ['Empty target', `Left out by exception #${port} (${a42}, port ${PORTS[1]}): port ${PORTS[1]} on 1 address not scanned.`],
      ]),
    );
    expect(errors.body.filter((e) => e.message.startsWith('Left out by exception'))).toHaveLength(2);

    // Processing: on a40 the run looked at the port and did not see the finding, so it closed; on a42 it was not
    // allowed to look, so the finding and the open port stay as they were.
    await settleRunProcessing(t.ctx);
    const state = async (address: string) =>
      (await t.ctx.db.select({ state: findings.state }).from(findings).where(eq(findings.id, earlier[address]!)))[0]!.state;
    expect(await state(a40)).toBe(3);
    expect(await state(a42)).toBe(1);
    const open = async (address: string) => {
      const [host] = await t.ctx.db.select().from(assets).where(eq(assets.address, address));
      const ports = await t.ctx.db.select().from(hostPorts).where(eq(hostPorts.hostId, host!.id));
      return ports
        .filter((p) => p.open)
        .map((p) => p.port)
        .sort();
    };
    expect(await open(a42)).toEqual([...PORTS]);
  });
});
