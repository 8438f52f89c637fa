// Vulnerability intelligence in the database: feed imports (counts, incremental, malformed records, progress, jobs),
// matching that agrees with the in-memory reference index, and the API's guards, on every test database.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { IntelIndex, readFeed } from '@bulwark/intel';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedImports, intelCveProducts, intelCves, intelEpss } from '../src/db/schema/index.ts';
import { importSources } from '../src/modules/intel/import.ts';
import { intelCounts, matchCpe, matchHost, matchPackage } from '../src/modules/intel/match.ts';
import { FEED_IMPORT_QUEUE, settleFeedImports } from '../src/modules/intel/queue.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD, startTestApp, type TestApp } from './helpers/app.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../intel/test/fixtures/feeds');

type Match = {
  cve: string;
  kev: boolean;
  ransomware: boolean;
  epss: number | null;
  severity: number | null;
  matched_by: string;
  references: string[];
};
type Import = { id: number; status: string; percent: number; counts: Record<string, number>; formats: string[] };

/** The reference: @bulwark/intel's in-memory index fed the same files. */
async function referenceIndex(dirs: string[]): Promise<IntelIndex> {
  const index = new IntelIndex();
  for (const dir of dirs) {
    for await (const item of readFeed(dir)) if (item.kind !== 'error' && item.kind !== 'meta') index.add(item);
  }
  return index;
}

async function waitForImport(t: TestApp, id: number): Promise<Import> {
  const admin = t.client();
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  for (let i = 0; i < 300; i++) {
    const r = await admin.get<Import>(`/api/intel/imports/${id}/`);
    if (r.body.status === 'done' || r.body.status === 'failed') return r.body;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`import ${id} did not finish`);
}

