// The public API as a script uses it: the real `curl` binary against a listening Bulwark, with nothing but
// `Authorization: Token …` (no cookie, no CSRF). A token lists vulnerabilities; the same call is refused once the public
// API is deactivated (and works again when it is activated), once the token has expired (the app's clock moved past
// its expiry), once it is deleted, and on a session-only operation (the token list, a password change).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';
import { findingsOnTwoHosts, makeToken, TOKENS, VULNS } from './helpers/public-api.ts';

const run = promisify(execFile);
const CURL = '/usr/bin/curl';
const NOW = new Date('2026-11-30T08:00:00Z');
const DAY = 86_400_000;

describe.skipIf(!existsSync(CURL))('the public API from curl (skipped: no /usr/bin/curl; apt-get install curl)', () => {
  describe.each(BACKENDS)('on %s', (backend) => {
    let t: TestApp;
    let admin: Client;
    let base: string;
    let now = NOW;

    /** curl's status code and parsed body for one call with the token. */
    async function curl(
      token: string,
      method: string,
      path: string,
      body?: object,
    ): Promise<{ status: number; body: Record<string, unknown> }> {
      const args = ['-sS', '-X', method, '-H', `Authorization: Token ${token}`, '-w', '\n%{http_code}'];
      if (body) args.push('-H', 'Content-Type: application/json', '--data', JSON.stringify(body));
      const { stdout } = await run(CURL, [...args, `${base}${path}`]);
      const cut = stdout.lastIndexOf('\n');
      return { status: Number(stdout.slice(cut + 1)), body: JSON.parse(stdout.slice(0, cut) || 'null') as Record<string, unknown> };
    }

    beforeAll(async () => {
      t = await startTestApp(backend);
      t.ctx.clock = () => now;
      admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
      await findingsOnTwoHosts(t, admin);
      expect((await admin.post('/api/public/auth/v2/activate/')).status).toBe(200);
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const address = t.app.server.address();
      base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterAll(() => t.close());

    it('lists vulnerabilities with a token, and is refused while the public API is deactivated', async () => {
      const { token } = await makeToken(t, admin, 'curl reader', { unified_vulnerabilities: ['read'] });
      const listed = await curl(token, 'GET', VULNS);
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expect(listed.body.count).toBe(3);
      expect((listed.body.results as { name: string }[]).map((v) => v.name).sort()).toEqual([
        'Weak SSH MAC',
        'Weak SSH key exchange',
        'Weak SSH key exchange',
      ]);

      await admin.post('/api/public/auth/v2/deactivate/');
      const off = await curl(token, 'GET', VULNS);
      expect(off.status).toBe(403);
      expect(off.body.code).toBe('public_api_inactive');
      await admin.post('/api/public/auth/v2/activate/');
      expect((await curl(token, 'GET', VULNS)).status).toBe(200);
    });

    it('is refused on session-only operations', async () => {
      const { token } = await makeToken(t, admin, 'curl session-only', { unified_vulnerabilities: ['read'] });
      for (const [method, path, body] of [
        ['GET', TOKENS, undefined],
        ['POST', '/api/user/change-password/', { current_password: ADMIN_PASSWORD, new_password: 'Another-Pass-99' }],
      ] as const) {
        const r = await curl(token, method, path, body);
        expect(r.status, `${method} ${path}`).toBe(403);
        expect(r.body.code).toBe('session_only');
      }
      // The password is unchanged: the session still signs in with it.
      expect((await t.client().login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    });

    it('is refused once expired', async () => {
      const { token } = await makeToken(t, admin, 'curl week', { unified_vulnerabilities: ['read'] }, { days: 7 });
      expect((await curl(token, 'GET', VULNS)).status).toBe(200);
      now = new Date(NOW.getTime() + 7 * DAY);
      const expired = await curl(token, 'GET', VULNS);
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({ detail: 'This token has expired.', code: 'token_expired' });
      now = NOW;
    });

    it('is refused once deleted', async () => {
      const made = await makeToken(t, admin, 'curl doomed', { unified_vulnerabilities: ['read'] });
      expect((await curl(made.token, 'GET', VULNS)).status).toBe(200);
      expect((await admin.request('DELETE', `${TOKENS}${made.id}/`)).status).toBe(204);
      const gone = await curl(made.token, 'GET', VULNS);
      expect(gone.status).toBe(401);
      expect(gone.body).toEqual({ detail: 'Invalid token.', code: 'token_invalid' });
    });
  });
});
