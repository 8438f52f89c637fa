// Users managed in the app, on PGlite and PostgreSQL: every call of users/users/ and its guards (401, 403 before the
// input is read, another customer's user 404, a LIMITED team member 403, an impersonated session 403), invitations
// mailed through a real SMTP server and accepted through the welcome link, create with a password, edit, deactivate
// (sessions and links end at once) and reactivate, second-factor reset, resend (the old link stops working), delete
// (belongings reassigned, the audit log keeps what they did), the rank rules (is_superuser, platform operator) and the
// last administrator, and an audit event for each change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { USER_ADMIN_MESSAGES as M, type UserAdminRow } from '@bulwark/core';
import { auditEvents, oneTimeTokens, scans, sessions, users } from '../src/db/schema/index.ts';
import { newRecoveryCodes, newTotpSecret } from '../src/modules/auth/index.ts';
import { loadAuth } from '../src/http/session.ts';
import { deactivateUser } from '../src/modules/users/admin-service.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD, startTestApp, userRow, type Client, type TestApp } from './helpers/app.ts';
import { startMailReceiver, until, type MailReceiver } from './helpers/receivers.ts';
import { anonymous, impersonated, signedIn } from './helpers/sessions.ts';

const NEW_PASSWORD = 'Velvet-Orchard-Kite-58';
const WELCOME = /http:\/\/bulwark\.test\/auth\/set-password\/welcome\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/;
const INVALID_LINK = { non_field_errors: ['This link is invalid or has expired. Ask for a new one.'] };
const BASE = '/api/users/users/';

