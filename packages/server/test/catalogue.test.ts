// The test catalogue end to end on every test database: categories with counts from the shipped templates, the paged
// test list with its filters and ordering, the selection rule the server shares with the probe, and the guards.
import { eq } from 'drizzle-orm';
import { categoryId, loadTemplates, selectTemplates, type CheckTemplate } from '@bulwark/scanner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { catalogue, selectTests } from '../src/modules/catalogue/catalogue.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Category = { id: string; name: string; count: number };
type Test = {
  id: string;
  name: string;
  category: string;
  severity: number;
  cve: string[];
  tags: string[];
  description: string;
  solution: string;
  source: 'shipped' | 'community';
};
type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

describe.each(BACKENDS)('test catalogue on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let analyst: Client;
  let limited: Client;
  let templates: CheckTemplate[];

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const a = await t.user({ email: 'analyst@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { net_scans: ['read'] } })
      .where(eq(users.id, a.id));
    analyst = await signedIn(t, 'analyst@example.com');
    await t.user({ email: 'limited@example.com' });
    limited = await signedIn(t, 'limited@example.com');
    // The reference: the scanner's own loader, read independently of the server's cache.
    templates = (await loadTemplates()).templates;
  });
  afterAll(() => t.close());

  it('lists the categories of the shipped templates with their counts, by name', async () => {
    const res = await admin.get<Category[]>('/api/nvt/vtestcategories/');
    expect(res.status).toBe(200);
    const expected = new Map<string, Category>();
    for (const tpl of templates) {
      const id = categoryId(tpl.bulwark.category);
      const c = expected.get(id) ?? { id, name: tpl.bulwark.category, count: 0 };
      c.count++;
      expected.set(id, c);
    }
    expect(res.body).toEqual([...expected.values()].sort((a, b) => a.name.localeCompare(b.name)));
    expect(res.body.reduce((n, c) => n + c.count, 0)).toBe(templates.length);
    expect(res.body).toContainEqual(expect.objectContaining({ id: 'ssl-tls', name: 'SSL/TLS' }));
  });

  it('lists every test, paged, with its fields', async () => {
    const first = await admin.get<Page<Test>>('/api/nvt/nvtests-simple/?page_size=10');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(templates.length);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.next).toBe('/api/nvt/nvtests-simple/?page_size=10&page=2');
    // Default order: by name.
    const names = first.body.results.map((x) => x.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const terrapin = await admin.get<Page<Test>>('/api/nvt/nvtests-simple/?search=ssh-terrapin');
    expect(terrapin.body.results).toEqual([
      {
        id: 'ssh-terrapin',
        name: 'SSH prefix truncation (Terrapin attack, CVE-2023-48795)',
        category: 'ssh',
        severity: templates.find((x) => x.id === 'ssh-terrapin')!.info.severity,
        cve: ['CVE-2023-48795'],
        tags: templates.find((x) => x.id === 'ssh-terrapin')!.info.tags,
        description: templates.find((x) => x.id === 'ssh-terrapin')!.info.description,
        solution: templates.find((x) => x.id === 'ssh-terrapin')!.bulwark.solution,
        source: 'shipped',
        origin: 'Bulwark',
        unsafe: null,
        ignored: false,
      },
    ]);
  });

  it('filters by search (id, name or CVE), category and severity (both repeatable)', async () => {
    const byCve = await admin.get<Page<Test>>('/api/nvt/nvtests-simple/?search=cve-2001-0572');
    expect(byCve.body.results.map((x) => x.id)).toEqual(['ssh-protocol-v1']);
    const byName = await admin.get<Page<Test>>('/api/nvt/nvtests-simple/?search=CLEARTEXT&page_size=100');
    expect(byName.body.results.map((x) => x.id)).toContain('ftp-cleartext');
    for (const x of byName.body.results) expect(`${x.id} ${x.name} ${x.cve.join(' ')}`.toLowerCase()).toContain('cleartext');

    const ssh = templates.filter((x) => categoryId(x.bulwark.category) === 'ssh').length;
    const tls = templates.filter((x) => categoryId(x.bulwark.category) === 'ssl-tls').length;
    const one = await admin.get<Page<Test>>('/api/nvt/nvtests-simple/?category=ssh&page_size=100');
    expect(one.body.count).toBe(ssh);
    expect(new Set(one.body.results.map((x) => x.category))).toEqual(new Set(['ssh']));
    const two = await admin.get<Page<Test>>('/api/nvt/nvtests-simple/?category=ssh&category=ssl-tls&page_size=100');
    expect(two.body.count).toBe(ssh + tls);

    const high = templates.filter((x) => x.info.severity >= 3).length;
    const sev = await admin.get<Page<Test>>('/api/nvt/nvtests-simple/?severity=3&severity=4&page_size=100');
    expect(sev.body.count).toBe(high);
    for (const x of sev.body.results) expect(x.severity).toBeGreaterThanOrEqual(3);
    const both = await admin.get<Page<Test>>('/api/nvt/nvtests-simple/?category=ssh&severity=0&page_size=100');
    expect(both.body.count).toBe(templates.filter((x) => categoryId(x.bulwark.category) === 'ssh' && x.info.severity === 0).length);
    expect((await admin.get<Page<Test>>('/api/nvt/nvtests-simple/?category=no-such')).body.count).toBe(0);
  });

  it('orders by severity, name, id or category, descending with -', async () => {
    const desc = await admin.get<Page<Test>>('/api/nvt/nvtests-simple/?ordering=-severity&page_size=100');
    const sev = desc.body.results.map((x) => x.severity);
    expect(sev).toEqual([...sev].sort((a, b) => b - a));
    expect(sev[0]).toBe(4);
    const ids = (await admin.get<Page<Test>>('/api/nvt/nvtests-simple/?ordering=id&page_size=100')).body.results.map((x) => x.id);
    expect(ids).toEqual([...ids].sort((a, b) => a.localeCompare(b)));
  });

  it('refuses bad query parameters with 400 keyed by parameter', async () => {
    const sev = await admin.get('/api/nvt/nvtests-simple/?severity=5');
    expect(sev.status).toBe(400);
    expect(sev.body).toEqual({ severity: ['Severity is 0 to 4.'] });
    expect((await admin.get('/api/nvt/nvtests-simple/?severity=high')).body).toEqual({ severity: ['A valid integer is required.'] });
    expect((await admin.get('/api/nvt/nvtests-simple/?ordering=risk')).body).toEqual({
      ordering: ['Order by one of: id, name, severity, category (with - for descending).'],
    });
    expect((await admin.get('/api/nvt/nvtests-simple/?page=0')).body).toEqual({ page: ['Page numbers start at 1.'] });
  });

  it('keeps the templates in memory once and selects tests by the scanner’s rule', async () => {
    const a = await catalogue();
    expect(await catalogue()).toBe(a);
    expect(a.templates.map((x) => x.id)).toEqual(templates.map((x) => x.id));
    const fields = { plus_categories: ['ssh', 'ftp'], plus_tests: ['ssh-terrapin', 'tls-sslv3'], minus_tests: ['ssh-protocol-v1'] };
    const selected = await selectTests(fields);
    expect(selected).toEqual(selectTemplates(templates, fields).map((x) => x.id));
    expect(selected).toContain('tls-sslv3');
    expect(selected).toContain('ftp-cleartext');
    expect(selected).not.toContain('ssh-protocol-v1');
    expect(await selectTests({})).toHaveLength(templates.length);
  });

  it('answers 401 to anonymous callers and 403 to users without net_scans; net_scans read is enough', async () => {
    const anon = await anonymous(t);
    for (const url of ['/api/nvt/vtestcategories/', '/api/nvt/nvtests-simple/']) {
      expect((await anon.get(url)).status, url).toBe(401);
      const l = await limited.get(url);
      expect(l.status, url).toBe(403);
      expect(l.body).toEqual({ detail: 'You do not have permission to perform this action.' });
      expect((await analyst.get(url)).status, url).toBe(200);
    }
  });
});
