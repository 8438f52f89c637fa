// Sign-in, sessions, CSRF, renewal, sign-out and the audit log, on every test database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authEvents, sessions } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from './helpers/app.ts';

describe.each(BACKENDS)('authentication on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { BULWARK_SESSION_AGE_SECONDS: '1800', BULWARK_LONG_SESSION_AGE_SECONDS: '864000' });
  });
  afterAll(() => t.close());

  it('reports an anonymous caller and sets the CSRF cookie on the first GET', async () => {
    const c = t.client();
    const res = await c.get('/api/check-authentication/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isAuthenticated: false, sessionExpiryAgeSeconds: 0, impersonated: false, impersonation_source: null });
    const csrf = res.cookies.find((k) => k.name === 'csrftoken');
    expect(csrf?.value).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(csrf?.httpOnly).toBeFalsy();
  });

  it('refuses sign-in without a matching X-CSRFToken header (403)', async () => {
    const c = t.client();
    await c.get('/api/check-authentication/');
    c.csrf = false;
    const missing = await c.post('/api/auth/login/', { username: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ detail: 'CSRF Failed: CSRF token missing or incorrect.' });
    const wrong = await c.post('/api/auth/login/', { username: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { 'x-csrftoken': 'forged' });
    expect(wrong.status).toBe(403);
  });

  it('answers bad input with field errors, never a 500', async () => {
    const c = t.client();
    await c.get('/api/check-authentication/');
    const res = await c.post('/api/auth/login/', { username: '', password: 12 });
    expect(res.status).toBe(400);
    expect(res.body.username).toEqual(['Username is required']);
    expect(Array.isArray(res.body.password)).toBe(true);
    const notJson = await c.request('POST', '/api/auth/login/', '{"username":', { 'content-type': 'application/json' });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual({ non_field_errors: ['The request body is not valid JSON.'] });
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const c = t.client('127.0.0.10');
    const wrong = await c.login(ADMIN_EMAIL, 'not-the-password');
    const unknown = await c.login('nobody@example.com', 'not-the-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('signs in with a short session: browser-session cookie, HttpOnly, expiry reported', async () => {
    const c = t.client();
    const res = await c.login(ADMIN_EMAIL.toUpperCase(), ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isAuthenticated: true, sessionExpiryAgeSeconds: 1800, impersonated: false });
    const cookie = res.cookies.find((k) => k.name === 'sessionid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.maxAge).toBeUndefined();
    const status = await c.get('/api/check-authentication/');
    expect(status.body.isAuthenticated).toBe(true);
    expect(status.body.sessionExpiryAgeSeconds).toBeGreaterThan(1790);
    expect(status.body.sessionExpiryAgeSeconds).toBeLessThanOrEqual(1800);
  });

  it('keeps a long-lived session with keep_logged_in', async () => {
    const c = t.client();
    const res = await c.login(ADMIN_EMAIL, ADMIN_PASSWORD, { keep_logged_in: true });
    expect(res.body.sessionExpiryAgeSeconds).toBe(864000);
    expect(res.cookies.find((k) => k.name === 'sessionid')!.maxAge).toBe(864000);
  });

  it('rotates the CSRF token at sign-in and stores only a hash of the session id', async () => {
    const c = t.client();
    await c.get('/api/check-authentication/');
    const before = c.jar.get('csrftoken');
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(c.jar.get('csrftoken')).not.toBe(before);
    const sid = c.jar.get('sessionid')!;
    const stored = await t.ctx.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(stored).toHaveLength(0);
  });

  it('renews a session, and refuses renewal without one (401)', async () => {
    const c = t.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const all = await t.ctx.db.select().from(sessions);
    for (const s of all)
      await t.ctx.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + 120_000) })
        .where(eq(sessions.id, s.id));
    const low = await c.get('/api/check-authentication/');
    expect(low.body.sessionExpiryAgeSeconds).toBeLessThanOrEqual(120);
    const renewed = await c.post('/api/auth/renew-session/');
    expect(renewed.status).toBe(200);
    expect(renewed.body.sessionExpiryAgeSeconds).toBe(1800);
    const anon = t.client();
    await anon.get('/api/check-authentication/');
    expect((await anon.post('/api/auth/renew-session/')).status).toBe(401);
  });

  it('treats an expired session as signed out (401 on guarded calls)', async () => {
    const c = t.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await c.get('/api/user/profile/?me=1')).status).toBe(200);
    await t.ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await c.get('/api/user/profile/?me=1');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect((await c.get('/api/check-authentication/')).body.isAuthenticated).toBe(false);
  });

  it('signs out: the session is gone server-side and the cookie cleared', async () => {
    const c = t.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const sid = c.jar.get('sessionid')!;
    const res = await c.post('/api/auth/logout/');
    expect(res.status).toBe(204);
    expect(c.jar.has('sessionid')).toBe(false);
    // Replaying the old cookie does not bring the session back.
    c.jar.set('sessionid', sid);
    expect((await c.get('/api/check-authentication/')).body.isAuthenticated).toBe(false);
  });

  // Sign-in delays (per account and address, per address) are tested in sign-in-throttle.test.ts.

  it('records sign-in events in the audit log with address and outcome', async () => {
    const c = t.client('127.0.4.1');
    await c.login(ADMIN_EMAIL, 'bad-password');
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await c.post('/api/auth/logout/');
    const events = await t.ctx.db.select().from(authEvents).where(eq(authEvents.ip, '127.0.4.1'));
    expect(events.map((e) => e.event)).toEqual(['login_failed', 'login_succeeded', 'logout']);
    expect(events[1]!.username).toBe(ADMIN_EMAIL);
  });
});
