// The public API on every test database (feature-areas §3, §4, §7): the customer's switch (config, activate,
// deactivate) and API tokens (list, create, delete) with every guard (401 signed out, 403 for a non-superuser and a
// LIMITED team member, 403 before validation, another customer's token not found, 403 in an impersonated session);
// 400s keyed by field with nothing written; the secret shown once and only its SHA-256 kept; `Authorization: Token …`
// accepted without cookies or CSRF on what its permissions allow and refused on the rest, on superuser routes and on
// session-only ones; last use and address recorded; refusal after expiry (injected clock), deletion, deactivation and
// the owner's deactivation; the owner's lost permissions and LIMITED team narrowing the token; the per-token rate limit
// with Retry-After on the injected clock; the last use noted at most once a minute; audit events naming the token; the
// OpenAPI security scheme.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ApiToken, PublicApiConfig, Vulnerability } from '@bulwark/core';
import { apiTokens, auditEvents, teamMembers, teams, teamTags, users } from '../src/db/schema/index.ts';
import { checkPermissions, intersect, ownerPermissions } from '../src/modules/public-api/service.ts';
import { sha256 } from '../src/lib/secrets.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, impersonated, signedIn } from './helpers/sessions.ts';
import { findingsOnTwoHosts, makeToken, TOKENS, VULNS } from './helpers/public-api.ts';

type Page<T> = { count: number; results: T[] };
const BASE = '/api/public/auth/v2';
const NOW = new Date('2026-11-30T08:00:00Z');
const DAY = 86_400_000;
const VULN_READ = { unified_vulnerabilities: ['read'] };

