// Feed health through the API on every test database, with the app's clock moved by the test: a source never synced,
// one that failed (its error and when), stale after 48 hours and fresh before, and the Debian tracker a customer's
// inventory needs (a Debian banner or authenticated os-release) while none of its data is loaded — for that customer
// only. Signed-out callers get 401.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedHealth } from '@bulwark/core';
import { assets, hostAuthStates, hostPorts, intelDistroFixes, intelFeedSources } from '../src/db/schema/index.ts';
import { feedProblemsAtStart, logFeedHealthAtStart } from '../src/modules/intel/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';

const HOUR = 3_600_000;
const T0 = Date.UTC(2027, 0, 10, 12, 0);

describe.each(BACKENDS)('feed health on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let analyst: Client;
  let now = T0;

  beforeAll(async () => {
    t = await startTestApp(backend, { BULWARK_FEEDS_SOURCES: 'kev,debian' });
    t.ctx.clock = () => new Date(now);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    await t.user({ email: 'analyst@example.com' });
    analyst = await signedIn(t, 'analyst@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  const health = async (c: Client = analyst) => {
    const r = await c.get<FeedHealth>('/api/intel/health/');
    expect(r.status).toBe(200);
    return r.body;
  };
  const problem = (h: FeedHealth, code: string, source: string) => h.problems.find((p) => p.code === code && p.source === source);

  async function setSource(source: string, v: { lastSuccessAt?: Date | null; lastErrorAt?: Date | null; lastError?: string | null }) {
    await t.ctx.db.insert(intelFeedSources).values({ source }).onConflictDoNothing();
    await t.ctx.db.update(intelFeedSources).set(v).where(eq(intelFeedSources.source, source));
  }

  async function debianHost(customerId: number, address: string, how: 'banner' | 'auth'): Promise<void> {
    const [host] = await t.ctx.db
      .insert(assets)
      .values({ customerId, kind: 'host', type: 2, value: address, address, lastSeen: new Date(now), firstSeen: new Date(now) })
      .returning();
    if (how === 'banner') {
      await t.ctx.db.insert(hostPorts).values({
        customerId,
        hostId: host!.id,
        port: 22,
        protocol: 0,
        service: 'ssh',
        product: 'OpenSSH',
        version: '9.2p1',
        banner: 'SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u10',
        firstSeen: new Date(now),
        lastSeen: new Date(now),
      });
    } else {
      await t.ctx.db
        .insert(hostAuthStates)
        .values({ hostId: host!.id, customerId, health: 'ok', checkedAt: new Date(now), osId: 'debian', osVersion: '12' });
    }
  }

  it('answers 401 to a signed-out caller', async () => {
    expect((await t.client().get('/api/intel/health/')).status).toBe(401);
  });

  it('says every source never synced, with what that costs', async () => {
    const h = await health();
    expect(h.ok).toBe(false);
    expect(h.sources.map((s) => [s.source, s.health])).toEqual([
      ['kev', 'never'],
      ['debian', 'never'],
    ]);
    expect(problem(h, 'feed-never-synced', 'debian')).toEqual({
      code: 'feed-never-synced',
      severity: 'warning',
      source: 'debian',
      at: null,
      message:
        'The Debian Security Tracker has never synced: findings on Debian hosts are decided on upstream versions and may be false positives.',
    });
    expect(problem(h, 'feed-missing-for-inventory', 'debian')).toBeUndefined();
  });

  it('says a source failed, with its last error and when', async () => {
    await setSource('kev', {
      lastSuccessAt: new Date(T0 - 30 * HOUR),
      lastErrorAt: new Date(T0 - HOUR),
      lastError: 'HTTP 503 from cisa.gov',
    });
    const p = problem(await health(), 'feed-failed', 'kev');
    expect(p).toMatchObject({ severity: 'error', at: new Date(T0 - HOUR).toISOString() });
    expect(p!.message).toBe(
      'The CISA KEV feed failed to sync at 2027-01-10 11:00 UTC (HTTP 503 from cisa.gov): known-exploited flags may be missing.',
    );
  });

  it('is OK within 48 hours of the last success and stale after', async () => {
    await setSource('kev', { lastSuccessAt: new Date(T0), lastErrorAt: null, lastError: null });
    await setSource('debian', { lastSuccessAt: new Date(T0) });
    await t.ctx.db
      .insert(intelDistroFixes)
      .values({ distro: 'debian', release: 'bookworm', package: 'openssh', cve: 'CVE-2024-6387', status: 'fixed' });
    now = T0 + 47 * HOUR;
    const fresh = await health();
    expect(fresh).toMatchObject({ ok: true, problems: [] });
    expect(fresh.sources.every((s) => s.health === 'ok')).toBe(true);
    now = T0 + 49 * HOUR;
    const stale = await health();
    expect(stale.ok).toBe(false);
    expect(stale.sources.map((s) => s.health)).toEqual(['stale', 'stale']);
    expect(problem(stale, 'feed-stale', 'kev')).toMatchObject({ severity: 'warning', at: new Date(T0).toISOString() });
    expect(problem(stale, 'feed-stale', 'kev')!.message).toContain('has not synced since 2027-01-10 12:00 UTC (over 48 hours)');
    now = T0 + HOUR;
  });

  it('says the Debian tracker is missing for this customer’s Debian hosts, not for another customer’s', async () => {
    await t.ctx.db.delete(intelDistroFixes);
    const other = await t.otherCustomer();
    await debianHost(other.customerId, '10.20.0.5', 'banner');
    const otherAdmin = await signedIn(t, other.adminEmail, PASSWORD);
    expect(problem(await health(otherAdmin), 'feed-missing-for-inventory', 'debian')).toMatchObject({ severity: 'error' });
    // Customer 1 has no Debian host yet: the other customer's does not count.
    expect(await health(admin)).toMatchObject({ ok: true, problems: [] });

    await debianHost(1, '10.0.0.5', 'auth');
    const missing = problem(await health(admin), 'feed-missing-for-inventory', 'debian');
    expect(missing).toMatchObject({ severity: 'error', at: null });
    expect(missing!.message).toBe(
      'Debian hosts are in the inventory but no Debian Security Tracker data is loaded: findings on Debian hosts are decided on upstream versions and may be false positives.',
    );
    expect((await feedProblemsAtStart(t.ctx.db, t.config, new Date(now))).map((p) => p.code)).toEqual(['feed-missing-for-inventory']);
    // At start: one warning line per problem through the app logger.
    const lines: [object, string][] = [];
    const log = { ...t.ctx.log, warn: (o: object, m: string) => void lines.push([o, m]) } as unknown as typeof t.ctx.log;
    await logFeedHealthAtStart({ ...t.ctx, log });
    expect(lines).toEqual([[{ feed: 'debian', code: 'feed-missing-for-inventory' }, missing!.message]]);

    await t.ctx.db
      .insert(intelDistroFixes)
      .values({ distro: 'debian', release: 'bookworm', package: 'openssh', cve: 'CVE-2024-6387', status: 'fixed' });
    expect(await health(admin)).toMatchObject({ ok: true, problems: [] });
    expect(await health(otherAdmin)).toMatchObject({ ok: true, problems: [] });
  });
});
