// Recovery codes and session ends on every test database: ten codes on TOTP enrolment, hashed at rest, each usable
// once at sign-in, regenerable (password or code) which voids the old; other sessions end on enrolment and password change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { oneTimeTokens } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, impersonated, signedIn } from './helpers/sessions.ts';

type Codes = { detail: string; recovery_codes: string[] };
const totpAt = (secret: string, steps: number) => authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);

describe.each(BACKENDS)('recovery codes on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  /** Enrols `c` in TOTP; returns the secret and the recovery codes answered. */
  async function enrol(c: Client): Promise<{ secret: string; codes: string[] }> {
    const { secret } = (await c.post<{ secret: string }>('/api/user/two-factor/totp/')).body;
    const res = await c.post<Codes>('/api/user/two-factor/totp/confirm/', { one_time_password: totpAt(secret, 0) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { secret, codes: res.body.recovery_codes };
  }

  it('gives ten codes once on TOTP enrolment, keeps only their hashes, and ends the other sessions', async () => {
    const email = 'rc-enrol@example.com';
    const u = await t.user({ email });
    const other = await signedIn(t, email, PASSWORD, '127.0.70.2');
    const c = await signedIn(t, email, PASSWORD, '127.0.70.1');
    const { codes } = await enrol(c);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);

    const rows = await t.ctx.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, u.id), eq(oneTimeTokens.kind, 'recovery_code')));
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replaceAll('-', ''));
    }
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);

    expect((await c.get('/api/user/two-factor/')).body).toMatchObject({ method: 'totp', recovery_codes_remaining: 10 });
    // The enrolling session stays; the other one is over.
    expect((await c.get('/api/check-authentication/')).body.isAuthenticated).toBe(true);
    expect((await other.get('/api/check-authentication/')).body.isAuthenticated).toBe(false);
  });

  it('signs in with a recovery code in place of the TOTP code, each code once', async () => {
    const email = 'rc-login@example.com';
    await t.user({ email });
    const c = await signedIn(t, email, PASSWORD, '127.0.71.1');
    const { codes } = await enrol(c);

    const wrong = await t.client('127.0.71.2').login(email, PASSWORD, { recovery_code: 'aaaa-bbbb-cccc-dddd' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ recovery_code: ['This recovery code is not valid or has already been used.'] });

    const used = t.client('127.0.71.2');
    // Typed in capitals and without dashes, it still works.
    const ok = await used.login(email, PASSWORD, { recovery_code: codes[0]!.toUpperCase().replaceAll('-', '') });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await used.get('/api/user/profile/?me=1')).body.email).toBe(email);

    const again = await t.client('127.0.71.3').login(email, PASSWORD, { recovery_code: codes[0] });
    expect(again.status).toBe(400);
    expect(Object.keys(again.body)).toEqual(['recovery_code']);
    expect((await c.get('/api/user/two-factor/')).body.recovery_codes_remaining).toBe(9);

    // A recovery code never stands in for the password.
    const noPassword = await t.client('127.0.71.4').login(email, 'wrong', { recovery_code: codes[1] });
    expect(noPassword.status).toBe(400);
    expect(Object.keys(noPassword.body)).toEqual(['non_field_errors']);
    expect((await c.get('/api/user/two-factor/')).body.recovery_codes_remaining).toBe(9);
  });

  it('regenerates with the password or a TOTP code; the old codes stop working', async () => {
    const email = 'rc-regen@example.com';
    await t.user({ email });
    const c = await signedIn(t, email, PASSWORD, '127.0.72.1');
    const { secret, codes: first } = await enrol(c);

    const empty = await c.post('/api/user/two-factor/recovery-codes/', {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ password: ['Enter your password or a code from your authenticator app.'] });
    const badCode = await c.post('/api/user/two-factor/recovery-codes/', { one_time_password: '12ab' });
    expect(badCode.status).toBe(400);
    expect(Object.keys(badCode.body)).toEqual(['one_time_password']);
    const wrong = await c.post('/api/user/two-factor/recovery-codes/', { password: 'not-mine' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ password: ['The password is not correct.'] });

    const byPassword = await c.post<Codes>('/api/user/two-factor/recovery-codes/', { password: PASSWORD });
    expect(byPassword.status).toBe(200);
    expect(byPassword.body.recovery_codes).toHaveLength(10);
    const old = await t.client('127.0.72.2').login(email, PASSWORD, { recovery_code: first[0] });
    expect(old.status).toBe(400);

    const byCode = await c.post<Codes>('/api/user/two-factor/recovery-codes/', { one_time_password: totpAt(secret, 1) });
    expect(byCode.status).toBe(200);
    const second = byPassword.body.recovery_codes[0]!;
    expect((await t.client('127.0.72.3').login(email, PASSWORD, { recovery_code: second })).status).toBe(400);
    expect((await t.client('127.0.72.3').login(email, PASSWORD, { recovery_code: byCode.body.recovery_codes[0] })).status).toBe(200);
    expect((await c.get('/api/user/two-factor/')).body.recovery_codes_remaining).toBe(9);

    // Turning the second factor off removes the codes.
    expect((await c.post('/api/user/two-factor/disable/', { password: PASSWORD })).status).toBe(200);
    expect((await c.get('/api/user/two-factor/')).body.recovery_codes_remaining).toBe(0);
  });

  it('refuses regeneration without a second factor (400), anonymously (401) and when impersonated (403)', async () => {
    const email = 'rc-refused@example.com';
    await t.user({ email });
    const c = await signedIn(t, email, PASSWORD, '127.0.73.1');
    const none = await c.post('/api/user/two-factor/recovery-codes/', { password: PASSWORD });
    expect(none.status).toBe(400);
    expect(Object.keys(none.body)).toEqual(['non_field_errors']);
    expect((await (await anonymous(t, '127.0.73.2')).post('/api/user/two-factor/recovery-codes/', { password: PASSWORD })).status).toBe(
      401,
    );
    const imp = await impersonated(t, email, 'support desk', '127.0.73.3');
    expect((await imp.post('/api/user/two-factor/recovery-codes/', { password: PASSWORD })).status).toBe(403);
  });

  it('ends the other sessions when the password changes; the current one stays', async () => {
    const email = 'rc-password@example.com';
    await t.user({ email });
    const other = await signedIn(t, email, PASSWORD, '127.0.74.2');
    const c = await signedIn(t, email, PASSWORD, '127.0.74.1');
    const res = await c.post('/api/user/change-password/', { current_password: PASSWORD, new_password: 'Another-Good-Phrase-93' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await c.get('/api/check-authentication/')).body.isAuthenticated).toBe(true);
    expect((await other.get('/api/check-authentication/')).body.isAuthenticated).toBe(false);
  });
});
