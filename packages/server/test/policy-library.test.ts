// The policy library from the SCAP Security Guide content Debian installs (ssg-debian, ssg-debderived): every XCCDF
// profile as a policy with its rules, search, one policy with its rule list, a folder without content, and the guards.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OvalPolicy, OvalPolicyDetail } from '@bulwark/core';
import { users } from '../src/db/schema/index.ts';
import { DEFAULT_SCAP_CONTENT_DIR, policyLibrary } from '../src/modules/policies/library.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

const DEBIAN11 = path.join(DEFAULT_SCAP_CONTENT_DIR, 'ssg-debian11-xccdf.xml');
const hasContent = existsSync(DEBIAN11);
if (!hasContent) console.warn(`policy-library: ${DEBIAN11} is missing (Debian package ssg-debian); skipped`);

describe.skipIf(!hasContent)('the policy library', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  const STANDARD = 'ssg-debian11-xccdf.xml#xccdf_org.ssgproject.content_profile_standard';

  it('lists each profile of each benchmark as a policy, with its rules counted', async () => {
    const res = await admin.get<OvalPolicy[]>('/api/scan/ovalpolicies/');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const standard = res.body.find((p) => p.id === STANDARD);
    expect(standard).toMatchObject({
      benchmark: 'Guide to the Secure Configuration of Debian 11',
      version: '0.1.65',
      source: 'ssg',
      rules: 44,
    });
    expect(standard!.name).toMatch(/^Debian 11: /);
    // The Debian 10 and 11 guides have five profiles each (standard and four ANSSI levels).
    expect(res.body.filter((p) => p.id.startsWith('ssg-debian11-')).length).toBe(5);
    const search = await admin.get<OvalPolicy[]>('/api/scan/ovalpolicies/?search=debian%2011');
    expect(search.body.length).toBe(5);
    expect(search.body.every((p) => p.benchmark.includes('Debian 11'))).toBe(true);
  });

  it('answers one policy with the rules it checks, and 404 for one it does not have', async () => {
    const res = await admin.get<OvalPolicyDetail>(`/api/scan/ovalpolicies/${encodeURIComponent(STANDARD)}/`);
    expect(res.status).toBe(200);
    expect(res.body.rule_list).toHaveLength(44);
    expect(res.body.rule_list.every((r) => r.id.startsWith('xccdf_org.ssgproject.content_rule_') && r.title.length > 0)).toBe(true);
    expect(res.body.rule_list.some((r) => r.severity === 'medium' || r.severity === 'high' || r.severity === 'low')).toBe(true);
    expect((await admin.get('/api/scan/ovalpolicies/nothing.xml%23none/')).status).toBe(404);
  });

  it('is empty for folders without content', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'bulwark-scap-'));
    expect(policyLibrary({ BULWARK_SCAP_CONTENT_DIRS: empty }).policies).toEqual([]);
  });

  it('is guarded: 401 signed out, 403 without the policy scans permission', async () => {
    expect((await (await anonymous(t)).get('/api/scan/ovalpolicies/')).status).toBe(401);
    const u = await t.user({ email: 'nopolicy@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { net_scans: ['read'] } })
      .where(eq(users.id, u.id));
    const c = await signedIn(t, 'nopolicy@example.com');
    expect((await c.get('/api/scan/ovalpolicies/')).status).toBe(403);
    expect((await c.get(`/api/scan/ovalpolicies/${encodeURIComponent(STANDARD)}/`)).status).toBe(403);
  });
});
