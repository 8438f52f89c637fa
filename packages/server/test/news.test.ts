// The news feed on every test database: operators write announcements for every customer or one, now or later; a
// user's feed shows theirs and everyone's once shown, newest first, 5 a page, grouped by month, with the unread count;
// marking one or all read; Bulwark's own item when a CVE open on the customer's assets is newly in CISA KEV (once);
// and the guards: 401, 403 for non-operators, another customer's item 404, bad input 400 keyed by field.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement, NewsItem } from '@bulwark/core';
import { importSources } from '../src/modules/intel/import.ts';
import { announceNewlyExploited } from '../src/modules/news/service.ts';
import { settleRunProcessing, startRunProcessing } from '../src/modules/results/queue.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { deliveredRun, smallProfile } from './helpers/scans.ts';

type Feed = { count: number; unread: number; results: NewsItem[]; next: string | null };
const KEV = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../intel/test/fixtures/feeds/kev');
const DAY = 86_400_000;

describe.each(BACKENDS)('news feed on %s', (backend) => {
  let t: TestApp;
  let operator: Client;
  let user: Client;
  let other: Client;
  let otherCustomer: number;
  const made: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(backend);
    operator = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    await t.user({ email: 'reader@example.com' });
    user = await signedIn(t, 'reader@example.com');
    const o = await t.otherCustomer();
    otherCustomer = o.customerId;
    other = await signedIn(t, o.adminEmail);
  });
  afterAll(() => t.close());

  const post = async (key: string, body: Record<string, unknown>) => {
    const res = await operator.post<Announcement>('/api/platform/announcements/', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    made[key] = res.body.id;
    return res.body;
  };

  it('lets operators write announcements for everyone or one customer, now or later, with field errors', async () => {
    const now = Date.now();
    const everyone = await post('everyone', {
      title: 'Maintenance on Sunday',
      body: 'The service restarts at 02:00.',
      category: 'maintenance',
    });
    expect(everyone).toMatchObject({ category_label: 'Maintenance', customer: null, source: 'operator', link: null });
    await post('mine', { title: 'Your new scan appliance', customer: 1, link: '/scans/appliances' });
    await post('theirs', { title: 'For the other customer', customer: otherCustomer });
    await post('later', { title: 'Next month', show_at: new Date(now + 40 * DAY).toISOString() });
    await post('old', { title: 'Two months ago', show_at: new Date(now - 70 * DAY).toISOString(), category: 'product' });
    for (let i = 0; i < 4; i++) await post(`filler${i}`, { title: `Filler ${i}`, show_at: new Date(now - (i + 1) * 60_000).toISOString() });

    const bad = await operator.post('/api/platform/announcements/', {
      title: ' ',
      category: 'gossip',
      link: 'javascript:alert(1)',
      show_at: 'soon',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['category', 'link', 'show_at', 'title']);
    expect((await operator.post('/api/platform/announcements/', { title: 'X', customer: 999_999 })).body).toEqual({
      customer: ['No such customer.'],
    });
    const list = await operator.get<{ count: number; results: Announcement[] }>('/api/platform/announcements/?page_size=100');
    expect(list.body.count).toBe(9);
    expect(list.body.results.find((a) => a.id === made.theirs)?.customer?.id).toBe(otherCustomer);
  });

  it('shows a user their customer’s and everyone’s items once shown, newest first, 5 a page, grouped, with the unread count', async () => {
    const first = await user.get<Feed>('/api/news-feed/announcements/');
    expect(first.status).toBe(200);
    // 9 written: not the other customer's, not the scheduled one.
    expect(first.body.count).toBe(7);
    expect(first.body.unread).toBe(7);
    expect(first.body.results).toHaveLength(5);
    expect(first.body.next).not.toBeNull();
    const all = await user.get<Feed>('/api/news-feed/announcements/?page_size=100');
    expect(all.body.results.map((n) => n.title)).toEqual([
      'Your new scan appliance',
      'Maintenance on Sunday',
      'Filler 0',
      'Filler 1',
      'Filler 2',
      'Filler 3',
      'Two months ago',
    ]);
    expect(all.body.results.at(-1)).toMatchObject({ group: 'other_months', category_label: 'Product update', read: false });
    expect(all.body.results[0]).toMatchObject({ link: '/scans/appliances', read: false });
    expect(['current', 'last_month']).toContain(all.body.results[0]!.group);
    const theirs = await other.get<Feed>('/api/news-feed/announcements/?page_size=100');
    expect(theirs.body.results.map((n) => n.title)).toContain('For the other customer');
    expect(theirs.body.results.map((n) => n.title)).not.toContain('Your new scan appliance');
  });

  it('marks one item read, then all; another customer’s item is a 404', async () => {
    expect((await user.post(`/api/news-feed/announcements/${made.everyone}/mark_read/`, {})).body).toEqual({
      id: made.everyone,
      read: true,
    });
    // Twice is fine.
    expect((await user.post(`/api/news-feed/announcements/${made.everyone}/mark_read/`, {})).status).toBe(200);
    const after = await user.get<Feed>('/api/news-feed/announcements/?page_size=100');
    expect(after.body.unread).toBe(6);
    expect(after.body.results.find((n) => n.id === made.everyone)?.read).toBe(true);
    // Reading is per user: the operator has read nothing.
    expect((await operator.get<Feed>('/api/news-feed/announcements/')).body.unread).toBe(7);
    expect((await user.post(`/api/news-feed/announcements/${made.theirs}/mark_read/`, {})).status).toBe(404);
    expect((await user.post(`/api/news-feed/announcements/${made.later}/mark_read/`, {})).status).toBe(404);
    expect((await user.post('/api/news-feed/announcements/mark_all_read/', {})).body).toEqual({ marked: 6 });
    expect((await user.get<Feed>('/api/news-feed/announcements/')).body.unread).toBe(0);
  });

  it('changes and deletes announcements (operators only)', async () => {
    const changed = await operator.request<Announcement>('PUT', `/api/platform/announcements/${made.old}/`, {
      title: 'Two months ago, corrected',
      category: 'announcement',
      show_at: new Date(Date.now() - 70 * DAY).toISOString(),
    });
    expect(changed.body).toMatchObject({ title: 'Two months ago, corrected', category: 'announcement' });
    expect((await operator.request('DELETE', `/api/platform/announcements/${made.filler3}/`)).status).toBe(204);
    expect((await operator.request('DELETE', `/api/platform/announcements/${made.filler3}/`)).status).toBe(404);
    expect((await user.get<Feed>('/api/news-feed/announcements/?page_size=100')).body.count).toBe(6);
    expect((await user.post('/api/platform/announcements/', { title: 'Mine' })).status).toBe(403);
    expect((await user.get('/api/platform/announcements/')).status).toBe(403);
    expect((await user.request('DELETE', `/api/platform/announcements/${made.old}/`)).status).toBe(403);
    const anon = await anonymous(t);
    expect((await anon.get('/api/news-feed/announcements/')).status).toBe(401);
    expect((await anon.post('/api/news-feed/announcements/mark_all_read/', {})).status).toBe(401);
    expect((await user.get('/api/news-feed/announcements/?page_size=0')).status).toBe(400);
  });

  it('posts its own item, once, when a CVE open on the customer’s assets is newly known exploited', async () => {
    await importSources(t.ctx.db, [KEV]);
    const probeId = (await operator.post<{ id: number }>('/api/probe/probes/', { name: 'Mail probe' })).body.id;
    const profile = await smallProfile(t, 1, '25');
    const runId = await deliveredRun(
      t,
      operator,
      { name: 'Mail', profile, probeId },
      {
        hosts: [
          {
            address: '127.0.0.1',
            alive: true,
            ports: [
              {
                port: 25,
                protocol: 'tcp',
                state: 'open',
                service: { name: 'smtp', product: 'Exim smtpd', version: '4.87', banner: null, cpe: [] },
              },
            ],
            findings: [
              {
                check: 'exim-rce',
                name: 'Exim remote command execution',
                severity: 4,
                confidence: 'confirmed',
                port: 25,
                protocol: 'tcp',
                cve: ['CVE-2019-10149'],
              },
            ],
          },
        ],
      },
    );
    await startRunProcessing(t.ctx, runId);
    await settleRunProcessing(t.ctx);
    // CISA added CVE-2019-10149 on 2022-01-10: news within 30 days of that, not before or long after.
    expect(await announceNewlyExploited(t.ctx.db, new Date('2022-03-01T00:00:00Z'))).toBe(0);
    expect(await announceNewlyExploited(t.ctx.db, new Date('2022-01-12T00:00:00Z'))).toBe(1);
    expect(await announceNewlyExploited(t.ctx.db, new Date('2022-01-13T00:00:00Z'))).toBe(0);
    const feed = await user.get<Feed>('/api/news-feed/announcements/?page_size=100');
    const kev = feed.body.results.find((n) => n.source === 'bulwark')!;
    expect(kev).toMatchObject({
      category: 'security',
      category_label: 'Security alert',
      title: 'CVE-2019-10149 is now known to be exploited',
      link: '/vm/unified-vulnerabilities?group=asset&cve=CVE-2019-10149',
      read: false,
    });
    expect(kev.body).toContain('on 2022-01-10');
    expect(kev.body).toContain('open on 1 of your assets');
    expect(feed.body.unread).toBe(1);
    expect((await other.get<Feed>('/api/news-feed/announcements/?page_size=100')).body.results.some((n) => n.source === 'bulwark')).toBe(
      false,
    );
  });
});
