// Reports, schedules, the digest and exports on every test database, end to end through the job queue: templates CRUD
// with field errors and 409s; each format made from one query layer (the CSV's rows add up to the figures the web view
// and the PDF's text show); the anonymised CSV's stable pseudonyms; a LIMITED member's report; a schedule's next runs
// and its report e-mailed with the file attached through a real SMTP server, on an injected clock; the form-encoded
// digest and its mail; exports with fields, read marks and downloads; and the guards (401, 403, another customer's 404).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { DigestConfig, ExportJob, Report, ReportData, ReportSchedule, ReportTemplate, UserProfile } from '@bulwark/core';
import { assets, assetTags, fileChunks, outbox, reports, tags, teamMembers, teams, teamTags, users } from '../src/db/schema/index.ts';
import { queryRows } from '../src/db/rows.ts';
import { settleRunProcessing, startRunProcessing } from '../src/modules/results/queue.ts';
import { runDueSchedules } from '../src/modules/reports/schedules.ts';
import { sendDueDigests } from '../src/modules/reports/digest.ts';
import { deleteExpiredReports } from '../src/modules/reports/runs.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { deliveredRun, smallProfile } from './helpers/scans.ts';

type Page<T> = { count: number; results: T[] };
const PDFTOTEXT = '/usr/bin/pdftotext';
const ssh = { name: 'ssh', product: 'OpenSSH', version: '9.2p1', banner: null, cpe: [] };
const finding = (check: string, severity: number) => ({
  check,
  name: `Weakness ${check}`,
  severity,
  confidence: 'confirmed',
  port: 22,
  protocol: 'tcp',
  cve: [],
});
const host = (address: string, findings: unknown[]) => ({
  address,
  alive: true,
  ports: [{ port: 22, protocol: 'tcp', state: 'open', service: ssh }],
  findings,
});
const SEVERITY_NAMES = ['Info', 'Low', 'Medium', 'High', 'Critical'];