describe.each(BACKENDS)('vulnerability intelligence on %s', (backend) => {
  let t: TestApp;
  let feeds: string;
  const all = () => ['nvd', 'kev', 'epss', 'osv'].map((d) => path.join(FIXTURES, d));

  beforeAll(async () => {
    t = await startTestApp(backend);
    feeds = t.config.feedsDir;
    mkdirSync(feeds, { recursive: true });
    mkdirSync(path.join(feeds, 'kev'));
    cpSync(path.join(FIXTURES, 'kev/known_exploited_vulnerabilities.json'), path.join(feeds, 'kev/known_exploited_vulnerabilities.json'));
    cpSync(path.join(FIXTURES, 'nvd'), path.join(feeds, 'nvd'), { recursive: true });
    await t.user({ email: 'analyst@example.com' });
  });
  afterAll(() => t.close());

  describe('imports', () => {
    it('imports every sample feed, with the counts of each kind', async () => {
      const result = await importSources(t.ctx.db, all());
      // EPSS: 38 per-CVE JSON files and the 10 rows of the CSV head.
      expect(await intelCounts(t.ctx.db)).toEqual({ cves: 36, kev: 1404, epss: 48, osv: 12, distro_fixes: 0 });
      expect(result.counts).toMatchObject({ read: 36 + 1404 + 48 + 12, added: 36 + 1404 + 48 + 12, updated: 0 });
      expect(result.formats.sort()).toEqual(['EPSS', 'KEV', 'NVD', 'OSV']);
      expect(result.bytesRead).toBe(result.bytesTotal);
      // The product index holds what the records' vulnerable entries name.
      const keys = await t.ctx.db.select().from(intelCveProducts).where(eq(intelCveProducts.cveId, 'CVE-2024-6387'));
      // A plain record (a list of vulnerable entries): each key holds its entries, which matching reads instead of the CVE.
      const openssh = keys.find((k) => k.vendor === 'openbsd' && k.product === 'openssh');
      expect(openssh?.entries?.map((e) => e.criteria)).toContain('cpe:2.3:a:openbsd:openssh:*:*:*:*:*:*:*:*');
      const [smb] = await t.ctx.db.select().from(intelCveProducts).where(eq(intelCveProducts.cveId, 'CVE-2017-0144'));
      expect(smb.entries).toBeNull(); // its entries run on Windows platforms: matched on the whole configurations
    });

    it('is incremental: importing again changes nothing, a newer record replaces the stored one, an older one does not', async () => {
      const again = await importSources(t.ctx.db, all());
      expect(again.counts).toMatchObject({ added: 0, updated: 0, unchanged: again.counts.read });

      const record = JSON.parse(readFileSync(path.join(FIXTURES, 'nvd/CVE-2024-6387.json'), 'utf8')) as Record<string, unknown>;
      // Matched once, so its facts are held for the next hosts: a newer record must replace them.
      const openssh = 'cpe:2.3:a:openbsd:openssh:9.2:p1:*:*:*:*:*:*';
      const regreSSHion = async (): Promise<Match & { description: string }> =>
        ((await matchCpe(t.ctx.db, openssh)) as (Match & { description: string })[]).find((m) => m.cve === 'CVE-2024-6387')!;
      expect((await regreSSHion()).description).toMatch(/^A security regression/);
      expect((await regreSSHion()).description).toMatch(/^A security regression/);
      const dir = path.join(feeds, 'bumped');
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        path.join(dir, 'newer.json'),
        JSON.stringify({ ...record, lastModified: '2030-01-01T00:00:00.000', descriptions: [{ lang: 'en', value: 'Newer text.' }] }),
      );
      const newer = await importSources(t.ctx.db, [path.join(dir, 'newer.json')]);
      expect(newer.counts).toMatchObject({ read: 1, added: 0, updated: 1 });
      expect((await regreSSHion()).description).toBe('Newer text.');
      writeFileSync(
        path.join(dir, 'older.json'),
        JSON.stringify({ ...record, lastModified: '2001-01-01T00:00:00.000', descriptions: [{ lang: 'en', value: 'Old.' }] }),
      );
      const older = await importSources(t.ctx.db, [path.join(dir, 'older.json')]);
      expect(older.counts).toMatchObject({ read: 1, updated: 0, unchanged: 1 });
      const [row] = await t.ctx.db.select().from(intelCves).where(eq(intelCves.id, 'CVE-2024-6387'));
      expect(row.record.description).toBe('Newer text.');
      // Put the real record back for the matching tests.
      writeFileSync(path.join(dir, 'real.json'), JSON.stringify({ ...record, lastModified: '2031-01-01T00:00:00.000' }));
      await importSources(t.ctx.db, [path.join(dir, 'real.json')]);
    });

    it('EPSS: new scores go in by COPY, a later file of the same CVEs replaces them (the copy rolled back), an older one does not', async () => {
      const dir = path.join(feeds, 'epss-days');
      mkdirSync(dir, { recursive: true });
      const csv = (day: string, rows: string[]): string =>
        `#model_version:v2025.03.14,score_date:${day}T00:00:00+0000\ncve,epss,percentile\n${rows.join('\n')}\n`;
      writeFileSync(path.join(dir, 'a.csv'), csv('2026-01-01', ['CVE-2099-0001,0.10000,0.50000', 'CVE-2099-0002,0.20000,0.60000']));
      expect((await importSources(t.ctx.db, [path.join(dir, 'a.csv')])).counts).toMatchObject({ read: 2, added: 2, updated: 0 });
      // One new CVE and one stored: the COPY meets the stored one, is rolled back whole, and the batch is upserted.
      writeFileSync(path.join(dir, 'b.csv'), csv('2026-02-01', ['CVE-2099-0001,0.90000,0.99000', 'CVE-2099-0003,0.30000,0.70000']));
      expect((await importSources(t.ctx.db, [path.join(dir, 'b.csv')])).counts).toMatchObject({
        read: 2,
        added: 1,
        updated: 1,
        unchanged: 0,
      });
      writeFileSync(path.join(dir, 'c.csv'), csv('2025-12-01', ['CVE-2099-0002,0.00100,0.01000']));
      expect((await importSources(t.ctx.db, [path.join(dir, 'c.csv')])).counts).toMatchObject({
        read: 1,
        added: 0,
        updated: 0,
        unchanged: 1,
      });
      const rows = await t.ctx.db
        .select()
        .from(intelEpss)
        .where(inArray(intelEpss.cveId, ['CVE-2099-0001', 'CVE-2099-0002', 'CVE-2099-0003']));
      const byId = Object.fromEntries(rows.map((r) => [r.cveId, [r.score, r.scoreDate]]));
      expect(byId).toEqual({
        'CVE-2099-0001': [0.9, '2026-02-01'],
        'CVE-2099-0002': [0.2, '2026-01-01'],
        'CVE-2099-0003': [0.3, '2026-02-01'],
      });
      await t.ctx.db.delete(intelEpss).where(inArray(intelEpss.cveId, ['CVE-2099-0001', 'CVE-2099-0002', 'CVE-2099-0003']));
    });

    it('an updated CVE keeps the product keys it still names, loses the others, and matches on its new data', async () => {
      const record = JSON.parse(readFileSync(path.join(FIXTURES, 'nvd/CVE-2024-6387.json'), 'utf8')) as Record<string, unknown>;
      const dir = path.join(feeds, 'moved');
      mkdirSync(dir, { recursive: true });
      const entry = (criteria: string) => ({ vulnerable: true, criteria, versionEndExcluding: '2.0' });
      const moved = {
        ...record,
        lastModified: '2032-01-01T00:00:00.000',
        configurations: [
          {
            nodes: [
              {
                operator: 'OR',
                negate: false,
                cpeMatch: [entry('cpe:2.3:a:openbsd:openssh:*:*:*:*:*:*:*:*'), entry('cpe:2.3:a:acme:widget:*:*:*:*:*:*:*:*')],
              },
            ],
          },
        ],
      };
      // Two pages in one directory: the second page's copy is older and must change nothing.
      writeFileSync(path.join(dir, 'a.json'), JSON.stringify({ vulnerabilities: [{ cve: moved }] }));
      writeFileSync(
        path.join(dir, 'b.json'),
        JSON.stringify({ vulnerabilities: [{ cve: { ...record, lastModified: '2031-06-01T00:00:00.000' } }] }),
      );
      const result = await importSources(t.ctx.db, [dir]);
      expect(result.counts).toMatchObject({ read: 2, added: 0, updated: 1, unchanged: 1 });
      const keys = await t.ctx.db.select().from(intelCveProducts).where(eq(intelCveProducts.cveId, 'CVE-2024-6387'));
      expect(keys.map((k) => `${k.vendor}:${k.product}`).sort()).toEqual(['acme:widget', 'openbsd:openssh']);
      const [row] = await t.ctx.db.select().from(intelCves).where(eq(intelCves.id, 'CVE-2024-6387'));
      // A plain record: its entries are on its keys; its record (what a match shows) has no configurations.
      expect(row.match).toEqual({ configurations: null });
      expect(row.record).not.toHaveProperty('configurations');
      expect(keys.find((k) => k.product === 'widget')?.entries?.map((e) => e.criteria)).toEqual(['cpe:2.3:a:acme:widget:*:*:*:*:*:*:*:*']);
      expect(row.record).toMatchObject({ primaryCvss: { score: 8.1 }, published: record.published });
      const widget = (await matchCpe(t.ctx.db, 'cpe:2.3:a:acme:widget:1.5:*:*:*:*:*:*:*')) as Match[];
      expect(widget.map((m) => m.cve)).toEqual(['CVE-2024-6387']);
      expect(widget[0]).toMatchObject({ cvss: { score: 8.1 }, description: row.record.description, published: row.record.published });
      expect(widget[0].references.length).toBeGreaterThan(0);
      expect(((await matchCpe(t.ctx.db, 'cpe:2.3:a:openbsd:openssh:8.9:p1:*:*:*:*:*:*')) as Match[]).map((m) => m.cve)).not.toContain(
        'CVE-2024-6387',
      );
      // The real record back, for the matching tests.
      writeFileSync(path.join(dir, 'real.json'), JSON.stringify({ ...record, lastModified: '2033-01-01T00:00:00.000' }));
      expect((await importSources(t.ctx.db, [path.join(dir, 'real.json')])).counts).toMatchObject({ updated: 1 });
      const restored = await t.ctx.db.select().from(intelCveProducts).where(eq(intelCveProducts.cveId, 'CVE-2024-6387'));
      expect(restored.map((k) => k.product)).not.toContain('widget');
    });

    it('skips a malformed record with its position, keeps the rest, and reads gzip', async () => {
      const good = JSON.parse(readFileSync(path.join(FIXTURES, 'nvd/CVE-2011-2523.json'), 'utf8')) as Record<string, unknown>;
      const page = {
        resultsPerPage: 3,
        startIndex: 0,
        totalResults: 3,
        vulnerabilities: [
          { cve: { ...good, id: 'CVE-2099-0001' } },
          { cve: { id: 'not a cve id' } },
          { cve: { ...good, id: 'CVE-2099-0002' } },
        ],
      };
      const file = path.join(feeds, 'page.json.gz');
      writeFileSync(file, gzipSync(JSON.stringify(page)));
      const result = await importSources(t.ctx.db, [file]);
      expect(result.counts).toMatchObject({ read: 2, added: 2, skipped: 1 });
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0].position).toContain('vulnerabilities[1]');
      const ids = (await t.ctx.db.select({ id: intelCves.id }).from(intelCves)).map((r) => r.id);
      expect(ids).toEqual(expect.arrayContaining(['CVE-2099-0001', 'CVE-2099-0002']));
      expect(ids).not.toContain('not a cve id');
    });

    it('reads with reader threads as on its own: same counts, errors, positions and stored rows, files in order', async () => {
      const good = JSON.parse(readFileSync(path.join(FIXTURES, 'nvd/CVE-2011-2523.json'), 'utf8')) as Record<string, unknown>;
      const dir = path.join(feeds, 'threads');
      mkdirSync(dir, { recursive: true });
      const page = (ids: string[], day: number) => ({
        vulnerabilities: ids.map((id) =>
          id === 'bad' ? { cve: { id: 'not a cve id' } } : { cve: { ...good, id, lastModified: `2020-01-0${day}T00:00:00.000` } },
        ),
      });
      writeFileSync(path.join(dir, 'a.json.gz'), gzipSync(JSON.stringify(page(['CVE-2099-0201', 'bad', 'CVE-2099-0202'], 1))));
      // The second file has a newer copy of a CVE of the first: files are stored in order, so it is the one kept.
      writeFileSync(path.join(dir, 'b.json'), JSON.stringify(page(['CVE-2099-0203', 'CVE-2099-0201'], 2)));
      const threaded = await importSources(t.ctx.db, [dir], undefined, { readers: 2 });
      // One batch: the older copy of CVE-2099-0201 is left out of it (unchanged).
      expect(threaded.counts).toEqual({ read: 4, added: 3, updated: 0, unchanged: 1, skipped: 1 });
      expect(threaded.errors).toEqual([{ message: expect.any(String), position: `${path.join(dir, 'a.json.gz')} vulnerabilities[1]` }]);
      expect(threaded.formats).toEqual(['NVD']);
      expect(threaded.bytesRead).toBe(threaded.bytesTotal);
      const [row] = await t.ctx.db.select().from(intelCves).where(eq(intelCves.id, 'CVE-2099-0201'));
      expect(row.lastModified).toMatch(/^2020-01-02/);
      const keys = await t.ctx.db.select().from(intelCveProducts).where(eq(intelCveProducts.cveId, 'CVE-2099-0203'));
      expect(keys.find((k) => k.product === 'vsftpd')?.entries?.map((e) => e.criteria)).toEqual([
        'cpe:2.3:a:vsftpd_project:vsftpd:2.3.4:*:*:*:*:*:*:*',
      ]);
      // Read on this thread, the same files change nothing and give the same errors; read by threads again, too.
      const alone = await importSources(t.ctx.db, [dir], undefined, { readers: 0 });
      expect(alone.counts).toEqual({ read: 4, added: 0, updated: 0, unchanged: 4, skipped: 1 });
      expect(alone.errors).toEqual(threaded.errors);
      const again = await importSources(t.ctx.db, [dir], undefined, { readers: 1 });
      expect(again).toEqual(alone);
    });

    it('keeps the newer of two copies in one batch, and writes a batch whole again when a key was stored meanwhile', async () => {
      const good = JSON.parse(readFileSync(path.join(FIXTURES, 'nvd/CVE-2011-2523.json'), 'utf8')) as Record<string, unknown>;
      const copy = (id: string, lastModified: string, text: string) => ({
        cve: { ...good, id, lastModified, descriptions: [{ lang: 'en', value: text }] },
      });
      // A key row of a CVE that is not stored yet, as another import writing at the same time would leave it.
      await t.ctx.db
        .insert(intelCveProducts)
        .values({ cveId: 'CVE-2099-0101', vendor: 'vsftpd_project', product: 'vsftpd', entries: null });
      const page = {
        vulnerabilities: [
          copy('CVE-2099-0101', '2020-01-01T00:00:00.000', 'Stored meanwhile.'),
          copy('CVE-2099-0102', '2020-01-01T00:00:00.000', 'Newer copy.'),
          copy('CVE-2099-0102', '2019-01-01T00:00:00.000', 'Older copy.'),
          copy('CVE-2099-0103', '2019-01-01T00:00:00.000', 'First, equally new.'),
          copy('CVE-2099-0103', '2019-01-01T00:00:00.000', 'Last, equally new.'),
        ],
      };
      const file = path.join(feeds, 'copies.json');
      writeFileSync(file, JSON.stringify(page));
      const result = await importSources(t.ctx.db, [file]);
      expect(result.counts).toMatchObject({ read: 5, added: 3, updated: 0, unchanged: 2 });
      const description = async (id: string) =>
        (await t.ctx.db.select().from(intelCves).where(eq(intelCves.id, id)))[0]?.record.description;
      expect(await description('CVE-2099-0101')).toBe('Stored meanwhile.');
      expect(await description('CVE-2099-0102')).toBe('Newer copy.');
      expect(await description('CVE-2099-0103')).toBe('Last, equally new.');
      // Written by the upsert statement: the stored key got the record's entries, and the record's other keys are there.
      const keys = await t.ctx.db.select().from(intelCveProducts).where(eq(intelCveProducts.cveId, 'CVE-2099-0101'));
      const copied = await t.ctx.db.select().from(intelCveProducts).where(eq(intelCveProducts.cveId, 'CVE-2099-0102'));
      expect(keys.map((k) => [k.vendor, k.product, k.entries]).sort()).toEqual(copied.map((k) => [k.vendor, k.product, k.entries]).sort());
      expect(keys.find((k) => k.product === 'vsftpd')?.entries?.map((e) => e.criteria)).toEqual([
        'cpe:2.3:a:vsftpd_project:vsftpd:2.3.4:*:*:*:*:*:*:*',
      ]);
    });
  });

  describe('matching', () => {
    const cpes = [
      'cpe:2.3:a:openbsd:openssh:8.9:p1:*:*:*:*:*:*',
      'cpe:2.3:a:openbsd:openssh:9.9:p2:*:*:*:*:*:*',
      'cpe:2.3:a:apache:http_server:2.4.49:*:*:*:*:*:*:*',
      'cpe:2.3:a:redis:redis:6.0.0:*:*:*:*:*:*:*',
      'cpe:2.3:a:microsoft:server_message_block:1.0:*:*:*:*:*:*:*',
      'cpe:2.3:a:proftpd:proftpd:1.3.5:*:*:*:*:*:*:*',
      // Without a product: every entry of the vendor's CVEs may apply, so their whole match data is read.
      'cpe:2.3:a:redis:*:6.0.0:*:*:*:*:*:*:*',
    ];
    const packages = [
      { ecosystem: 'AlmaLinux:9', name: 'openssh', version: '8.7p1-38.el9' },
      { ecosystem: 'AlmaLinux:9', name: 'openssh', version: '8.7p1-38.el9_4.1' },
      { ecosystem: 'AlmaLinux:8', name: 'nginx', version: '1:1.14.1-9.module_el8.0.0+184+e34b7b4c' },
    ];

    it('gives exactly what the in-memory reference index gives, for services and packages of a host in one call', async () => {
      const reference = await referenceIndex(all());
      const stored = await matchHost(t.ctx.db, { cpes, packages });
      for (const cpe of cpes) expect(stored.byCpe.get(cpe), cpe).toEqual(reference.matchCpes([cpe]));
      for (const p of packages) expect(stored.byPackage.get(`${p.ecosystem}/${p.name}@${p.version}`)).toEqual(reference.matchPackage(p));
    });

    it('gives the same for a host of many products, whose candidates are read in parts at once', async () => {
      const reference = await referenceIndex(all());
      // Products only (a CPE without one reads in one query): 40 and more go in parts over the pool's connections.
      const many = [...cpes.slice(0, -1), ...Array.from({ length: 40 }, (_, i) => `cpe:2.3:a:filler:product_${i}:1.0:*:*:*:*:*:*:*`)];
      const stored = await matchHost(t.ctx.db, { cpes: [...many].reverse() });
      for (const cpe of many) expect(stored.byCpe.get(cpe), cpe).toEqual(reference.matchCpes([cpe]));
      expect(stored.byCpe.get(cpes[0])!.map((m) => m.cve)).toContain('CVE-2024-6387');
    });

    it('finds regreSSHion for OpenSSH 8.9p1 but not 9.9p2, with the reason', async () => {
      const old = (await matchCpe(t.ctx.db, cpes[0])) as Match[];
      const hit = old.find((m) => m.cve === 'CVE-2024-6387');
      expect(hit).toMatchObject({ severity: 3 });
      expect(hit?.matched_by).toContain('openssh');
      expect(((await matchCpe(t.ctx.db, cpes[1])) as Match[]).map((m) => m.cve)).not.toContain('CVE-2024-6387');
    });

    it('flags EternalBlue as exploited and used by ransomware (KEV), with its EPSS score', async () => {
      const hit = ((await matchCpe(t.ctx.db, cpes[4])) as Match[]).find((m) => m.cve === 'CVE-2017-0144');
      expect(hit).toMatchObject({ kev: true, ransomware: true, severity: 3 });
      expect(hit?.epss).toBeGreaterThan(0.9);
    });

    it('matches an AlmaLinux package before the fix, not after it', async () => {
      const before = (await matchPackage(t.ctx.db, packages[0])) as Match[];
      expect(before.map((m) => m.cve)).toContain('CVE-2024-6387');
      expect(before.find((m) => m.cve === 'CVE-2024-6387')?.matched_by).toContain('ALSA-2024:4312');
      expect(((await matchPackage(t.ctx.db, packages[1])) as Match[]).map((m) => m.cve)).not.toContain('CVE-2024-6387');
    });
  });

  describe('API', () => {
    it('refuses callers who are not signed in', async () => {
      const c = t.client();
      for (const url of ['/api/intel/status/', '/api/intel/imports/', '/api/intel/imports/1/', '/api/intel/match/?cpe=x']) {
        expect((await c.get(url)).status, url).toBe(401);
      }
      await c.get('/api/check-authentication/');
      expect((await c.post('/api/intel/imports/', { sources: ['kev'] })).status).toBe(401);
    });

    it('shows the counts to any user, and imports only to superusers', async () => {
      const c = t.client();
      await c.login('analyst@example.com', PASSWORD);
      const status = await c.get<{ cves: number; kev: number }>('/api/intel/status/');
      expect(status.status).toBe(200);
      expect(status.body.kev).toBe(1404);
      expect((await c.get('/api/intel/imports/')).status).toBe(403);
      expect((await c.post('/api/intel/imports/', { sources: ['kev'] })).status).toBe(403);
    });

    it('says what is wrong with the sources, field by field, and starts nothing', async () => {
      const c = t.client();
      await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      const before = (await t.ctx.db.select().from(feedImports)).length;
      const outside = await c.post('/api/intel/imports/', { sources: ['../../etc/passwd', 'missing.json'] });
      expect(outside.status).toBe(400);
      expect(outside.body).toEqual({
        sources: ['../../etc/passwd is outside the feeds directory.', 'missing.json does not exist.'],
      });
      expect((await c.post('/api/intel/imports/', { sources: [] })).body).toEqual({ sources: ['Name at least one file or directory.'] });
      expect((await c.post('/api/intel/imports/', {})).status).toBe(400);
      expect((await t.ctx.db.select().from(feedImports)).length).toBe(before);
      c.csrf = false;
      expect((await c.post('/api/intel/imports/', { sources: ['kev'] })).status).toBe(403);
    });

    it('runs an import in the background and reports its progress until done', async () => {
      const c = t.client();
      await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      const started = await c.post<Import>('/api/intel/imports/', { sources: ['kev', 'nvd'] });
      expect(started.status).toBe(201);
      expect(started.body.status).toBe('queued');
      await settleFeedImports(t.ctx);
      const done = await waitForImport(t, started.body.id);
      expect(done).toMatchObject({ status: 'done', percent: 100, counts: { read: 1440, skipped: 0 } });
      const list = await c.get<{ count: number; results: Import[] }>('/api/intel/imports/?page_size=1');
      expect(list.body.results[0].id).toBe(started.body.id);
      expect((await c.get('/api/intel/imports/999999/')).status).toBe(404);
    });

    it('runs imports on the job queue (pg-boss), the path production takes', async () => {
      const c = t.client();
      await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      writeFileSync(path.join(feeds, 'epss.csv'), readFileSync(path.join(FIXTURES, 'epss/epss_scores-current.head12.csv')));
      const started = await c.post<Import>('/api/intel/imports/', { sources: ['epss.csv'] });
      expect(started.status).toBe(201);
      const done = await waitForImport(t, started.body.id);
      expect(done).toMatchObject({ status: 'done', counts: { read: 10, skipped: 0 }, formats: ['EPSS'] });
      // The import's row says done from inside the job; pg-boss marks the job completed just after the handler returns.
      let completed: number[] = [];
      for (let i = 0; i < 200 && !completed.includes(started.body.id); i++) {
        const jobs = await t.ctx.database.sql.executeSql(`SELECT data FROM pgboss.job WHERE name = $1 AND state = 'completed'`, [
          FEED_IMPORT_QUEUE,
        ]);
        completed = jobs.rows.map((r) => (r.data as { id: number }).id);
        if (!completed.includes(started.body.id)) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(completed).toContain(started.body.id);
    });

    it('matches a CPE or a package, and explains a bad query by field', async () => {
      const c = t.client();
      await c.login('analyst@example.com', PASSWORD);
      const cpe = await c.get<Match[]>(`/api/intel/match/?cpe=${encodeURIComponent('cpe:2.3:a:openbsd:openssh:8.9:p1:*:*:*:*:*:*')}`);
      expect(cpe.status).toBe(200);
      expect(cpe.body.map((m) => m.cve)).toContain('CVE-2024-6387');
      const pkg = await c.get<Match[]>(`/api/intel/match/?package=${encodeURIComponent('AlmaLinux:9/openssh@8.7p1-38.el9')}`);
      expect(pkg.body.map((m) => m.cve)).toContain('CVE-2024-6387');
      const bad = await c.get<Record<string, string[]>>('/api/intel/match/?cpe=openssh');
      expect(bad.status).toBe(400);
      expect(bad.body.cpe[0]).toMatch(/^Not a CPE 2\.3 name/);
      expect((await c.get<Record<string, string[]>>('/api/intel/match/?package=openssh')).body.package[0]).toMatch(
        /ECOSYSTEM\/NAME@VERSION/,
      );
      expect((await c.get<Record<string, string[]>>('/api/intel/match/')).body).toEqual({ cpe: ['Give either cpe or package.'] });
    });
  });
});
