// Notifications on every test database, against real local receivers: an SMTP server (smtp-server), and HTTP servers
// that answer as Slack's incoming webhooks and Web API (chat.postMessage: 200 with ok true or false), Teams Workflows
// webhooks (202, an Adaptive Card), a retired Office 365 connector ("1", a MessageCard) and a webhook receiver that
// checks the HMAC-SHA256 signature. The integration settings (secrets sealed and masked, masked = unchanged, the
// guards), the §8 connection-test messages, a scheduled run's messages through the job queue — started, then finished
// with its new critical and high findings after the probe delivered — a receiver that fails twice and then takes it,
// reminders once per start, and the delivery log.
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationSettings, NotificationDelivery, Schedule } from '@bulwark/core';
import { MAIL_KEPT_IN_OUTBOX_MESSAGE } from '@bulwark/core';
import type { TaskSpec } from '@bulwark/scanner';
import { customers, integrationSettings, notificationDeliveries } from '../src/db/schema/index.ts';
import { runDueScanSchedules } from '../src/modules/scans/schedules.ts';
import { handOver, notifyRunEvent, queueDueReminders } from '../src/modules/notifications/service.ts';
import { BACKENDS } from './helpers/backends.ts';
import { httpReceiver, startMailReceiver, until, type HttpReceiver, type MailReceiver, type ReceivedMail } from './helpers/receivers.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { smallProfile } from './helpers/scans.ts';

type Page<T> = { count: number; results: T[] };