describe.each(BACKENDS)('reports on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let member: Client;
  let other: Client;
  let noAccess: Client;
  let scanId: number;
  let smtp: SMTPServer;
  const received: { to: string[]; raw: string }[] = [];

  /** Waits for the job queue to finish a report (the worker runs it; nothing here depends on time). */
  const finished = async (c: Client, id: number): Promise<Report> => {
    for (let i = 0; i < 600; i++) {
      const r = (await c.get<Report>(`/api/reports/${id}/`)).body;
      if (r.state === 'finished' || r.state === 'failed') return r;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`report ${id} did not finish`);
  };
  const make = async (c: Client, body: Record<string, unknown>) => {
    const res = await c.post<Report>('/api/reports/', { template: null, scope_kind: 'unified_vulns', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.state).toBe('pending');
    expect(res.body.task_id).toMatch(/^[0-9a-f-]{36}$/);
    return finished(c, res.body.id);
  };
  /** The file as bytes (the client's text decoding would spoil a PDF). */
  const download = async (c: Client, url: string) => {
    const cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
  };
  const csvRows = (bytes: Buffer) => parse(bytes.toString('utf8'), { columns: true }) as Record<string, string>[];

  beforeAll(async () => {
    smtp = new SMTPServer({
      disableReverseLookup: true,
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      size: 50 * 1024 * 1024,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.3', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await startTestApp(backend, { SMTP_URL: `smtp://127.0.0.3:${port}`, BULWARK_MAIL_FROM: 'Bulwark <reports@bulwark.test>' });
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const probeId = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Quiet probe' })).body.id;
    const profile = await smallProfile(t, 1, '22');
    const runId = await deliveredRun(
      t,
      admin,
      { name: 'Office sweep', profile, probeId },
      {
        hosts: [
          host('127.0.0.1', [
            finding('ssh-weak-kex', 3),
            finding('ssh-terrapin', 2),
            finding('ssh-weak-macs', 4),
            finding('ssh-banner', 0),
          ]),
          host('127.0.0.2', [finding('ssh-terrapin', 2), finding('ssh-weak-kex', 3)]),
        ],
      },
    );
    await startRunProcessing(t.ctx, runId);
    await settleRunProcessing(t.ctx);
    scanId = Number((await queryRows<{ scan_id: number }>(t.ctx.db, sql`select scan_id from scan_runs where id = ${runId}`))[0]!.scan_id);

    // A LIMITED member who sees only 127.0.0.2, with the reports and vulnerabilities permissions.
    const m = await t.user({ email: 'member@example.com' });
    await t.ctx.db
      .update(users)
      .set({
        permissions: { reports: ['read', 'create', 'update', 'delete'], unified_vulnerabilities: ['read'], unified_assets: ['read'] },
      })
      .where(eq(users.id, m.id));
    member = await signedIn(t, 'member@example.com');
    const [tag] = await t.ctx.db.insert(tags).values({ customerId: 1, name: 'Second' }).returning();
    const [second] = await t.ctx.db.select().from(assets).where(eq(assets.address, '127.0.0.2'));
    await t.ctx.db.insert(assetTags).values({ tagId: tag!.id, assetId: second!.id, customerId: 1 });
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Limited', assetPermissions: 'LIMITED' }).returning();
    await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: m.id });
    await t.ctx.db.insert(teamTags).values({ teamId: team!.id, tagId: tag!.id, role: 'permission' });
    await t.user({ email: 'nobody@example.com' });
    noAccess = await signedIn(t, 'nobody@example.com');
    other = await signedIn(t, (await t.otherCustomer()).adminEmail);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  describe('templates', () => {
    let template: ReportTemplate;

    it('creates, reads, changes and deletes a template, with field errors and a 409 on a name in use', async () => {
      const created = await admin.post<ReportTemplate>('/api/reports/template/', {
        name: 'Board summary',
        title: 'Security posture',
        sections: ['executive_summary', 'severity_breakdown', 'top_issues'],
        top_n: 5,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      template = created.body;
      expect(template).toMatchObject({ name: 'Board summary', title: 'Security posture', logo: null, top_n: 5 });
      expect((await admin.post('/api/reports/template/', { name: 'board SUMMARY', sections: ['findings'] })).body).toEqual({
        name: ['A report template with this name already exists.'],
      });
      const bad = await admin.post<Record<string, string[]>>('/api/reports/template/', {
        name: '',
        sections: ['executive_summary', 'executive_summary', 'nonsense'],
        top_n: 500,
        logo: 'data:image/gif;base64,AAAA',
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body).sort()).toEqual(['logo', 'name', 'sections', 'top_n']);
      expect(bad.body.logo).toEqual(['Upload a PNG or JPEG image.']);
      expect(bad.body.top_n).toEqual(['Enter a number from 5 to 50.']);
      expect((await admin.post<Record<string, string[]>>('/api/reports/template/', { name: 'Empty', sections: [] })).body.sections).toEqual(
        ['Choose at least one section.'],
      );
      const patched = await admin.patch<ReportTemplate>(`/api/reports/template/${template.id}/`, { top_n: 10 });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({
        name: 'Board summary',
        top_n: 10,
        sections: ['executive_summary', 'severity_breakdown', 'top_issues'],
      });
      const list = await admin.get<Page<ReportTemplate>>('/api/reports/template/');
      expect(list.body.results.map((x) => x.name)).toEqual(['Board summary']);
      const scratch = (await admin.post<ReportTemplate>('/api/reports/template/', { name: 'Scratch', sections: ['findings'] })).body;
      expect((await admin.request('DELETE', `/api/reports/template/${scratch.id}/`)).status).toBe(204);
      expect((await admin.get(`/api/reports/template/${scratch.id}/`)).status).toBe(404);
    });

    it('keeps templates to their customer and their permission', async () => {
      expect((await other.get(`/api/reports/template/${template.id}/`)).status).toBe(404);
      expect((await other.get<Page<ReportTemplate>>('/api/reports/template/')).body.count).toBe(0);
      expect((await other.request('PUT', `/api/reports/template/${template.id}/`, { name: 'Mine', sections: ['findings'] })).status).toBe(
        404,
      );
      expect((await noAccess.get('/api/reports/template/')).status).toBe(403);
      expect((await noAccess.post('/api/reports/template/', { name: '' })).status).toBe(403);
      expect((await (await anonymous(t)).get('/api/reports/template/')).status).toBe(401);
    });
  });

  describe('runs', () => {
    let data: ReportData;
    let csv: Record<string, string>[];

    it('prepares figures that match the database, and refuses a scan scope without its scan', async () => {
      const res = await admin.post<ReportData>('/api/reports/prepare-report-data/', { scope_kind: 'unified_vulns' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      data = res.body;
      const [counts] = await queryRows<Record<string, number>>(
        t.ctx.db,
        sql`select ${sql.raw([0, 1, 2, 3, 4].map((s) => `count(*) filter (where severity = ${s})::int as s${s}`).join(', '))}, count(*)::int as n
            from findings where customer_id = 1 and state <> 3`,
      );
      expect(data.summary.by_severity).toEqual([0, 1, 2, 3, 4].map((s) => Number(counts![`s${s}`])));
      expect(data.summary.open_findings).toBe(Number(counts!.n));
      expect(data.findings_count).toBe(6);
      expect(data.summary).toMatchObject({ open_issues: 4, affected_assets: 2 });
      expect(data.top_issues[0]).toMatchObject({ hid: 'nvt-ssh-weak-macs', severity: 4, assets: 1 });
      expect(data.exposed_assets.map((a) => a.address)).toEqual(['127.0.0.1', '127.0.0.2']);
      expect(data.coverage).toMatchObject({ assets: 2, scanned_30d: 2, never_scanned: 0, runs_30d: 1 });
      expect(data.remediation).toMatchObject({ days: 30, detected: 6, fixed: 0, ignored: 0 });

      // Every scope kind's area exists now: a cloud scan report asks for its scan like the other scan reports.
      expect((await admin.post('/api/reports/prepare-report-data/', { scope_kind: 'cloud_result' })).body).toEqual({
        scope: ['Choose the cloud scan to report on.'],
      });
      const badFilter = await admin.post<Record<string, string[]>>('/api/reports/prepare-report-data/', {
        scope_kind: 'unified_vulns',
        scope: { filters: { severity: '9' } },
      });
      expect(badFilter.status).toBe(400);
      expect(badFilter.body.scope).toEqual(['severity.0: Severity is 0 to 4.']);
      expect((await admin.post('/api/reports/prepare-report-data/', { scope_kind: 'scan_network' })).body).toEqual({
        scope: ['Choose the network scan to report on.'],
      });
      const filtered = await admin.post<ReportData>('/api/reports/prepare-report-data/', {
        scope_kind: 'unified_vulns',
        scope: { filters: { severity: ['3', '4'] } },
      });
      expect(filtered.body.findings_count).toBe(3);
    });

    it('makes a CSV whose rows add up to the figures', async () => {
      const r = await make(admin, { name: 'Weekly CSV', format: 'csv' });
      expect(r.state, r.error ?? '').toBe('finished');
      expect(r.progress).toEqual({ current: 6, total: 6 });
      expect(r.file_name).toMatch(/^Weekly-CSV-\d{4}-\d{2}-\d{2}\.csv$/);
      const file = await download(admin, `/api/reports/${r.id}/download/`);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(file.bytes.length).toBe(r.file_size);
      csv = csvRows(file.bytes);
      expect(csv).toHaveLength(data.findings_count);
      expect(SEVERITY_NAMES.map((name) => csv.filter((row) => row.severity === name).length)).toEqual(data.summary.by_severity);
      expect(Object.keys(csv[0]!)).toEqual([
        'asset',
        'address',
        'port',
        'issue',
        'name',
        'severity',
        'risk_score',
        'cvss',
        'epss',
        'exploit_known',
        'state',
        'first_seen',
        'last_seen',
        'description',
        'solution',
        'evidence',
      ]);
      // Highest risk first, as the web view's pages list them.
      const risks = csv.map((row) => Number(row.risk_score));
      expect([...risks].sort((a, b) => b - a)).toEqual(risks);
      const page = await admin.get<Page<Record<string, string>>>(`/api/reports/${r.id}/findings/?page=2&page_size=4`);
      expect(page.body.count).toBe(6);
      expect(page.body.results).toEqual(csv.slice(4, 6));
      // The stored figures are the ones the preview showed.
      const stored = await admin.get<ReportData>(`/api/reports/${r.id}/data/`);
      expect(stored.body.summary).toEqual(data.summary);
    });

    it.skipIf(!existsSync(PDFTOTEXT))('makes a PDF whose text shows the same figures as the CSV', async () => {
      const r = await make(admin, { name: 'Board PDF', format: 'pdf' });
      expect(r.state, r.error ?? '').toBe('finished');
      const file = await download(admin, `/api/reports/${r.id}/download/`);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const dir = mkdtempSync(path.join(tmpdir(), 'bulwark-pdf-'));
      writeFileSync(path.join(dir, 'r.pdf'), file.bytes);
      const text = execFileSync(PDFTOTEXT, ['-layout', path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
      expect(text).toContain(`Open findings ${csv.length}`);
      for (const name of SEVERITY_NAMES) expect(text).toContain(`${name} ${csv.filter((row) => row.severity === name).length}`);
      expect(text).toMatch(/Contents\n[^]*Executive summary \.* ?\d+/);
      expect(text).toMatch(/Page 2/);
      for (const row of csv) expect(text).toContain(row.issue);
    });

    it('makes an HTML file with the same figures, and a web report without a file', async () => {
      const r = await make(admin, { name: 'HTML', format: 'html' });
      const html = (await download(admin, `/api/reports/${r.id}/download/`)).bytes.toString('utf8');
      expect(html).toContain('<svg');
      expect(html).toContain('nvt-ssh-weak-macs');
      const web = await make(admin, { name: 'On screen', format: 'web', template: null });
      expect(web).toMatchObject({ state: 'finished', file_name: null });
      expect((await download(admin, `/api/reports/${web.id}/download/`)).status).toBe(404);
      expect((await admin.get<ReportData>(`/api/reports/${web.id}/data/`)).body.summary.by_severity).toEqual(data.summary.by_severity);
    });

    it('replaces names and addresses with stable pseudonyms in the anonymised CSV', async () => {
      const a = await make(admin, { name: 'Shared', format: 'anonymized_csv' });
      const b = await make(admin, { name: 'Shared again', format: 'anonymized_csv' });
      const rowsA = csvRows((await download(admin, `/api/reports/${a.id}/download/`)).bytes);
      const rowsB = csvRows((await download(admin, `/api/reports/${b.id}/download/`)).bytes);
      const text = JSON.stringify(rowsA);
      expect(text).not.toContain('127.0.0.1');
      expect(text).not.toContain('127.0.0.2');
      expect(rowsA.every((row) => /^asset-[0-9a-f]{10}$/.test(row.asset!) && /^ip-[0-9a-f]{10}$/.test(row.address!))).toBe(true);
      expect(new Set(rowsA.map((row) => row.address)).size).toBe(2);
      expect(rowsB.map((row) => row.address)).toEqual(rowsA.map((row) => row.address));
      expect(rowsA.map((row) => row.issue)).toEqual(csv.map((row) => row.issue));
    });

    it('reports on one network scan, and uses a template', async () => {
      const template = (await admin.get<Page<ReportTemplate>>('/api/reports/template/')).body.results[0]!;
      const r = await make(admin, {
        name: 'Sweep report',
        format: 'web',
        scope_kind: 'scan_network',
        scope: { filters: {}, scan: scanId },
        template: template.id,
      });
      const d = (await admin.get<ReportData>(`/api/reports/${r.id}/data/`)).body;
      expect(d.scope_label).toBe('Network scan: Office sweep');
      expect(d.title).toBe('Security posture');
      expect(d.sections).toEqual(['executive_summary', 'severity_breakdown', 'top_issues']);
      expect(d.findings_count).toBe(6);
      expect(
        (await admin.post('/api/reports/', { name: 'x', format: 'csv', scope_kind: 'scan_network', scope: { scan: 999999 } })).body,
      ).toEqual({
        scope: ['That network scan does not exist.'],
      });
      // A network scan is no policy scan.
      expect(
        (await admin.post('/api/reports/', { name: 'x', format: 'csv', scope_kind: 'scan_policy', scope: { scan: scanId } })).body,
      ).toEqual({ scope: ['That policy scan does not exist.'] });
    });

    it("makes a LIMITED member's report of only what they see", async () => {
      const r = await make(member, { name: 'Mine', format: 'csv' });
      const rows = csvRows((await download(member, `/api/reports/${r.id}/download/`)).bytes);
      expect(new Set(rows.map((row) => row.address))).toEqual(new Set(['127.0.0.2']));
      expect(rows).toHaveLength(2);
    });

    it('lists runs, guards them and deletes them with their files', async () => {
      const list = await admin.get<Page<Report>>('/api/reports/?format=csv&ordering=name');
      expect(list.status).toBe(200);
      expect(list.body.results.map((r) => r.name)).toEqual(['Mine', 'Weekly CSV']);
      expect((await admin.get('/api/reports/?state=done')).status).toBe(400);
      const id = list.body.results[1]!.id;
      expect((await other.get(`/api/reports/${id}/`)).status).toBe(404);
      expect((await download(other, `/api/reports/${id}/download/`)).status).toBe(404);
      expect((await other.request('DELETE', `/api/reports/${id}/`)).status).toBe(404);
      expect((await noAccess.get('/api/reports/')).status).toBe(403);
      expect((await noAccess.post('/api/reports/', { name: 'x', format: 'csv', scope_kind: 'unified_vulns' })).status).toBe(403);
      expect((await (await anonymous(t)).get(`/api/reports/${id}/`)).status).toBe(401);
      const bad = await admin.post<Record<string, string[]>>('/api/reports/', { name: '', format: 'docx', scope_kind: 'nope' });
      expect(Object.keys(bad.body).sort()).toEqual(['format', 'name', 'scope_kind']);
      expect(await t.ctx.db.$count(fileChunks, eq(fileChunks.reportId, id))).toBeGreaterThan(0);
      expect((await admin.request('DELETE', `/api/reports/${id}/`)).status).toBe(204);
      expect(await t.ctx.db.$count(fileChunks, eq(fileChunks.reportId, id))).toBe(0);
      // Housekeeping deletes reports past their retention.
      const before = await t.ctx.db.$count(reports);
      expect(await deleteExpiredReports(t.ctx.db, new Date(Date.now() + 31 * 86_400_000))).toBe(before);
    });
  });

  describe('schedules', () => {
    let schedule: ReportSchedule;

    it('creates a schedule with its next runs in its time zone, with field errors', async () => {
      const preview = await admin.post<{ upcoming: string[] }>('/api/reports/schedules/preview/', {
        frequency: 'monthly',
        day_of_month: 0,
        time: '07:00',
        time_zone: 'America/New_York',
      });
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.upcoming).toHaveLength(5);
      for (const at of preview.body.upcoming) {
        const local = new Date(new Date(at).toLocaleString('en-US', { timeZone: 'America/New_York' }));
        expect(local.getHours()).toBe(7);
        expect(new Date(local.getFullYear(), local.getMonth(), local.getDate() + 1).getDate()).toBe(1);
      }
      const bad = await admin.post<Record<string, string[]>>('/api/reports/schedules/', {
        name: 'Bad',
        format: 'pdf',
        scope_kind: 'unified_vulns',
        frequency: 'hourly',
        time: '25:00',
        time_zone: 'Mars/Olympus',
        recipients: ['not-an-address'],
      });
      expect(Object.keys(bad.body).sort()).toEqual(['frequency', 'recipients', 'time', 'time_zone']);
      expect(bad.body.time_zone).toEqual(['Choose a known time zone, e.g. Europe/Stockholm.']);
      const created = await admin.post<ReportSchedule>('/api/reports/schedules/', {
        name: 'Monday PDF',
        format: 'pdf',
        scope_kind: 'unified_vulns',
        frequency: 'weekly',
        weekday: 1,
        time: '08:30',
        time_zone: 'Europe/Stockholm',
        recipients: ['ciso@example.com', 'CISO@example.com', 'team@example.com'],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      schedule = created.body;
      expect(schedule.recipients).toEqual(['ciso@example.com', 'team@example.com']);
      expect(schedule.upcoming).toHaveLength(5);
      for (const at of schedule.upcoming) {
        expect(
          new Date(at).toLocaleString('en-GB', { timeZone: 'Europe/Stockholm', weekday: 'long', hour: '2-digit', minute: '2-digit' }),
        ).toBe('Monday 08:30');
      }
      expect(schedule.next_run_at).toBe(schedule.upcoming[0]);
      expect(
        (
          await admin.post('/api/reports/schedules/', {
            ...created.body,
            id: undefined,
            next_run_at: undefined,
            last_run_at: undefined,
            last_report: undefined,
            upcoming: undefined,
            template: null,
          })
        ).status,
      ).toBe(409);
      expect((await other.get(`/api/reports/schedules/${schedule.id}/`)).status).toBe(404);
      expect((await noAccess.get('/api/reports/schedules/')).status).toBe(403);
    });

    it('runs a due schedule once on the injected clock and e-mails the PDF attached', async () => {
      const due = new Date(schedule.next_run_at!);
      const later = new Date(due.getTime() + 3 * 86_400_000);
      const started = await runDueSchedules(t.ctx.db, later, t.ctx.log);
      expect(started).toHaveLength(1);
      // Missed three days: it runs once, and its next run is after the clock.
      expect(await runDueSchedules(t.ctx.db, later, t.ctx.log)).toEqual([]);
      const after = (await admin.get<ReportSchedule>(`/api/reports/schedules/${schedule.id}/`)).body;
      expect(new Date(after.next_run_at!).getTime()).toBeGreaterThan(later.getTime());
      expect(after.last_report).toBe(started[0]);
      await t.ctx.jobs!.send('report', { reportId: started[0] });
      const r = await finished(admin, started[0]!);
      expect(r).toMatchObject({ state: 'finished', schedule: schedule.id });
      for (let i = 0; i < 200 && received.filter((m) => m.raw.includes('Monday PDF')).length < 2; i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const mails = received.filter((m) => m.raw.includes('Bulwark report: Monday PDF'));
      expect(mails.map((m) => m.to[0]).sort()).toEqual(['ciso@example.com', 'team@example.com']);
      expect(mails[0]!.raw).toContain('Content-Type: application/pdf');
      expect(mails[0]!.raw).toContain(`filename=${r.file_name}`);
      expect(mails[0]!.raw).toContain(`http://bulwark.test/reports/reports/view/${r.id}`);
    });

    it('pauses a schedule by PATCH and deletes it', async () => {
      const paused = await admin.patch<ReportSchedule>(`/api/reports/schedules/${schedule.id}/`, { is_active: false });
      expect(paused.body).toMatchObject({ is_active: false, next_run_at: null, upcoming: [] });
      expect(await runDueSchedules(t.ctx.db, new Date(Date.now() + 365 * 86_400_000), t.ctx.log)).toEqual([]);
      expect((await admin.request('DELETE', `/api/reports/schedules/${schedule.id}/`)).status).toBe(204);
    });
  });

  describe('digest', () => {
    it('takes the settings form-encoded, shows them in the profile, and sends what changed when due', async () => {
      const form = (c: Client, body: string) =>
        c.request('POST', '/api/reports/digest-config/', body, { 'content-type': 'application/x-www-form-urlencoded' });
      expect((await admin.get<UserProfile>('/api/user/profile/?me=1')).body.digestreportconfig ?? null).toBeNull();
      const bad = await form(admin, 'enabled=true&frequency=hourly&time_zone=Nowhere');
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body).sort()).toEqual(['frequency', 'time_zone']);
      const set = await form(admin, 'enabled=true&frequency=daily&time=06%3A00&time_zone=Europe%2FStockholm');
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const config = set.body as unknown as DigestConfig;
      expect(config).toMatchObject({ enabled: true, frequency: 'daily', time: '06:00', time_zone: 'Europe/Stockholm', last_sent_at: null });
      expect(new Date(config.next_run_at!).toLocaleTimeString('en-GB', { timeZone: 'Europe/Stockholm' })).toBe('06:00:00');
      expect((await admin.get<UserProfile>('/api/user/profile/?me=1')).body.digestreportconfig).toMatchObject({
        enabled: true,
        frequency: 'daily',
      });
      const at = new Date(new Date(config.next_run_at!).getTime() + 60_000);
      const sent = await sendDueDigests({ db: t.ctx.db, mailer: t.ctx.mailer, log: t.ctx.log, config: t.config }, at);
      expect(sent).toBe(1);
      expect(await sendDueDigests({ db: t.ctx.db, mailer: t.ctx.mailer, log: t.ctx.log, config: t.config }, at)).toBe(0);
      const [mail] = await t.ctx.db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, ADMIN_EMAIL))
        .orderBy(sql`${outbox.id} desc`)
        .limit(1);
      expect(mail!.subject).toMatch(/^Bulwark daily digest: \d+ new, 0 fixed$/);
      expect(mail!.body).toContain('Open findings now: 6 (Critical 1, High 2, Medium 2, Low 0, Info 1)');
      const off = await form(admin, 'enabled=false');
      expect((off.body as unknown as DigestConfig).next_run_at).toBeNull();
      expect((await (await anonymous(t)).get('/api/reports/digest-config/')).status).toBe(401);
    });
  });

  describe('exports', () => {
    const waitExport = async (c: Client, type: string, id: number) => {
      for (let i = 0; i < 600; i++) {
        const e = (await c.get<ExportJob>(`/api/export/${type}/${id}/`)).body;
        if (e.state === 'finished' || e.state === 'failed') return e;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('export did not finish');
    };

    it('exports findings with the fields and filter asked for, unread until downloaded', async () => {
      const created = await admin.post<ExportJob>('/api/export/vulnerabilities/', {
        fields: ['address', 'issue', 'severity'],
        filters: { severity: ['3', '4'] },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const done = await waitExport(admin, 'vulnerabilities', created.body.id);
      expect(done).toMatchObject({ state: 'finished', rows: 3, is_read: false });
      expect((await admin.get<{ unread: number }>('/api/export/')).body.unread).toBe(1);
      const file = await download(admin, `/api/export/vulnerabilities/${done.id}/download/`);
      const rows = csvRows(file.bytes);
      expect(Object.keys(rows[0]!)).toEqual(['address', 'issue', 'severity']);
      expect(rows.map((r) => r.severity).sort()).toEqual(['Critical', 'High', 'High']);
      expect((await admin.get<ExportJob>(`/api/export/vulnerabilities/${done.id}/`)).body.is_read).toBe(true);
      expect((await admin.get<{ unread: number }>('/api/export/')).body.unread).toBe(0);
    });

    it('exports issues and assets, and marks one read', async () => {
      const issues = await waitExport(admin, 'issues', (await admin.post<ExportJob>('/api/export/issues/', {})).body.id);
      expect(issues.rows).toBe(4);
      const assetsExport = await waitExport(
        admin,
        'assets',
        (await admin.post<ExportJob>('/api/export/assets/', { fields: ['address', 'findings'] })).body.id,
      );
      const rows = csvRows((await download(admin, `/api/export/assets/${assetsExport.id}/download/`)).bytes);
      expect(rows.map((r) => [r.address, r.findings]).sort()).toEqual([
        ['127.0.0.1', '4'],
        ['127.0.0.2', '2'],
      ]);
      const read = await admin.patch<ExportJob>(`/api/export/issues/${issues.id}/mark_read/`, {});
      expect(read.body.is_read).toBe(true);
      const list = await admin.get<Page<ExportJob>>('/api/export/issues/');
      expect(list.body.results.map((e) => e.id)).toEqual([issues.id]);
    });

    it('refuses unknown fields and bad filters, and keeps exports to their owner', async () => {
      expect((await admin.post('/api/export/assets/', { fields: ['password'] })).body).toEqual({
        fields: ['Unknown field: password. Choose from: id, name, address, kind, os, risk_score, findings, tags, first_seen, last_seen.'],
      });
      expect((await admin.post('/api/export/vulnerabilities/', { filters: { severity: 'x' } })).status).toBe(400);
      const mine = (await admin.get<Page<ExportJob>>('/api/export/vulnerabilities/')).body.results[0]!;
      expect((await member.get(`/api/export/vulnerabilities/${mine.id}/`)).status).toBe(404);
      expect((await other.patch(`/api/export/vulnerabilities/${mine.id}/mark_read/`, {})).status).toBe(404);
      expect((await noAccess.post('/api/export/assets/', {})).status).toBe(403);
      expect((await (await anonymous(t)).get('/api/export/')).status).toBe(401);
    });
  });
});
