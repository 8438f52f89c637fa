// Back-office impersonation: one-time links, the flagged session, refusal of spent, expired and foreign tokens, audit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { authEvents, oneTimeTokens, sessions, users } from '../src/db/schema/index.ts';
import { sha256 } from '../src/lib/secrets.ts';
import { createImpersonationLink, INVALID_IMPERSONATION } from '../src/modules/auth/impersonation.ts';
import { issueToken } from '../src/modules/auth/tokens.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, userRow, type TestApp } from './helpers/app.ts';
import { anonymous, lastSegment, signedIn } from './helpers/sessions.ts';

const INVALID = { non_field_errors: [INVALID_IMPERSONATION] };
const LINK = /^http:\/\/bulwark\.test\/auth\/lac\/lacjump\/[A-Za-z0-9_-]+$/;

describe.each(BACKENDS)('impersonation on %s', (backend) => {
  let t: TestApp;
  let ivan: { id: number; customerId: number };

  beforeAll(async () => {
    t = await startTestApp(backend);
    ivan = await t.user({ email: 'ivan@example.com', firstName: 'Ivan' });
  });
  afterAll(() => t.close());

  const tokenFor = async (email: string, source = 'jane@backoffice (support)') => {
    const link = await createImpersonationLink(t.ctx, email, source);
    expect(link).toMatch(LINK);
    return lastSegment(link!);
  };

  it('makes a one-time link under /auth/lac/lacjump/ whose token is stored only as a hash, valid 5 minutes', async () => {
    const before = Date.now();
    const link = await createImpersonationLink(t.ctx, 'IVAN@example.com', 'jane@backoffice (support)');
    expect(link).toMatch(LINK);
    const token = lastSegment(link!);
    const rows = await t.ctx.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, sha256(token)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'impersonation', userId: ivan.id, usedAt: null, meta: { source: 'jane@backoffice (support)' } });
    const ttl = rows[0]!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(290_000);
    expect(ttl).toBeLessThanOrEqual(305_000);
  });

  it('makes no link for an unknown or deactivated user', async () => {
    expect(await createImpersonationLink(t.ctx, 'nobody@example.com', 'x')).toBeNull();
    const u = await t.user({ email: 'inactive@example.com' });
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
    expect(await createImpersonationLink(t.ctx, 'inactive@example.com', 'x')).toBeNull();
  });

  it('signs in as the user with a flagged session that records its source', async () => {
    const token = await tokenFor('ivan@example.com');
    const c = await anonymous(t, '127.0.40.1');
    const res = await c.post('/api/auth/impersonation-login/', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      isAuthenticated: true,
      sessionExpiryAgeSeconds: t.config.sessionAgeSeconds,
      impersonated: true,
      impersonation_source: 'jane@backoffice (support)',
    });
    const cookie = res.cookies.find((k) => k.name === 'sessionid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.maxAge).toBeUndefined();

    const status = await c.get('/api/check-authentication/');
    expect(status.body).toMatchObject({ isAuthenticated: true, impersonated: true, impersonation_source: 'jane@backoffice (support)' });
    const me = await c.get('/api/user/profile/?me=1');
    expect(me.body).toMatchObject({ id: ivan.id, email: 'ivan@example.com' });

    const stored = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, ivan.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ impersonated: true, impersonationSource: 'jane@backoffice (support)' });
    const used = await t.ctx.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, sha256(token)));
    expect(used[0]!.usedAt).not.toBeNull();

    // Signing out ends the impersonated session like any other.
    expect((await c.post('/api/auth/logout/')).status).toBe(204);
    expect((await c.get('/api/check-authentication/')).body.isAuthenticated).toBe(false);
  });

  it('does not flag an ordinary sign-in of the same user', async () => {
    const c = await signedIn(t, 'ivan@example.com', undefined, '127.0.40.2');
    expect((await c.get('/api/check-authentication/')).body).toMatchObject({ impersonated: false, impersonation_source: null });
  });

  it('refuses a token used once already (400)', async () => {
    const token = await tokenFor('ivan@example.com');
    const first = await anonymous(t, '127.0.41.1');
    expect((await first.post('/api/auth/impersonation-login/', { token })).status).toBe(200);
    const second = await anonymous(t, '127.0.41.2');
    const res = await second.post('/api/auth/impersonation-login/', { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID);
    expect((await second.get('/api/check-authentication/')).body.isAuthenticated).toBe(false);
  });

  it('refuses a garbage token (400) and an empty one (400 {token: [...]})', async () => {
    const c = await anonymous(t, '127.0.42.1');
    const garbage = await c.post('/api/auth/impersonation-login/', { token: 'not-a-real-token' });
    expect(garbage.status).toBe(400);
    expect(garbage.body).toEqual(INVALID);
    const empty = await c.post('/api/auth/impersonation-login/', { token: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ token: ['Token is required'] });
    const missing = await c.post('/api/auth/impersonation-login/', {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body)).toEqual(['token']);
  });

  it('refuses the call without the CSRF header (403) without spending the token', async () => {
    const token = await tokenFor('ivan@example.com');
    const c = await anonymous(t, '127.0.43.1');
    c.csrf = false;
    const res = await c.post('/api/auth/impersonation-login/', { token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'CSRF Failed: CSRF token missing or incorrect.' });
    expect((await c.get('/api/check-authentication/')).body.isAuthenticated).toBe(false);
    c.csrf = true;
    expect((await c.post('/api/auth/impersonation-login/', { token })).status).toBe(200);
  });

  it('refuses an expired token (400)', async () => {
    const token = await tokenFor('ivan@example.com');
    await t.ctx.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, sha256(token)));
    const c = await anonymous(t, '127.0.44.1');
    const res = await c.post('/api/auth/impersonation-login/', { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID);
  });

  it('refuses a token of another kind (a password-reset or SSO token is no impersonation token)', async () => {
    const reset = await issueToken(t.ctx.db, 'password_reset', ivan.id);
    const sso = await issueToken(t.ctx.db, 'sso', ivan.id);
    const c = await anonymous(t, '127.0.45.1');
    expect((await c.post('/api/auth/impersonation-login/', { token: reset })).body).toEqual(INVALID);
    expect((await c.post('/api/auth/impersonation-login/', { token: sso })).body).toEqual(INVALID);
    // And the other way round: an impersonation token is no password-reset link.
    const imp = await tokenFor('ivan@example.com');
    const uid = Buffer.from(String(ivan.id)).toString('base64url');
    expect((await c.get(`/api/auth/password-reset-confirm/${uid}/${imp}/`)).status).toBe(400);
  });

  it('refuses a token of a user deactivated after the link was made', async () => {
    const u = await t.user({ email: 'leaving@example.com' });
    const token = await tokenFor('leaving@example.com');
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
    const c = await anonymous(t, '127.0.46.1');
    expect((await c.post('/api/auth/impersonation-login/', { token })).body).toEqual(INVALID);
  });

  it('replaces a session the browser already had, instead of keeping it', async () => {
    const admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD, '127.0.47.1');
    const adminId = (await userRow(t.ctx, ADMIN_EMAIL)).id;
    const adminSessions = async () => (await t.ctx.db.select().from(sessions).where(eq(sessions.userId, adminId))).length;
    const before = await adminSessions();
    const oldSid = admin.jar.get('sessionid')!;
    const res = await admin.post('/api/auth/impersonation-login/', { token: await tokenFor('ivan@example.com') });
    expect(res.status).toBe(200);
    expect(admin.jar.get('sessionid')).not.toBe(oldSid);
    expect(await adminSessions()).toBe(before - 1);
    expect((await admin.get('/api/user/profile/?me=1')).body.email).toBe('ivan@example.com');
  });

  it('records impersonation_started with the source and the address', async () => {
    const c = await anonymous(t, '127.0.48.1');
    await c.post('/api/auth/impersonation-login/', { token: await tokenFor('ivan@example.com', 'audit check by jane') });
    const events = await t.ctx.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.event, 'impersonation_started'), eq(authEvents.ip, '127.0.48.1')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      userId: ivan.id,
      customerId: ivan.customerId,
      username: 'ivan@example.com',
      detail: 'audit check by jane',
    });
    // Refused attempts do not count as impersonation.
    await c.post('/api/auth/impersonation-login/', { token: 'garbage-token' });
    const after = await t.ctx.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.event, 'impersonation_started'), eq(authEvents.ip, '127.0.48.1')));
    expect(after).toHaveLength(1);
  });

  it('limits attempts per address (429 after 20 within 15 minutes)', async () => {
    const c = await anonymous(t, '127.0.49.1');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await c.post('/api/auth/impersonation-login/', { token: `guess-${i}` })).status);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Even a good token waits out the limit from that address.
    const blocked = await c.post('/api/auth/impersonation-login/', { token: await tokenFor('ivan@example.com') });
    expect(blocked.status).toBe(429);
  });
});
