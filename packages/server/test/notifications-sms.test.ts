// The SMS delivery channel on every test database, against a local stand-in of the installation's SMS provider
// (BULWARK_SMS_URL: POST JSON {to, message} with the bearer token): one delivery per phone number, a short text (title,
// first facts, link; cut to three segments), a provider that fails once is tried again, an installation without an
// SMS provider fails the delivery at once saying so, and the delivery log lists and filters SMS deliveries.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDelivery, type NotificationDelivery } from '@bulwark/core';
import { notificationDeliveries } from '../src/db/schema/index.ts';
import { SmsSender } from '../src/lib/sms.ts';
import { handOver, queueNotifications, type Message } from '../src/modules/notifications/service.ts';
import { SMS_MAX_CHARS } from '../src/modules/notifications/channels.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; results: T[] };
const TOKEN = 'sms-provider-token';

const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`waited in vain for ${what}`);
};

const message = (o: Partial<Message> = {}): Message => ({
  event: 'monitoring_alert',
  title: '2 new alerts: DMZ',
  lines: ['Monitoring profile "DMZ" saw 2 changes: Unexpected open port.'],
  facts: [
    ['web01', 'Unexpected open port tcp/5432 (High)'],
    ['db01', 'Unexpected open port tcp/6379 (High)'],
  ],
  link: 'http://bulwark.test/policies/alerts',
  ...o,
});

describe.each(BACKENDS)('SMS notifications on %s', (backend) => {
  const host = backend === 'pglite' ? '127.30.6.1' : '127.30.7.1';
  let t: TestApp;
  let admin: Client;
  let server: Server;
  let providerUrl: string;
  let failures = 0;
  const texts: { to: string; message: string; auth: string | undefined }[] = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.headers.authorization !== `Bearer ${TOKEN}`) return res.writeHead(401).end();
        if (failures > 0) {
          failures--;
          return res.writeHead(503).end('busy');
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; message: string };
        texts.push({ ...body, auth: req.headers.authorization });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"queued":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    providerUrl = `http://${host}:${(server.address() as AddressInfo).port}/sms`;
    t = await startTestApp(backend, { BULWARK_BUILTIN_PROBE: 'off', BULWARK_SMS_URL: providerUrl, BULWARK_SMS_TOKEN: TOKEN });
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const rows = (ids: number[]) => t.ctx.db.select().from(notificationDeliveries).where(inArray(notificationDeliveries.id, ids));
  const settled = (ids: number[]) => async () => (await rows(ids)).every((r) => r.state !== 'pending');

  it('sends one text per phone number, tried again when the provider fails once', async () => {
    failures = 1;
    const ids = await queueNotifications(t.ctx.db, 1, { sms: ['+4512345678', '+4587654321', '+4512345678'] }, message());
    expect(ids).toHaveLength(2);
    const queued = await rows(ids);
    expect(queued.map((r) => [r.channel, r.target, r.state]).sort()).toEqual([
      ['sms', '+4512345678', 'pending'],
      ['sms', '+4587654321', 'pending'],
    ]);
    await handOver(t.ctx.db, t.ctx.jobs!.send);
    await until(settled(ids), 'the texts');
    const sent = await rows(ids);
    expect(sent.every((r) => r.state === 'sent' && r.lastError === null && r.deliveredAt !== null)).toBe(true);
    // One of the two met the busy provider and went on the second try.
    expect(sent.map((r) => r.attempts).sort()).toEqual([1, 2]);
    expect(texts.map((s) => s.to).sort()).toEqual(['+4512345678', '+4587654321']);
    expect(texts[0]!.message).toBe(
      [
        '2 new alerts: DMZ',
        'web01: Unexpected open port tcp/5432 (High)',
        'db01: Unexpected open port tcp/6379 (High)',
        'http://bulwark.test/policies/alerts',
      ].join('\n'),
    );
  });

  it('keeps a long text to three segments, the link whole at its end', async () => {
    texts.length = 0;
    const facts: [string, string][] = Array.from({ length: 25 }, (_, i) => [
      `host-${i}.example.com`,
      `Unexpected open port tcp/${10000 + i} `.repeat(4),
    ]);
    const ids = await queueNotifications(t.ctx.db, 1, { sms: ['+4511111111'] }, message({ title: '25 new alerts: DMZ', facts }));
    await handOver(t.ctx.db, t.ctx.jobs!.send);
    await until(settled(ids), 'the long text');
    const text = texts[0]!.message;
    expect(text.length).toBeLessThanOrEqual(SMS_MAX_CHARS);
    expect(text.startsWith('25 new alerts: DMZ\nhost-0.example.com: ')).toBe(true);
    expect(text).toContain('…');
    expect(text.endsWith('\nhttp://bulwark.test/policies/alerts')).toBe(true);
    // Few facts: all of them and how many more.
    texts.length = 0;
    const short = facts.slice(0, 5).map(([k]) => [k, 'tcp/22'] as [string, string]);
    const more = await queueNotifications(t.ctx.db, 1, { sms: ['+4511111111'] }, message({ facts: short, link: null }));
    await handOver(t.ctx.db, t.ctx.jobs!.send);
    await until(settled(more), 'the short text');
    expect(texts[0]!.message).toBe(
      ['2 new alerts: DMZ', 'host-0.example.com: tcp/22', 'host-1.example.com: tcp/22', 'host-2.example.com: tcp/22', '+2 more'].join('\n'),
    );
  });

  it('fails at once, saying why, when the installation has no SMS provider', async () => {
    const configured = t.ctx.sms;
    t.ctx.sms = new SmsSender(undefined, undefined);
    try {
      const ids = await queueNotifications(t.ctx.db, 1, { sms: ['+4522222222'] }, message());
      await handOver(t.ctx.db, t.ctx.jobs!.send);
      await until(settled(ids), 'the failed text');
      const [row] = await rows(ids);
      expect(row).toMatchObject({
        channel: 'sms',
        state: 'failed',
        attempts: 1,
        lastError: 'SMS is not configured on this installation (BULWARK_SMS_URL)',
      });
    } finally {
      t.ctx.sms = configured;
    }
  });

  it('lists SMS deliveries in the delivery log, filtered by channel', async () => {
    const log = await admin.get<Page<NotificationDelivery>>('/api/notifications/deliveries/?channel=sms');
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    expect(log.body.count).toBe(5);
    for (const d of log.body.results) expect(notificationDelivery.parse(d).channel).toBe('sms');
    expect(log.body.results[0]).toMatchObject({ target: '+4522222222', state: 'failed', event: 'monitoring_alert' });
    expect((await admin.get<Page<NotificationDelivery>>('/api/notifications/deliveries/?channel=email')).body.count).toBe(0);
    const bad = await admin.get<Record<string, string[]>>('/api/notifications/deliveries/?channel=fax');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ channel: ['Choose from: email, slack, teams, webhooks, sms.'] });
    const [sent] = await t.ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.target, '+4587654321'));
    expect(sent!.state).toBe('sent');
  });
});
