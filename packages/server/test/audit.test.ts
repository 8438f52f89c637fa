// The change audit log: an event for every successful write (who, impersonated by whom, what, object, masked summary),
// none for a refused or invalid one, and GET audit/ for superusers only, paged, filtered and within one customer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@bulwark/core';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, impersonated, signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; next: string | null; results: T[] };

describe.each(BACKENDS)('audit log on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let rival: Client;
  let plain: Client;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const other = await t.otherCustomer('Rival Corp');
    rival = await signedIn(t, other.adminEmail);
    await t.user({ email: 'plain@example.com' });
    plain = await signedIn(t, 'plain@example.com');
  });
  afterAll(() => t.close());

  const events = async (c: Client, query = '') => (await c.get<Page<AuditEvent>>(`/api/audit/${query}`)).body;

  it('records a create with its resource, action, object id and a summary of the fields', async () => {
    const host = await admin.post<{ id: number }>('/api/scan/hosts/', { host: 'audit.example.com', name: 'Audited' });
    expect(host.status).toBe(201);
    const [latest] = (await events(admin)).results;
    expect(latest).toMatchObject({
      actor: ADMIN_EMAIL,
      resource: 'net_scans',
      action: 'create',
      method: 'POST',
      route: '/api/scan/hosts/',
      object_id: String(host.body.id),
      status: 201,
      impersonated: false,
      summary: { host: 'audit.example.com', name: 'Audited' },
    });
    const patched = await admin.patch(`/api/scan/hosts/${host.body.id}/`, { name: 'Renamed' });
    expect(patched.status).toBe(200);
    const del = await admin.request('DELETE', `/api/scan/hosts/${host.body.id}/`);
    expect(del.status).toBe(204);
    const trail = (await events(admin, `?object_id=${host.body.id}&resource=net_scans`)).results.map((e) => e.action);
    expect(trail).toEqual(['delete', 'update', 'create']);
  });

  it('masks secrets in the summary', async () => {
    await t.user({ email: 'changer@example.com' });
    const changer = await signedIn(t, 'changer@example.com');
    const r = await changer.post('/api/user/change-password/', { current_password: PASSWORD, new_password: 'Another-Secret-93' });
    expect(r.status).toBe(200);
    const [e] = (await events(admin, '?search=changer@example.com')).results;
    expect(e!.summary).toEqual({ current_password: '********', new_password: '********' });
    expect(JSON.stringify(e)).not.toContain('Another-Secret-93');
  });

  it('says when a change was made in an impersonated session, and from where', async () => {
    await t.user({ email: 'ivan@example.com', customerAdmin: true });
    const ivan = await impersonated(t, 'ivan@example.com', 'jane@backoffice (support)');
    expect((await ivan.post('/api/scan/ipranges/', { iprange: '10.20.0.0/24' })).status).toBe(201);
    const [e] = (await events(admin, '?search=ivan@example.com')).results;
    expect(e).toMatchObject({ actor: 'ivan@example.com', impersonated: true, impersonation_source: 'jane@backoffice (support)' });
  });

  it('writes nothing for an invalid or refused change', async () => {
    const before = (await events(admin)).count;
    expect((await admin.post('/api/scan/hosts/', { host: '' })).status).toBe(400);
    expect((await plain.post('/api/scan/hosts/', { host: 'x.example.com' })).status).toBe(403);
    expect((await events(admin)).count).toBe(before);
  });

  it('filters by resource, action, user and dates, and pages', async () => {
    const creates = await events(admin, '?action=create');
    expect(creates.results.every((e) => e.action === 'create')).toBe(true);
    expect((await events(admin, '?resource=net_scans&action=delete')).count).toBe(1);
    expect((await events(admin, '?created_after=2999-01-01')).count).toBe(0);
    const page = await events(admin, '?page_size=1');
    expect(page.results).toHaveLength(1);
    expect(page.next).toContain('page=2');
    expect((await admin.get('/api/audit/?created_after=yesterday')).body).toEqual({
      created_after: ['Enter a valid date or date and time (YYYY-MM-DD or ISO 8601).'],
    });
    expect((await admin.get('/api/audit/?ordering=actor')).status).toBe(400);
  });

  it('is for superusers of the customer only', async () => {
    expect((await (await anonymous(t)).get('/api/audit/')).status).toBe(401);
    expect((await plain.get('/api/audit/')).status).toBe(403);
    // The rival's superuser sees only the rival's events: none of the first customer's.
    expect((await rival.post('/api/scan/hosts/', { host: 'rival.example.com' })).status).toBe(201);
    const theirs = (await events(rival)).results.filter((e) => e.resource !== 'authentication');
    expect(theirs.map((e) => e.actor)).toEqual([expect.stringMatching(/@other\.example$/)]);
    expect((await events(admin, '?page_size=1000')).results.some((e) => e.actor.endsWith('@other.example'))).toBe(false);
  });
});
