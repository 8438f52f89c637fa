// Second factor: authenticator-app (TOTP) enrolment and sign-in, SMS codes through a real HTTP provider, turning it off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { users } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { PASSWORD, startTestApp, userRow, type TestApp } from './helpers/app.ts';
import { anonymous, impersonated, signedIn } from './helpers/sessions.ts';

/** The TOTP code of `secret` for the time step `steps` away from now. */
function totpAt(secret: string, steps: number): string {
  return authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);
}

/** A six-digit code that is not valid for `secret` in any step the server accepts. */
function wrongTotp(secret: string): string {
  const valid = new Set([-2, -1, 0, 1, 2].map((s) => totpAt(secret, s)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

interface Sms {
  to: string;
  message: string;
  authorization: string | undefined;
}

/** A real SMS provider on loopback: records `{to, message}` POSTs; answers 500 for +4500000000. */
async function startSmsReceiver(): Promise<{ url: string; received: Sms[]; close(): Promise<void> }> {
  const received: Sms[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/sms' || req.headers['content-type'] !== 'application/json') {
        res.writeHead(400).end();
        return;
      }
      const { to, message } = JSON.parse(body) as { to: string; message: string };
      if (to === '+4500000000') {
        res.writeHead(500).end('provider down');
        return;
      }
      received.push({ to, message, authorization: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"queued"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.2:${port}/sms`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function codeOf(sms: Sms | undefined): string {
  const m = /\b(\d{6})\b/.exec(sms?.message ?? '');
  expect(m, `a six-digit code in ${JSON.stringify(sms)}`).toBeTruthy();
  return m![1]!;
}

describe.each(BACKENDS)('second factor on %s', (backend) => {
  describe('authenticator app (TOTP)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(backend);
    });
    afterAll(() => t.close());

    it('enrols with a secret and QR code, then asks for, checks and refuses replayed codes at sign-in', async () => {
      const email = 'tina@example.com';
      await t.user({ email });
      const c = await signedIn(t, email, PASSWORD, '127.0.10.1');
      expect((await c.get('/api/user/two-factor/')).body).toEqual({ method: 'none', phone_number: null, recovery_codes_remaining: 0 });

      const setup = await c.post<{ secret: string; otpauth_url: string; qr_code: string }>('/api/user/two-factor/totp/');
      expect(setup.status).toBe(200);
      const { secret, otpauth_url, qr_code } = setup.body;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauth_url.startsWith('otpauth://totp/')).toBe(true);
      const uri = new URL(otpauth_url);
      expect(uri.searchParams.get('secret')).toBe(secret);
      expect(uri.searchParams.get('issuer')).toBe('Bulwark');
      expect(decodeURIComponent(uri.pathname)).toContain(email);
      expect(qr_code.startsWith('data:image/png;base64,')).toBe(true);
      const png = Buffer.from(qr_code.slice('data:image/png;base64,'.length), 'base64');
      expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');

      // The pending secret is kept encrypted, and nothing is switched on yet.
      let row = await userRow(t.ctx, email);
      expect(row.pendingTotpSecret).toMatch(/^v1:/);
      expect(row.pendingTotpSecret).not.toContain(secret);
      expect(t.ctx.secrets.decrypt(row.pendingTotpSecret!)).toBe(secret);
      expect(row.twoFactorMethod).toBe('none');
      expect((await t.client('127.0.10.2').login(email, PASSWORD)).status).toBe(200);

      const malformed = await c.post('/api/user/two-factor/totp/confirm/', { one_time_password: '12ab' });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ one_time_password: ['Enter the 6-digit code.'] });

      const wrong = await c.post('/api/user/two-factor/totp/confirm/', { one_time_password: wrongTotp(secret) });
      expect(wrong.status).toBe(400);
      expect(Object.keys(wrong.body)).toEqual(['one_time_password']);
      expect((await userRow(t.ctx, email)).twoFactorMethod).toBe('none');

      const ok = await c.post('/api/user/two-factor/totp/confirm/', { one_time_password: totpAt(secret, 0) });
      expect(ok.status).toBe(200);
      expect((await c.get('/api/user/two-factor/')).body).toEqual({ method: 'totp', phone_number: null, recovery_codes_remaining: 10 });
      expect((await c.get('/api/user/profile/?me=1')).body.two_factor_method).toBe('totp');
      row = await userRow(t.ctx, email);
      expect(row.totpSecret).toMatch(/^v1:/);
      expect(row.pendingTotpSecret).toBeNull();

      // Sign-in now needs the code.
      const noCode = await t.client('127.0.10.3').login(email, PASSWORD);
      expect(noCode.status).toBe(400);
      expect(noCode.body).toEqual({ one_time_password: [expect.any(String)], otp_method: 'totp' });
      expect(noCode.cookies.find((k) => k.name === 'sessionid')).toBeUndefined();

      const bad = await t.client('127.0.10.3').login(email, PASSWORD, { one_time_password: wrongTotp(secret) });
      expect(bad.status).toBe(400);
      expect(bad.body.otp_method).toBe('totp');

      // The code of the step used at enrolment is spent: take the next one, as an app would 30 s later.
      const next = totpAt(secret, 1);
      const good = t.client('127.0.10.4');
      const signed = await good.login(email, PASSWORD, { one_time_password: next });
      expect(signed.status).toBe(200);
      expect(signed.body.isAuthenticated).toBe(true);
      expect((await good.get('/api/user/profile/?me=1')).body.email).toBe(email);

      const replay = await t.client('127.0.10.5').login(email, PASSWORD, { one_time_password: next });
      expect(replay.status).toBe(400);
      expect(replay.body.otp_method).toBe('totp');
    });

    it('refuses to confirm when no enrolment was started (400 non_field_errors)', async () => {
      const email = 'nostart@example.com';
      await t.user({ email });
      const c = await signedIn(t, email, PASSWORD, '127.0.11.1');
      const res = await c.post('/api/user/two-factor/totp/confirm/', { one_time_password: '123456' });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['non_field_errors']);
      expect((await userRow(t.ctx, email)).twoFactorMethod).toBe('none');
    });

    it('turns the second factor off only with the right password; then sign-in needs no code', async () => {
      const email = 'dave@example.com';
      await t.user({ email });
      const c = await signedIn(t, email, PASSWORD, '127.0.12.1');
      const { secret } = (await c.post<{ secret: string }>('/api/user/two-factor/totp/')).body;
      expect((await c.post('/api/user/two-factor/totp/confirm/', { one_time_password: totpAt(secret, 0) })).status).toBe(200);

      const wrong = await c.post('/api/user/two-factor/disable/', { password: 'not-my-password' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ password: ['The password is not correct.'] });
      expect((await userRow(t.ctx, email)).twoFactorMethod).toBe('totp');
      expect(Object.keys((await c.post('/api/user/two-factor/disable/', {})).body)).toEqual(['password']);

      const ok = await c.post('/api/user/two-factor/disable/', { password: PASSWORD });
      expect(ok.status).toBe(200);
      expect((await c.get('/api/user/two-factor/')).body).toEqual({ method: 'none', phone_number: null, recovery_codes_remaining: 0 });
      const row = await userRow(t.ctx, email);
      expect(row.totpSecret).toBeNull();
      expect(row.lastOtpStep).toBeNull();
      const again = await t.client('127.0.12.2').login(email, PASSWORD);
      expect(again.status).toBe(200);
    });

    it('keeps an impersonated session away from the second factor (403) but lets it read the status', async () => {
      const email = 'imp@example.com';
      await t.user({ email });
      const c = await impersonated(t, email, 'support desk', '127.0.13.1');
      expect((await c.get('/api/user/two-factor/')).status).toBe(200);
      for (const [path, body] of [
        ['/api/user/two-factor/totp/', {}],
        ['/api/user/two-factor/totp/confirm/', { one_time_password: '123456' }],
        ['/api/auth/set-phone-number/', { phone_number: '+4512345678' }],
        ['/api/user/two-factor/sms/confirm/', { one_time_password: '123456' }],
        ['/api/user/two-factor/disable/', { password: PASSWORD }],
      ] as const) {
        const res = await c.post(path, body);
        expect(res.status, path).toBe(403);
        expect(res.body, path).toEqual({ detail: 'The second factor cannot be changed in an impersonated session.' });
      }
      const row = await userRow(t.ctx, email);
      expect(row.pendingTotpSecret).toBeNull();
      expect(row.pendingPhoneNumber).toBeNull();
    });

    it('refuses anonymous callers (401) and calls without the CSRF header (403)', async () => {
      expect((await t.client().get('/api/user/two-factor/')).status).toBe(401);
      const anon = await anonymous(t);
      expect((await anon.post('/api/user/two-factor/totp/')).status).toBe(401);
      expect((await anon.post('/api/user/two-factor/disable/', { password: PASSWORD })).status).toBe(401);
      const email = 'nocsrf@example.com';
      await t.user({ email });
      const c = await signedIn(t, email, PASSWORD, '127.0.14.1');
      c.csrf = false;
      expect((await c.post('/api/user/two-factor/totp/')).status).toBe(403);
      expect((await userRow(t.ctx, email)).pendingTotpSecret).toBeNull();
    });

    it('answers set-phone-number with 400 {phone_number: [...]} when SMS is not configured', async () => {
      const email = 'nosms@example.com';
      await t.user({ email });
      const c = await signedIn(t, email, PASSWORD, '127.0.15.1');
      const res = await c.post('/api/auth/set-phone-number/', { phone_number: '+45 12 34 56 78' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ phone_number: ['Text messages cannot be sent: SMS is not configured on this server.'] });
      expect((await userRow(t.ctx, email)).pendingPhoneNumber).toBeNull();
    });
  });

  describe('text-message codes (SMS) through a real HTTP provider', () => {
    let t: TestApp;
    let sms: Awaited<ReturnType<typeof startSmsReceiver>>;
    beforeAll(async () => {
      sms = await startSmsReceiver();
      t = await startTestApp(backend, { BULWARK_SMS_URL: sms.url, BULWARK_SMS_TOKEN: 'provider-token-123' });
    });
    afterAll(async () => {
      await t.close();
      await sms.close();
    });

    it('verifies the phone with a texted code, then asks for a new texted code at every sign-in', async () => {
      const email = 'sam@example.com';
      await t.user({ email });
      const c = await signedIn(t, email, PASSWORD, '127.0.16.1');

      const badPhone = await c.post('/api/auth/set-phone-number/', { phone_number: 'call me' });
      expect(badPhone.status).toBe(400);
      expect(Object.keys(badPhone.body)).toEqual(['phone_number']);
      expect(sms.received).toHaveLength(0);

      const set = await c.post('/api/auth/set-phone-number/', { phone_number: '+45 12 34 56 78' });
      expect(set.status).toBe(200);
      expect(set.body.detail).toMatch(/78\.$/);
      expect(String(set.body.detail)).not.toContain('+4512345678');
      expect(sms.received).toHaveLength(1);
      expect(sms.received[0]).toMatchObject({ to: '+4512345678', authorization: 'Bearer provider-token-123' });
      const enrolCode = codeOf(sms.received[0]);
      expect((await userRow(t.ctx, email)).pendingPhoneNumber).toBe('+4512345678');

      const wrongCode = enrolCode === '000000' ? '111111' : '000000';
      const wrong = await c.post('/api/user/two-factor/sms/confirm/', { one_time_password: wrongCode });
      expect(wrong.status).toBe(400);
      expect(Object.keys(wrong.body)).toEqual(['one_time_password']);
      expect((await c.get('/api/user/two-factor/')).body).toEqual({ method: 'none', phone_number: null, recovery_codes_remaining: 0 });

      const ok = await c.post<{ detail: string; recovery_codes: string[] }>('/api/user/two-factor/sms/confirm/', {
        one_time_password: enrolCode,
      });
      expect(ok.status).toBe(200);
      // Ten recovery codes at once, as with an authenticator app: the way back when the phone is lost.
      expect(ok.body.detail).toBe('Text-message codes are now your second factor.');
      expect(ok.body.recovery_codes).toHaveLength(10);
      expect(new Set(ok.body.recovery_codes).size).toBe(10);
      const status = await c.get('/api/user/two-factor/');
      expect(status.body).toEqual({ method: 'sms', phone_number: '•••••••••78', recovery_codes_remaining: 10 });
      expect((await c.get('/api/user/profile/?me=1')).body).toMatchObject({ two_factor_method: 'sms', phone_number: '•••••••••78' });
      const row = await userRow(t.ctx, email);
      expect(row).toMatchObject({ phoneNumber: '+4512345678', pendingPhoneNumber: null, twoFactorMethod: 'sms' });

      // Sign-in without a code sends one and says so.
      const login = t.client('127.0.16.2');
      const noCode = await login.login(email, PASSWORD);
      expect(noCode.status).toBe(400);
      expect(noCode.body).toEqual({ one_time_password: [expect.stringContaining('78')], otp_method: 'sms' });
      expect(sms.received).toHaveLength(2);
      expect(sms.received[1]!.to).toBe('+4512345678');
      const loginCode = codeOf(sms.received[1]);

      const signed = await login.login(email, PASSWORD, { one_time_password: loginCode });
      expect(signed.status).toBe(200);
      expect((await login.get('/api/user/profile/?me=1')).body.email).toBe(email);
    });

    it('re-sends a sign-in code with generate-otp; a code works once and only with the password', async () => {
      const email = 'gina@example.com';
      const u = await t.user({ email });
      await t.ctx.db.update(users).set({ twoFactorMethod: 'sms', phoneNumber: '+4587654321' }).where(eq(users.id, u.id));
      const c = await anonymous(t, '127.0.17.1');
      const count = sms.received.length;

      const wrongPassword = await c.post('/api/auth/generate-otp/', { username: email, password: 'not-my-password' });
      expect(wrongPassword.status).toBe(400);
      expect(wrongPassword.body).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
      expect(sms.received).toHaveLength(count);

      const res = await c.post('/api/auth/generate-otp/', { username: email, password: PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ detail: 'A new code has been sent.' });
      expect(sms.received).toHaveLength(count + 1);
      expect(sms.received.at(-1)!.to).toBe('+4587654321');
      const code = codeOf(sms.received.at(-1));

      expect((await c.login(email, PASSWORD, { one_time_password: code })).status).toBe(200);
      const replay = await t.client('127.0.17.2').login(email, PASSWORD, { one_time_password: code });
      expect(replay.status).toBe(400);
      expect(replay.body.otp_method).toBe('sms');
    });

    it('does not accept a code texted to a new, unverified phone as a sign-in code', async () => {
      const email = 'hugo@example.com';
      const u = await t.user({ email });
      await t.ctx.db.update(users).set({ twoFactorMethod: 'sms', phoneNumber: '+4511111111' }).where(eq(users.id, u.id));
      // Sign-in needs the texted code: take it from the provider.
      const c = t.client('127.0.21.1');
      expect((await c.login(email, PASSWORD)).body.otp_method).toBe('sms');
      expect((await c.login(email, PASSWORD, { one_time_password: codeOf(sms.received.at(-1)) })).status).toBe(200);
      const set = await c.post('/api/auth/set-phone-number/', { phone_number: '+4522222222' });
      expect(set.status).toBe(200);
      expect(sms.received.at(-1)!.to).toBe('+4522222222');
      const enrolCode = codeOf(sms.received.at(-1));
      const res = await t.client('127.0.21.2').login(email, PASSWORD, { one_time_password: enrolCode });
      expect(res.status).toBe(400);
      expect(res.body.otp_method).toBe('sms');
      expect((await userRow(t.ctx, email)).phoneNumber).toBe('+4511111111');
    });

    it('does not let one user’s texted code sign in another user', async () => {
      const a = await t.user({ email: 'ana@example.com' });
      const b = await t.user({ email: 'ben@example.com' });
      for (const [u, phone] of [
        [a, '+4533333333'],
        [b, '+4544444444'],
      ] as const) {
        await t.ctx.db.update(users).set({ twoFactorMethod: 'sms', phoneNumber: phone }).where(eq(users.id, u.id));
      }
      const ana = t.client('127.0.22.1');
      expect((await ana.login('ana@example.com', PASSWORD)).body.otp_method).toBe('sms');
      expect(sms.received.at(-1)!.to).toBe('+4533333333');
      const anaCode = codeOf(sms.received.at(-1));
      const ben = await t.client('127.0.22.2').login('ben@example.com', PASSWORD, { one_time_password: anaCode });
      expect(ben.status).toBe(400);
      expect((await ana.login('ana@example.com', PASSWORD, { one_time_password: anaCode })).status).toBe(200);
    });

    it('answers generate-otp for an account without SMS codes with 400, sending nothing', async () => {
      const email = 'plain@example.com';
      await t.user({ email });
      const c = await anonymous(t, '127.0.18.1');
      const count = sms.received.length;
      const res = await c.post('/api/auth/generate-otp/', { username: email, password: PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ non_field_errors: ['This account does not use text-message codes.'] });
      expect((await c.post('/api/auth/generate-otp/', { username: '', password: '' })).status).toBe(400);
      expect(sms.received).toHaveLength(count);
    });

    it('answers 400 {phone_number: [...]} when the provider cannot deliver', async () => {
      const email = 'unlucky@example.com';
      await t.user({ email });
      const c = await signedIn(t, email, PASSWORD, '127.0.19.1');
      const res = await c.post('/api/auth/set-phone-number/', { phone_number: '+45 00 00 00 00' });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['phone_number']);
      expect((await c.get('/api/user/two-factor/')).body).toEqual({ method: 'none', phone_number: null, recovery_codes_remaining: 0 });
    });

    it('refuses phone set-up from an impersonated session (403), sending nothing', async () => {
      const email = 'victim@example.com';
      await t.user({ email });
      const c = await impersonated(t, email, 'support desk', '127.0.20.1');
      const count = sms.received.length;
      const res = await c.post('/api/auth/set-phone-number/', { phone_number: '+4511223344' });
      expect(res.status).toBe(403);
      expect(sms.received).toHaveLength(count);
    });
  });
});