describe.each(BACKENDS)('public API tokens on %s', (backend) => {
  let t: TestApp;
  let now = NOW;
  let admin: Client;
  let deputy: Client;
  let analyst: Client;
  let limited: Client;
  let anon: Client;
  let rival: Client;
  let tagId: number;
  let ownerId: number;

  /** A call carrying only the token: no cookies, no CSRF header. */
  async function call<T = Record<string, unknown>>(token: string, method: string, url: string, body?: object) {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Token ${token}` },
      ...(body ? { payload: body } : {}),
    });
    return { status: res.statusCode, body: (res.body ? JSON.parse(res.body) : null) as T, headers: res.headers };
  }

  beforeAll(async () => {
    t = await startTestApp(backend);
    t.ctx.clock = () => now;
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    ({ tagId } = await findingsOnTwoHosts(t, admin));
    await t.user({ email: 'deputy@example.com', customerAdmin: true });
    deputy = await signedIn(t, 'deputy@example.com');
    const a = await t.user({ email: 'analyst@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { unified_vulnerabilities: ['read', 'update'], public_api: ['read', 'create', 'delete'] } })
      .where(eq(users.id, a.id));
    analyst = await signedIn(t, 'analyst@example.com');
    const l = await t.user({ email: 'limited@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { unified_vulnerabilities: ['read'] } })
      .where(eq(users.id, l.id));
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Limited', assetPermissions: 'LIMITED' }).returning();
    await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: l.id });
    await t.ctx.db.insert(teamTags).values({ teamId: team!.id, tagId, role: 'permission' });
    limited = await signedIn(t, 'limited@example.com');
    anon = await anonymous(t);
    rival = await signedIn(t, (await t.otherCustomer('Rival Corp')).adminEmail);
    // The owner of the tokens whose standing changes: a superuser to start with.
    ownerId = (await t.user({ email: 'owner@example.com', customerAdmin: true })).id;
  });
  afterAll(() => t.close());

  it('starts inactive, refuses tokens until activated, and switches on and off (superusers)', async () => {
    const config = await admin.get<PublicApiConfig>(`${BASE}/config/`);
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({
      active: false,
      state: 'inactive',
      changed_at: null,
      max_expiry_days: 366,
      default_rate_limit: 600,
    });
    expect(config.body.token_resources).not.toContain('teams');
    expect(config.body.token_resources).toContain('unified_vulnerabilities');

    const early = await admin.post(TOKENS, {
      name: 'Too early',
      expires_at: new Date(NOW.getTime() + DAY).toISOString(),
      permissions: VULN_READ,
    });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ non_field_errors: ['Activate the public API before creating tokens.'] });

    const on = await admin.post<PublicApiConfig>(`${BASE}/activate/`);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ active: true, state: 'active', changed_at: NOW.toISOString(), changed_by_email: ADMIN_EMAIL });
    const off = await deputy.post<PublicApiConfig>(`${BASE}/deactivate/`);
    expect(off.body).toMatchObject({ active: false, state: 'inactive', changed_by_email: 'deputy@example.com' });
    expect((await admin.post<PublicApiConfig>(`${BASE}/activate/`)).body.active).toBe(true);
    // Another customer's switch is its own.
    expect((await rival.get<PublicApiConfig>(`${BASE}/config/`)).body.active).toBe(false);
    const events = await t.ctx.db.select().from(auditEvents).where(eq(auditEvents.resource, 'public-api'));
    expect(events.map((e) => [e.actor, e.route])).toEqual([
      [ADMIN_EMAIL, `${BASE}/activate/`],
      ['deputy@example.com', `${BASE}/deactivate/`],
      [ADMIN_EMAIL, `${BASE}/activate/`],
    ]);
  });

  it('creates a token whose secret is shown once and kept only as its hash, and lists it without the secret', async () => {
    const made = await makeToken(t, admin, 'Nightly export', { unified_vulnerabilities: ['read'], tags: ['create'] }, { days: 90 });
    expect(made.token).toMatch(/^bwk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(made.token.startsWith(`${made.prefix}_`)).toBe(true);
    expect(made).toMatchObject({
      name: 'Nightly export',
      // A non-read action brings read with it.
      permissions: { unified_vulnerabilities: ['read'], tags: ['read', 'create'] },
      expires_at: new Date(NOW.getTime() + 90 * DAY).toISOString(),
      expired: false,
      rate_limit: 600,
      last_used_at: null,
      user_email: ADMIN_EMAIL,
      mine: true,
    });
    const [row] = await t.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(row!.secretHash).toBe(sha256(made.token.split('_').slice(2).join('_')));
    expect(JSON.stringify(row)).not.toContain(made.token.slice(17));

    const list = await deputy.get<Page<ApiToken>>(TOKENS);
    expect(list.status).toBe(200);
    const listed = list.body.results.find((x) => x.id === made.id)!;
    expect(listed).toMatchObject({ prefix: made.prefix, name: 'Nightly export', mine: false, user_email: ADMIN_EMAIL });
    expect(listed).not.toHaveProperty('token');
    expect(JSON.stringify(list.body)).not.toContain(made.token.slice(17));
    // The create is audited without the secret.
    const [event] = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, String(made.id)), eq(auditEvents.route, TOKENS)));
    expect(event).toMatchObject({ actor: ADMIN_EMAIL, resource: 'public-api', action: 'create', route: TOKENS });
    expect(JSON.stringify(event)).not.toContain(made.token.slice(17));
  });

  it('answers 400 keyed by field and writes nothing for bad input', async () => {
    const before = (await t.ctx.db.select().from(apiTokens)).length;
    const soon = new Date(NOW.getTime() + DAY).toISOString();
    const cases: [object, Record<string, unknown>][] = [
      [{ expires_at: soon, permissions: VULN_READ }, { name: ['This field is required.'] }],
      [{ name: ' ', expires_at: soon, permissions: VULN_READ }, { name: ['This field may not be blank.'] }],
      [{ name: 'x', expires_at: 'tomorrow', permissions: VULN_READ }, { expires_at: ['Enter a valid date and time.'] }],
      [
        { name: 'x', expires_at: new Date(NOW.getTime() - 1000).toISOString(), permissions: VULN_READ },
        { expires_at: ['Choose an expiry in the future.'] },
      ],
      [
        { name: 'x', expires_at: new Date(NOW.getTime() + 367 * DAY).toISOString(), permissions: VULN_READ },
        { expires_at: ['A token can live at most 366 days.'] },
      ],
      [{ name: 'x', expires_at: soon, permissions: {} }, { permissions: ['Choose at least one permission.'] }],
      [{ name: 'x', expires_at: soon, permissions: { teams: ['read'] } }, { permissions: ['teams is not an area a token can hold.'] }],
      [
        { name: 'x', expires_at: soon, permissions: { tags: ['read', 'launch'] } },
        { permissions: ['launch is not an action (read, create, update, delete, execute).'] },
      ],
      [{ name: 'x', expires_at: soon, permissions: VULN_READ, rate_limit: 0 }, { rate_limit: ['Ensure this value is at least 1.'] }],
    ];
    for (const [body, errors] of cases) {
      const r = await admin.post(TOKENS, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toEqual(errors);
    }
    expect((await t.ctx.db.select().from(apiTokens)).length).toBe(before);
  });

  it('holds a token to the permissions its owner holds: chosen from them, and narrowed when the owner loses one', () => {
    const analystOwn = ownerPermissions({
      isSuperuser: false,
      customerAdmin: false,
      permissions: { tags: ['read', 'update'], tickets: ['create'] },
    });
    // tickets without read grants nothing.
    expect(analystOwn).toEqual({ tags: ['read', 'update'] });
    expect(() => checkPermissions({ tags: ['read', 'delete'] }, analystOwn)).toThrow();
    let refused: unknown = null;
    try {
      checkPermissions({ tags: ['delete'], tickets: ['read'] }, analystOwn);
    } catch (e) {
      refused = (e as { body: unknown }).body;
    }
    expect(refused).toEqual({
      permissions: [
        'You do not hold delete on tags; a token can only hold your own permissions.',
        'You do not hold read on tickets; a token can only hold your own permissions.',
      ],
    });
    expect(checkPermissions({ tags: ['update'] }, analystOwn)).toEqual({ tags: ['read', 'update'] });
    expect(intersect({ tags: ['read', 'update'], tickets: ['read'] }, { tags: ['read'] })).toEqual({ tags: ['read'] });
    expect(intersect({ tags: ['update'] }, { tags: ['read', 'update'] })).toEqual({});
  });

  it('guards every call: 401 signed out, 403 (before validation) for non-superusers and a LIMITED member, 404 across customers', async () => {
    const made = await makeToken(t, admin, 'Guarded', VULN_READ);
    const calls: [string, string][] = [
      ['GET', `${BASE}/config/`],
      ['POST', `${BASE}/activate/`],
      ['POST', `${BASE}/deactivate/`],
      ['GET', TOKENS],
      ['POST', TOKENS],
      ['DELETE', `${TOKENS}${made.id}/`],
    ];
    for (const [method, url] of calls) {
      const body = method === 'POST' ? { unexpected: ['x'] } : undefined;
      expect((await anon.request(method, url, body)).status, `${method} ${url} anonymous`).toBe(401);
      // The analyst's map even names public_api: the routes stay for superusers (§6).
      expect((await analyst.request(method, url, body)).status, `${method} ${url} analyst`).toBe(403);
      expect((await limited.request(method, url, body)).status, `${method} ${url} limited`).toBe(403);
    }
    // Another customer neither sees nor deletes the token, and its own list is empty.
    expect((await rival.request('DELETE', `${TOKENS}${made.id}/`)).status).toBe(404);
    expect((await rival.get<Page<ApiToken>>(TOKENS)).body.count).toBe(0);
    // An impersonated session (the back office acting as a user) cannot mint a lasting credential.
    const imp = await impersonated(t, 'deputy@example.com');
    const r = await imp.post(TOKENS, { name: 'x', expires_at: new Date(NOW.getTime() + DAY).toISOString(), permissions: VULN_READ });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ detail: 'API tokens cannot be created in an impersonated session.' });
  });

  it('accepts the token without cookies or CSRF on what it allows, refuses the rest, and records its last use', async () => {
    // This token is unified_vulnerabilities read only (the guard test's own token reads findings of customer 1).
    const made = await makeToken(t, admin, 'Reader', VULN_READ);
    const page = await call<Page<Vulnerability>>(made.token, 'GET', VULNS);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.count).toBe(3);
    // Not in its permissions, a superuser route, an operator route: refused although the owner may.
    expect((await call(made.token, 'GET', '/api/scan/nscans/')).status).toBe(403);
    expect((await call(made.token, 'GET', '/api/teams/teams/')).status).toBe(403);
    expect((await call(made.token, 'POST', '/api/tags/tags/', { name: 'Nope' })).status).toBe(403);
    // A write it may make, without a CSRF token, audited under the token's name.
    const writer = await makeToken(t, admin, 'Tagger', { tags: ['create'] });
    const tag = await call<{ id: number }>(writer.token, 'POST', '/api/tags/tags/', { name: 'From a script' });
    expect(tag.status, JSON.stringify(tag.body)).toBe(201);
    const [event] = await t.ctx.db.select().from(auditEvents).where(eq(auditEvents.route, '/api/tags/tags/'));
    expect(event!.actor).toBe(`token Tagger (${writer.prefix}) of ${ADMIN_EMAIL}`);
    expect(event!.userId).toBeGreaterThan(0);

    const listed = (await admin.get<Page<ApiToken>>(`${TOKENS}?page_size=100`)).body.results.find((x) => x.id === made.id)!;
    expect(listed).toMatchObject({ last_used_at: NOW.toISOString(), last_used_ip: '127.0.0.1' });
    // Who the token acts as: the owner, with the token's permissions and no superuser standing.
    const me = await call<{ email: string; is_superuser: boolean; customer_admin: boolean; permissions: unknown }>(
      made.token,
      'GET',
      '/api/user/profile/?me=1',
    );
    expect(me.body).toMatchObject({ email: ADMIN_EMAIL, is_superuser: false, customer_admin: false, permissions: VULN_READ });
  });

  it('notes the last use at most once a minute (the injected clock), leaving the token row alone in between', async () => {
    now = NOW;
    onTestFinished(() => {
      now = NOW;
    });
    const made = await makeToken(t, admin, 'Busy script', VULN_READ);
    // xmin changes with every write of the row, even one that writes the same values.
    const row = async () =>
      (
        await t.ctx.db
          .select({ version: sql<string>`xmin::text`, lastUsedAt: apiTokens.lastUsedAt, lastUsedIp: apiTokens.lastUsedIp })
          .from(apiTokens)
          .where(eq(apiTokens.id, made.id))
      )[0]!;
    expect((await call(made.token, 'GET', VULNS)).status).toBe(200);
    const first = await row();
    expect(first).toMatchObject({ lastUsedAt: NOW, lastUsedIp: '127.0.0.1' });
    now = new Date(NOW.getTime() + 59_999);
    for (let i = 0; i < 3; i += 1) expect((await call(made.token, 'GET', VULNS)).status).toBe(200);
    expect(await row()).toEqual(first);
    now = new Date(NOW.getTime() + 60_000);
    expect((await call(made.token, 'GET', VULNS)).status).toBe(200);
    const later = await row();
    expect(later.lastUsedAt).toEqual(now);
    expect(later.version).not.toBe(first.version);
  });

  it('is refused on session-only operations: password, second factor, tokens, the switch, sign-out, SSO', async () => {
    const made = await makeToken(t, admin, 'Session-only probe', { unified_vulnerabilities: ['read'], tags: ['read'] });
    const calls: [string, string, object?][] = [
      ['GET', TOKENS],
      ['POST', TOKENS, { name: 'Child', expires_at: new Date(NOW.getTime() + DAY).toISOString(), permissions: VULN_READ }],
      ['DELETE', `${TOKENS}${made.id}/`],
      ['GET', `${BASE}/config/`],
      ['POST', `${BASE}/deactivate/`],
      ['POST', '/api/user/change-password/', { current_password: ADMIN_PASSWORD, new_password: 'Another-Pass-99' }],
      ['PATCH', '/api/user/profile/1/', { first_name: 'Script' }],
      ['GET', '/api/user/two-factor/'],
      ['POST', '/api/user/two-factor/totp/', {}],
      ['POST', '/api/auth/logout/', {}],
      ['POST', '/api/auth/renew-session/', {}],
      ['GET', '/api/check-authentication/'],
      ['GET', '/api/sso/generatessotoken/'],
    ];
    for (const [method, url, body] of calls) {
      const r = await call(made.token, method, url, body);
      expect(r.status, `${method} ${url}`).toBe(403);
      expect(r.body).toEqual({ detail: 'This operation needs a signed-in session; an API token cannot call it.', code: 'session_only' });
    }
    expect((await t.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, made.id))).length).toBe(1);
    expect((await admin.get<PublicApiConfig>(`${BASE}/config/`)).body.active).toBe(true);
  });

  it('refuses a malformed, unknown or wrong-secret token (401) and after expiry, deletion and deactivation', async () => {
    const made = await makeToken(t, admin, 'Short-lived', VULN_READ, { days: 7 });
    for (const bad of ['nonsense', `${made.prefix}_${'A'.repeat(43)}`, `bwk_000000000000_${made.token.slice(-43)}`]) {
      const r = await call(bad, 'GET', VULNS);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ detail: 'Invalid token.', code: 'token_invalid' });
    }
    // Deactivation refuses every token; activation brings them back.
    await admin.post(`${BASE}/deactivate/`);
    const off = await call(made.token, 'GET', VULNS);
    expect(off.status).toBe(403);
    expect(off.body).toMatchObject({ code: 'public_api_inactive' });
    await admin.post(`${BASE}/activate/`);
    expect((await call(made.token, 'GET', VULNS)).status).toBe(200);
    // Expiry, on the injected clock: a millisecond before it works, at it the token is refused.
    now = new Date(NOW.getTime() + 7 * DAY - 1);
    expect((await call(made.token, 'GET', VULNS)).status).toBe(200);
    now = new Date(NOW.getTime() + 7 * DAY);
    const expired = await call(made.token, 'GET', VULNS);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ detail: 'This token has expired.', code: 'token_expired' });
    expect((await admin.get<Page<ApiToken>>(`${TOKENS}?page_size=100`)).body.results.find((x) => x.id === made.id)!.expired).toBe(true);
    now = NOW;
    // Deletion: 204, then the token is unknown, and a second delete is 404.
    expect((await deputy.request('DELETE', `${TOKENS}${made.id}/`)).status).toBe(204);
    expect((await call(made.token, 'GET', VULNS)).body).toEqual({ detail: 'Invalid token.', code: 'token_invalid' });
    expect((await admin.request('DELETE', `${TOKENS}${made.id}/`)).status).toBe(404);
    const [event] = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.method, 'DELETE'), eq(auditEvents.resource, 'public-api')));
    expect(event).toMatchObject({ actor: 'deputy@example.com', objectId: String(made.id), resource: 'public-api' });
  });

  it("follows its owner: deactivated, demoted, or held to a LIMITED team's assets", async () => {
    const owner = await signedIn(t, 'owner@example.com');
    const made = await makeToken(t, owner, 'Owner script', { unified_vulnerabilities: ['read'], tags: ['read'] });
    expect((await call<Page<Vulnerability>>(made.token, 'GET', VULNS)).body.count).toBe(3);
    // Demoted to a user without unified_vulnerabilities: the token loses it too, keeps tags.
    await t.ctx.db
      .update(users)
      .set({ customerAdmin: false, permissions: { tags: ['read'] } })
      .where(eq(users.id, ownerId));
    expect((await call(made.token, 'GET', VULNS)).status).toBe(403);
    expect((await call(made.token, 'GET', '/api/tags/tags/')).status).toBe(200);
    // Given it back but put in a LIMITED team: the token sees what the owner sees, the tagged host only.
    await t.ctx.db
      .update(users)
      .set({ permissions: { unified_vulnerabilities: ['read'], tags: ['read'] } })
      .where(eq(users.id, ownerId));
    const [team] = await t.ctx.db.select().from(teams).where(eq(teams.name, 'Limited'));
    await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: ownerId });
    const narrowed = await call<Page<Vulnerability>>(made.token, 'GET', VULNS);
    expect(narrowed.body.results.map((v) => v.asset.asset_name)).toEqual(['127.0.0.2']);
    // Deactivated: refused.
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, ownerId));
    const gone = await call(made.token, 'GET', VULNS);
    expect(gone.status).toBe(401);
    expect(gone.body).toEqual({ detail: 'The owner of this token is deactivated.', code: 'token_owner_inactive' });
  });

  it('limits each token to its requests a minute (429 with Retry-After), on the injected clock', async () => {
    now = NOW;
    const slow = await makeToken(t, admin, 'Three a minute', VULN_READ, { rate_limit: 3 });
    const other = await makeToken(t, admin, 'Unhurried', VULN_READ);
    for (let i = 0; i < 3; i += 1) expect((await call(slow.token, 'GET', VULNS)).status).toBe(200);
    now = new Date(NOW.getTime() + 20_000);
    const refused = await call(slow.token, 'GET', VULNS);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('40');
    expect(refused.body).toEqual({
      detail: 'This token may make 3 requests a minute. Try again in 40 seconds.',
      code: 'token_rate_limited',
    });
    // Another token is not held back by this one's count.
    expect((await call(other.token, 'GET', VULNS)).status).toBe(200);
    // The window ends a minute after its first request.
    now = new Date(NOW.getTime() + 60_000);
    expect((await call(slow.token, 'GET', VULNS)).status).toBe(200);
    now = NOW;
  });

  it('describes both ways in the OpenAPI document: the token scheme, and which operations are session-only', async () => {
    const doc = (
      await admin.get<{
        components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
        security: unknown;
        paths: Record<string, Record<string, { security?: unknown; 'x-session-only'?: boolean }>>;
      }>('/api/schema/')
    ).body;
    expect(doc.components.securitySchemes.token).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    expect(doc.security).toEqual([{ session: [] }, { token: [] }]);
    const tokens = doc.paths[TOKENS]!;
    expect(tokens.post).toMatchObject({ 'x-session-only': true, security: [{ session: [] }] });
    expect(doc.paths['/api/user/change-password/']!.post!['x-session-only']).toBe(true);
    expect(doc.paths[VULNS]!.get!.security).toBeUndefined();
    expect(doc.paths[VULNS]!.get!['x-session-only']).toBeUndefined();
  });
});
