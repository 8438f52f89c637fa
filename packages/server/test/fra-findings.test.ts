// Phishing severity and `pat` findings, rule by rule, through settleTarget on targets and events inserted here (the
// tracking listener's part is tested on its own): opened low, clicked medium, submitted high, a password or a second
// submission within a year critical, reporting lowers by one, bots count for nothing, the training closes the
// finding without lowering the severity and a later, worse behaviour reopens it; the recipient's severity is the
// highest of the last year; the findings show in unified vulnerabilities with source pat, and the dashboard widget
// counts recipients per severity.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, fraAssessments, fraEvents, fraRecipients, fraTargets, findings, issues } from '../src/db/schema/index.ts';
import { settleTarget } from '../src/modules/fra/results/outcome.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';

const NOW = new Date('2026-05-04T10:00:00Z');
const MIN = 60_000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MIN);

describe.each(BACKENDS)('phishing severity and pat findings on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let n = 0;

  beforeAll(async () => {
    t = await startTestApp(backend);
    t.ctx.clock = () => NOW;
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => t?.close());

  async function recipient(customerId = 1) {
    n += 1;
    const email = `person${n}@example.com`;
    const [a] = await t.ctx.db
      .insert(assets)
      .values({ customerId, kind: 'recipient', type: 5, value: email, name: `Person ${n}`, emailAddress: email })
      .returning();
    const [r] = await t.ctx.db
      .insert(fraRecipients)
      .values({ customerId, assetId: a!.id, email, firstName: 'Person', lastName: String(n), department: 'Sales' })
      .returning();
    return r!;
  }
  async function assessment(name: string, startedAt = NOW) {
    const [a] = await t.ctx.db
      .insert(fraAssessments)
      .values({ customerId: 1, name, selection: { recipients: [], tags: [], departments: [] }, state: 'running', startedAt })
      .returning();
    return a!;
  }
  type Times = Partial<Record<'sentAt' | 'openedAt' | 'clickedAt' | 'submittedAt' | 'reportedAt' | 'trainingCompletedAt', Date>>;
  async function target(recipientId: number, times: Times, assessmentId?: number) {
    const aId = assessmentId ?? (await assessment(`Assessment ${n}`)).id;
    const [x] = await t.ctx.db
      .insert(fraTargets)
      .values({
        customerId: 1,
        assessmentId: aId,
        recipientId,
        token: randomBytes(16).toString('base64url'),
        state: 'sent',
        sentAt: at(0),
        ...times,
      })
      .returning();
    return x!;
  }
  async function event(x: { id: number; assessmentId: number }, kind: 'opened' | 'clicked' | 'submitted', human: boolean, details = {}) {
    await t.ctx.db.insert(fraEvents).values({
      customerId: 1,
      assessmentId: x.assessmentId,
      targetId: x.id,
      kind,
      at: at(5),
      human,
      botReasons: human ? [] : ['too_soon', 'no_script'],
      details,
    });
  }
  const settle = (id: number, now = NOW) => t.ctx.db.transaction((tx) => settleTarget(tx, 1, id, now));
  const severityOf = async (id: number) => (await t.ctx.db.select().from(fraTargets).where(eq(fraTargets.id, id)))[0]!.severity;
  const recipientSeverity = async (id: number) =>
    (await t.ctx.db.select().from(fraRecipients).where(eq(fraRecipients.id, id)))[0]!.severity;
  const findingsOf = (assetId: number) => t.ctx.db.select().from(findings).where(eq(findings.hostId, assetId));

  it('a message only sent (or seen only by bots) is neutral 0 and makes no finding', async () => {
    const r = await recipient();
    const x = await target(r.id, {});
    await event(x, 'clicked', false);
    await settle(x.id);
    expect(await severityOf(x.id)).toBe(0);
    expect(await findingsOf(r.assetId)).toEqual([]);
  });

  it('opened is low 1, clicked medium 2, submitted data high 3', async () => {
    const cases: [Times, number, string][] = [
      [{ openedAt: at(5) }, 1, 'pat-opened'],
      [{ openedAt: at(5), clickedAt: at(6) }, 2, 'pat-clicked'],
      [{ clickedAt: at(6), submittedAt: at(7) }, 3, 'pat-submitted'],
    ];
    for (const [times, severity, hid] of cases) {
      const r = await recipient();
      const x = await target(r.id, times);
      await settle(x.id);
      expect(await severityOf(x.id)).toBe(severity);
      expect(await recipientSeverity(r.id)).toBe(severity);
      const [f] = await findingsOf(r.assetId);
      expect(f).toMatchObject({ source: 'pat', severity, state: 0, lastRunId: null });
      const [issue] = await t.ctx.db.select().from(issues).where(eq(issues.id, f!.issueId!));
      expect(issue).toMatchObject({ hid, source: 'pat' });
    }
  });

  it('a password field filled is critical 4, and the evidence names fields, never values', async () => {
    const r = await recipient();
    const x = await target(r.id, { clickedAt: at(6), submittedAt: at(7) });
    await event(x, 'submitted', true, { fields: ['username', 'password'] });
    await settle(x.id);
    expect(await severityOf(x.id)).toBe(4);
    const [f] = await findingsOf(r.assetId);
    expect(f!.severity).toBe(4);
    expect(f!.key).toMatch(/^pat:[0-9a-f-]{36}$/);
    expect(f!.evidence).toContain('Fields filled (names only): username, password');
    expect(f!.evidence).toContain('Requests: 1 by the person, 0 by machines');
  });

  it('data submitted in two assessments within a year is critical; a year and more apart it is high', async () => {
    const r = await recipient();
    const first = await target(r.id, { submittedAt: at(-200 * 24 * 60) });
    const second = await target(r.id, { submittedAt: at(7) });
    await settle(second.id);
    expect(await severityOf(second.id)).toBe(4);
    const r2 = await recipient();
    await target(r2.id, { submittedAt: at(-400 * 24 * 60) });
    const late = await target(r2.id, { submittedAt: at(7) });
    await settle(late.id);
    expect(await severityOf(late.id)).toBe(3);
    expect(first.id).toBeGreaterThan(0);
  });

  it('reporting lowers by one and never below 0: reported without clicking is neutral', async () => {
    const r = await recipient();
    const clickedReported = await target(r.id, { clickedAt: at(6), reportedAt: at(8) });
    await settle(clickedReported.id);
    expect(await severityOf(clickedReported.id)).toBe(1);
    const r2 = await recipient();
    const reportedOnly = await target(r2.id, { reportedAt: at(8) });
    await settle(reportedOnly.id);
    expect(await severityOf(reportedOnly.id)).toBe(0);
    expect(await findingsOf(r2.assetId)).toEqual([]);
  });

  it('the training closes the finding without lowering the severity; a worse behaviour afterwards reopens it', async () => {
    const r = await recipient();
    const x = await target(r.id, { clickedAt: at(6) });
    await settle(x.id);
    expect((await findingsOf(r.assetId))[0]).toMatchObject({ state: 0, severity: 2 });
    await t.ctx.db
      .update(fraTargets)
      .set({ trainingCompletedAt: at(20) })
      .where(eq(fraTargets.id, x.id));
    await settle(x.id, at(20));
    expect(await severityOf(x.id)).toBe(2);
    const [closed] = await findingsOf(r.assetId);
    expect(closed).toMatchObject({ state: 3, closedReason: 'training_completed' });
    expect(closed!.closedAt!.toISOString()).toBe(at(20).toISOString());
    // Settling again (another event after the training) leaves the closed finding as it closed.
    await settle(x.id, at(25));
    expect((await findingsOf(r.assetId))[0]!.closedAt!.toISOString()).toBe(at(20).toISOString());
    // Data submitted after the training: the finding reopens (Reopened 2), now on the "data submitted" issue.
    await t.ctx.db
      .update(fraTargets)
      .set({ submittedAt: at(30) })
      .where(eq(fraTargets.id, x.id));
    await settle(x.id, at(30));
    const [reopened] = await findingsOf(r.assetId);
    expect(reopened).toMatchObject({ state: 2, severity: 3, closedAt: null, closedReason: null });
    const [issue] = await t.ctx.db.select().from(issues).where(eq(issues.id, reopened!.issueId!));
    expect(issue!.hid).toBe('pat-submitted');
  });

  it("the recipient's severity is the highest of its targets sent in the last 12 months", async () => {
    const r = await recipient();
    const old = await assessment('Last year', at(-500 * 24 * 60));
    await t.ctx.db.insert(fraTargets).values({
      customerId: 1,
      assessmentId: old.id,
      recipientId: r.id,
      token: randomBytes(16).toString('base64url'),
      state: 'sent',
      sentAt: at(-500 * 24 * 60),
      submittedAt: at(-500 * 24 * 60 + 5),
      severity: 3,
    });
    const x = await target(r.id, { openedAt: at(5) });
    await settle(x.id);
    expect(await recipientSeverity(r.id)).toBe(1);
    const y = await target(r.id, { clickedAt: at(5) });
    await settle(y.id);
    expect(await recipientSeverity(r.id)).toBe(2);
  });

  it('another customer’s target is left alone', async () => {
    const other = await t.otherCustomer();
    const r = await recipient();
    const x = await target(r.id, { clickedAt: at(6) });
    await t.ctx.db.transaction((tx) => settleTarget(tx, other.customerId, x.id, NOW));
    expect(await severityOf(x.id)).toBe(0);
    expect(await findingsOf(r.assetId)).toEqual([]);
  });

  it('the findings show in unified vulnerabilities with source pat, and the widget counts recipients per severity', async () => {
    const list = await admin.get<{ count: number; results: { source: string; name: string; severity: number }[] }>(
      '/api/remediation/vulnerability-simple/?page_size=100',
    );
    expect(list.status).toBe(200);
    const pat = list.body.results.filter((f) => f.source === 'pat');
    expect(pat.length).toBeGreaterThan(0);
    expect(pat.map((f) => f.name)).toContain('Phishing assessment: link clicked');

    const counts = await t.ctx.db
      .select()
      .from(fraRecipients)
      .where(and(eq(fraRecipients.customerId, 1), eq(fraRecipients.active, true)));
    const expected = [0, 1, 2, 3, 4].map((s) => counts.filter((r) => r.severity === s).length);
    const data = await admin.post<{ kind: string; available: boolean; severities: { severity: number; count: number; link: string }[] }>(
      '/api/dashboard/widgets/preview/',
      { kind: 'recipients_by_severity' },
    );
    expect(data.status).toBe(200);
    expect(data.body).toMatchObject({ kind: 'recipients_by_severity', available: true });
    expect(data.body.severities.map((s) => s.count)).toEqual(expected);
    expect(data.body.severities[4]!.link).toBe('/fra/recipients?severity=4');
    // Another customer has no recipients: the widget says so instead of showing zeros.
    const other = await t.otherCustomer('Empty Corp');
    const rival = await signedIn(t, other.adminEmail);
    const empty = await rival.post('/api/dashboard/widgets/preview/', { kind: 'recipients_by_severity' });
    expect(empty.body).toMatchObject({ available: false });
  });
  it('the pat_recipients report lists the recipients with severity and behaviour, and the pat findings only', async () => {
    const res = await admin.post<{
      summary: { open_findings: number };
      phishing: {
        by_severity: number[];
        recipients: {
          email: string;
          severity: number;
          clicked: number;
          submitted: number;
          trainings_completed: number;
          last_assessment: string | null;
        }[];
      };
    }>('/api/reports/prepare-report-data/', { scope_kind: 'pat_recipients' });
    expect(res.status).toBe(200);
    const open = await t.ctx.db
      .select()
      .from(findings)
      .where(and(eq(findings.customerId, 1), eq(findings.source, 'pat' as 'network')));
    expect(res.body.summary.open_findings).toBe(open.filter((f) => f.state !== 3).length);
    const rows = res.body.phishing.recipients;
    expect(rows[0]!.severity).toBe(4);
    expect(rows.map((r) => r.severity)).toEqual([...rows.map((r) => r.severity)].sort((a, b) => b - a));
    const trained = rows.find((r) => r.trainings_completed === 1)!;
    expect(trained).toMatchObject({ clicked: 1, submitted: 1 });
    expect(res.body.phishing.by_severity.reduce((a, b) => a + b, 0)).toBe(rows.length);
    // The training reports screen lists the reports of this scope only.
    const made = await admin.post<{ id: number }>('/api/reports/', {
      name: 'Phishing May',
      template: null,
      format: 'csv',
      scope_kind: 'pat_recipients',
    });
    expect(made.status).toBe(201);
    await admin.post('/api/reports/', { name: 'Vulns', template: null, format: 'csv', scope_kind: 'unified_vulns' });
    const listed = await admin.get<{ results: { name: string }[] }>('/api/reports/?scope_kind=pat_recipients');
    expect(listed.body.results.map((r) => r.name)).toEqual(['Phishing May']);
    expect((await admin.get('/api/reports/?scope_kind=phish')).status).toBe(400);
  });
});
