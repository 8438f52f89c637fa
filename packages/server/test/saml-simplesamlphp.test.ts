// SAML sign-in through a real identity provider, Debian's simpleSAMLphp on loopback, on every test database: Bulwark
// reads the IdP's metadata from its URL, sends a signed AuthnRequest, the IdP's login form is filled in, and the IdP's
// signed (then also encrypted) answer signs in a just-in-time user with the role their group maps to. Skips, saying
// so, when simplesamlphp or PHP's XML extensions are missing (.ci/run installs them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { SamlSettings } from '@bulwark/core';
import { authEvents } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, userRow, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';
import { FormWalker, SimpleSamlPhp, formAction, formField, sspMissing } from './helpers/simplesamlphp.ts';

const missing = sspMissing();
if (missing) console.warn(`Skipping the simpleSAMLphp sign-in tests: ${missing}.`);

const USERS = [
  { username: 'nora', password: 'Nora-Pass-1', email: 'nora@corp.example', givenName: 'Nora', sn: 'Lind', groups: ['staff', 'secops'] },
  { username: 'olle', password: 'Olle-Pass-2', email: 'olle@corp.example', givenName: 'Olle', sn: 'Berg', groups: ['staff'] },
];

describe.skipIf(Boolean(missing)).each(BACKENDS)('SAML sign-in through simpleSAMLphp on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let customerId: number;
  let sp: SamlSettings['service_provider'];
  const idp = new SimpleSamlPhp(USERS);

  beforeAll(async () => {
    await idp.start();
    t = await startTestApp(backend);
    customerId = (await userRow(t.ctx, ADMIN_EMAIL)).customerId;
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const res = await admin.patch<{ saml: SamlSettings }>(`/api/customer/${customerId}/`, {
      saml: {
        enabled: true,
        idp_name: 'Corp simpleSAMLphp',
        config_option: 'url',
        idp_metadata_url: idp.metadataUrl,
        email_domains: ['corp.example'],
        default_role: 'auditor',
        group_roles: [{ group: 'secops', role: 'security_analyst' }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.saml).toMatchObject({ idp_entity_id: idp.entityId, idp_login_url: `${idp.baseUrl}/saml2/idp/SSOService.php` });
    sp = res.body.saml.service_provider;
    idp.setSp({ entityId: sp.entity_id, acsUrl: sp.acs_url, certificate: sp.certificate, encryptAssertions: false });
  });
  afterAll(async () => {
    await t?.close();
    await idp.stop();
  });

  /** Login page → Bulwark's SP-initiated sign-in → the IdP's form → the IdP's answer posted back to Bulwark. */
  async function signInThroughIdp(user: (typeof USERS)[number], next = '/dashboard') {
    const c = t.client();
    const start = await c.get(`/api/saml/${customerId}/login/?next=${encodeURIComponent(next)}`);
    expect(start.status).toBe(302);
    const browser = new FormWalker();
    const loginPage = await browser.get(String(start.headers.location));
    expect(loginPage.status, loginPage.body.slice(0, 500)).toBe(200);
    const authState = formField(loginPage.body, 'AuthState');
    expect(authState, 'the IdP shows its login form').toBeTruthy();
    const answer = await browser.post(formAction(loginPage.body, loginPage.url), {
      username: user.username,
      password: user.password,
      AuthState: authState!,
    });
    expect(formAction(answer.body, answer.url), answer.body.slice(0, 800)).toBe(sp.acs_url);
    const samlResponse = formField(answer.body, 'SAMLResponse')!;
    const relayState = formField(answer.body, 'RelayState') ?? '';
    const form = new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString();
    const post = () => c.request('POST', `/api/saml/${customerId}/acs/`, form, { 'content-type': 'application/x-www-form-urlencoded' });
    const res = await post();
    const me = await c.get('/api/check-authentication/');
    return { res, signedIn: me.body.isAuthenticated === true, samlResponse, post, client: c };
  }

  it('signs a new user in just in time with the role their IdP group maps to', async () => {
    const r = await signInThroughIdp(USERS[0]!, '/vm/vulnerabilities');
    expect(r.res.status).toBe(303);
    expect(r.res.headers.location).toBe('/vm/vulnerabilities');
    expect(r.signedIn).toBe(true);
    const nora = await userRow(t.ctx, 'nora@corp.example');
    expect(nora).toMatchObject({ customerId, firstName: 'Nora', lastName: 'Lind', customerAdmin: false, passwordHash: null });
    expect(nora.permissions.tickets).toEqual(['read', 'create', 'update', 'delete', 'execute']);
    // The session is an ordinary one: the API answers as Nora.
    const profile = await r.client.get<{ email: string }>('/api/user/profile/?me=1');
    expect(profile.status).toBe(200);
    expect(JSON.stringify(profile.body)).toContain('nora@corp.example');
    const events = await t.ctx.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.userId, nora.id), eq(authEvents.event, 'login_succeeded')));
    expect(events.map((e) => e.detail)).toEqual(['saml']);
    // The IdP's answer cannot be used a second time (its request was answered once).
    const again = await r.post();
    expect(again.headers.location).toMatch(/^\/auth\/login\?saml_error=(unknown_request|replayed)$/);
  });

  it('gives the default role to a user none of whose groups is mapped', async () => {
    const r = await signInThroughIdp(USERS[1]!);
    expect(r.signedIn).toBe(true);
    const olle = await userRow(t.ctx, 'olle@corp.example');
    expect(olle.customerAdmin).toBe(false);
    expect(olle.permissions.tickets).toEqual(['read']);
  });

  it('takes assertions the IdP encrypts to Bulwark’s certificate, and refuses plain ones once encryption is required', async () => {
    const on = await admin.patch(`/api/customer/${customerId}/`, { saml: { want_assertions_encrypted: true } });
    expect(on.status).toBe(200);
    const plain = await signInThroughIdp(USERS[1]!);
    expect(plain.res.headers.location).toBe('/auth/login?saml_error=not_encrypted');
    expect(plain.signedIn).toBe(false);
    idp.setSp({ entityId: sp.entity_id, acsUrl: sp.acs_url, certificate: sp.certificate, encryptAssertions: true });
    const encrypted = await signInThroughIdp(USERS[1]!);
    expect(Buffer.from(encrypted.samlResponse, 'base64').toString()).toContain('EncryptedAssertion');
    expect(encrypted.signedIn).toBe(true);
  });
});
