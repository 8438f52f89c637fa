// SAML single sign-on in Chromium against a real identity provider, Debian's simpleSAMLphp on loopback: a superuser
// sets SAML up on Subscription and settings (metadata URL, e-mail domain, a group mapped to a role), then a new person
// goes from the login page through "Sign in with <idp>" to simpleSAMLphp's login form and back, signed in as a
// just-in-time user with the mapped role. Then every kind of refused answer, posted by the browser to the assertion
// consumer, lands on the login page with its message and no session. Skips, saying so, without simplesamlphp.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SAML_ERRORS, type SamlErrorCode, type SamlSettings } from '@bulwark/core';
import { expect as pwExpect } from './helpers/expect.ts';
import { api } from './helpers/api.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';
import { startStack, type Stack } from './helpers/stack.ts';
import { SimpleSamlPhp, sspMissing } from '../packages/server/test/helpers/simplesamlphp.ts';
import { TestIdp } from '../packages/server/test/helpers/saml-idp.ts';
import { userRow } from '../packages/server/test/helpers/app.ts';

const missing = sspMissing();
if (missing) console.warn(`Skipping the SAML browser test: ${missing}.`);

const NORA = {
  username: 'nora',
  password: 'Nora-Pass-1',
  email: 'nora@corp.example',
  givenName: 'Nora',
  sn: 'Lind',
  groups: ['staff', 'secops'],
};

describe.skipIf(Boolean(missing))('SAML sign-in in the browser through simpleSAMLphp', () => {
  let stack: Stack;
  const idp = new SimpleSamlPhp([NORA]);
  let saml: SamlSettings;

  beforeAll(async () => {
    await idp.start();
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
    await idp.stop();
  });

  it('is set up by a superuser on Subscription and settings', async () => {
    const { context, page } = await stack.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/subscription');
    const card = page.getByRole('form', { name: 'Single sign-on (SAML)' });
    await card.getByLabel('Sign in with SAML').check();
    await card.getByLabel('Identity provider name').fill('Corp IdP');
    await card.getByLabel('Metadata URL', { exact: true }).fill(idp.metadataUrl);
    await card.getByRole('combobox', { name: 'E-mail domains' }).fill('corp.example');
    await card.getByRole('combobox', { name: 'E-mail domains' }).press('Enter');
    await card.getByRole('button', { name: 'Add a group' }).click();
    await card.getByLabel('Group 1', { exact: true }).fill('secops');
    await card.getByRole('button', { name: 'Save single sign-on' }).click();
    await pwExpect(card.getByTestId('saml-service-provider').getByText(`${stack.baseUrl}/api/saml/1/acs/`)).toBeVisible();
    await pwExpect(card.getByText(idp.entityId)).toBeVisible();
    saml = (await api<{ saml: SamlSettings }>(page, 'GET', '/api/customer/')).saml;
    expect(saml.service_provider.acs_url).toBe(`${stack.baseUrl}/api/saml/1/acs/`);
    idp.setSp({
      entityId: saml.service_provider.entity_id,
      acsUrl: saml.service_provider.acs_url,
      certificate: saml.service_provider.certificate,
      encryptAssertions: false,
    });
    await context.close();
  });

  it('signs a new person in from the login page through the IdP’s form, as a just-in-time user with the mapped role', async () => {
    const { context, page } = await stack.newPage();
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill('nora@corp.example');
    const button = page.getByRole('link', { name: 'Sign in with Corp IdP' });
    await pwExpect(button).toBeVisible();
    await button.click();
    // simpleSAMLphp's own login page.
    await page.waitForURL((url) => url.origin === idp.baseUrl);
    await page.locator('input[name="username"]').fill(NORA.username);
    await page.locator('input[name="password"]').fill(NORA.password);
    await page.locator('input[name="password"]').press('Enter');
    // The IdP posts its answer back (its page submits the form by script) and Bulwark opens the app.
    await page.waitForURL(`${stack.baseUrl}/dashboard`, { timeout: 30_000 });
    await pwExpect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await pwExpect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    const nora = await userRow(stack.app.ctx, 'nora@corp.example');
    expect(nora).toMatchObject({ firstName: 'Nora', lastName: 'Lind', customerAdmin: false, passwordHash: null });
    expect(nora.permissions.tickets).toEqual(['read', 'create', 'update', 'delete', 'execute']);
    await context.close();
  });

  /** Posts an answer to the ACS from a page, as an IdP's auto-submitting form does; returns the page where it lands. */
  async function postFromBrowser(page: Page, xml: string): Promise<void> {
    const acs = saml.service_provider.acs_url;
    await page.setContent(
      `<form method="post" action="${acs}"><input type="hidden" name="SAMLResponse" value="${Buffer.from(xml).toString('base64')}"><button>Send</button></form>`,
    );
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/auth\/login\?saml_error=/);
  }

  it('refuses unsigned, wrongly signed, expired, replayed, wrong-audience, wrong-recipient and signature-wrapped answers with their message', async () => {
    const forger = new TestIdp(idp.entityId);
    const stranger = new TestIdp('https://stranger.test/metadata');
    const acs = saml.service_provider.acs_url;
    const audience = saml.service_provider.entity_id;
    const now = () => new Date();
    const assertion = (extra: Partial<Parameters<TestIdp['assertion']>[0]> = {}) =>
      forger.assertion({ email: 'nora@corp.example', groups: ['secops'], audience, recipient: acs, now: now(), ...extra });
    const respond = (inner: string) => forger.response(inner, { destination: acs, now: now() });
    const signed = (extra: Partial<Parameters<TestIdp['assertion']>[0]> = {}) => forger.sign(assertion(extra), 'Assertion', idp.keys);

    const good = signed();
    const id = /ID="([^"]+)"/.exec(good)![1]!;
    const cases: [string, string, SamlErrorCode][] = [
      ['unsigned', respond(assertion()), 'unsigned'],
      ['signed by another key', respond(forger.sign(assertion(), 'Assertion', stranger.keys)), 'bad_signature'],
      ['expired', respond(signed({ validSeconds: -300 })), 'expired'],
      ['wrong audience', respond(signed({ audience: 'https://other-sp.example/metadata' })), 'wrong_audience'],
      ['wrong recipient', respond(signed({ recipient: 'https://other-sp.example/acs' })), 'wrong_recipient'],
      [
        'signature wrapping',
        respond(assertion({ email: 'admin@example.com', id: `${id}-x` }).replace('<saml:Subject>', `<saml:Subject>${good}`)),
        'bad_signature',
      ],
    ];
    const { context, page } = await stack.newPage();
    // A good answer first, then the same again: replayed.
    const replay = respond(signed({ email: 'replay@corp.example' }));
    await page.setContent(
      `<form method="post" action="${acs}"><input type="hidden" name="SAMLResponse" value="${Buffer.from(replay).toString('base64')}"><button>Send</button></form>`,
    );
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(`${stack.baseUrl}/dashboard`);
    await context.clearCookies();
    cases.push(['replayed', replay, 'replayed']);
    for (const [name, xml, code] of cases) {
      await postFromBrowser(page, xml);
      await pwExpect(page.getByTestId('saml-error').getByText(SAML_ERRORS[code])).toBeVisible();
      expect(new URL(page.url()).searchParams.get('saml_error'), name).toBe(code);
      // No session: the app's guarded pages still send the browser to the login page.
      const me = await page.request.get('/api/check-authentication/');
      expect(((await me.json()) as { isAuthenticated: boolean }).isAuthenticated, name).toBe(false);
    }
    await context.close();
  });
});
