// The asset CSV import on every test database: the template; a preview that writes nothing; an import of hosts,
// networks and web applications with owners and tags (missing ones created when asked); update on or off; every bad
// cell named by line and column with nothing written; duplicates in the file; unknown columns; 12,345 rows (three batches and part of one) in one go;
// and the guards (401, 403 before the file is read, another customer's names unknown).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, AssetImportResult } from '@bulwark/core';
import { ASSET_IMPORT_TEMPLATE } from '@bulwark/core';
import { users } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; results: T[] };

/** A multipart/form-data body as a browser sends it. */
function form(csv: string, fields: Record<string, string> = {}, fileField = 'csv_file') {
  const boundary = '----bulwark-test-boundary';
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="assets.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
  );
  return { body: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(BACKENDS)('asset CSV import on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let reader: Client;
  const upload = (c: Client, csv: string, fields: Record<string, string> = {}) => {
    const f = form(csv, fields);
    return c.request<AssetImportResult & Record<string, string[]>>('POST', '/api/assets/import/', f.body, f.headers);
  };
  const count = async () => (await admin.get<Page<Asset>>('/api/assets/assets/?page_size=1')).body.count;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const r = await t.user({ email: 'reader@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { net_assets: ['read'] } })
      .where(eq(users.id, r.id));
    reader = await signedIn(t, 'reader@example.com');
    await t.user({ email: 'owner@example.com' });
    await admin.post('/api/tags/tags/', { name: 'Production' });
  });
  afterAll(() => t.close());

  it('offers the template, which imports as it is', async () => {
    const res = await admin.get<string>('/api/assets/import/template/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body).toBe(ASSET_IMPORT_TEMPLATE);
    const preview = await upload(admin, ASSET_IMPORT_TEMPLATE, { create_missing_tags: 'true', preview: 'true' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual({ preview: true, rows: 3, created: 3, updated: 0, skipped: 0, tags_created: ['Databases', 'Office'] });
    expect(await count()).toBe(0);
  });

  it('imports hosts, networks and web applications with owners and tags, creating missing tags when asked', async () => {
    const csv = [
      'asset,name,criticality,owner,pci,internet_facing,tags',
      '10.0.0.5,db-01,critical,OWNER@example.com,true,,Production;Databases',
      '10.0.0.0/24,Office LAN,2,,,,',
      'https://Shop.example.com,Shop,high,,,true,Production',
    ].join('\n');
    expect((await upload(admin, csv)).body).toEqual({
      csv_file: ['Line 2, column tags: no tag named Databases (turn on "create missing tags" to add it).'],
    });
    const res = await upload(admin, csv, { create_missing_tags: 'true' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ preview: false, rows: 3, created: 3, updated: 0, skipped: 0, tags_created: ['Databases'] });
    const db = (await admin.get<Page<Asset>>('/api/assets/assets/?asset_name__is=db-01')).body.results[0]!;
    expect(db).toMatchObject({ kind: 'host', ipv4: '10.0.0.5', criticality: 4, pci: true, owner: { email: 'owner@example.com' } });
    expect(db.tags.map((x) => x.name)).toEqual(['Databases', 'Production']);
    const shop = (await admin.get<Page<Asset>>('/api/assets/assets/?kind=webapp')).body.results[0]!;
    expect(shop).toMatchObject({ value: 'https://shop.example.com/', criticality: 3, internet_facing: true });
    expect((await admin.get<Page<Asset>>('/api/assets/assets/?kind=network')).body.results[0]).toMatchObject({
      name: 'Office LAN',
      criticality: 2,
    });
  });

  it('skips assets it has unless update is on; then fills what the file says and keeps the rest', async () => {
    const csv = 'asset,description,criticality,tags\n10.0.0.5,Primary,,Production\n10.0.0.6,New,low,\n';
    expect((await upload(admin, csv)).body).toMatchObject({ created: 1, updated: 0, skipped: 1 });
    expect((await admin.get<Page<Asset>>('/api/assets/assets/?asset_name__is=db-01')).body.results[0]!.description).toBe('');
    expect((await upload(admin, csv, { update: 'true' })).body).toMatchObject({ created: 0, updated: 2, skipped: 0 });
    const db = (await admin.get<Page<Asset>>('/api/assets/assets/?asset_name__is=db-01')).body.results[0]!;
    expect(db).toMatchObject({ description: 'Primary', criticality: 4, name: 'db-01' });
  });

  it('names every bad cell by line and column and writes nothing', async () => {
    const before = await count();
    const csv = [
      'asset,criticality,owner,pci',
      '10.0.0.300,,,',
      '10.0.1.1,urgent,someone,yes',
      ',,,',
      '10.0.1.2,1,nobody@example.com,false',
      '10.0.1.3,1,,',
      '10.0.1.3,2,,',
      '10.0.1.4,1,,true,extra',
    ].join('\n');
    const res = await upload(admin, csv);
    expect(res.status).toBe(400);
    expect(res.body.csv_file).toEqual([
      'Line 2, column asset: Enter a valid IP address or host name.',
      'Line 3, column criticality: Enter a criticality: low, medium, high, critical or 1-4.',
      'Line 3, column owner: Enter the email address of a user.',
      'Line 3, column pci: Enter true or false.',
      'Line 4, column asset: Asset is required',
      'Line 7, column asset: 10.0.1.3 is already on line 6.',
      'Line 8: 5 cells where the header has 4.',
    ]);
    // Rows that were fine are not written either: all or nothing.
    expect(await count()).toBe(before);
    expect((await upload(admin, 'asset,owner\n10.0.1.2,nobody@example.com\n')).body).toEqual({
      csv_file: ['Line 2, column owner: no user nobody@example.com in your organisation.'],
    });
    expect(await count()).toBe(before);
  });

  it('refuses files it cannot read: unknown columns, no header, broken quoting, the wrong field, no file', async () => {
    expect((await upload(admin, 'address,name\n10.0.0.1,x\n')).body).toEqual({
      csv_file: [
        'Line 1: unknown columns address. The columns are: asset, name, description, criticality, owner, is_server, internet_facing, pci, tags.',
      ],
    });
    expect((await upload(admin, '')).body).toEqual({ csv_file: ['The file is empty: it needs a header line and at least one row.'] });
    expect((await upload(admin, 'asset\n')).body).toEqual({ csv_file: ['The file has a header but no rows.'] });
    const broken = await upload(admin, 'asset,name\n10.0.0.9,"unclosed\n');
    expect(broken.status).toBe(400);
    expect(broken.body.csv_file![0]).toMatch(/^Line \d+: /);
    const wrong = form('asset\n10.0.0.9\n', {}, 'file');
    expect((await admin.request('POST', '/api/assets/import/', wrong.body, wrong.headers)).body).toEqual({
      csv_file: ['Send the file in the field csv_file, not file.'],
    });
    expect((await admin.post('/api/assets/import/', { csv_file: 'asset' })).body).toEqual({
      csv_file: ['Send the file as multipart/form-data in the field csv_file.'],
    });
    expect((await upload(admin, 'asset\n10.0.0.9\n', { update: 'maybe' })).body).toEqual({ update: ['Must be true or false.'] });
  });

  // Three batches of the import's 5,000 and a part of one: rows in every batch are created and tagged. Its speed at
  // 100,000 rows is bench/assets.ts's business.
  it('imports 12,345 rows in one go', async () => {
    const lines = ['asset,name,tags'];
    for (let i = 0; i < 12_345; i++) lines.push(`10.${100 + (i >> 16)}.${(i >> 8) & 255}.${i & 255},host-${i},Bulk`);
    const res = await upload(admin, lines.join('\n'), { create_missing_tags: 'true' });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    expect(res.body).toMatchObject({ rows: 12_345, created: 12_345, tags_created: ['Bulk'] });
    let tagId = 0;
    for (const [name, ipv4] of [
      ['host-0', '10.100.0.0'],
      ['host-5000', '10.100.19.136'],
      ['host-12344', '10.100.48.56'],
    ]) {
      const tagged = await admin.get<Page<Asset>>(`/api/assets/assets/?asset_name__is=${name}`);
      expect(tagged.body.results[0]).toMatchObject({ ipv4, tags: [expect.objectContaining({ name: 'Bulk' })] });
      tagId = tagged.body.results[0].tags[0].id;
    }
    // host-1234 and host-12340 … host-12344, from the first and the last batch, all tagged.
    const bulk = await admin.get<Page<Asset>>(`/api/assets/assets/?all_tags=${tagId}&asset_name__starts_with=host-1234`);
    expect(bulk.body.count).toBe(6);
  });

  it('guards: 401 anonymous, 403 without create (before the file is read)', async () => {
    const f = form('asset\n10.0.0.9\n');
    expect((await (await anonymous(t)).request('POST', '/api/assets/import/', f.body, f.headers)).status).toBe(401);
    expect((await reader.request('POST', '/api/assets/import/', f.body, f.headers)).status).toBe(403);
    expect((await reader.get('/api/assets/import/template/')).status).toBe(200);
  });
});
