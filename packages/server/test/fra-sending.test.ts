// The phishing sender against a real SMTP server on loopback: a started assessment's message arrives with the
// template's From on the sender domain, the recipient's name, their own link (base/l/token on the landing domain) and
// the open pixel, a text alternative and the recorded Message-ID; the target is sent and delivered, its events kept,
// and the assessment runs (tracking open) and finishes after its tracking days. A 550 on RCPT is a bounce; a 451 is
// tried again (1, 5, 15 minutes later) and then fails; the rate holds (2 a minute: one pass sends 2 of 5 due); the
// customer's own e-mail integration is used before the installation's SMTP; no mail server at all fails the target
// and says why. And with the job queue running, starting an assessment wakes the sender and the mail arrives.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assessment, RecipientResult } from '@bulwark/core';
import { fraAssessments, fraEvents, fraTargets, integrationSettings } from '../src/db/schema/index.ts';
import { runSendPass } from '../src/modules/fra/sending/send.ts';
import { NO_TRANSPORT } from '../src/modules/fra/sending/transport.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { startMailReceiver, until, type MailReceiver } from './helpers/receivers.ts';
import { signedIn } from './helpers/sessions.ts';
import { addFixtures, addRecipients, type Fixtures } from './fra-assessments-fixtures.ts';

const NOW = new Date('2026-06-01T07:00:00Z');
const URL = '/api/fra/assessments/';
const MINUTE = 60_000;

/** The decoded text of every body part of a raw message (quoted-printable and base64 undone). */
function decoded(raw: string): string {
  const out: string[] = [];
  const part = /Content-Transfer-Encoding: (quoted-printable|base64|7bit)\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?=\r?\n--|$)/gi;
  for (const m of raw.matchAll(part)) {
    const [, enc, body] = m as unknown as [string, string, string];
    if (enc.toLowerCase() === 'base64') out.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (enc.toLowerCase() === 'quoted-printable')
      out.push(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))));
    else out.push(body);
  }
  return out.join('\n');
}

const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim();

