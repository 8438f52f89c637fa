// The real `bulwark` command line: migrate, user create, impersonate, and serve over real HTTP, on every test database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/backends.ts';
import { lastSegment } from './helpers/sessions.ts';
import { cleanEnv, freePort, HttpClient, ROOT, run, start } from './helpers/cli.ts';

const ADMIN_EMAIL = 'root@example.com';
const ADMIN_PASSWORD = 'Correct-Horse-42';
const CAROL_PASSWORD = 'Another-Strong-Pass-9';

describe.each(BACKENDS)('bulwark CLI on %s', (backend) => {
  let dataDir: string;
  let env: Record<string, string>;
  let testDb: TestDatabase | undefined;
  let welcomeLink = '';
  let impersonationLink = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bulwark-cli-'));
    env = {
      ...cleanEnv(),
      BULWARK_DATA_DIR: dataDir,
      BULWARK_ADMIN_EMAIL: ADMIN_EMAIL,
      BULWARK_ADMIN_PASSWORD: ADMIN_PASSWORD,
      BULWARK_LOG_LEVEL: 'warn',
    };
    if (backend === 'postgres') {
      testDb = await openTestDatabase('postgres');
      env.DATABASE_URL = testDb.url!;
    }
  });
  afterAll(async () => {
    await testDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // The PGlite data dir opens in one process at a time: the commands run one after another.
  it('migrate: applies the migrations', { timeout: 90_000 }, async () => {
    const r = await run(['migrate'], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Database is up to date.\n');
    // Idempotent.
    expect((await run(['migrate'], env)).stdout).toBe('Database is up to date.\n');
  });

  it('user create without a password prints a welcome link', { timeout: 60_000 }, async () => {
    const r = await run(['user', 'create', 'bob@example.com', '--first-name', 'Bob'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Created user bob@example\.com \(id \d+, customer \d+\)\.$/m);
    const m =
      /^Welcome link \(valid 7 days\): (http:\/\/localhost:8000\/auth\/set-password\/welcome\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+)$/m.exec(
        r.stdout,
      );
    expect(m, r.stdout).toBeTruthy();
    welcomeLink = m![1]!;
  });

  it('user create refuses an e-mail that exists already (non-zero exit, "already exists")', { timeout: 60_000 }, async () => {
    const r = await run(['user', 'create', 'BOB@example.com'], env);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/already exists/);
    expect(r.stdout).not.toMatch(/Welcome link/);
  });

  it('user create refuses a weak password and a bad e-mail', { timeout: 60_000 }, async () => {
    const weak = await run(['user', 'create', 'weak@example.com', '--password', 'password123'], env);
    expect(weak.code).not.toBe(0);
    expect(weak.stderr).toMatch(/too common/);
    const bad = await run(['user', 'create', 'not-an-email'], env);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/not an e-mail address/);
  });

  it('user create with a password and --superuser prints no link', { timeout: 60_000 }, async () => {
    const r = await run(['user', 'create', 'carol@example.com', '--password', CAROL_PASSWORD, '--superuser'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Created user carol@example\.com/);
    expect(r.stdout).not.toMatch(/Welcome link/);
  });

  it('customer create, set and list; operator grant and revoke', { timeout: 90_000 }, async () => {
    const made = await run(
      ['customer', 'create', 'Acme Ltd', '--tier', 'plus', '--licence-end', '2031-01-31', '--flag', 'cloud-scanning'],
      env,
    );
    expect(made.code, made.stderr).toBe(0);
    const id = /^Created customer (\d+)\tAcme Ltd\tplus\tlicence ends 2031-01-31\t0 users\tflags: cloud-scanning$/m.exec(made.stdout)?.[1];
    expect(id, made.stdout).toBeTruthy();
    const set = await run(
      ['customer', 'set', id!, '--tier', 'none', '--no-licence', '--enable-flag', 'onprem-da', '--disable-flag', 'cloud-scanning'],
      env,
    );
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toBe(`Updated customer ${id}\tAcme Ltd\tnone\tno licence end\t0 users\tflags: onprem-da\n`);
    const bad = await run(['customer', 'set', id!, '--licence-end', '31/01/2031', '--enable-flag', 'teleport'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Unknown feature flag teleport/);
    const badDate = await run(['customer', 'set', id!, '--licence-end', '31/01/2031'], env);
    expect(badDate.code).toBe(2);
    expect(badDate.stderr).toBe('license_end_date: Enter a date as YYYY-MM-DD.\n');
    const list = await run(['customer', 'list', '--search', 'acme'], env);
    expect(list.stdout.trim().split('\n')).toEqual([`${id}\tAcme Ltd\tnone\tno licence end\t0 users\tflags: onprem-da`]);
    expect((await run(['operator', 'grant', 'bob@example.com'], env)).stdout).toBe('bob@example.com is now a platform operator.\n');
    expect((await run(['operator', 'revoke', 'bob@example.com'], env)).stdout).toBe('bob@example.com is no longer a platform operator.\n');
    const nobody = await run(['operator', 'grant', 'nobody@example.com'], env);
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toBe('No user with e-mail nobody@example.com.\n');
  });

  it('impersonate prints a one-time link, and exits 1 for an unknown user', { timeout: 60_000 }, async () => {
    const r = await run(['impersonate', 'bob@example.com', '--source', 'cli-test (back office)'], env);
    expect(r.code, r.stderr).toBe(0);
    const link = r.stdout.trim();
    expect(link).toMatch(/\/auth\/lac\/lacjump\/[A-Za-z0-9_-]+$/);
    impersonationLink = link;
    const none = await run(['impersonate', 'nobody@example.com'], env);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/No active user with e-mail nobody@example\.com/);
    expect(none.stdout).toBe('');
  });

  it('feeds import reads feeds by content and intel match prints the CVEs as JSON', { timeout: 90_000 }, async () => {
    const feeds = path.join(ROOT, 'packages/intel/test/fixtures/feeds');
    const imported = await run(
      ['feeds', 'import', `${feeds}/nvd`, `${feeds}/kev/known_exploited_vulnerabilities.json`, `${feeds}/osv`],
      env,
    );
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/^Imported NVD, KEV, OSV: read 1452, added 1452, updated 0, unchanged 0, skipped 0\.$/m);
    const cpe = await run(['intel', 'match', '--cpe', 'cpe:2.3:a:openbsd:openssh:8.9:p1:*:*:*:*:*:*'], env);
    expect(cpe.code, cpe.stderr).toBe(0);
    const matches = JSON.parse(cpe.stdout) as { cve: string; cvss: { score: number } | null; matched_by: string }[];
    expect(matches.find((m) => m.cve === 'CVE-2024-6387')).toMatchObject({ cvss: { score: 8.1 } });
    const pkg = await run(['intel', 'match', '--package', 'AlmaLinux:9/openssh@8.7p1-38.el9'], env);
    expect((JSON.parse(pkg.stdout) as { cve: string }[]).map((m) => m.cve)).toContain('CVE-2024-6387');
    const bad = await run(['intel', 'match', '--cpe', 'openssh'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^Not a CPE 2\.3 name/);
    const missing = await run(['feeds', 'import', path.join(dataDir, 'nope.json')], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\.json does not exist\./);
  });

  it('serve: signs in over real HTTP, and the printed links work', { timeout: 120_000 }, async () => {
    expect(impersonationLink).not.toBe('');
    const port = await freePort();
    const { child, output, exited } = start(['serve'], { ...env, PORT: String(port), HOST: '127.0.0.1', BULWARK_PHISHING_PORT: '0' });
    const base = `http://127.0.0.1:${port}`;
    try {
      // Wait until it answers.
      const deadline = Date.now() + 60_000;
      let up = false;
      while (!up && Date.now() < deadline && child.exitCode === null) {
        up = await fetch(`${base}/api/check-authentication/`).then(
          (r) => r.ok,
          () => false,
        );
        if (!up) await new Promise((r) => setTimeout(r, 250));
      }
      expect(up, output()).toBe(true);

      // Carol signs in like the web app: CSRF cookie first, then the echoed header.
      const carol = new HttpClient(base);
      const first = await carol.get('/api/check-authentication/');
      expect(first.body).toMatchObject({ isAuthenticated: false });
      expect(carol.jar.has('csrftoken')).toBe(true);
      const noCsrf = await fetch(`${base}/api/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'carol@example.com', password: CAROL_PASSWORD }),
      });
      expect(noCsrf.status).toBe(403);
      const login = await carol.post('/api/auth/login/', { username: 'carol@example.com', password: CAROL_PASSWORD });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      expect(login.body).toMatchObject({ isAuthenticated: true, impersonated: false });
      const sessionCookie = login.setCookies.find((c) => c.startsWith('sessionid='));
      expect(sessionCookie).toMatch(/HttpOnly/i);
      const me = await carol.get('/api/user/profile/?me=1');
      expect(me.body).toMatchObject({ email: 'carol@example.com', is_superuser: true });
      const list = await carol.get('/api/user/profile/');
      expect((list.body.results as { email: string }[]).map((u) => u.email).sort()).toEqual([
        'bob@example.com',
        'carol@example.com',
        ADMIN_EMAIL,
      ]);

      // The bootstrap administrator from the environment can sign in too.
      const admin = new HttpClient(base);
      await admin.get('/api/check-authentication/');
      expect((await admin.post('/api/auth/login/', { username: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);

      // The impersonation link of the CLI opens an impersonated session as Bob, once.
      const support = new HttpClient(base);
      await support.get('/api/check-authentication/');
      const token = lastSegment(impersonationLink);
      const imp = await support.post('/api/auth/impersonation-login/', { token });
      expect(imp.status, JSON.stringify(imp.body)).toBe(200);
      expect(imp.body).toMatchObject({ isAuthenticated: true, impersonated: true, impersonation_source: 'cli-test (back office)' });
      expect((await support.get('/api/user/profile/?me=1')).body).toMatchObject({ email: 'bob@example.com' });
      const again = new HttpClient(base);
      await again.get('/api/check-authentication/');
      expect((await again.post('/api/auth/impersonation-login/', { token })).status).toBe(400);

      // Bob's welcome link is valid on the server.
      const [uid, wtoken] = welcomeLink.split('/').slice(-2);
      const check = await new HttpClient(base).get(`/api/auth/password-reset-confirm/${uid}/${wtoken}/`);
      expect(check.status).toBe(200);
      expect(check.body).toEqual({ email: 'bob@example.com' });
    } finally {
      if (child.exitCode === null) child.kill('SIGTERM');
    }
    // SIGTERM shuts down cleanly.
    expect(await exited).toBe(0);
  });

  it('serve exits with code 2 and names PORT when the configuration is bad', { timeout: 60_000 }, async () => {
    const r = await run(['serve'], { ...env, PORT: 'abc' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Invalid configuration/);
    expect(r.stderr).toMatch(/PORT must be a number/);
  });
});
