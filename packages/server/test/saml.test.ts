// SAML single sign-on on every test database: the customer setting (three ways to give the IdP, bad input, guards,
// another customer), Bulwark's SP metadata, SP- and IdP-initiated sign-in with just-in-time users and group roles, and
// every answer an attacker or a broken IdP could post to the assertion consumer, each refused with its message and no
// session. The IdP here is test/helpers/saml-idp.ts; test/saml-simplesamlphp.test.ts signs in through a real one.
import { X509Certificate } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { SAML_ERRORS, type SamlSettings } from '@bulwark/core';
import { auditEvents, authEvents, oneTimeTokens, samlMessageIds, samlSettings, users } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, startTestApp, userRow, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { acsForm, IDP_ENTITY_ID, IDP_LOGIN_URL, TestIdp } from './helpers/saml-idp.ts';
import { fetchIdpMetadata } from '../src/modules/saml/metadata.ts';
import { generateSpKeyPair } from '../src/modules/saml/sp-keys.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(BACKENDS)('SAML single sign-on on %s', (backend) => {
  let t: TestApp;
  let customerId: number;
  let admin: Client;
  let other: { customerId: number; adminEmail: string; adminId: number };
  const idp = new TestIdp();
  const stranger = new TestIdp('https://stranger.test/metadata');
  let acs: string;
  let entityId: string;
  let spCertificate: string;
  let metadataServer: Server;
  let metadataBase: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    customerId = (await userRow(t.ctx, ADMIN_EMAIL)).customerId;
    await t.user({ email: 'analyst@corp.example' });
    other = await t.otherCustomer('Rival Corp');
    await t.user({ email: 'rival@corp.example', customerId: other.customerId });
    admin = await signedIn(t, ADMIN_EMAIL, 'Correct-Horse-42');
    // The IdP's metadata over HTTP, and addresses that answer too much.
    metadataServer = createServer((req, res) => {
      if (req.url === '/metadata') res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(idp.metadata());
      else if (req.url === '/huge') res.writeHead(200).end(Buffer.alloc(600 * 1024, 'a'));
      else if (req.url === '/moved') res.writeHead(302, { location: '/metadata' }).end();
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => metadataServer.listen(0, '127.0.0.1', resolve));
    metadataBase = `http://127.0.0.1:${(metadataServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => metadataServer.close(resolve));
    await t.close();
  });

  const patch = (c: Client, saml: Record<string, unknown>, id = customerId) =>
    c.patch<{ saml: SamlSettings | null } & Record<string, unknown>>(`/api/customer/${id}/`, { saml });
  const storedRow = async () => (await t.ctx.db.select().from(samlSettings).where(eq(samlSettings.customerId, customerId)))[0];

  /** Posts a response to the ACS from a fresh browser; answers where it was sent and whether a session came of it. */
  async function post(xml: string, relayState?: string) {
    const c = t.client();
    const res = await c.request('POST', `/api/saml/${customerId}/acs/`, acsForm(xml, relayState), FORM);
    const me = await c.get('/api/check-authentication/');
    return { status: res.status, location: String(res.headers.location ?? ''), signedIn: me.body.isAuthenticated === true, client: c };
  }

  const now = () => t.ctx.clock();
  /** The user's events in the change audit log, oldest first. */
  const userEvents = (userId: number) =>
    t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'users'), eq(auditEvents.objectId, String(userId))))
      .orderBy(auditEvents.id);
  const good = (email: string, extra: Partial<Parameters<TestIdp['assertion']>[0]> = {}) =>
    idp.response(idp.sign(idp.assertion({ email, audience: entityId, recipient: acs, now: now(), ...extra }), 'Assertion'), {
      destination: acs,
      now: now(),
    });

  async function expectRefused(xml: string, code: keyof typeof SAML_ERRORS) {
    const before = (await t.ctx.db.select().from(authEvents).where(eq(authEvents.event, 'login_failed'))).length;
    const r = await post(xml);
    expect(r.status).toBe(303);
    expect(r.location).toBe(`/auth/login?saml_error=${code}`);
    expect(r.signedIn).toBe(false);
    const failures = await t.ctx.db.select().from(authEvents).where(eq(authEvents.event, 'login_failed'));
    expect(failures.length).toBe(before + 1);
    expect(failures.some((f) => f.detail?.startsWith(`saml ${code}:`))).toBe(true);
    // The message the login page shows for the code is a sentence a person understands.
    expect(SAML_ERRORS[code]).toMatch(/\.$/);
  }

  describe('the setting (PATCH /api/customer/{id}/ saml)', () => {
    it('is refused to the anonymous (401), to a user who is not a superuser (403) and for another customer (404)', async () => {
      const anon = await anonymous(t);
      expect((await patch(anon, { enabled: false })).status).toBe(401);
      const analyst = await signedIn(t, 'analyst@corp.example');
      const res = await patch(analyst, { enabled: true, idp_name: 'x' });
      expect(res.status).toBe(403);
      expect((await patch(admin, { enabled: false }, other.customerId)).status).toBe(404);
      expect(await storedRow()).toBeUndefined();
      const file = await admin.get('/api/saml/idp-metadata-file/');
      expect(file.status).toBe(404);
      expect((await anon.get('/api/saml/idp-metadata-file/')).status).toBe(401);
    });

    it('answers bad input keyed by field and saves nothing', async () => {
      const url = await patch(admin, {
        enabled: true,
        idp_name: 'Corp IdP',
        config_option: 'url',
        idp_metadata_url: 'ftp://idp.test/metadata',
      });
      expect(url.status).toBe(400);
      expect(url.body.saml, `${url.status} ${JSON.stringify(url.body)}`).toEqual([
        'Enter an http:// or https:// address of the identity provider’s metadata.',
      ]);
      const noName = await patch(admin, {
        enabled: true,
        config_option: 'manual',
        idp_login_url: IDP_LOGIN_URL,
        idp_certificate: idp.keys.certificatePem,
      });
      expect(noName.status).toBe(400);
      expect(noName.body.saml, `${noName.status} ${JSON.stringify(noName.body)}`).toEqual({
        idp_name: ['Enter the identity provider’s name (shown as “Sign in with …”).'],
      });
      const badCert = await patch(admin, {
        enabled: true,
        idp_name: 'Corp',
        config_option: 'manual',
        idp_login_url: IDP_LOGIN_URL,
        idp_certificate: 'not a cert',
      });
      expect(badCert.body.saml, `${badCert.status} ${JSON.stringify(badCert.body)}`).toEqual({
        idp_certificate: ['This is not an X.509 certificate (paste the PEM text, -----BEGIN CERTIFICATE----- included).'],
      });
      const noFile = await patch(admin, { enabled: true, idp_name: 'Corp', config_option: 'file', idp_metadata_file: null });
      expect(noFile.body.saml, `${noFile.status} ${JSON.stringify(noFile.body)}`).toEqual({
        idp_metadata_file: ['Upload the identity provider’s metadata file.'],
      });
      const notXml = await patch(admin, {
        enabled: true,
        idp_name: 'Corp',
        config_option: 'file',
        idp_metadata_file: { name: 'm.xml', content: '<a' },
      });
      expect(notXml.body.saml, `${notXml.status} ${JSON.stringify(notXml.body)}`).toEqual({
        idp_metadata_file: ['This is not SAML metadata: the file is not well-formed XML.'],
      });
      const notIdp = await patch(admin, {
        enabled: true,
        idp_name: 'Corp',
        config_option: 'file',
        idp_metadata_file: {
          name: 'm.xml',
          content: '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>',
        },
      });
      expect(notIdp.body.saml, `${notIdp.status} ${JSON.stringify(notIdp.body)}`).toEqual({
        idp_metadata_file: ['The metadata describes no identity provider (IDPSSODescriptor).'],
      });
      const huge = await patch(admin, { enabled: true, idp_name: 'Corp', config_option: 'url', idp_metadata_url: `${metadataBase}/huge` });
      expect(huge.body.saml, `${huge.status} ${JSON.stringify(huge.body)}`).toEqual({
        idp_metadata_url: ['The metadata at this address is larger than 512 KB.'],
      });
      const missing = await patch(admin, {
        enabled: true,
        idp_name: 'Corp',
        config_option: 'url',
        idp_metadata_url: `${metadataBase}/nothing`,
      });
      expect(missing.body.saml, `${missing.status} ${JSON.stringify(missing.body)}`).toEqual({
        idp_metadata_url: ['The metadata address answered HTTP 404.'],
      });
      const role = await patch(admin, { default_role: 'emperor' });
      expect(role.status).toBe(400);
      const domain = await patch(admin, { email_domains: ['not a domain'] });
      expect(domain.body.saml, `${domain.status} ${JSON.stringify(domain.body)}`).toEqual(['Enter a domain such as example.com.']);
      // Nothing half-written: no setting, and the customer's other fields in the same call are not saved either.
      const mixed = await admin.patch(`/api/customer/${customerId}/`, { name: 'Renamed', saml: { enabled: true, idp_name: 'Corp' } });
      expect(mixed.status).toBe(400);
      expect((await admin.get<{ name: string; saml: null }>('/api/customer/')).body).toMatchObject({ name: 'My organisation', saml: null });
      expect(await storedRow()).toBeUndefined();
    });

    it('reads the IdP from a metadata URL (following a redirect) and shows Bulwark’s own SP details, never its key', async () => {
      const res = await patch(admin, {
        enabled: true,
        idp_name: 'Corp IdP',
        config_option: 'url',
        idp_metadata_url: `${metadataBase}/moved`,
        email_domains: ['Corp.example'],
        default_role: 'auditor',
        group_roles: [
          { group: 'secops', role: 'security_analyst' },
          { group: 'it-admins', role: 'administrator' },
        ],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const saml = res.body.saml!;
      expect(saml).toMatchObject({
        enabled: true,
        idp_name: 'Corp IdP',
        config_option: 'url',
        idp_entity_id: IDP_ENTITY_ID,
        idp_login_url: IDP_LOGIN_URL,
        email_domains: ['corp.example'],
        want_assertions_signed: true,
        want_assertions_encrypted: false,
        idp_metadata_file: null,
        idp_metadata_file_url: null,
      });
      expect(saml.service_provider).toEqual({
        entity_id: `http://bulwark.test/api/saml/${customerId}/metadata/`,
        acs_url: `http://bulwark.test/api/saml/${customerId}/acs/`,
        metadata_url: `http://bulwark.test/api/saml/${customerId}/metadata/`,
        login_url: `http://bulwark.test/api/saml/${customerId}/login/`,
        certificate: expect.stringContaining('-----BEGIN CERTIFICATE-----'),
      });
      expect(JSON.stringify(res.body)).not.toMatch(/PRIVATE KEY/);
      acs = saml.service_provider.acs_url;
      entityId = saml.service_provider.entity_id;
      spCertificate = saml.service_provider.certificate;
      // The key is sealed at rest.
      const row = (await storedRow())!;
      expect(row.spPrivateKey).toMatch(/^v1:/);
      expect(t.ctx.secrets.decrypt(row.spPrivateKey)).toContain('BEGIN PRIVATE KEY');
      expect((await admin.get<{ saml: SamlSettings }>('/api/customer/')).body.saml.idp_entity_id).toBe(IDP_ENTITY_ID);
    });

    it('takes a metadata file, readable back by superusers, and a login URL with certificate given by hand', async () => {
      const file = await patch(admin, {
        config_option: 'file',
        idp_metadata_file: { name: 'corp-idp.xml', content: idp.metadata('https://idp.test/file-sso') },
      });
      expect(file.status).toBe(200);
      expect(file.body.saml).toMatchObject({
        idp_login_url: 'https://idp.test/file-sso',
        idp_metadata_file_url: '/api/saml/idp-metadata-file/',
      });
      expect(file.body.saml!.idp_metadata_file).toEqual({ name: 'corp-idp.xml', content: expect.stringContaining('IDPSSODescriptor') });
      const back = await admin.get('/api/saml/idp-metadata-file/');
      expect(back.status).toBe(200);
      expect(back.headers['content-disposition']).toBe('attachment; filename="corp-idp.xml"');
      const manual = await patch(admin, {
        config_option: 'manual',
        idp_login_url: IDP_LOGIN_URL,
        idp_certificate: idp.keys.certificatePem,
      });
      expect(manual.status).toBe(200);
      expect(manual.body.saml).toMatchObject({ config_option: 'manual', idp_login_url: IDP_LOGIN_URL, idp_entity_id: '' });
      // Back to the metadata URL for the sign-ins below (the issuer is then checked too).
      expect((await patch(admin, { config_option: 'url' })).body.saml!.idp_entity_id).toBe(IDP_ENTITY_ID);
    });

    it('publishes Bulwark’s SP metadata for the IdP’s administrator', async () => {
      const anon = t.client();
      const res = await anon.get(`/api/saml/${customerId}/metadata/`);
      expect(res.status).toBe(200);
      expect(String(res.headers['content-type'])).toContain('application/samlmetadata+xml');
      const xml = String(res.body);
      expect(xml).toContain(`entityID="${entityId}"`);
      expect(xml).toContain(`Location="${acs}"`);
      expect(xml).toContain('use="encryption"');
      expect(xml).toContain(spCertificate.replace(/-----[A-Z ]+-----|\s/g, '').slice(0, 60));
      expect((await anon.get(`/api/saml/${other.customerId}/metadata/`)).status).toBe(404);
    });
    it('keeps a domain with the organisation that named it first', async () => {
      const rival = await signedIn(t, other.adminEmail);
      const res = await patch(rival, { email_domains: ['corp.example', 'rival.example'] }, other.customerId);
      expect(res.status).toBe(400);
      expect(res.body.saml).toEqual({ email_domains: ['corp.example signs in through another organisation’s identity provider.'] });
      expect((await rival.get<{ saml: null }>('/api/customer/')).body.saml).toBeNull();
      expect((await patch(rival, { email_domains: ['rival.example'] }, other.customerId)).status).toBe(200);
    });
  });

  describe('sign-in', () => {
    it('tells the login page which addresses sign in through the IdP', async () => {
      const anon = t.client();
      expect((await anon.get('/api/saml/discover/?email=someone%40corp.example')).body).toEqual({
        sso: { idp_name: 'Corp IdP', login_url: `/api/saml/${customerId}/login/` },
      });
      expect((await anon.get('/api/saml/discover/?email=someone%40elsewhere.example')).body).toEqual({ sso: null });
      expect((await anon.get('/api/saml/discover/?email=not-an-address')).body).toEqual({ sso: null });
    });

    it('SP-initiated: redirects to the IdP with a signed request and signs in a just-in-time user with the mapped role', async () => {
      // The app's clock stands still, so the audit event's time can be checked exactly.
      const real = t.ctx.clock;
      const at = real();
      t.ctx.clock = () => at;
      onTestFinished(() => {
        t.ctx.clock = real;
      });
      const c = t.client();
      const start = await c.get(`/api/saml/${customerId}/login/?next=%2Fvm%2Fvulnerabilities`);
      expect(start.status).toBe(302);
      const location = new URL(String(start.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe(IDP_LOGIN_URL);
      expect(location.searchParams.get('RelayState')).toBe('/vm/vulnerabilities');
      expect(location.searchParams.get('SigAlg')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
      expect(location.searchParams.get('Signature')).toBeTruthy();
      const request = inflateRawSync(Buffer.from(location.searchParams.get('SAMLRequest')!, 'base64')).toString();
      expect(request).toContain(`AssertionConsumerServiceURL="${acs}"`);
      const requestId = /ID="([^"]+)"/.exec(request)![1]!;
      const assertion = idp.sign(
        idp.assertion({
          email: 'New.Analyst@corp.example',
          groups: ['staff', 'secops'],
          audience: entityId,
          recipient: acs,
          now: now(),
          inResponseTo: requestId,
          attributes: { givenName: ['Nora'], sn: ['Analyst'] },
        }),
        'Assertion',
      );
      const res = await c.request(
        'POST',
        `/api/saml/${customerId}/acs/`,
        acsForm(idp.response(assertion, { destination: acs, now: now(), inResponseTo: requestId }), '/vm/vulnerabilities'),
        FORM,
      );
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/vm/vulnerabilities');
      expect((await c.get('/api/check-authentication/')).body.isAuthenticated).toBe(true);
      const user = await userRow(t.ctx, 'new.analyst@corp.example');
      expect(user).toMatchObject({ customerId, firstName: 'Nora', lastName: 'Analyst', customerAdmin: false, passwordHash: null });
      expect(user.permissions.tickets).toEqual(['read', 'create', 'update', 'delete', 'execute']);
      expect(user.permissions.probes).toEqual(['read']);
      const events = await t.ctx.db
        .select()
        .from(authEvents)
        .where(and(eq(authEvents.event, 'login_succeeded'), eq(authEvents.userId, user.id)));
      expect(events.map((e) => e.detail)).toEqual(['saml']);
      // Created as the users screen creates a user: its audit event, and no welcome link (the IdP signs them in).
      expect(await userEvents(user.id)).toEqual([
        expect.objectContaining({
          customerId,
          userId: user.id,
          actor: 'new.analyst@corp.example',
          resource: 'users',
          action: 'create',
          method: 'POST',
          route: '/api/saml/:customerId/acs/',
          status: 201,
          summary: expect.objectContaining({ operation: 'create', source: 'saml', role: 'security_analyst', customer_admin: false }),
          createdAt: at,
        }),
      ]);
      expect(await t.ctx.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id))).toEqual([]);
      // The request was answered once: the same answer again is refused.
      await expectRefused(idp.response(assertion, { destination: acs, now: now(), inResponseTo: requestId }), 'unknown_request');
    });

    it('IdP-initiated: the default role for unmapped groups, the mapped role at each later sign-in, and an open redirect refused', async () => {
      const first = await post(good('plain@corp.example', { groups: ['staff'] }), 'https://evil.example/');
      expect(first).toMatchObject({ status: 303, location: '/', signedIn: true });
      const plain = await userRow(t.ctx, 'plain@corp.example');
      expect(plain.customerAdmin).toBe(false);
      expect(plain.permissions.tickets).toEqual(['read']);
      expect((await userEvents(plain.id)).map((e) => [e.action, e.summary.role])).toEqual([['create', 'auditor']]);
      const promoted = await post(good('plain@corp.example', { groups: ['it-admins', 'secops'] }));
      expect(promoted.signedIn).toBe(true);
      expect((await userRow(t.ctx, 'plain@corp.example')).customerAdmin).toBe(true);
      // The role change has its audit event; a sign-in that changes nothing writes none.
      expect((await post(good('plain@corp.example', { groups: ['it-admins'] }))).signedIn).toBe(true);
      const changes = await userEvents(plain.id);
      expect(changes.map((e) => [e.action, e.summary.role])).toEqual([
        ['create', 'auditor'],
        ['update', 'administrator'],
      ]);
      expect(changes[1]).toMatchObject({
        actor: 'plain@corp.example',
        status: 200,
        summary: { source: 'saml', was_customer_admin: false },
      });
      // The change and its event are one transaction: when the event cannot be written, neither is the role, nor a
      // just-in-time user.
      await t.ctx.db.execute(sql`create function refuse_saml_audit() returns trigger language plpgsql
        as $$ begin raise exception 'audit log unavailable'; end $$`);
      await t.ctx.db.execute(sql`create trigger refuse_saml_audit before insert on audit_events for each row
        when (new.summary->>'source' = 'saml') execute function refuse_saml_audit()`);
      try {
        expect((await post(good('plain@corp.example', { groups: ['secops'] }))).signedIn).toBe(false);
        expect((await post(good('half-made@corp.example'))).signedIn).toBe(false);
      } finally {
        await t.ctx.db.execute(sql`drop trigger refuse_saml_audit on audit_events`);
        await t.ctx.db.execute(sql`drop function refuse_saml_audit()`);
      }
      expect((await userRow(t.ctx, 'plain@corp.example')).customerAdmin).toBe(true);
      expect(await t.ctx.db.select().from(users).where(eq(users.email, 'half-made@corp.example'))).toEqual([]);
      expect(await userEvents(plain.id)).toHaveLength(2);
      // An existing password user of the customer signs in too, without Bulwark's second factor (the IdP's).
      expect((await post(good('analyst@corp.example'))).signedIn).toBe(true);
    });

    it('takes an encrypted assertion, and requires one when want_assertions_encrypted is set', async () => {
      expect((await patch(admin, { want_assertions_encrypted: true })).status).toBe(200);
      await expectRefused(good('plain@corp.example'), 'not_encrypted');
      const signed = idp.sign(idp.assertion({ email: 'secret@corp.example', audience: entityId, recipient: acs, now: now() }), 'Assertion');
      const encrypted = idp.response(await idp.encrypt(signed, spCertificate), { destination: acs, now: now() });
      expect(encrypted).not.toContain('secret@corp.example');
      expect((await post(encrypted)).signedIn).toBe(true);
      expect((await patch(admin, { want_assertions_encrypted: false })).status).toBe(200);
    });
  });

  describe('refusals: each with its message and no session', () => {
    it('an unsigned assertion', async () => {
      await expectRefused(
        idp.response(idp.assertion({ email: 'x@corp.example', audience: entityId, recipient: acs, now: now() }), {
          destination: acs,
          now: now(),
        }),
        'unsigned',
      );
    });

    it('an assertion signed by another key', async () => {
      const forged = idp.sign(
        idp.assertion({ email: 'x@corp.example', audience: entityId, recipient: acs, now: now() }),
        'Assertion',
        stranger.keys,
      );
      await expectRefused(idp.response(forged, { destination: acs, now: now() }), 'bad_signature');
    });

    it('a signed assertion changed after signing', async () => {
      const signed = idp.sign(idp.assertion({ email: 'x@corp.example', audience: entityId, recipient: acs, now: now() }), 'Assertion');
      await expectRefused(
        idp.response(signed.replace('x@corp.example', 'admin@example.com'), { destination: acs, now: now() }),
        'bad_signature',
      );
    });

    it('signature wrapping: the signed assertion kept, a forged one inserted', async () => {
      const signed = idp.sign(idp.assertion({ email: 'x@corp.example', audience: entityId, recipient: acs, now: now() }), 'Assertion');
      const id = /ID="([^"]+)"/.exec(signed)![1]!;
      const forged = idp.assertion({ email: 'admin@example.com', audience: entityId, recipient: acs, now: now(), id: `${id}-forged` });
      // XSW: the forged assertion where the consumer looks, the signed one hidden inside it (in its Subject's place).
      const wrapped = forged.replace('<saml:Subject>', `<saml:Subject>${signed.replace(/^<saml:Assertion /, '<saml:Assertion ')}`);
      await expectRefused(idp.response(wrapped, { destination: acs, now: now() }), 'bad_signature');
      // Both side by side (the signed one first, then the forgery).
      await expectRefused(idp.response(signed + forged, { destination: acs, now: now() }), 'bad_signature');
      // The forgery under the signed one's ID, carrying its signature.
      const sigXml = /<(ds:)?Signature[\s\S]*<\/(ds:)?Signature>/.exec(signed)![0];
      const sameId = idp
        .assertion({ email: 'admin@example.com', audience: entityId, recipient: acs, now: now(), id })
        .replace('</saml:Issuer>', `</saml:Issuer>${sigXml}`);
      await expectRefused(idp.response(sameId, { destination: acs, now: now() }), 'bad_signature');
      const admin = await userRow(t.ctx, ADMIN_EMAIL);
      const samlSignIns = await t.ctx.db
        .select()
        .from(authEvents)
        .where(and(eq(authEvents.event, 'login_succeeded'), eq(authEvents.userId, admin.id), eq(authEvents.detail, 'saml')));
      expect(samlSignIns).toEqual([]);
    });

    it('an expired assertion, and one not valid yet (the clock is the app’s)', async () => {
      await expectRefused(good('x@corp.example', { validSeconds: -120 }), 'expired');
      await expectRefused(good('x@corp.example', { notBeforeSeconds: 600 }), 'expired');
      // A good assertion read ten minutes later (the clock moved, nobody waited) is expired too.
      const later = good('x@corp.example');
      const real = t.ctx.clock;
      t.ctx.clock = () => new Date(real().getTime() + 10 * 60_000);
      try {
        await expectRefused(later, 'expired');
      } finally {
        t.ctx.clock = real;
      }
    });

    it('a replayed assertion, remembered until it expires', async () => {
      const xml = good('replay@corp.example');
      expect((await post(xml)).signedIn).toBe(true);
      await expectRefused(xml, 'replayed');
      const id = /Assertion[^>]*ID="([^"]+)"/.exec(xml)![1]!;
      const kept = await t.ctx.db.select().from(samlMessageIds).where(eq(samlMessageIds.messageId, id));
      expect(kept).toHaveLength(1);
      expect(kept[0]!.expiresAt.getTime()).toBeGreaterThan(now().getTime() + 4 * 60_000);
    });

    it('the wrong audience, recipient, destination or issuer', async () => {
      await expectRefused(good('x@corp.example', { audience: 'https://other-sp.example/metadata' }), 'wrong_audience');
      await expectRefused(good('x@corp.example', { recipient: 'https://other-sp.example/acs' }), 'wrong_recipient');
      const signed = idp.sign(idp.assertion({ email: 'x@corp.example', audience: entityId, recipient: acs, now: now() }), 'Assertion');
      await expectRefused(idp.response(signed, { destination: 'https://other-sp.example/acs', now: now() }), 'wrong_recipient');
      const otherIssuer = idp.sign(
        idp.assertion({
          email: 'x@corp.example',
          audience: entityId,
          recipient: acs,
          now: now(),
          issuer: 'https://stranger.test/metadata',
        }),
        'Assertion',
      );
      await expectRefused(
        idp.response(otherIssuer, { destination: acs, now: now(), issuer: 'https://stranger.test/metadata' }),
        'wrong_issuer',
      );
    });

    it('an unknown request id, a foreign domain, another customer’s user, a deactivated user, garbage', async () => {
      const signed = idp.sign(
        idp.assertion({ email: 'x@corp.example', audience: entityId, recipient: acs, now: now(), inResponseTo: '_never-sent' }),
        'Assertion',
      );
      await expectRefused(idp.response(signed, { destination: acs, now: now(), inResponseTo: '_never-sent' }), 'unknown_request');
      await expectRefused(good('someone@elsewhere.example'), 'wrong_domain');
      await expectRefused(good('rival@corp.example'), 'other_customer');
      await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.email, 'plain@corp.example'));
      await expectRefused(good('plain@corp.example'), 'inactive');
      await expectRefused('<html>not saml</html>', 'malformed');
      await expectRefused(good('x@corp.example').replace(/<saml:Attribute Name="email">.*?<\/saml:Attribute>/, ''), 'bad_signature');
      // Another customer's ACS, where SAML is off.
      const c = t.client();
      const res = await c.request('POST', `/api/saml/${other.customerId}/acs/`, acsForm(good('x@corp.example')), FORM);
      expect(res.headers.location).toBe('/auth/login?saml_error=not_enabled');
      expect((await c.get('/api/check-authentication/')).body.isAuthenticated).toBe(false);
    });

    it('nothing once SAML is turned off', async () => {
      expect((await patch(admin, { enabled: false })).body.saml).toMatchObject({ enabled: false, idp_name: 'Corp IdP' });
      await expectRefused(good('analyst@corp.example'), 'not_enabled');
      expect((await t.client().get('/api/saml/discover/?email=a%40corp.example')).body).toEqual({ sso: null });
      const start = await t.client().get(`/api/saml/${customerId}/login/`);
      expect(start.headers.location).toBe('/auth/login?saml_error=not_enabled');
      expect((await patch(admin, { enabled: true })).status).toBe(200);
    });
  });
});

