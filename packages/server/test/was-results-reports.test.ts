// The three web report scopes with real rows: w_runs (every web run's findings, with their evidence),
// scan_web_application (one web scan's findings) and scan_web_application_discovery (a discovery run's site map,
// technologies and virtual hosts), in CSV, anonymised CSV, HTML and PDF, through the report jobs.
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report, ReportData } from '@bulwark/core';
import { scanRuns } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';
import { aWebFinding, aWebResult, processTestWebRun, webAsset, webRuns } from './helpers/was-results.ts';

const SHOP = 'http://127.0.0.7:8080/';
const MAP = 'http://127.0.0.8:8080/';

describe.each(BACKENDS)('web report scopes on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let webScan: number;
  let discoveryScan: number;

  const finished = async (id: number): Promise<Report> => {
    for (let i = 0; i < 600; i++) {
      const r = (await admin.get<Report>(`/api/reports/${id}/`)).body;
      if (r.state === 'finished' || r.state === 'failed') return r;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`report ${id} did not finish`);
  };
  const make = async (body: Record<string, unknown>): Promise<{ report: Report; file: Buffer }> => {
    const res = await admin.post<Report>('/api/reports/', { template: null, name: 'Web', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const report = await finished(res.body.id);
    expect(report.state, report.error ?? '').toBe('finished');
    const cookie = [...admin.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const file = await t.app.inject({ method: 'GET', url: `/api/reports/${report.id}/download/`, headers: { cookie } });
    expect(file.statusCode).toBe(200);
    return { report, file: file.rawPayload };
  };
  const csv = (bytes: Buffer) => parse(bytes.toString('utf8'), { columns: true }) as Record<string, string>[];
  const scanOf = async (runId: number) => (await t.ctx.db.select().from(scanRuns).where(eq(scanRuns.id, runId)))[0]!.scanId;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const shop = await webAsset(t.ctx.db, 1, SHOP);
    const [run] = await webRuns(t.ctx.db, 1, shop, 1);
    webScan = await scanOf(run!);
    await processTestWebRun(t.ctx.db, {
      customerId: 1,
      runId: run!,
      assetId: shop,
      result: aWebResult(SHOP, [
        aWebFinding('web-sqli-error', `${SHOP}shop/item?id=1`, 'id'),
        aWebFinding('web-open-redirect', `${SHOP}go?to=x`, 'to'),
      ]),
    });
    const mapped = await webAsset(t.ctx.db, 1, MAP);
    const [found] = await webRuns(t.ctx.db, 1, mapped, 1, true);
    discoveryScan = await scanOf(found!);
    await processTestWebRun(t.ctx.db, {
      customerId: 1,
      runId: found!,
      assetId: mapped,
      discovery: true,
      result: aWebResult(MAP, [], {
        technologies: [{ name: 'nginx', version: '1.22.1', cpe: 'cpe:2.3:a:f5:nginx:1.22.1:*:*:*:*:*:*:*', evidence: 'Server' }],
      }),
    });
  });
  afterAll(() => t?.close());

  it('w_runs lists every web run’s findings with their evidence', async () => {
    const data = (await admin.post<ReportData>('/api/reports/prepare-report-data/', { scope_kind: 'w_runs' })).body;
    expect(data.findings_count).toBe(2);
    expect(data.coverage).toMatchObject({ assets: 2, runs_30d: 2 });
    const { file } = await make({ scope_kind: 'w_runs', format: 'csv' });
    const rows = csv(file);
    expect(rows.map((r) => [r.asset, r.issue, r.severity, r.port]).sort()).toEqual([
      [SHOP, 'nvt-web-open-redirect', 'Medium', ''],
      [SHOP, 'nvt-web-sqli-error', 'Critical', ''],
    ]);
    expect(rows.find((r) => r.issue === 'nvt-web-sqli-error')!.evidence).toContain('You have an error in your SQL syntax');
  });

  it('scan_web_application reports one web scan’s findings, in every format', async () => {
    expect((await admin.post('/api/reports/prepare-report-data/', { scope_kind: 'scan_web_application' })).status).toBe(400);
    const scope = { scan: webScan, filters: {} };
    const { report, file } = await make({ scope_kind: 'scan_web_application', format: 'csv', scope });
    const data = (await admin.post<ReportData>('/api/reports/prepare-report-data/', { scope_kind: 'scan_web_application', scope })).body;
    expect(data.scope_label).toMatch(/^Web application scan: web scan \d+$/);
    expect(report.file_name).toMatch(/\.csv$/);
    expect(csv(file)).toHaveLength(2);
    const html = (await make({ scope_kind: 'scan_web_application', format: 'html', scope })).file.toString('utf8');
    expect(html).toContain('SQL injection (error based)');
    const pdf = (await make({ scope_kind: 'scan_web_application', format: 'pdf', scope })).file;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('scan_web_application_discovery reports the site map, technologies and virtual hosts, in every format', async () => {
    const scope = { scan: discoveryScan, filters: {} };
    const data = (
      await admin.post<ReportData>('/api/reports/prepare-report-data/', { scope_kind: 'scan_web_application_discovery', scope })
    ).body;
    expect(data.web_discovery).toMatchObject({ target: MAP, urls: 5, forms: 1, vhosts: ['admin.local'] });
    expect(data.web_discovery!.technologies).toEqual([
      { name: 'nginx', version: '1.22.1', cpe: 'cpe:2.3:a:f5:nginx:1.22.1:*:*:*:*:*:*:*' },
    ]);
    const rows = csv((await make({ scope_kind: 'scan_web_application_discovery', format: 'csv', scope })).file);
    expect(rows.map((r) => [r.url, r.status, r.source])).toEqual([
      [MAP, '200', 'start'],
      [`${MAP}shop/item?id=1`, '200', 'link'],
      [`${MAP}shop/cart`, '302', 'link'],
      [`${MAP}search?q=a`, '200', 'form'],
      [`${MAP}robots.txt`, '404', 'robots'],
    ]);
    expect(rows[1]).toMatchObject({ asset: MAP, parameters: 'id', depth: '1' });
    const anonymous = csv((await make({ scope_kind: 'scan_web_application_discovery', format: 'anonymized_csv', scope })).file);
    expect(anonymous[1]).toMatchObject({ url: '/shop/item?id=1' });
    expect(anonymous[1]!.asset).toMatch(/^asset-[0-9a-f]{10}$/);
    const html = (await make({ scope_kind: 'scan_web_application_discovery', format: 'html', scope })).file.toString('utf8');
    expect(html).toContain('Web application discovery');
    expect(html).toContain(`${MAP}robots.txt`);
    expect(html).toContain('admin.local');
    const pdf = (await make({ scope_kind: 'scan_web_application_discovery', format: 'pdf', scope })).file;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
