// Phishing domains and their categories through the API (fra/domains/, fra/domain-categories/): create 201, unique
// names (400 on `name`), another customer's category (400 on `category`), list with search and purpose, PATCH, delete
// 204 (a category's domains stay, uncategorised), the guards (401, 403, another customer's 404; a LIMITED member is
// held by the permission alone, as domains are not assets), and the DNS check against bind9 zones on loopback
// (the scanner's test zones: good.test passes everything, broken.test's SPF permits anyone, a name without records).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Domain } from '@bulwark/core';
import { teamMembers, teams, teamTags, tags, users } from '../src/db/schema/index.ts';
import { startMailZones, zonesUnavailable, type MailZones } from '../../scanner/test/monitor-helpers/bind9-zones.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; results: T[] };
const DOMAINS = '/api/fra/domains/';
const CATEGORIES = '/api/fra/domain-categories/';
const why = zonesUnavailable();
if (why) console.warn(`fra-domains: ${why}; the DNS check is skipped`);

describe.each(BACKENDS)('phishing domains on %s', (backend) => {
  let t: TestApp;
  let zones: MailZones | undefined;
  let admin: Client;
  let reader: Client;
  let limited: Client;
  let rival: Client;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    if (!why) zones = await startMailZones({ goodMx: '127.31.2.25', brokenMx: '127.31.2.26' });
    t = await startTestApp(backend, zones ? { BULWARK_MONITOR_DNS: zones.dnsServer } : {});
    t.ctx.clock = () => new Date('2026-05-04T08:00:00Z');
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const r = await t.user({ email: 'reader@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { phishing: ['read'] } })
      .where(eq(users.id, r.id));
    reader = await signedIn(t, 'reader@example.com');
    const l = await t.user({ email: 'limited@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { phishing: ['read', 'create', 'update', 'delete', 'execute'] } })
      .where(eq(users.id, l.id));
    const [tag] = await t.ctx.db.insert(tags).values({ customerId: 1, name: 'Sales' }).returning();
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Sales team', assetPermissions: 'LIMITED' }).returning();
    await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: l.id });
    await t.ctx.db.insert(teamTags).values({ teamId: team!.id, tagId: tag!.id, role: 'permission' });
    limited = await signedIn(t, 'limited@example.com');
    const other = await t.otherCustomer();
    rival = await signedIn(t, other.adminEmail);
  });
  afterAll(async () => {
    await t?.close();
    await zones?.stop();
  });

  it('guards the calls: 401, 403 without the permission', async () => {
    expect((await (await anonymous(t)).get(DOMAINS)).status).toBe(401);
    expect((await (await anonymous(t)).get(CATEGORIES)).status).toBe(401);
    expect((await reader.post(DOMAINS, { name: 'x.example' })).status).toBe(403);
    expect((await reader.post(CATEGORIES, { name: 'x' })).status).toBe(403);
  });

  it('keeps categories with unique names and their domain counts', async () => {
    const res = await admin.post(CATEGORIES, { name: 'Delivery services' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Delivery services', domains: 0 });
    id.delivery = res.body.id as number;
    expect((await admin.post(CATEGORIES, { name: 'delivery SERVICES' })).body).toEqual({
      name: ['A category with this name already exists.'],
    });
    expect((await admin.post(CATEGORIES, { name: '' })).status).toBe(400);
    id.banks = (await limited.post(CATEGORIES, { name: 'Banks' })).body.id as number;
    expect((await admin.patch(`${CATEGORIES}${id.banks}/`, { name: 'Banking' })).body).toMatchObject({ name: 'Banking' });
    const rivalCat = await rival.post(CATEGORIES, { name: 'Theirs' });
    id.rivalCategory = rivalCat.body.id as number;
    expect((await admin.get(`${CATEGORIES}${id.rivalCategory}/`)).status).toBe(404);
    expect((await admin.request('DELETE', `${CATEGORIES}${id.rivalCategory}/`)).status).toBe(404);
    expect((await admin.get<Page<{ name: string }>>(CATEGORIES)).body.results.map((c) => c.name)).toEqual(['Banking', 'Delivery services']);
  });

  it('creates, lists, changes and deletes domains', async () => {
    const res = await admin.post<Domain>(DOMAINS, {
      name: 'Good.Test',
      category: id.delivery,
      purpose: 'sender',
      dkim_selector: 'default',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'good.test',
      category: { id: id.delivery, name: 'Delivery services' },
      purpose: 'sender',
      dns: null,
    });
    id.good = res.body.id;
    id.broken = (await admin.post<Domain>(DOMAINS, { name: 'broken.test', purpose: 'landing' })).body.id;
    id.nothing = (await admin.post<Domain>(DOMAINS, { name: 'nothing.good.test' })).body.id;
    expect((await admin.post(DOMAINS, { name: 'good.test' })).body).toEqual({ name: ['A domain with this name already exists.'] });
    const bad = await admin.post(DOMAINS, { name: 'not a domain', category: id.rivalCategory, dkim_selector: 'a b' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['dkim_selector', 'name']);
    expect((await admin.post(DOMAINS, { name: 'ok.example', category: id.rivalCategory })).body).toEqual({
      category: [`No category with id ${id.rivalCategory}.`],
    });
    expect((await admin.get<Page<Domain>>(`${DOMAINS}?purpose=sender`)).body.results.map((d) => d.name)).toEqual([
      'good.test',
      'nothing.good.test',
    ]);
    expect((await admin.get<Page<Domain>>(`${DOMAINS}?search=broken`)).body.count).toBe(1);
    expect((await admin.get(`${DOMAINS}?purpose=mail`)).status).toBe(400);
    expect((await admin.get<{ domains: number }>(`${CATEGORIES}${id.delivery}/`)).body.domains).toBe(1);
    expect((await admin.patch<Domain>(`${DOMAINS}${id.broken}/`, { category: id.banks })).body.category).toMatchObject({ name: 'Banking' });
    expect((await rival.get(`${DOMAINS}${id.good}/`)).status).toBe(404);
    expect((await rival.patch(`${DOMAINS}${id.good}/`, { purpose: 'both' })).status).toBe(404);
    expect((await rival.post(`${DOMAINS}${id.good}/check/`)).status).toBe(404);
    expect((await reader.request('DELETE', `${DOMAINS}${id.broken}/`)).status).toBe(403);
    expect((await admin.request('DELETE', `${CATEGORIES}${id.banks}/`)).status).toBe(204);
    expect((await admin.get<Domain>(`${DOMAINS}${id.broken}/`)).body.category).toBeNull();
    const extra = await limited.post<Domain>(DOMAINS, { name: 'extra.example' });
    expect(extra.status).toBe(201);
    expect((await limited.request('DELETE', `${DOMAINS}${extra.body.id}/`)).status).toBe(204);
    expect((await admin.get(`${DOMAINS}${extra.body.id}/`)).status).toBe(404);
  });

  it.skipIf(!!why)('checks a domain’s DNS and keeps the result on it', async () => {
    const good = await admin.post<Domain>(`${DOMAINS}${id.good}/check/`);
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.dns).toMatchObject({
      checked_at: '2026-05-04T08:00:00.000Z',
      mx: 'pass',
      spf: 'pass',
      dkim: 'pass',
      dmarc: 'pass',
      deliverable: true,
    });
    expect((await admin.get<Domain>(`${DOMAINS}${id.good}/`)).body.dns?.deliverable).toBe(true);
    const broken = (await admin.post<Domain>(`${DOMAINS}${id.broken}/check/`)).body.dns!;
    expect(broken).toMatchObject({ spf: 'fail', dkim: 'missing', deliverable: false });
    expect(broken.messages.join(' ')).toMatch(/permits any sender/);
    const nothing = (await admin.post<Domain>(`${DOMAINS}${id.nothing}/check/`)).body.dns!;
    expect(nothing).toMatchObject({ spf: 'missing', deliverable: false });
    expect((await reader.post(`${DOMAINS}${id.good}/check/`)).status).toBe(403);
    // A new selector makes the stored check say nothing about it.
    expect((await admin.patch<Domain>(`${DOMAINS}${id.good}/`, { dkim_selector: 'other' })).body.dns).toBeNull();
    const noKey = (await admin.post<Domain>(`${DOMAINS}${id.good}/check/`)).body.dns!;
    expect(noKey).toMatchObject({ dkim: 'missing', deliverable: true });
  });
});