describe.each(BACKENDS)('notifications on %s', (backend) => {
  const host = backend === 'pglite' ? '127.0.40.1' : '127.0.41.1';
  let t: TestApp;
  let admin: Client;
  let member: Client;
  let other: Client;
  let smtp: MailReceiver;
  let mails: ReceivedMail[] = [];
  let slackHook: HttpReceiver;
  let slackApi: HttpReceiver;
  let teams: HttpReceiver;
  let hooks: HttpReceiver;
  const SECRET = 'whsec-0123456789abcdef';
  let hookFailures = 0;
  const base = () => '/api/app1/customer/1';

  beforeAll(async () => {
    smtp = await startMailReceiver(host);
    mails = smtp.mails;
    slackHook = await httpReceiver(host, (hit) =>
      JSON.parse(hit.body).blocks ? { status: 200, body: 'ok' } : { status: 400, body: 'invalid_blocks' },
    );
    slackApi = await httpReceiver(host, (hit) => {
      if (hit.headers.authorization !== 'Bearer xoxb-good')
        return { status: 200, body: JSON.stringify({ ok: false, error: 'invalid_auth' }) };
      const body = JSON.parse(hit.body) as { channel?: string };
      return body.channel === '#security'
        ? { status: 200, body: JSON.stringify({ ok: true }) }
        : { status: 200, body: JSON.stringify({ ok: false, error: 'channel_not_found' }) };
    });
    teams = await httpReceiver(host, (hit) => {
      const body = JSON.parse(hit.body) as { type?: string; attachments?: { contentType: string }[]; '@type'?: string };
      if (hit.path.includes('/webhookb2/'))
        return body['@type'] === 'MessageCard' ? { status: 200, body: '1' } : { status: 400, body: 'bad card' };
      return body.type === 'message' && body.attachments?.[0]?.contentType === 'application/vnd.microsoft.card.adaptive'
        ? { status: 202 }
        : { status: 400 };
    });
    hooks = await httpReceiver(host, (hit) => {
      const ts = String(hit.headers['x-bulwark-timestamp']);
      const expected = `sha256=${createHmac('sha256', SECRET).update(`${ts}.${hit.body}`).digest('hex')}`;
      if (hit.headers['x-bulwark-signature'] !== expected) return { status: 401, body: 'bad signature' };
      if (hookFailures > 0) {
        hookFailures--;
        return { status: 503, body: 'busy' };
      }
      return { status: 204 };
    });
    t = await startTestApp(backend, { BULWARK_SLACK_API_URL: slackApi.url, BULWARK_BUILTIN_PROBE: 'off' });
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    await t.user({ email: 'member@example.com' });
    member = await signedIn(t, 'member@example.com');
    other = await signedIn(t, (await t.otherCustomer()).adminEmail);
  });
  afterAll(async () => {
    await t.close();
    for (const r of [slackHook, slackApi, teams, hooks]) await r.close();
    await smtp.close();
  });

  it('keeps the settings with their secrets sealed, answers them masked, and keeps a masked secret unchanged', async () => {
    const empty = await admin.get<IntegrationSettings>(`${base()}/slack/`);
    expect(empty.body).toMatchObject({ type: 'slack', enabled: false, url: null, token: null });
    const put = await admin.request<IntegrationSettings>('PUT', `${base()}/slack/`, {
      enabled: true,
      token: 'xoxb-good',
      channel: '#security',
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ enabled: true, token: '********', channel: '#security', url: null });
    const [row] = await t.ctx.db.select().from(integrationSettings).where(eq(integrationSettings.type, 'slack'));
    expect(JSON.stringify(row)).not.toContain('xoxb-good');
    expect(t.ctx.secrets.decrypt(row!.secrets.token!)).toBe('xoxb-good');
    const kept = await admin.patch<IntegrationSettings>(`${base()}/slack/`, { token: '********', channel: '#security' });
    expect(kept.body.token).toBe('********');
    const [again] = await t.ctx.db.select().from(integrationSettings).where(eq(integrationSettings.type, 'slack'));
    expect(t.ctx.secrets.decrypt(again!.secrets.token!)).toBe('xoxb-good');
    expect((await admin.patch<Record<string, string[]>>(`${base()}/webhooks/`, { url: 'ftp://example' })).body).toEqual({
      url: ['Enter a valid URL (http:// or https://).'],
    });
    expect((await other.get(`${base()}/slack/`)).status).toBe(404);
    expect((await member.get(`${base()}/slack/`)).status).toBe(403);
    expect((await member.patch(`${base()}/slack/`, { enabled: false })).status).toBe(403);
    expect((await (await anonymous(t)).get(`${base()}/slack/`)).status).toBe(401);
  });

  it('tests each connection against its receiver and says so in the words of §8', async () => {
    expect((await admin.post(`${base()}/slack/test-connection/`)).body).toEqual({
      detail: 'Connection to Slack succesful!',
      delivered: 'sent',
    });
    expect(slackApi.hits.at(-1)!.headers.authorization).toBe('Bearer xoxb-good');
    await admin.patch(`${base()}/slack/`, { channel: '#nowhere' });
    const refused = await admin.post<{ non_field_errors: string[]; detail: string }>(`${base()}/slack/test-connection/`);
    expect(refused.status).toBe(400);
    expect(refused.body.non_field_errors).toEqual(['Failed to connect to Slack.']);
    expect(refused.body.detail).toContain('channel_not_found');
    await admin.request('PUT', `${base()}/slack/`, { enabled: true, url: `${slackHook.url}/services/T000/B000/XXX` });
    expect((await admin.post(`${base()}/slack/test-connection/`)).body).toEqual({
      detail: 'Connection to Slack succesful!',
      delivered: 'sent',
    });

    await admin.request('PUT', `${base()}/teams/`, { enabled: true, url: `${teams.url}/workflows/abc/triggers/manual/paths/invoke` });
    expect((await admin.post(`${base()}/teams/test-connection/`)).body).toEqual({
      detail: 'Connection to Microsoft Teams succesful!',
      delivered: 'sent',
    });
    await admin.request('PUT', `${base()}/teams/`, { enabled: true, url: `${teams.url}/webhookb2/1@2/IncomingWebhook/3/4` });
    expect((await admin.post(`${base()}/teams/test-connection/`)).body).toEqual({
      detail: 'Connection to Microsoft Teams succesful!',
      delivered: 'sent',
    });
    expect(JSON.parse(teams.hits.at(-1)!.body)['@type']).toBe('MessageCard');
    await admin.request('PUT', `${base()}/teams/`, { enabled: true, url: `${teams.url}/workflows/abc/triggers/manual/paths/invoke` });

    await admin.request('PUT', `${base()}/webhooks/`, { enabled: true, url: `${hooks.url}/bulwark`, token: 'wrong-secret' });
    expect((await admin.post<{ non_field_errors: string[] }>(`${base()}/webhooks/test-connection/`)).body.non_field_errors).toEqual([
      'Failed to connect to Webhooks.',
    ]);
    await admin.patch(`${base()}/webhooks/`, { token: SECRET });
    expect((await admin.post(`${base()}/webhooks/test-connection/`)).body).toEqual({
      detail: 'Connection to Webhooks succesful!',
      delivered: 'sent',
    });

    // No mail server at all (no customer SMTP server, no SMTP_URL): the test says the message stayed in the outbox.
    const kept = await admin.post<{ detail: string; delivered: string }>(`${base()}/email/test-connection/`);
    expect(kept.status).toBe(200);
    expect(kept.body).toEqual({ detail: MAIL_KEPT_IN_OUTBOX_MESSAGE, delivered: 'stored' });
    const keptLog = await admin.get<Page<NotificationDelivery>>('/api/notifications/deliveries/?channel=email&state=stored');
    expect(keptLog.body.results.map((d) => [d.event, d.state, d.target])).toEqual([['test', 'stored', ADMIN_EMAIL]]);

    const port = smtp.port;
    await admin.request('PUT', `${base()}/email/`, { enabled: true, host, port, channel: 'alerts@bulwark.test' });
    expect((await admin.post(`${base()}/email/test-connection/`)).body).toEqual({
      detail: 'Connection to Email succesful!',
      delivered: 'sent',
    });
    await until(() => mails.some((m) => m.to.includes(ADMIN_EMAIL)), 'the test e-mail');
    expect(mails.at(-1)!.raw).toContain('Bulwark test message');
    // This server offers no STARTTLS: with STARTTLS required nothing is sent (the default upgrades only when offered).
    const mailsBefore = mails.length;
    const strict = await admin.request<IntegrationSettings>('PUT', `${base()}/email/`, {
      enabled: true,
      host,
      port,
      smtp_security: 'require_starttls',
      channel: 'alerts@bulwark.test',
    });
    expect(strict.body.smtp_security).toBe('require_starttls');
    const refusedPlain = await admin.post<{ detail: string }>(`${base()}/email/test-connection/`);
    expect(refusedPlain.status).toBe(400);
    expect(refusedPlain.body.detail).toMatch(/STARTTLS/i);
    expect(mails.length).toBe(mailsBefore);
    expect((await admin.patch<Record<string, string[]>>(`${base()}/email/`, { smtp_security: 'sometimes' })).status).toBe(400);
    await admin.request('PUT', `${base()}/email/`, { enabled: true, host: '127.0.0.1', port: 1, channel: 'alerts@bulwark.test' });
    expect((await admin.post(`${base()}/email/test-connection/`)).status).toBe(400);
    await admin.request('PUT', `${base()}/email/`, { enabled: true, host, port, channel: 'alerts@bulwark.test' });
    // Every test is in the log, with why it failed.
    const tests = await admin.get<Page<NotificationDelivery>>('/api/notifications/deliveries/?channel=slack');
    expect(tests.body.results.map((d) => [d.event, d.state])).toEqual([
      ['test', 'sent'],
      ['test', 'failed'],
      ['test', 'sent'],
    ]);
    expect(tests.body.results[1]!.last_error).toContain('channel_not_found');
  });

  it("tells a schedule's channels that its run started and finished, retrying a receiver that fails twice", async () => {
    const created = await admin.post<{ registration: { token: string } }>('/api/probe/probes/', { name: 'Notify probe' });
    const agent = t.client();
    const reg = await agent.post<{ probe_id: number; secret: string }>('/api/probe-agent/register/', {
      token: created.body.registration.token,
    });
    const auth = { authorization: `Probe ${reg.body.probe_id}:${reg.body.secret}` };
    const probe = <T>(path: string, body: unknown = {}) => agent.post<T>(`/api/probe-agent/${path}`, body, auth);
    await probe('heartbeat/', { running: [] });
    const schedule = await admin.post<Schedule>('/api/scan/schedules/', {
      name: 'Nightly with news',
      profile: await smallProfile(t, 1, '48700'),
      start_date: '2026-01-01',
      time: '02:00',
      repeat: 'daily',
      targets: [`${host.replace(/\.1$/, '.9')}`],
      node: reg.body.probe_id,
      notification_config: { email: ['soc@example.com'], cc: ['ciso@example.com'], slack: true, teams: true, webhooks: true },
    });
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
    hookFailures = 2;
    const started = await runDueScanSchedules(t.ctx.db, t.ctx, new Date(schedule.body.next_run_at!), t.ctx.log, {
      publicUrl: t.config.publicUrl,
      send: t.ctx.jobs!.send,
    });
    expect(started).toHaveLength(1);
    const sentAll = async (event: string) => {
      const rows = await t.ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.event, event));
      return rows.length === 4 && rows.every((r) => r.state === 'sent');
    };
    await until(() => sentAll('scan_started'), 'the started messages');
    const [hook] = await t.ctx.db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.channel, 'webhooks'), eq(notificationDeliveries.event, 'scan_started')));
    expect(hook).toMatchObject({ event: 'scan_started', state: 'sent', attempts: 3, target: new URL(hooks.url).host });
    const startedMail = mails.find((m) => m.raw.includes('Scheduled scan started: Nightly with news'))!;
    expect(startedMail.to.sort()).toEqual(['ciso@example.com', 'soc@example.com']);
    const slackBody = JSON.parse(slackHook.hits.at(-1)!.body) as { text: string };
    expect(slackBody.text).toBe('Scheduled scan started: Nightly with news');

    // The probe scans and delivers a host with a critical finding; processing tells the channels how it went.
    const claimed = await probe<{ task: TaskSpec }>('claim/');
    const address = claimed.body.task.targets[0]!;
    const finding = { check: 'ssh-weak-macs', name: 'Weak MACs', severity: 4, confidence: 'confirmed', port: 22, protocol: 'tcp', cve: [] };
    const result = {
      hosts: [
        { address, alive: true, hostnames: [], ports: [{ port: 22, protocol: 'tcp', state: 'open', service: null }], findings: [finding] },
      ],
    };
    expect((await probe(`tasks/${claimed.body.task.id}/finish/`, { outcome: 'done', result })).status).toBe(200);
    await until(() => sentAll('scan_finished'), 'the finished messages');
    const finished = mails.find((m) => m.raw.includes('Scan finished: Nightly with news'))!;
    expect(finished.raw).toMatch(/1 new critical, 0 new high/);
    expect(finished.raw).toContain(`http://bulwark.test/scans/scans/view/nscan/${started[0]}`);
    const card = JSON.parse(teams.hits.at(-1)!.body) as { attachments: { content: { body: { text?: string }[] } }[] };
    expect(card.attachments[0]!.content.body[0]!.text).toBe('Scan finished: Nightly with news — 1 new critical, 0 new high');
    const webhookBody = JSON.parse(hooks.hits.at(-1)!.body) as { event: string; new_critical: number; run: number };
    expect(webhookBody).toMatchObject({ event: 'scan_finished', new_critical: 1, run: started[0] });

    const log = await admin.get<Page<NotificationDelivery>>('/api/notifications/deliveries/?channel=webhooks');
    expect(log.body.results.filter((d) => d.event !== 'test').map((d) => [d.event, d.state])).toEqual([
      ['scan_finished', 'sent'],
      ['scan_started', 'sent'],
    ]);
    expect((await member.get('/api/notifications/deliveries/')).status).toBe(403);
    expect((await other.get<Page<NotificationDelivery>>('/api/notifications/deliveries/')).body.count).toBe(0);

    // Counted as every list counts: with a minimum quality of detection above the finding's, it is not counted, and
    // the message says how many were left out.
    const customerId = (await t.ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.event, 'scan_finished')))[0]!
      .customerId;
    await t.ctx.db.update(customers).set({ minQod: 100 }).where(eq(customers.id, customerId));
    try {
      const queued = await notifyRunEvent(t.ctx.db, started[0]!, 'scan_finished', t.config.publicUrl);
      expect(queued.length).toBeGreaterThan(0);
      const [strict] = await t.ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, queued[0]!));
      const message = strict!.message as { title: string; lines: string[]; data: Record<string, unknown> };
      expect(message.title).toBe('Scan finished: Nightly with news — 0 new critical, 0 new high');
      expect(message.lines).toContain(
        '1 more new critical or high finding is below the minimum quality of detection (100 %) and not counted.',
      );
      expect(message.data).toMatchObject({ new_critical: 0, below_min_qod: 1 });
    } finally {
      await t.ctx.db.update(customers).set({ minQod: 70 }).where(eq(customers.id, customerId));
    }
  });

  it('reminds once per start, within the notice the schedule asks for', async () => {
    const s = await admin.post<Schedule>('/api/scan/schedules/', {
      name: 'Reminded',
      profile: await smallProfile(t, 1, '48701', 'reminded'),
      start_date: '2099-03-01',
      time: '10:00',
      targets: ['127.0.0.5'],
      reminder_config: { email: ['owner@example.com'], notify_before_time: 120, notify_before_unit: 'hours' },
    });
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    const start = new Date(s.body.next_run_at!);
    expect(await queueDueReminders(t.ctx.db, new Date(start.getTime() - 3 * 3_600_000), t.config.publicUrl)).toEqual([]);
    const inNotice = new Date(start.getTime() - 90 * 60_000);
    expect(await queueDueReminders(t.ctx.db, inNotice, t.config.publicUrl)).toEqual([s.body.id]);
    expect(await queueDueReminders(t.ctx.db, inNotice, t.config.publicUrl)).toEqual([]);
    await handOver(t.ctx.db, t.ctx.jobs!.send);
    await until(() => mails.some((m) => m.raw.includes('Scheduled scan in 2 hours: Reminded')), 'the reminder');
  });
});
