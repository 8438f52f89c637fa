// The page of one vulnerability test (nvt/nvtests-simple/{id}/, issue 26): its description, solution, CWE,
// references, source and what it runs on, from the shipped YAML; whether the caller's organisation ignores it (another
// customer's ignoring does not show); 404 for an unknown test, 401 anonymous, 403 without net_scans.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkTestDetail } from '@bulwark/core';
import { users } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

const URL = '/api/nvt/nvtests-simple/ftp-anonymous-login/';

describe.each(BACKENDS)('the page of one vulnerability test on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let other: Client;
  let analyst: Client;
  let limited: Client;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const o = await t.otherCustomer();
    other = await signedIn(t, o.adminEmail);
    const a = await t.user({ email: 'analyst@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { net_scans: ['read'] } })
      .where(eq(users.id, a.id));
    analyst = await signedIn(t, 'analyst@example.com');
    await t.user({ email: 'limited@example.com' });
    limited = await signedIn(t, 'limited@example.com');
  });
  afterAll(() => t.close());

  it("answers the test's YAML: description, solution, CWE, source and what it runs on", async () => {
    const res = await analyst.get<NetworkTestDetail>(URL);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: 'ftp-anonymous-login',
      name: 'FTP anonymous login allowed',
      severity: 2,
      category_name: 'FTP',
      description: 'The FTP server accepts the anonymous user: files may be read (or written) without credentials.',
      solution: 'Disable anonymous FTP (vsftpd: anonymous_enable=NO) unless it is an intended public archive.',
      cwe: ['CWE-287'],
      references: [],
      source: 'shipped',
      runs_on: { protocols: ['network'], ports: [21], services: ['ftp'] },
      ignored: false,
    });
  });

  it('says whether the caller’s organisation ignores it, not another customer’s', async () => {
    expect((await admin.post(`${URL}ignore/`)).status).toBe(200);
    expect((await admin.get<NetworkTestDetail>(URL)).body.ignored).toBe(true);
    const theirs = await other.get<NetworkTestDetail>(URL);
    expect(theirs.status).toBe(200);
    expect(theirs.body.ignored).toBe(false);
    await admin.post(`${URL}unignore/`);
  });

  it('answers 404 for an unknown test, 401 anonymous and 403 without net_scans', async () => {
    expect((await admin.get('/api/nvt/nvtests-simple/no-such-test/')).status).toBe(404);
    expect((await (await anonymous(t)).get(URL)).status).toBe(401);
    const refused = await limited.get(URL);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'You do not have permission to perform this action.' });
  });
});