describe.each(BACKENDS)('phishing sending on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let smtp: MailReceiver;
  let f: Fixtures;
  let now = NOW;

  beforeAll(async () => {
    smtp = await startMailReceiver('127.31.3.1', 0, {
      refuse: (address) =>
        address.startsWith('gone')
          ? { code: 550, message: '5.1.1 No such mailbox' }
          : address.startsWith('busy')
            ? { code: 451, message: '4.7.1 Try again later' }
            : undefined,
    });
    t = await startTestApp(backend, {
      BULWARK_JOBS: 'off',
      BULWARK_BUILTIN_PROBE: 'off',
      SMTP_URL: smtp.url,
      BULWARK_PHISHING_URL: 'https://{domain}/',
    });
    t.ctx.clock = () => now;
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const other = await t.otherCustomer('Rival Corp');
    f = await addFixtures(t, other.customerId);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const start = async (recipients: number[], extra: Record<string, unknown> = {}) => {
    const res = await admin.post<Assessment>(URL, {
      name: 'Mailbox test',
      phishing_templates: [f.template],
      recipients: { recipients, tags: [], departments: [] },
      sender_domain: f.sender,
      landing_domain: f.landing,
      tracking_days: 3,
      start: true,
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const targetsOf = async (uuid: string) => {
    const [a] = await t.ctx.db.select().from(fraAssessments).where(eq(fraAssessments.uuid, uuid));
    return t.ctx.db.select().from(fraTargets).where(eq(fraTargets.assessmentId, a!.id)).orderBy(fraTargets.sendAt);
  };
  const assessment = async (uuid: string) => (await admin.get<Assessment>(`${URL}${uuid}/`)).body;

  it('sends the message with its own link, the pixel and the From of the template and domain; the assessment then runs and finishes', async () => {
    now = NOW;
    smtp.mails.length = 0;
    const a = await start([f.recipients[0]!]);
    const result = await runSendPass(t.ctx, now);
    expect(result).toMatchObject({ sent: 1, bounced: 0, failed: 0, running: 1 });
    expect(smtp.mails.length).toBe(1);
    const [target] = await targetsOf(a.uuid);
    const mail = smtp.mails[0]!;
    expect(mail.to).toEqual(['person1@corp.example']);
    expect(header(mail.raw, 'From')).toBe('IT Service Desk <helpdesk@mail.corp-security.example>');
    expect(header(mail.raw, 'Subject')).toBe('Action needed, First1');
    expect(header(mail.raw, 'Message-ID')).toBe(target!.messageId);
    expect(target!.messageId).toMatch(/^<[0-9a-f]{32}@mail\.corp-security\.example>$/);
    expect(header(mail.raw, 'X-Bulwark-Token')).toBe(target!.token);
    expect(header(mail.raw, 'X-Bulwark-Assessment')).toBe(a.uuid);
    const body = decoded(mail.raw);
    expect(body).toContain(`<a href="https://login.corp-security.example/l/${target!.token}">confirm your mailbox</a>`);
    expect(body).toContain(`<img src="https://login.corp-security.example/o/${target!.token}.gif"`);
    expect(body).toContain('Dear First1 Last1,');
    // The text alternative keeps the link.
    expect(body).toContain(`confirm your mailbox (https://login.corp-security.example/l/${target!.token})`);

    expect(target).toMatchObject({ state: 'sent', sentAt: now, deliveredAt: now, error: null });
    const events = await t.ctx.db.select().from(fraEvents).where(eq(fraEvents.targetId, target!.id)).orderBy(fraEvents.id);
    expect(events.map((e) => [e.kind, e.human, e.details])).toEqual([
      ['sent', true, { message_id: target!.messageId }],
      ['delivered', true, { message_id: target!.messageId }],
    ]);
    const running = await assessment(a.uuid);
    expect(running).toMatchObject({ state: 'running', progress: 1, stats: { targets: 1, sent: 1, delivered: 1, bounced: 0 } });

    // Nothing more is sent by a second pass; three tracking days later the assessment is finished.
    expect(await runSendPass(t.ctx, now)).toMatchObject({ sent: 0, finished: 0 });
    now = new Date(NOW.getTime() + 3 * 24 * 60 * MINUTE - MINUTE);
    expect((await runSendPass(t.ctx, now)).finished).toBe(0);
    now = new Date(NOW.getTime() + 3 * 24 * 60 * MINUTE);
    expect((await runSendPass(t.ctx, now)).finished).toBeGreaterThanOrEqual(1);
    expect(await assessment(a.uuid)).toMatchObject({ state: 'finished', finished: now.toISOString() });
  });

  it('a mailbox refused with 550 is a bounce; a 451 is tried again three times, then failed', async () => {
    now = NOW;
    smtp.mails.length = 0;
    const [gone] = await addRecipients(t, 1, 1, 'gone');
    const [busy] = await addRecipients(t, 1, 1, 'busy');
    const a = await start([gone!, busy!], { rate_per_minute: 600 });
    // 100 ms apart at 600 a minute: a second on, both are due.
    now = new Date(NOW.getTime() + 1000);
    const first = await runSendPass(t.ctx, now);
    expect(first).toMatchObject({ sent: 0, bounced: 1, retried: 1 });
    expect(smtp.mails.length).toBe(0);
    const byRecipient = async () => new Map((await targetsOf(a.uuid)).map((x) => [x.recipientId, x]));
    let targets = await byRecipient();
    expect(targets.get(gone!)).toMatchObject({ state: 'bounced', bouncedAt: now, sentAt: null });
    expect(targets.get(gone!)!.error).toContain('No such mailbox');
    const bounced = await t.ctx.db
      .select()
      .from(fraEvents)
      .where(eq(fraEvents.targetId, targets.get(gone!)!.id));
    expect(bounced.map((e) => e.kind)).toEqual(['bounced']);
    expect(targets.get(busy!)).toMatchObject({ state: 'queued', sendAt: new Date(now.getTime() + MINUTE) });
    expect(targets.get(busy!)!.error).toMatch(/^The mail server put it off \(try 1 of 4\): .*Try again later/);

    // Not before its time; then 5 and 15 minutes later; the fourth refusal fails it.
    expect((await runSendPass(t.ctx, new Date(now.getTime() + 30_000))).retried).toBe(0);
    now = new Date(now.getTime() + MINUTE);
    expect((await runSendPass(t.ctx, now)).retried).toBe(1);
    now = new Date(now.getTime() + 5 * MINUTE);
    expect((await runSendPass(t.ctx, now)).retried).toBe(1);
    now = new Date(now.getTime() + 15 * MINUTE);
    expect(await runSendPass(t.ctx, now)).toMatchObject({ retried: 0, failed: 1 });
    targets = await byRecipient();
    expect(targets.get(busy!)).toMatchObject({ state: 'failed', sentAt: null });
    expect(await assessment(a.uuid)).toMatchObject({ state: 'running', progress: 1, stats: { bounced: 1, sent: 0 } });
    // The results say why, in the mail server's words.
    const results = await admin.get<{ results: RecipientResult[] }>(`${URL}${a.uuid}/results/`);
    expect(results.body.results.map((r) => [r.state, r.error ?? ''])).toEqual(
      expect.arrayContaining([
        ['bounced', expect.stringContaining('No such mailbox')],
        ['failed', expect.stringContaining('Try again later')],
      ]),
    );
  });

  it('holds the rate: at 2 a minute, one pass sends 2 of 5 due messages, the next minute 2 more', async () => {
    now = NOW;
    smtp.mails.length = 0;
    const five = await addRecipients(t, 1, 5, 'rate');
    const a = await start(five, { rate_per_minute: 2 });
    // All five are due ten minutes on (as after a pause of the workers).
    now = new Date(NOW.getTime() + 10 * MINUTE);
    expect((await runSendPass(t.ctx, now)).sent).toBe(2);
    expect((await runSendPass(t.ctx, now)).sent).toBe(0);
    expect(smtp.mails.length).toBe(2);
    now = new Date(now.getTime() + MINUTE + 1);
    expect((await runSendPass(t.ctx, now)).sent).toBe(2);
    now = new Date(now.getTime() + MINUTE + 1);
    expect(await runSendPass(t.ctx, now)).toMatchObject({ sent: 1, running: 1 });
    expect((await targetsOf(a.uuid)).every((x) => x.state === 'sent')).toBe(true);
    expect(smtp.mails.length).toBe(5);
  });

  it('sends through the customer’s own e-mail integration when it is on; without any mail server the target fails and says why', async () => {
    now = NOW;
    const own = await startMailReceiver('127.31.3.2');
    try {
      await t.ctx.db.insert(integrationSettings).values({
        customerId: 1,
        type: 'email',
        enabled: true,
        fields: { host: '127.31.3.2', port: own.port, smtp_security: 'starttls' },
        secrets: {},
      });
      smtp.mails.length = 0;
      await start([f.recipients[1]!]);
      expect((await runSendPass(t.ctx, now)).sent).toBe(1);
      expect(own.mails.map((m) => m.to)).toEqual([['person2@corp.example']]);
      expect(smtp.mails.length).toBe(0);
      await t.ctx.db.delete(integrationSettings).where(eq(integrationSettings.customerId, 1));
    } finally {
      await own.close();
    }

    const smtpUrl = t.ctx.config.smtpUrl;
    t.ctx.config.smtpUrl = undefined;
    try {
      const a = await start([f.recipients[2]!]);
      expect((await runSendPass(t.ctx, now)).failed).toBe(1);
      const [target] = await targetsOf(a.uuid);
      expect(target).toMatchObject({ state: 'failed', error: NO_TRANSPORT, sentAt: null });
    } finally {
      t.ctx.config.smtpUrl = smtpUrl;
    }
  });
});

describe('phishing sending through the job queue', () => {
  let t: TestApp;
  let smtp: MailReceiver;

  beforeAll(async () => {
    smtp = await startMailReceiver('127.31.3.3');
    t = await startTestApp('pglite', { BULWARK_BUILTIN_PROBE: 'off', SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('starting an assessment wakes the sender: the message arrives without waiting for the minute', async () => {
    const admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const other = await t.otherCustomer('Rival Corp');
    const f = await addFixtures(t, other.customerId, 1);
    const res = await admin.post<Assessment>(URL, {
      name: 'Queued',
      phishing_templates: [f.template],
      recipients: { recipients: f.recipients, tags: [], departments: [] },
      sender_domain: f.sender,
      start: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await until(() => smtp.mails.length === 1, 'the phishing message');
    const [target] = await t.ctx.db.select().from(fraTargets);
    // Without BULWARK_PHISHING_URL the link points at the listener (its bound address, or the configured host).
    expect(decoded(smtp.mails[0]!.raw)).toMatch(new RegExp(`href="http://[^"]+/l/${target!.token}"`));
    await until(async () => (await admin.get<Assessment>(`${URL}${res.body.uuid}/`)).body.state === 'running', 'the assessment running');
  });
});
