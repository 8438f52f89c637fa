// Sign-in delays on every test database, with a moved clock: only wrong credentials count; per account from one
// address and per address; delays double and end; the only superuser always gets back in; each step is audited.
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { ASSET_IMPORT_TEMPLATE, type AuditEvent } from '@bulwark/core';
import { auditEvents, rateLimits, users } from '../src/db/schema/index.ts';
import { delaySeconds, ACCOUNT_ADDRESS } from '../src/modules/auth/throttle.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';

const START = new Date('2030-01-01T00:00:00Z').getTime();
type Page<T> = { count: number; results: T[] };

describe.each(BACKENDS)('sign-in throttling on %s', (backend) => {
  let t: TestApp;
  let now = START;
  const advance = (seconds: number) => (now += seconds * 1000);
  const attempt = (ip: string, username: string, password: string, extra: Record<string, unknown> = {}) =>
    t.client(ip).login(username, password, extra);

  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());
  afterEach(() => {
    t.ctx.clock = () => new Date();
  });
  const fakeClock = () => {
    now = START + Math.floor(Math.random() * 1e9) * 1000;
    t.ctx.clock = () => new Date(now);
  };

  it('the delay doubles after four free failures and stops growing at 15 minutes', () => {
    expect([1, 4, 5, 6, 7, 8].map((n) => delaySeconds(ACCOUNT_ADDRESS, n))).toEqual([0, 0, 2, 4, 8, 16]);
    expect(delaySeconds(ACCOUNT_ADDRESS, 40)).toBe(900);
  });

  it('never counts a correct password that still needs its second factor', async () => {
    fakeClock();
    const email = 'totp-user@example.com';
    const u = await t.user({ email });
    const secret = authenticator.generateSecret(20);
    await t.ctx.db
      .update(users)
      .set({ twoFactorMethod: 'totp', totpSecret: t.ctx.secrets.encrypt(secret) })
      .where(eq(users.id, u.id));
    for (let i = 0; i < 30; i++) {
      const res = await attempt('127.0.60.1', email, PASSWORD);
      expect(res.status).toBe(400);
      expect(res.body.otp_method).toBe('totp');
    }
    const counted = await t.ctx.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `signin:%${email}%`));
    expect(counted).toEqual([]);
    const code = authenticator.clone({ epoch: now }).generate(secret);
    expect((await attempt('127.0.60.1', email, PASSWORD, { one_time_password: code })).status).toBe(200);
  });

  it('counts wrong second-factor codes like wrong passwords', async () => {
    fakeClock();
    const email = 'wrong-code@example.com';
    const u = await t.user({ email });
    await t.ctx.db
      .update(users)
      .set({ twoFactorMethod: 'totp', totpSecret: t.ctx.secrets.encrypt(authenticator.generateSecret(20)) })
      .where(eq(users.id, u.id));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt('127.0.61.1', email, PASSWORD, { one_time_password: 'abcdef' })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('delays the only superuser from one address only, with doubling delays that end; then the right password works', async () => {
    fakeClock();
    const ip = '127.0.62.1';
    for (let i = 0; i < 4; i++) expect((await attempt(ip, ADMIN_EMAIL, 'wrong')).status).toBe(400);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      expect((await attempt(ip, ADMIN_EMAIL, 'wrong')).status).toBe(400);
      const refused = await attempt(ip, ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.body.detail).toMatch(/^Too many attempts\. Try again in \d+ seconds?\.$/);
      waits.push(Number(refused.headers['retry-after']));
      advance(waits.at(-1)! - 1);
      expect((await attempt(ip, ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(429);
      advance(1);
    }
    expect(waits).toEqual([2, 4, 8, 16]);

    // Meanwhile the same account signs in from another address at once.
    expect((await attempt('127.0.62.2', ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    // And from the first address as soon as the delay is over; success forgets the failures.
    expect((await attempt(ip, ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    expect((await attempt(ip, ADMIN_EMAIL, 'wrong')).status).toBe(400);
    expect((await attempt(ip, ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
  });

  it('caps the delay at 15 minutes however many failures, and forgets them after a quiet period', async () => {
    fakeClock();
    const ip = '127.0.63.1';
    const email = 'capped@example.com';
    await t.user({ email });
    let wait = 0;
    for (let i = 0; i < 20; i++) {
      expect((await attempt(ip, email, 'wrong')).status).toBe(400);
      const refused = await attempt(ip, email, 'wrong');
      wait = refused.status === 429 ? Number(refused.headers['retry-after']) : 0;
      expect(wait).toBeLessThanOrEqual(900);
      advance(wait);
    }
    expect(wait).toBe(900);
    advance(15 * 60);
    // Forgotten: four wrong passwords are free again.
    for (let i = 0; i < 4; i++) expect((await attempt(ip, email, 'wrong')).status).toBe(400);
    expect((await attempt(ip, email, PASSWORD)).status).toBe(200);
  });

  it('delays an address that guesses many accounts, not the accounts elsewhere', async () => {
    fakeClock();
    const email = 'sprayed@example.com';
    await t.user({ email });
    const ip = '127.0.64.1';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await attempt(ip, `someone${i}@example.com`, 'x')).status);
    expect(statuses.every((s) => s === 400)).toBe(true);
    expect((await attempt(ip, email, PASSWORD)).status).toBe(429);
    expect((await attempt('127.0.64.2', email, PASSWORD)).status).toBe(200);
  });

  it('audits sign-in, sign-out, failures (password and code), lockout and refusals in the audit log', async () => {
    fakeClock();
    const ip = '127.0.65.1';
    const email = 'audited@example.com';
    const u = await t.user({ email });
    const c = await signedIn(t, email, PASSWORD, ip);
    expect((await c.post('/api/auth/logout/')).status).toBe(204);
    for (let i = 0; i < 5; i++) await attempt(ip, email, 'wrong');
    await attempt(ip, email, PASSWORD);
    advance(2);
    await t.ctx.db
      .update(users)
      .set({ twoFactorMethod: 'totp', totpSecret: t.ctx.secrets.encrypt(authenticator.generateSecret(20)) })
      .where(eq(users.id, u.id));
    await attempt(ip, email, PASSWORD, { one_time_password: '000000' });

    const rows = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.ip, ip), eq(auditEvents.resource, 'authentication')))
      .orderBy(auditEvents.id);
    expect(rows.map((r) => r.action)).toEqual([
      'sign_in',
      'sign_out',
      ...Array<string>(5).fill('sign_in_failed'),
      'lockout',
      'throttled',
      'sign_in_failed',
      'lockout',
    ]);
    expect(rows.every((r) => r.actor === email && r.userId === u.id && r.customerId === u.customerId)).toBe(true);
    expect(rows.at(-2)!.summary).toEqual({ event: 'otp_failed', detail: 'wrong totp code' });

    // The customer's superuser reads them on the audit page.
    const admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD, '127.0.65.2');
    const page = (await admin.get<Page<AuditEvent>>('/api/audit/?resource=authentication&action=lockout&page_size=100')).body;
    expect(page.results.some((e) => e.actor === email && e.ip === ip)).toBe(true);
  });

  it('answers bad sign-in input with 400 keyed by field, counting nothing', async () => {
    fakeClock();
    const ip = '127.0.67.1';
    const c = t.client(ip);
    const tooLong = await c.login(ADMIN_EMAIL, ADMIN_PASSWORD, { recovery_code: 'x'.repeat(41) });
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body)).toEqual(['recovery_code']);
    const empty = await c.post('/api/auth/login/', { username: '', password: '' });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body).sort()).toEqual(['password', 'username']);
    expect(await t.ctx.db.$count(rateLimits, like(rateLimits.key, `%${ip}%`))).toBe(0);
  });

  it('counts a wrong password sent to generate-otp/ like one at sign-in', async () => {
    fakeClock();
    const ip = '127.0.68.1';
    const c = t.client(ip);
    await c.get('/api/check-authentication/');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await c.post('/api/auth/generate-otp/', { username: ADMIN_EMAIL, password: 'wrong' })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await attempt('127.0.68.2', ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
  });

  it('writes no audit event for a preview; the same import for real writes one', async () => {
    const admin: Client = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD, '127.0.66.1');
    const upload = (preview: boolean) => {
      const b = '----bulwark-preview';
      const body =
        `--${b}\r\nContent-Disposition: form-data; name="preview"\r\n\r\n${preview}\r\n` +
        `--${b}\r\nContent-Disposition: form-data; name="create_missing_tags"\r\n\r\ntrue\r\n` +
        `--${b}\r\nContent-Disposition: form-data; name="csv_file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n` +
        `${ASSET_IMPORT_TEMPLATE.replace('owner@example.com', ADMIN_EMAIL)}\r\n--${b}--\r\n`;
      return admin.request('POST', '/api/assets/import/', body, { 'content-type': `multipart/form-data; boundary=${b}` });
    };
    const imports = () => t.ctx.db.$count(auditEvents, eq(auditEvents.route, '/api/assets/import/'));
    const preview = await upload(true);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(await imports()).toBe(0);
    expect((await upload(false)).status).toBe(201);
    expect(await imports()).toBe(1);
  });
});
