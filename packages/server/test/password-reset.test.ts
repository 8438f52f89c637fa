// Password recovery and welcome links: request, verify, set, rate limits, and delivery through a real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { and, eq, inArray } from 'drizzle-orm';
import { authEvents, oneTimeTokens, outbox, sessions, users } from '../src/db/schema/index.ts';
import { createUser } from '../src/cli/users.ts';
import { sha256 } from '../src/lib/secrets.ts';
import { RESET_SENT } from '../src/modules/auth/password-reset.ts';
import { BACKENDS } from './helpers/backends.ts';
import { PASSWORD, startTestApp, type TestApp } from './helpers/app.ts';
import { anonymous, lastSegment, signedIn } from './helpers/sessions.ts';

const NEW_PASSWORD = 'Velvet-Orchard-Kite-58';
const INVALID_LINK = { non_field_errors: ['This link is invalid or has expired. Ask for a new one.'] };
const LINK = /http:\/\/bulwark\.test\/auth\/set-password\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/;
const WELCOME_LINK = /http:\/\/bulwark\.test\/auth\/set-password\/welcome\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/;

const uidOf = (id: number) => Buffer.from(String(id)).toString('base64url');

async function mailsTo(t: TestApp, email: string) {
  return t.ctx.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id);
}

/** The uid and token of the last reset link mailed to `email`. */
async function lastLink(t: TestApp, email: string): Promise<{ uid: string; token: string; url: string }> {
  const mails = await mailsTo(t, email);
  const m = LINK.exec(mails.at(-1)?.body ?? '');
  expect(m, `a reset link in the last mail to ${email}`).toBeTruthy();
  return { url: m![0], uid: m![1]!, token: m![2]! };
}

