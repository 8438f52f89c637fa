// Phishing recipients through the API (fra/recipients/): create 201 with its recipient asset (kind recipient, type 5,
// value the lower-case address) and tags, the duplicate address and other field messages, the list's search, filters
// and ordering, PATCH one and PATCH many, delete 204 with the asset, departments, selectRecipients (ids ∪ tags ∪
// departments, inactive and another customer's left out), the CSV import (dry run writes nothing, valid rows import and
// invalid rows are listed by column, update, tags created), and the guards: 401, 403 without the permission, another
// customer's recipient 404, a LIMITED member reads only recipients its tags reach and may change none; and the
// inventory's asset list leaves recipient assets out unless a filter asks for them.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recipient, RecipientImportResult } from '@bulwark/core';
import { assets, assetTags, auditEvents, fraRecipients, tags, teamMembers, teams, teamTags, users } from '../src/db/schema/index.ts';
import { selectRecipients } from '../src/modules/fra-recipients/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; next: string | null; results: T[] };
const URL = '/api/fra/recipients/';
const NOW = new Date('2026-05-04T08:00:00Z');

function form(csv: string, fields: Record<string, string> = {}) {
  const boundary = '----bulwark-recipients';
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="csv_file"; filename="people.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
  );
  return { body: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(BACKENDS)('phishing recipients on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let reader: Client;
  let nobody: Client;
  let limited: Client;
  let rival: Client;
  const id: Record<string, number> = {};
  const upload = (c: Client, csv: string, fields: Record<string, string> = {}) => {
    const f = form(csv, fields);
    return c.request<RecipientImportResult & Record<string, string[]>>('POST', `${URL}import/`, f.body, f.headers);
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    t.ctx.clock = () => NOW;
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const r = await t.user({ email: 'reader@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { phishing: ['read'] } })
      .where(eq(users.id, r.id));
    reader = await signedIn(t, 'reader@example.com');
    await t.user({ email: 'nobody@example.com' });
    nobody = await signedIn(t, 'nobody@example.com');
    const l = await t.user({ email: 'limited@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { phishing: ['read', 'create', 'update', 'delete', 'execute'] } })
      .where(eq(users.id, l.id));
    limited = await signedIn(t, 'limited@example.com');
    const other = await t.otherCustomer('Rival Corp');
    id.rivalCustomer = other.customerId;
    rival = await signedIn(t, other.adminEmail);
    const [sales, finance, dyn] = await t.ctx.db
      .insert(tags)
      .values([
        { customerId: 1, name: 'Sales' },
        { customerId: 1, name: 'Finance' },
        { customerId: 1, name: 'Everyone', isDynamic: true },
      ])
      .returning();
    id.sales = sales!.id;
    id.finance = finance!.id;
    id.dynamic = dyn!.id;
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Sales team', assetPermissions: 'LIMITED' }).returning();
    await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: l.id });
    await t.ctx.db.insert(teamTags).values({ teamId: team!.id, tagId: sales!.id, role: 'permission' });
  });
  afterAll(() => t.close());

  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await (await anonymous(t)).get(URL)).status).toBe(401);
    expect((await nobody.get(URL)).status).toBe(403);
    expect((await reader.post(URL, { email: 'x@example.com' })).status).toBe(403);
  });

  it('creates a recipient with its recipient asset and tags', async () => {
    const res = await admin.post<Recipient>(URL, {
      email: 'Anna.Berg@Example.com',
      first_name: 'Anna',
      last_name: 'Berg',
      department: 'Sales',
      job_title: 'Account manager',
      language: 'swedish',
      tags: [id.sales],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ email: 'anna.berg@example.com', source: 'manual', active: true, severity: 0, assessments: 0 });
    expect(res.body.tags.map((x) => x.name)).toEqual(['Sales']);
    id.anna = res.body.id;
    const [asset] = await t.ctx.db.select().from(assets).where(eq(assets.id, res.body.asset_id));
    expect(asset).toMatchObject({
      kind: 'recipient',
      type: 5,
      value: 'anna.berg@example.com',
      name: 'Anna Berg',
      emailAddress: 'anna.berg@example.com',
    });
    const b = await admin.post<Recipient>(URL, { email: 'bo@example.com', first_name: 'Bo', department: 'Finance', tags: [id.finance] });
    expect(b.status).toBe(201);
    id.bo = b.body.id;
    const c = await admin.post<Recipient>(URL, { email: 'cy@example.com', department: 'Sales', active: false });
    id.cy = c.body.id;
    const [rivalAsset] = await t.ctx.db
      .insert(assets)
      .values({ customerId: id.rivalCustomer!, kind: 'recipient', type: 5, value: 'zed@rival.example', emailAddress: 'zed@rival.example' })
      .returning();
    const [rivalRecipient] = await t.ctx.db
      .insert(fraRecipients)
      .values({ customerId: id.rivalCustomer!, assetId: rivalAsset!.id, email: 'zed@rival.example', department: 'Sales' })
      .returning();
    id.rivalRecipient = rivalRecipient!.id;
  });

  it('keeps recipient assets out of the inventory unless asked for', async () => {
    const values = async (q: string) =>
      (await admin.get<Page<{ value: string }>>(`/api/assets/assets/${q}`)).body.results.map((a) => a.value).sort();
    await t.ctx.db.insert(assets).values({ customerId: 1, kind: 'host', type: 2, value: '10.1.1.1', address: '10.1.1.1' });
    expect(await values('')).toEqual(['10.1.1.1']);
    const people = ['anna.berg@example.com', 'bo@example.com', 'cy@example.com'];
    expect(await values('?category=recipients')).toEqual(people);
    expect(await values('?kind=recipient')).toEqual(people);
    expect(await values('?include_recipients=true')).toEqual(['10.1.1.1', ...people]);
    expect((await admin.get('/api/assets/assets/?include_recipients=maybe')).body).toEqual({
      include_recipients: ['Must be true or false.'],
    });
  });

  it('answers 400 keyed by field for a duplicate address, a bad address, a bad language and a foreign or dynamic tag', async () => {
    const dup = await admin.post(URL, { email: 'ANNA.BERG@example.com' });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ email: ['A recipient with this email address already exists.'] });
    const bad = await admin.post(URL, { email: 'not-an-address', language: 'klingon' });
    expect(bad.status).toBe(400);
    expect(bad.body.email).toEqual(['Enter a valid email address.']);
    expect(String(bad.body.language)).toMatch(/Choose one of/);
    const tagged = await admin.post(URL, { email: 'new@example.com', tags: [id.dynamic, 999999] });
    expect(tagged.status).toBe(400);
    expect(tagged.body.tags).toEqual([
      `Tag ${id.dynamic} is dynamic: its rules decide which recipients carry it.`,
      'No tag with id 999999.',
    ]);
  });

  it('lists with search, filters and ordering, and reads one', async () => {
    const all = await admin.get<Page<Recipient>>(URL);
    expect(all.body.results.map((r) => r.email)).toEqual(['anna.berg@example.com', 'bo@example.com', 'cy@example.com']);
    expect((await admin.get<Page<Recipient>>(`${URL}?search=berg`)).body.results.map((r) => r.id)).toEqual([id.anna]);
    expect((await admin.get<Page<Recipient>>(`${URL}?department=Sales&active=true`)).body.results.map((r) => r.id)).toEqual([id.anna]);
    expect((await admin.get<Page<Recipient>>(`${URL}?tag=${id.finance}`)).body.results.map((r) => r.id)).toEqual([id.bo]);
    expect((await admin.get<Page<Recipient>>(`${URL}?language=swedish`)).body.count).toBe(1);
    const anna = (await admin.get<Recipient>(`${URL}${id.anna}/`)).body;
    expect((await admin.get<Page<Recipient>>(`${URL}?asset=${anna.asset_id}`)).body.results.map((r) => r.id)).toEqual([id.anna]);
    expect((await admin.get<Page<Recipient>>(`${URL}?ordering=-email&page_size=1`)).body).toMatchObject({
      count: 3,
      next: expect.any(String),
    });
    const badQuery = await admin.get(`${URL}?severity=9&ordering=shoe`);
    expect(badQuery.status).toBe(400);
    expect(Object.keys(badQuery.body).sort()).toEqual(['ordering', 'severity']);
    expect((await reader.get<Recipient>(`${URL}${id.anna}/`)).body.email).toBe('anna.berg@example.com');
    expect((await admin.get(`${URL}${id.rivalRecipient}/`)).status).toBe(404);
    expect((await rival.get<Page<Recipient>>(URL)).body.results.map((r) => r.email)).toEqual(['zed@rival.example']);
  });

  it('changes one recipient (its asset follows) and many at once', async () => {
    const res = await admin.patch<Recipient>(`${URL}${id.bo}/`, { last_name: 'Ek', tags: [id.finance, id.sales] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.tags.map((x) => x.name)).toEqual(['Finance', 'Sales']);
    const [asset] = await t.ctx.db.select().from(assets).where(eq(assets.id, res.body.asset_id));
    expect(asset!.name).toBe('Bo Ek');
    expect((await admin.patch(`${URL}${id.bo}/`, { email: 'anna.berg@example.com' })).body).toEqual({
      email: ['A recipient with this email address already exists.'],
    });
    expect((await admin.patch(`${URL}${id.rivalRecipient}/`, { last_name: 'x' })).status).toBe(404);
    const bulk = await admin.patch<{ updated: number }>(URL, {
      ids: [id.anna, id.bo, id.rivalRecipient],
      changes: { department: 'Revenue', remove_tags: [id.sales] },
    });
    expect(bulk.body).toEqual({ updated: 2 });
    const bo = (await admin.get<Recipient>(`${URL}${id.bo}/`)).body;
    expect(bo).toMatchObject({ department: 'Revenue', tags: [{ name: 'Finance' }] });
    expect((await admin.patch(URL, { ids: [], changes: {} })).status).toBe(400);
    const [rz] = await t.ctx.db.select().from(fraRecipients).where(eq(fraRecipients.id, id.rivalRecipient!));
    expect(rz!.department).toBe('Sales');
    await admin.patch(URL, { ids: [id.anna], changes: { add_tags: [id.sales], department: 'Sales' } });
  });

  it('lists departments with counts', async () => {
    const res = await admin.get(`${URL}departments/`);
    expect(res.body).toEqual([
      { department: 'Revenue', recipients: 1, active: 1 },
      { department: 'Sales', recipients: 2, active: 1 },
    ]);
  });

  it('holds a LIMITED member to the recipients its tags reach, and lets it change none', async () => {
    const page = await limited.get<Page<Recipient>>(URL);
    expect(page.body.results.map((r) => r.id)).toEqual([id.anna]);
    expect((await limited.get(`${URL}${id.bo}/`)).status).toBe(404);
    const denied = await limited.post(URL, { email: 'l@example.com' });
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toMatch(/team limited to some assets cannot change them/);
    expect((await limited.patch(`${URL}${id.anna}/`, { last_name: 'x' })).status).toBe(403);
    expect((await limited.request('DELETE', `${URL}${id.anna}/`)).status).toBe(403);
    expect((await upload(limited, 'email\nq@example.com\n')).status).toBe(403);
  });

  it('selects recipients by ids, tags and departments, once each, active ones of the customer only', async () => {
    const picked = await selectRecipients(t.ctx.db, 1, {
      recipients: [id.bo!, id.cy!, id.rivalRecipient!],
      tags: [id.sales!],
      departments: ['Revenue', 'Sales'],
    });
    expect(picked.map((p) => p.id)).toEqual([id.anna, id.bo]);
    expect(picked[0]).toMatchObject({ email: 'anna.berg@example.com', firstName: 'Anna', language: 'swedish' });
    expect(await selectRecipients(t.ctx.db, id.rivalCustomer!, { recipients: [id.anna!], tags: [id.sales!], departments: [] })).toEqual([]);
  });

  it('imports a CSV: a dry run writes nothing, valid rows import and invalid rows are listed by column', async () => {
    const csv = [
      'Tags,email,first_name,last_name,language,department',
      'Sales;New hires,dana@example.com,Dana,Lind,Swedish,Sales',
      ',bad-address,Eve,,english,',
      ',erik@example.com,Erik,Sand,klingon,',
      'New hires,fay@example.com,Fay,,,IT',
      ',FAY@example.com,Fay,Again,,IT',
      ',anna.berg@example.com,Anna,Bergström,,',
    ].join('\n');
    const dry = await upload(admin, csv, { dry_run: 'true' });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body).toMatchObject({ dry_run: true, rows: 6, created: 2, updated: 1, unchanged: 0 });
    expect(dry.body.errors).toEqual([
      { row: 3, errors: { email: ['Enter a valid email address.'] } },
      { row: 4, errors: { language: [expect.stringMatching(/^Unknown language "klingon"/)] } },
      { row: 6, errors: { email: ['This address is already on row 5.'] } },
    ]);
    expect(dry.body.preview[0]).toMatchObject({ row: 2, email: 'dana@example.com', language: 'swedish', tags: ['Sales', 'New hires'] });
    expect((await admin.get<Page<Recipient>>(URL)).body.count).toBe(3);
    const real = await upload(admin, csv);
    expect(real.body).toMatchObject({ dry_run: false, created: 2, updated: 1 });
    const dana = (await admin.get<Page<Recipient>>(`${URL}?search=dana`)).body.results[0]!;
    expect(dana).toMatchObject({ source: 'import', language: 'swedish', department: 'Sales' });
    expect(dana.tags.map((x) => x.name)).toEqual(['New hires', 'Sales']);
    const anna = (await admin.get<Recipient>(`${URL}${id.anna}/`)).body;
    expect(anna).toMatchObject({ last_name: 'Bergström', department: 'Sales', language: 'swedish' });
    const again = await upload(admin, csv, { update: 'false' });
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
  });

  it('refuses files it cannot read, with a message on csv_file', async () => {
    expect((await upload(admin, 'mail,name\nx@example.com,x\n')).body.csv_file?.[0]).toMatch(/Unknown column "mail", "name"/);
    expect((await upload(admin, 'first_name\nx\n')).body.csv_file).toEqual(['The header row needs an email column.']);
    expect((await upload(admin, 'email\n')).body.csv_file).toEqual(['The file has a header but no recipients.']);
    expect((await upload(admin, 'email\nx@example.com\n', { dry_run: 'maybe' })).body).toEqual({ dry_run: ['Must be true or false.'] });
    expect((await upload(reader, 'email\nx@example.com\n')).status).toBe(403);
  });

  it('imports 10,000 rows in one go', async () => {
    const lines = ['email,first_name,department,tags'];
    for (let i = 0; i < 10_000; i++) lines.push(`bulk${i}@example.com,P${i},Dept ${i % 20},Bulk`);
    const res = await upload(admin, lines.join('\n'));
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body).toMatchObject({ created: 10_000, errors: [] });
    expect((await admin.get<Page<Recipient>>(`${URL}?search=bulk&page_size=1`)).body.count).toBe(10_000);
  });

  it('deletes a recipient with its asset (another customer’s is 404)', async () => {
    const before = (await admin.get<Recipient>(`${URL}${id.cy}/`)).body;
    expect((await admin.request('DELETE', `${URL}${id.rivalRecipient}/`)).status).toBe(404);
    expect((await reader.request('DELETE', `${URL}${id.cy}/`)).status).toBe(403);
    expect((await admin.request('DELETE', `${URL}${id.cy}/`)).status).toBe(204);
    expect(await t.ctx.db.select().from(assets).where(eq(assets.id, before.asset_id))).toEqual([]);
    expect(await t.ctx.db.select().from(assetTags).where(eq(assetTags.assetId, before.asset_id))).toEqual([]);
    expect((await admin.get(`${URL}${id.cy}/`)).status).toBe(404);
  });
  it('audits the writes, not the reads or a dry run', async () => {
    const rows = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'phishing'), eq(auditEvents.objectId, String(id.bo))));
    expect(rows.map((r) => [r.action, r.method, r.status, r.route])).toEqual([
      ['create', 'POST', 201, '/api/fra/recipients/'],
      ['update', 'PATCH', 200, '/api/fra/recipients/:id/'],
    ]);
    const imports = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'phishing'), eq(auditEvents.route, '/api/fra/recipients/import/'), eq(auditEvents.status, 200)));
    // The dry run and the refused files leave no row; the real imports (two of the test CSV, the 10,000 rows) do.
    expect(imports.length).toBe(3);
    expect(
      await t.ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.resource, 'phishing'), eq(auditEvents.method, 'GET'))),
    ).toEqual([]);
  });
});