/** Undoes quoted-printable transfer encoding (soft line breaks and =XX escapes). */
const decodeQp = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe.each(BACKENDS)('users managed in the app on %s', (backend) => {
  let t: TestApp;
  let smtp: MailReceiver;
  let admin: Client;
  let ip = 0;
  /** A fresh loopback address per sign-in, so no sign-in delay of one test reaches another. */
  const nextIp = () => `127.0.${40 + Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
  const login = (email: string, password = PASSWORD) => signedIn(t, email, password, nextIp());

  /** The uid and token of the newest welcome link the SMTP server received for `email`. */
  async function welcomeLink(email: string, after = 0): Promise<{ uid: string; token: string; text: string }> {
    await until(() => smtp.mails.slice(after).some((m) => m.to.includes(email)), `a welcome mail to ${email}`);
    const mail = smtp.mails.filter((m, i) => i >= after && m.to.includes(email)).at(-1)!;
    const text = decodeQp(mail.raw);
    const m = WELCOME.exec(text);
    expect(m, `a welcome link in the mail to ${email}`).toBeTruthy();
    return { uid: m![1]!, token: m![2]!, text };
  }

  async function setPassword(link: { uid: string; token: string }, password = NEW_PASSWORD) {
    const c = await anonymous(t, nextIp());
    return c.post(`/api/auth/password-reset-confirm/${link.uid}/${link.token}/`, { password });
  }

  async function eventsFor(objectId: number) {
    return t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'users'), eq(auditEvents.objectId, String(objectId))))
      .orderBy(auditEvents.id);
  }

  beforeAll(async () => {
    smtp = await startMailReceiver('127.0.0.3');
    t = await startTestApp(backend, { SMTP_URL: smtp.url, BULWARK_MAIL_FROM: 'Bulwark <noreply@bulwark.test>' });
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD, nextIp());
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('guards every call: 401 anonymous, 403 (before validation) for a user, a LIMITED team member and an impersonated session', async () => {
    const target = await t.user({ email: 'guarded@example.com' });
    await t.user({ email: 'plain@example.com', permissions: { net_scans: ['read'] } });
    await t.user({ email: 'limited@example.com', permissions: { net_assets: ['read'], tags: ['read'] } });
    const tag = await admin.post<{ id: number }>('/api/tags/tags/', { name: 'Guarded tag' });
    expect(tag.status, JSON.stringify(tag.body)).toBe(201);
    const limitedRow = await userRow(t.ctx, 'limited@example.com');
    const team = await admin.post('/api/teams/teams/', {
      name: 'Limited team',
      asset_permissions: 'LIMITED',
      asset_permissions_tags: [tag.body.id],
      members: [limitedRow.id],
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    const calls: [string, string, unknown][] = [
      ['GET', BASE, undefined],
      ['POST', BASE, { bad: 1 }],
      ['POST', `${BASE}invite/`, { bad: 1 }],
      ['GET', `${BASE}${target.id}/`, undefined],
      ['PATCH', `${BASE}${target.id}/`, { bad: 1 }],
      ['DELETE', `${BASE}${target.id}/?reassign_to=x`, undefined],
      ['POST', `${BASE}${target.id}/deactivate/`, {}],
      ['POST', `${BASE}${target.id}/reactivate/`, {}],
      ['POST', `${BASE}${target.id}/reset-two-factor/`, {}],
      ['POST', `${BASE}${target.id}/resend-invitation/`, {}],
    ];
    const anon = await anonymous(t, nextIp());
    const plain = await login('plain@example.com');
    const limited = await login('limited@example.com');
    for (const [method, url, body] of calls) {
      expect((await anon.request(method, url, body)).status, `${method} ${url} anonymous`).toBe(401);
      const refused = await plain.request(method, url, body);
      expect(refused.status, `${method} ${url} plain user`).toBe(403);
      expect(refused.body).toEqual({ detail: 'You do not have permission to perform this action.' });
      expect((await limited.request(method, url, body)).status, `${method} ${url} LIMITED member`).toBe(403);
    }
    // A superuser in an impersonated session reads, but changes nothing.
    await t.user({ email: 'impersonated-admin@example.com', customerAdmin: true });
    const imp = await impersonated(t, 'impersonated-admin@example.com', 'support desk', nextIp());
    const read = await imp.get<{ results: { id: number }[] }>(`${BASE}?page_size=100`);
    expect(read.status).toBe(200);
    expect(read.body.results.map((u) => u.id)).toContain(target.id);
    const refused = await imp.post(`${BASE}${target.id}/deactivate/`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: M.impersonated });
    expect((await imp.post(`${BASE}invite/`, { email: 'via-imp@example.com' })).status).toBe(403);
    expect((await userRow(t.ctx, 'guarded@example.com')).isActive).toBe(true);
    expect(await eventsFor(target.id)).toEqual([]);
  });

  it("answers 404 for another customer's user on every call on one user, and lists only the caller's customer", async () => {
    const mine = await t.user({ email: 'mine@example.com' });
    const rival = await t.otherCustomer('Rival Users Ltd');
    const rc = await login(rival.adminEmail);
    for (const [method, path] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', 'deactivate/'],
      ['POST', 'reactivate/'],
      ['POST', 'reset-two-factor/'],
      ['POST', 'resend-invitation/'],
    ] as const) {
      const r = await rc.request(
        method,
        `${BASE}${mine.id}/${path}`,
        method === 'PATCH' ? { first_name: 'Taken' } : method === 'POST' ? {} : undefined,
      );
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    expect((await userRow(t.ctx, 'mine@example.com')).firstName).toBe('');
    const list = await rc.get<{ count: number; results: UserAdminRow[] }>(`${BASE}?page_size=100`);
    expect(list.body.results.map((u) => u.email)).toEqual([rival.adminEmail]);
    // Nor may the rival hand a deleted user's belongings to one of ours.
    const theirs = await t.user({ email: 'theirs@other.example', customerId: rival.customerId });
    const del = await rc.request('DELETE', `${BASE}${theirs.id}/?reassign_to=${mine.id}`);
    expect(del.status).toBe(400);
    expect(del.body).toEqual({ reassign_to: [M.reassignInvalid] });
  });

  it('invites a user by mail through SMTP; they choose a password from the link and sign in; the list follows', async () => {
    const before = smtp.mails.length;
    const res = await admin.post<UserAdminRow>(`${BASE}invite/`, {
      email: ' Ingrid@Example.com ',
      first_name: 'Ingrid',
      last_name: 'Bergman',
      role: 'security_analyst',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      email: 'ingrid@example.com',
      status: 'invited',
      is_active: true,
      last_login: null,
      role: 'security_analyst',
      customer_admin: false,
      invitation_expired: false,
    });
    const days = (Date.parse(res.body.invitation_expires_at!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const link = await welcomeLink('ingrid@example.com', before);
    expect(link.text).toContain('Subject: Welcome to Bulwark');
    expect(link.text).toContain('Hello Ingrid');
    expect(link.text).toMatch(/has invited you to .* in Bulwark/);
    expect(link.text).toContain('within 7 days');
    expect(Buffer.from(link.uid, 'base64url').toString()).toBe(String(res.body.id));
    // No password yet: signing in is refused.
    expect((await t.client(nextIp()).login('ingrid@example.com', NEW_PASSWORD)).status).toBe(400);

    const verify = await (await anonymous(t, nextIp())).get(`/api/auth/password-reset-confirm/${link.uid}/${link.token}/`);
    expect(verify.body).toEqual({ email: 'ingrid@example.com' });
    expect((await setPassword(link)).status).toBe(200);
    expect((await setPassword(link)).body).toEqual(INVALID_LINK);
    // The sign-in is noted at the app's clock.
    const real = t.ctx.clock;
    const signedInAt = new Date(real().getTime() + 1_000);
    t.ctx.clock = () => signedInAt;
    const ingrid = await login('ingrid@example.com', NEW_PASSWORD).finally(() => (t.ctx.clock = real));
    expect((await ingrid.get<{ email: string }>('/api/user/profile/?me=1')).body.email).toBe('ingrid@example.com');

    const row = await admin.get<UserAdminRow>(`${BASE}${res.body.id}/`);
    expect(row.body.status).toBe('active');
    expect(row.body.invitation_expires_at).toBeNull();
    expect(row.body.last_login).toBe(signedInAt.toISOString());

    const [event] = await eventsFor(res.body.id);
    expect(event).toMatchObject({ actor: ADMIN_EMAIL, action: 'create', route: `${BASE}invite/`, status: 201 });
    expect(event!.summary).toMatchObject({ operation: 'invite', email: 'ingrid@example.com', role: 'security_analyst' });
  });

  it('refuses bad input keyed by field and a taken address (409), creating nothing', async () => {
    const count = async () => (await t.ctx.db.select().from(users)).length;
    const n = await count();
    const bad = await admin.post(`${BASE}invite/`, { email: 'not-an-address', role: 'wizard', extra: 1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['email', 'non_field_errors', 'role']);
    expect(bad.body.email).toEqual(['Enter a valid email address.']);
    const both = await admin.post(`${BASE}invite/`, { email: 'both@example.com', role: 'auditor', customer_admin: true });
    expect(both.body).toEqual({ role: ['Give either a role or customer_admin and permissions, not both.'] });
    const missing = await admin.post(BASE, { email: 'nopass@example.com' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body)).toEqual(['password']);
    const weak = await admin.post(BASE, { email: 'weak@example.com', password: 'password123' });
    expect(weak.status).toBe(400);
    expect(Object.keys(weak.body)).toEqual(['password']);
    const taken = await admin.post(`${BASE}invite/`, { email: ADMIN_EMAIL.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ email: [M.emailTaken] });
    expect(await count()).toBe(n);
    const badList = await admin.get(`${BASE}?status=sleeping&ordering=shoe_size`);
    expect(badList.status).toBe(400);
    expect(Object.keys(badList.body).sort()).toEqual(['ordering', 'status']);
  });

  it('creates a user with a password who signs in at once, with the role given (an auditor by default)', async () => {
    const res = await admin.post<UserAdminRow>(BASE, { email: 'carl@example.com', password: PASSWORD, first_name: 'Carl' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'active', role: 'auditor', invitation_expires_at: null, invitation_expired: false });
    await login('carl@example.com');
    const op = await admin.post<UserAdminRow>(BASE, { email: 'olga@example.com', password: PASSWORD, role: 'scan_operator' });
    expect(op.body.role).toBe('scan_operator');
    expect((await eventsFor(res.body.id))[0]!.summary).toMatchObject({ operation: 'create', email: 'carl@example.com' });
    // The password never reaches the audit log.
    expect(JSON.stringify(await eventsFor(res.body.id))).not.toContain(PASSWORD);
  });

  it('edits name, role and e-mail; an invited user is invited again at the new address and the old link dies', async () => {
    const created = await admin.post<UserAdminRow>(`${BASE}invite/`, { email: 'edna@example.com' });
    const old = await welcomeLink('edna@example.com');
    const before = smtp.mails.length;
    const res = await admin.patch<UserAdminRow>(`${BASE}${created.body.id}/`, {
      first_name: 'Edna',
      last_name: 'Mode',
      role: 'scan_operator',
      email: 'edna.mode@example.com',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ first_name: 'Edna', last_name: 'Mode', role: 'scan_operator', email: 'edna.mode@example.com' });
    expect((await setPassword(old)).body).toEqual(INVALID_LINK);
    const fresh = await welcomeLink('edna.mode@example.com', before);
    expect(fresh.text).toContain('Hello Edna');
    expect((await setPassword(fresh)).status).toBe(200);

    const taken = await admin.patch(`${BASE}${created.body.id}/`, { email: ADMIN_EMAIL });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ email: [M.emailTaken] });
    const bad = await admin.patch(`${BASE}${created.body.id}/`, { role: 'wizard', first_name: 'x'.repeat(151) });
    expect(Object.keys(bad.body).sort()).toEqual(['first_name', 'role']);
    expect((await userRow(t.ctx, 'edna.mode@example.com')).firstName).toBe('Edna');
    const [, update] = await eventsFor(created.body.id);
    expect(update!.summary).toMatchObject({ operation: 'update', email: 'edna@example.com', role: 'scan_operator' });

    // Nobody removes their own administrator role.
    const me = await userRow(t.ctx, ADMIN_EMAIL);
    const demote = await admin.patch(`${BASE}${me.id}/`, { role: 'auditor', is_superuser: false });
    expect(demote.status).toBe(400);
    expect(demote.body).toEqual({ role: [M.notSelfDemote] });
  });

  it('deactivates: their sessions end at once, they cannot sign in, links die; reactivation lets them back', async () => {
    const u = await t.user({ email: 'dora@example.com', firstName: 'Dora' });
    const dora = await login('dora@example.com');
    const second = await login('dora@example.com');
    expect((await dora.get('/api/user/profile/?me=1')).status).toBe(200);
    await (await anonymous(t, nextIp())).post('/api/auth/password-reset/', { username: 'dora@example.com' });

    const res = await admin.post<{ detail: string; user: UserAdminRow }>(`${BASE}${u.id}/deactivate/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.detail).toBe(M.deactivated('Dora'));
    expect(res.body.user).toMatchObject({ status: 'deactivated', is_active: false });
    expect((await dora.get('/api/user/profile/?me=1')).status).toBe(401);
    expect((await second.get('/api/user/profile/?me=1')).status).toBe(401);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([]);
    const unused = await t.ctx.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, u.id));
    expect(unused.filter((x) => x.usedAt === null)).toEqual([]);
    const again = await t.client(nextIp()).login('dora@example.com', PASSWORD);
    expect(again.status).toBe(400);
    expect((await admin.post(`${BASE}${u.id}/deactivate/`)).body).toEqual({ non_field_errors: [M.alreadyDeactivated] });
    expect((await admin.get<{ results: UserAdminRow[] }>(`${BASE}?status=deactivated`)).body.results.map((r) => r.email)).toContain(
      'dora@example.com',
    );

    const back = await admin.post<{ detail: string; user: UserAdminRow }>(`${BASE}${u.id}/reactivate/`);
    expect(back.status).toBe(200);
    expect(back.body.detail).toBe(M.reactivated('Dora'));
    expect(back.body.user.status).toBe('active');
    await login('dora@example.com');
    expect((await admin.post(`${BASE}${u.id}/reactivate/`)).body).toEqual({ non_field_errors: [M.alreadyActive] });
    expect((await eventsFor(u.id)).map((e) => (e.summary as { operation: string }).operation)).toEqual(['deactivate', 'reactivate']);

    const me = await userRow(t.ctx, ADMIN_EMAIL);
    expect((await admin.post(`${BASE}${me.id}/deactivate/`)).body).toEqual({ non_field_errors: [M.notSelfDeactivate] });
  });

  it('never leaves the organisation without an administrator who can sign in', async () => {
    const other = await t.otherCustomer('Lonely Admin AB');
    const member = await t.user({ email: 'member@lonely.example', customerId: other.customerId });
    // The only administrator, deactivated by anyone (the rule holds below the route's superuser check too).
    const auth = (await signedInAuth(member.id))!;
    await expect(
      deactivateUser(t.ctx, { auth, ip: '127.0.0.1', method: 'POST', route: `${BASE}:id/deactivate/` }, other.adminId),
    ).rejects.toMatchObject({ body: { non_field_errors: [M.lastAdmin] } });
    expect((await userRow(t.ctx, other.adminEmail)).isActive).toBe(true);
    // A second administrator makes it possible; an invited one (who cannot sign in yet) does not count.
    const oc = await login(other.adminEmail);
    const deputy = await oc.post<UserAdminRow>(`${BASE}invite/`, { email: 'deputy@lonely.example', role: 'administrator' });
    expect(deputy.body.customer_admin).toBe(true);
    await expect(
      deactivateUser(t.ctx, { auth, ip: '127.0.0.1', method: 'POST', route: `${BASE}:id/deactivate/` }, other.adminId),
    ).rejects.toMatchObject({ body: { non_field_errors: [M.lastAdmin] } });
    expect((await oc.post(`${BASE}${deputy.body.id}/deactivate/`)).status).toBe(200);
  });

  /** The auth of a user as a session would carry it (for the rule checked below the route). */
  async function signedInAuth(userId: number) {
    const c = await login((await t.ctx.db.select().from(users).where(eq(users.id, userId)))[0]!.email);
    return loadAuth(t.ctx, c.jar.get('sessionid'));
  }

  it('resets a second factor: secret and recovery codes gone, sessions ended, sign-in by password alone', async () => {
    const u = await t.user({ email: 'tess@example.com', firstName: 'Tess' });
    await t.ctx.db
      .update(users)
      .set({ twoFactorMethod: 'totp', totpSecret: t.ctx.secrets.encrypt(newTotpSecret()) })
      .where(eq(users.id, u.id));
    await newRecoveryCodes(t.ctx, u.id);
    const c = t.client(nextIp());
    const needsCode = await c.login('tess@example.com', PASSWORD);
    expect(needsCode.status).toBe(400);
    expect(needsCode.body.otp_method).toBe('totp');
    await t.ctx.db.insert(sessions).values({ id: 'x'.repeat(64), userId: u.id, expiresAt: new Date(Date.now() + 3_600_000) });

    const res = await admin.post<{ detail: string; user: UserAdminRow }>(`${BASE}${u.id}/reset-two-factor/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.detail).toBe(M.twoFactorReset('Tess'));
    expect(res.body.user.two_factor_method).toBe('none');
    const row = await userRow(t.ctx, 'tess@example.com');
    expect(row).toMatchObject({ twoFactorMethod: 'none', totpSecret: null, pendingTotpSecret: null });
    const codes = await t.ctx.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, u.id), eq(oneTimeTokens.kind, 'recovery_code')));
    expect(codes).toEqual([]);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([]);
    await login('tess@example.com');
    expect((await admin.post(`${BASE}${u.id}/reset-two-factor/`)).body).toEqual({ non_field_errors: [M.noSecondFactor] });
    const me = await userRow(t.ctx, ADMIN_EMAIL);
    expect((await admin.post(`${BASE}${me.id}/reset-two-factor/`)).body).toEqual({ non_field_errors: [M.notSelfReset] });
    expect((await eventsFor(u.id))[0]!.summary).toMatchObject({ operation: 'reset_two_factor', two_factor_method: 'totp' });
  });

  it('resends an invitation: the old link stops working, an expired invitation shows as such; not for active users', async () => {
    const created = await admin.post<UserAdminRow>(`${BASE}invite/`, { email: 'rene@example.com' });
    const first = await welcomeLink('rene@example.com');
    const realClock = t.ctx.clock;
    try {
      t.ctx.clock = () => new Date(Date.now() + 8 * 86_400_000);
      const expired = await admin.get<UserAdminRow>(`${BASE}${created.body.id}/`);
      expect(expired.body).toMatchObject({ status: 'invited', invitation_expired: true });
    } finally {
      t.ctx.clock = realClock;
    }
    const before = smtp.mails.length;
    const res = await admin.post<{ detail: string; user: UserAdminRow }>(`${BASE}${created.body.id}/resend-invitation/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.detail).toBe(M.invitationResent('rene@example.com'));
    expect(res.body.user.invitation_expired).toBe(false);
    const second = await welcomeLink('rene@example.com', before);
    expect(second.token).not.toBe(first.token);
    expect((await setPassword(first)).body).toEqual(INVALID_LINK);
    expect((await setPassword(second)).status).toBe(200);
    const again = await admin.post(`${BASE}${created.body.id}/resend-invitation/`);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ non_field_errors: [M.notInvited] });
    // At most five resends an hour for one user: the sixth is 429 and mails nothing.
    const spam = await admin.post<UserAdminRow>(`${BASE}invite/`, { email: 'spam@example.com' });
    for (let i = 0; i < 4; i++) expect((await admin.post(`${BASE}${spam.body.id}/resend-invitation/`)).status).toBe(200);
    const mailsBefore = smtp.mails.length;
    expect((await admin.post(`${BASE}${spam.body.id}/resend-invitation/`)).status).toBe(200);
    const limited = await admin.post(`${BASE}${spam.body.id}/resend-invitation/`);
    expect(limited.status).toBe(429);
    await until(() => smtp.mails.length >= mailsBefore + 1, 'the fifth resend');
    expect(smtp.mails.length).toBe(mailsBefore + 1);
  });

  it('deletes a user: belongings reassigned, their past kept in the audit log, sessions gone, the address free again', async () => {
    const u = await t.user({
      email: 'dan@example.com',
      firstName: 'Dan',
      lastName: 'Delete',
      permissions: { net_scans: ['read', 'create'] },
    });
    const heir = await t.user({ email: 'heir@example.com' });
    const dan = await login('dan@example.com');
    const profile = await dan.post<{ id: number }>('/api/scan/nprofiles/', { name: 'Dan profile' });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    const scan = await dan.post<{ id: number }>('/api/scan/nscans/', {
      name: 'Dan scan',
      profile: profile.body.id,
      targets: ['127.0.0.1'],
      start: false,
    });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    const danEvents = (await t.ctx.db.select().from(auditEvents).where(eq(auditEvents.userId, u.id))).length;
    expect(danEvents).toBeGreaterThan(0);

    // The heir must be an active user of the organisation other than the one deleted.
    for (const bad of [u.id, 999_999]) {
      const r = await admin.request('DELETE', `${BASE}${u.id}/?reassign_to=${bad}`);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ reassign_to: [M.reassignInvalid] });
    }
    const me = await userRow(t.ctx, ADMIN_EMAIL);
    expect((await admin.request('DELETE', `${BASE}${me.id}/`)).body).toEqual({ non_field_errors: [M.notSelfDelete] });

    const res = await admin.request<{ detail: string; reassigned_to: number; reassigned: Record<string, number> }>(
      'DELETE',
      `${BASE}${u.id}/?reassign_to=${heir.id}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ detail: M.deleted('Dan Delete'), reassigned_to: heir.id });
    expect(res.body.reassigned.scans).toBe(1);
    expect((await t.ctx.db.select().from(scans).where(eq(scans.id, scan.body.id)))[0]!.userId).toBe(heir.id);
    expect((await dan.get('/api/user/profile/?me=1')).status).toBe(401);
    expect((await admin.get(`${BASE}${u.id}/`)).status).toBe(404);
    // What Dan did stays in the log under his address.
    const kept = await t.ctx.db.select().from(auditEvents).where(eq(auditEvents.actor, 'dan@example.com'));
    expect(kept.length).toBe(danEvents);
    expect(kept.every((e) => e.userId === null)).toBe(true);
    const [deleted] = (await eventsFor(u.id)).filter((e) => e.action === 'delete');
    expect(deleted!.summary).toMatchObject({ operation: 'delete', email: 'dan@example.com', reassigned_to: 'heir@example.com' });
    expect((await admin.post(`${BASE}invite/`, { email: 'dan@example.com' })).status).toBe(201);
  });

  it('keeps ranks: a customer admin cannot touch an is_superuser or an operator, nor make anyone a superuser', async () => {
    const root = await userRow(t.ctx, ADMIN_EMAIL); // is_superuser and platform operator
    const su = await t.user({ email: 'su@example.com', superuser: true });
    await t.user({ email: 'ca@example.com', customerAdmin: true });
    const ca = await login('ca@example.com');
    for (const [method, path, body] of [
      ['POST', 'deactivate/', {}],
      ['POST', 'reset-two-factor/', {}],
      ['PATCH', '', { first_name: 'Renamed' }],
      ['DELETE', '', undefined],
    ] as const) {
      const onSu = await ca.request(method, `${BASE}${su.id}/${path}`, body);
      expect(onSu.status, `${method} ${path} on an is_superuser`).toBe(403);
      expect(onSu.body).toEqual({ detail: M.superuserOnly });
      const onRoot = await ca.request(method, `${BASE}${root.id}/${path}`, body);
      expect(onRoot.body).toEqual({ detail: M.operatorOnly });
    }
    const make = await ca.post(`${BASE}invite/`, { email: 'wannabe@example.com', is_superuser: true });
    expect(make.status).toBe(403);
    expect(make.body).toEqual({ detail: M.superuserOnly });
    const plain = await t.user({ email: 'promote@example.com' });
    expect((await ca.patch(`${BASE}${plain.id}/`, { is_superuser: true })).status).toBe(403);
    // A customer admin does manage everyone else, administrators included.
    expect((await ca.patch<UserAdminRow>(`${BASE}${plain.id}/`, { role: 'administrator' })).body.customer_admin).toBe(true);
    // An is_superuser may make one.
    const made = await admin.patch<UserAdminRow>(`${BASE}${plain.id}/`, { is_superuser: true });
    expect(made.body.is_superuser).toBe(true);
  });

  it('lists with search, status filter, ordering and paging', async () => {
    await admin.post(`${BASE}invite/`, { email: 'zed.list@example.com', first_name: 'Zed' });
    await t.user({ email: 'amy.list@example.com', firstName: 'Amy' });
    const found = await admin.get<{ count: number; results: UserAdminRow[] }>(`${BASE}?search=.list@&ordering=-email`);
    expect(found.body.results.map((u) => u.email)).toEqual(['zed.list@example.com', 'amy.list@example.com']);
    const invited = await admin.get<{ results: UserAdminRow[] }>(`${BASE}?search=.list@&status=invited`);
    expect(invited.body.results.map((u) => u.email)).toEqual(['zed.list@example.com']);
    const byName = await admin.get<{ results: UserAdminRow[] }>(`${BASE}?search=zed`);
    expect(byName.body.results.map((u) => u.email)).toEqual(['zed.list@example.com']);
    const page = await admin.get<{ count: number; results: UserAdminRow[]; next: string | null }>(
      `${BASE}?page_size=2&ordering=last_login`,
    );
    expect(page.body.results).toHaveLength(2);
    expect(page.body.count).toBeGreaterThan(2);
    expect(page.body.next).toContain('page=2');
    const recent = await admin.get<{ results: UserAdminRow[] }>(`${BASE}?ordering=-last_login&page_size=1`);
    expect(recent.body.results[0]!.last_login).not.toBeNull();
  });
});