describe('fetching IdP metadata', () => {
  it('gives up on an address that does not answer in time, and fetches only http(s)', async () => {
    // Accepts the connection and never answers: the fetch must end at its time limit (given short here).
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/metadata`;
      await expect(fetchIdpMetadata(url, 300)).rejects.toThrow('The metadata address did not answer within 1 s.');
      await expect(fetchIdpMetadata('file:///etc/passwd')).rejects.toThrow('Only http:// and https:// addresses are fetched.');
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('the users SAML signs in', () => {
  it("are looked up through auth's findUserByEmail, never by a query of SAML's own", () => {
    // One case-insensitive lookup by e-mail for password and SAML sign-in: a second copy drifts (trimming, collation).
    const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules/saml');
    for (const file of readdirSync(dir)) {
      expect(readFileSync(path.join(dir, file), 'utf8'), file).not.toMatch(/users\.email/);
    }
  });
});

describe('Bulwark’s own SP certificate', () => {
  it('is readable whatever its random serial starts with', () => {
    // A serial starting 0x00 or 0x80 then a byte below 0x80 was written with DER padding OpenSSL refuses ("illegal
    // padding"): once in 256 key pairs the first SAML save answered 500 (and TestIdp could not be made).
    for (const first of [0x00, 0x80, 0x7f, 0xff]) {
      const random = Buffer.alloc(16, 0x05);
      random[0] = first;
      const keys = generateSpKeyPair('serial test', new Date('2026-11-30T00:00:00Z'), 10, random);
      const cert = new X509Certificate(keys.certificatePem);
      expect(cert.serialNumber, first.toString(16)).toMatch(/^[4-7][0-9A-F]/);
      expect(cert.serialNumber).toHaveLength(32);
    }
  });
});