/** Undoes quoted-printable transfer encoding (soft line breaks and =XX escapes). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe.each(BACKENDS)('password reset on %s', (backend) => {
  describe('with the outbox (no SMTP)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(backend);
    });
    afterAll(() => t.close());

    it('answers the same for an existing and an unknown account, and mails only the existing one', async () => {
      const u = await t.user({ email: 'rita@example.com', firstName: 'Rita' });
      const c = await anonymous(t, '127.0.21.1');
      const known = await c.post('/api/auth/password-reset/', { username: 'Rita@Example.com' });
      const unknown = await c.post('/api/auth/password-reset/', { username: 'nobody@example.com' });
      expect(known.status).toBe(200);
      expect(known.body).toEqual({ detail: RESET_SENT });
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);

      const all = await t.ctx.db.select().from(outbox);
      expect(all).toHaveLength(1);
      expect(all[0]).toMatchObject({ recipient: 'rita@example.com', status: 'stored', subject: 'Reset your Bulwark password' });
      const m = LINK.exec(all[0]!.body);
      expect(m).toBeTruthy();
      expect(m![1]).toBe(uidOf(u.id));
      expect(all[0]!.body).toContain('Hello Rita');
      // Only the hash of the token is stored.
      const tokens = await t.ctx.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, u.id));
      expect(tokens).toHaveLength(1);
      expect(tokens[0]).toMatchObject({ kind: 'password_reset', tokenHash: sha256(m![2]!) });
      const events = await t.ctx.db.select().from(authEvents).where(eq(authEvents.event, 'password_reset_requested'));
      expect(events.map((e) => e.username)).toEqual(['rita@example.com']);
    });

    it('answers a missing username with 400 {username: [...]}', async () => {
      const c = await anonymous(t, '127.0.21.2');
      const res = await c.post('/api/auth/password-reset/', { username: '' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ username: ['Username is required'] });
    });

    it('verifies a link (answering the e-mail address) and refuses a bad or foreign one', async () => {
      const email = 'sven@example.com';
      const u = await t.user({ email });
      const other = await t.user({ email: 'other-sven@example.com' });
      const c = await anonymous(t, '127.0.22.1');
      await c.post('/api/auth/password-reset/', { username: email });
      const { uid, token } = await lastLink(t, email);

      const ok = await c.get(`/api/auth/password-reset-confirm/${uid}/${token}/`);
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ email });

      const badToken = await c.get(`/api/auth/password-reset-confirm/${uid}/${token.slice(0, -2)}xx/`);
      expect(badToken.status).toBe(400);
      expect(badToken.body).toEqual(INVALID_LINK);
      // The right token with another user's uid, or a uid that is no user id at all.
      expect((await c.get(`/api/auth/password-reset-confirm/${uidOf(other.id)}/${token}/`)).body).toEqual(INVALID_LINK);
      expect((await c.get(`/api/auth/password-reset-confirm/${uidOf(999999)}/${token}/`)).body).toEqual(INVALID_LINK);
      expect((await c.get(`/api/auth/password-reset-confirm/!!!/${token}/`)).status).toBe(400);
      // Using the wrong uid did not spend the link.
      expect((await c.get(`/api/auth/password-reset-confirm/${uidOf(u.id)}/${token}/`)).body).toEqual({ email });
    });

    it('refuses a weak password (400 {password: [...]}) and keeps the link usable', async () => {
      const email = 'tom@example.com';
      await t.user({ email });
      const c = await anonymous(t, '127.0.23.1');
      await c.post('/api/auth/password-reset/', { username: email });
      const { uid, token } = await lastLink(t, email);
      const path = `/api/auth/password-reset-confirm/${uid}/${token}/`;

      const common = await c.post(path, { password: 'password123' });
      expect(common.status).toBe(400);
      expect(Object.keys(common.body)).toEqual(['password']);
      expect((common.body.password as string[]).join(' ')).toMatch(/common/);
      const similar = await c.post(path, { password: 'tom@example.com' });
      expect(similar.status).toBe(400);
      expect((similar.body.password as string[]).join(' ')).toMatch(/similar to the e-mail/);
      const missing = await c.post(path, {});
      expect(missing.status).toBe(400);
      expect(Object.keys(missing.body)).toEqual(['password']);

      expect((await c.get(path)).body).toEqual({ email });
      expect((await t.client('127.0.23.2').login(email, PASSWORD)).status).toBe(200);
    });

    it('sets the new password, ends every session of the user, and spends the link', async () => {
      const email = 'una@example.com';
      const u = await t.user({ email });
      const s1 = await signedIn(t, email, PASSWORD, '127.0.24.1');
      const s2 = await signedIn(t, email, PASSWORD, '127.0.24.2');
      const bystander = await signedIn(t, 'rita@example.com', PASSWORD, '127.0.24.3');
      const c = await anonymous(t, '127.0.24.4');
      await c.post('/api/auth/password-reset/', { username: email });
      const { uid, token } = await lastLink(t, email);
      const path = `/api/auth/password-reset-confirm/${uid}/${token}/`;

      const res = await c.post(path, { password: NEW_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ detail: 'Your password has been set. You can now sign in.' });

      expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
      expect((await s1.get('/api/user/profile/?me=1')).status).toBe(401);
      expect((await s2.get('/api/user/profile/?me=1')).status).toBe(401);
      expect((await bystander.get('/api/user/profile/?me=1')).status).toBe(200);

      expect((await t.client('127.0.24.5').login(email, PASSWORD)).status).toBe(400);
      expect((await t.client('127.0.24.5').login(email, NEW_PASSWORD)).status).toBe(200);

      const reuse = await c.post(path, { password: 'Another-Fresh-Pass-61' });
      expect(reuse.status).toBe(400);
      expect(reuse.body).toEqual(INVALID_LINK);
      expect((await c.get(path)).body).toEqual(INVALID_LINK);
      expect((await t.client('127.0.24.6').login(email, NEW_PASSWORD)).status).toBe(200);
    });

    it('refuses an expired link (400)', async () => {
      const email = 'vera@example.com';
      const u = await t.user({ email });
      const c = await anonymous(t, '127.0.25.1');
      await c.post('/api/auth/password-reset/', { username: email });
      const { uid, token } = await lastLink(t, email);
      await t.ctx.db
        .update(oneTimeTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(oneTimeTokens.userId, u.id));
      expect((await c.get(`/api/auth/password-reset-confirm/${uid}/${token}/`)).body).toEqual(INVALID_LINK);
      const res = await c.post(`/api/auth/password-reset-confirm/${uid}/${token}/`, { password: NEW_PASSWORD });
      expect(res.status).toBe(400);
      expect((await t.client('127.0.25.2').login(email, PASSWORD)).status).toBe(200);
    });

    it('refuses setting the password without the CSRF header (403), leaving the link usable', async () => {
      const email = 'walt@example.com';
      await t.user({ email });
      const c = await anonymous(t, '127.0.26.1');
      await c.post('/api/auth/password-reset/', { username: email });
      const { uid, token } = await lastLink(t, email);
      c.csrf = false;
      const res = await c.post(`/api/auth/password-reset-confirm/${uid}/${token}/`, { password: NEW_PASSWORD });
      expect(res.status).toBe(403);
      expect((await c.post('/api/auth/password-reset/', { username: email })).status).toBe(403);
      expect((await c.get(`/api/auth/password-reset-confirm/${uid}/${token}/`)).body).toEqual({ email });
    });

    it('mails nothing for a deactivated account, with the same answer', async () => {
      const email = 'gone@example.com';
      const u = await t.user({ email });
      await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
      const c = await anonymous(t, '127.0.27.1');
      const res = await c.post('/api/auth/password-reset/', { username: email });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ detail: RESET_SENT });
      expect(await mailsTo(t, email)).toHaveLength(0);
    });

    it('lets a new user choose a first password through the welcome link of `user create`', async () => {
      const email = 'wendy@example.com';
      const created = await createUser(t.ctx, { email, firstName: 'Wendy' });
      const m = WELCOME_LINK.exec(created.welcomeLink ?? '');
      expect(m, String(created.welcomeLink)).toBeTruthy();
      const [uid, token] = [m![1]!, m![2]!];
      expect(uid).toBe(uidOf(created.id));
      const mails = await mailsTo(t, email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Welcome to Bulwark');
      expect(mails[0]!.body).toContain(created.welcomeLink!);

      // No password yet: sign-in is impossible, whatever is tried.
      const c = await anonymous(t, '127.0.28.1');
      expect((await c.login(email, PASSWORD)).status).toBe(400);

      expect((await c.get(`/api/auth/password-reset-confirm/${uid}/${token}/`)).body).toEqual({ email });
      const weak = await c.post(`/api/auth/password-reset-confirm/${uid}/${token}/`, { password: 'short' });
      expect(weak.status).toBe(400);
      expect(Object.keys(weak.body)).toEqual(['password']);
      const ok = await c.post(`/api/auth/password-reset-confirm/${uid}/${token}/`, { password: NEW_PASSWORD });
      expect(ok.status).toBe(200);
      const signed = await t.client('127.0.28.2').login(email, NEW_PASSWORD);
      expect(signed.status).toBe(200);
      expect((await c.post(`/api/auth/password-reset-confirm/${uid}/${token}/`, { password: 'Yet-Another-Pass-72' })).body).toEqual(
        INVALID_LINK,
      );
    });

    it('limits reset requests per account: the 6th within the hour is 429, from any address, and mails nothing', async () => {
      const email = 'xena@example.com';
      await t.user({ email });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const c = await anonymous(t, `127.0.29.${i + 1}`);
        statuses.push((await c.post('/api/auth/password-reset/', { username: email })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(await mailsTo(t, email)).toHaveLength(5);
      const c = await anonymous(t, '127.0.29.100');
      const blocked = await c.post('/api/auth/password-reset/', { username: email.toUpperCase() });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Unknown accounts are limited the same way, so the limit does not reveal which exist.
      const ghost: number[] = [];
      for (let i = 0; i < 6; i++) {
        const g = await anonymous(t, `127.0.30.${i + 1}`);
        ghost.push((await g.post('/api/auth/password-reset/', { username: 'ghost@example.com' })).status);
      }
      expect(ghost).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });

  describe('through a real SMTP server', () => {
    let t: TestApp;
    let smtp: SMTPServer;
    const received: { from: string; to: string[]; raw: string }[] = [];

    beforeAll(async () => {
      smtp = new SMTPServer({
        disableReverseLookup: true,
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onRcptTo(address, _session, callback) {
          if (address.address.endsWith('@rejected.example')) return callback(new Error('550 No such mailbox'));
          callback();
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.3', resolve));
      const { port } = smtp.server.address() as AddressInfo;
      t = await startTestApp(backend, { SMTP_URL: `smtp://127.0.0.3:${port}`, BULWARK_MAIL_FROM: 'Bulwark <noreply@bulwark.test>' });
    });
    afterAll(async () => {
      await t.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    });

    it('delivers the reset mail with its link, and records it as sent', async () => {
      const email = 'yara@example.com';
      const u = await t.user({ email });
      const c = await anonymous(t, '127.0.31.1');
      const res = await c.post('/api/auth/password-reset/', { username: email });
      expect(res.status).toBe(200);

      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual([email]);
      expect(received[0]!.from).toBe('noreply@bulwark.test');
      const text = decodeQuotedPrintable(received[0]!.raw);
      expect(text).toMatch(/^Subject: Reset your Bulwark password/m);
      const m = LINK.exec(text);
      expect(m, text).toBeTruthy();
      expect(m![1]).toBe(uidOf(u.id));

      const rows = await mailsTo(t, email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'sent', error: null });
      expect(rows[0]!.body).toContain(m![0]);

      // The delivered link works.
      const { uid, token } = { uid: m![1]!, token: m![2]! };
      expect((await c.get(`/api/auth/password-reset-confirm/${uid}/${token}/`)).body).toEqual({ email });
      expect(lastSegment(m![0])).toBe(token);
    });

    it('records a refused delivery as failed and still gives the usual answer', async () => {
      const email = 'zed@rejected.example';
      await t.user({ email });
      const c = await anonymous(t, '127.0.32.1');
      const before = received.length;
      const res = await c.post('/api/auth/password-reset/', { username: email });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ detail: RESET_SENT });
      expect(received).toHaveLength(before);
      const rows = await t.ctx.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, email), inArray(outbox.status, ['failed'])));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.error).toBeTruthy();
    });
  });
});
