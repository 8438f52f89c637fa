// WCAG 2.1 AA in the browser: every route of the route table (the spec's and the web app's own), signed out and signed in,
// in the light and the dark colour scheme, checked with axe-core in the page; the test fails on any violation and names
// the route, the rule and the elements. The routes show real data: a scan of a mail service that greets as Exim 4.87
// (a KEV-listed CVE), with the feeds' test records loaded, so lists, badges and charts are filled rather than empty.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NETWORK_PROFILE, FEATURE_FLAGS, ROUTES, type RouteDef } from '@bulwark/core';
import { assets, customers, scanProfiles, users } from '../packages/server/src/db/schema/index.ts';
import { importSources } from '../packages/server/src/modules/intel/import.ts';
import { WEB_ROUTES } from '../packages/web/src/app/web-routes.ts';
import { api, waitForScanFinished } from './helpers/api.ts';
import { axeViolations, describeViolations } from './helpers/axe.ts';
import { startEximGreeter, type EximGreeter } from './helpers/exim-greeter.ts';
import { focused, press, tabTo } from './helpers/keyboard.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startStack, type Stack } from './helpers/stack.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/intel/test/fixtures/feeds');
const MAIL_HOST = '127.0.84.2';

let stack: Stack;
let mail: EximGreeter;
const params: Record<string, string> = {};

/** The route's path with its parameters filled from what the scan made (a made-up value where nothing fits). */
function pathOf(route: RouteDef): string {
  return route.path.replace(/:([a-zA-Z]+)/g, (_, name: string) => params[`${route.name}.${name}`] ?? params[name] ?? '1');
}

/**
 * Waits until the expression is true in the page; fails with the expression after `timeoutMs`. Polled from here:
 * Playwright's waitForFunction evaluates its predicate with eval, which the app's content-security policy forbids.
 */
async function until(page: Page, expression: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > end) throw new Error(`${page.url()}: still not true after ${timeoutMs} ms: ${expression}`);
    await page.waitForTimeout(50);
  }
}

/** True once the page shows no loader outside a button and no busy region (the data of the route has been drawn). */
const SETTLED = `(() => {
  const busy = [...document.querySelectorAll('.mantine-Loader, [aria-busy="true"]')].some((el) => !el.closest('button') && el.getClientRects().length > 0);
  return !busy && document.readyState === 'complete';
})()`;

/**
 * Opens the route as a user following a link would: through the app's router (a history entry and a popstate event),
 * not a reload, so each route costs its own data only. Then waits until it has drawn its data.
 */
async function open(page: Page, url: string): Promise<void> {
  if (page.url() === 'about:blank') await page.goto(url);
  else
    await page.evaluate(`window.history.pushState(null, '', ${JSON.stringify(url)}); window.dispatchEvent(new PopStateEvent('popstate'))`);
  await until(page, SETTLED, 15_000);
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  await until(page, SETTLED, 15_000);
}

/** No colour transition is still running (a loader's endless spin does not count). */
const TRANSITIONS_DONE = `document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)`;

/** The schemes every route is checked in: the page switches live when the system's preference changes. */
const SCHEMES = ['light', 'dark'] as const;

/** Opens each route once and checks it in both colour schemes; one entry per route and scheme that fails. */
async function checkRoutes(context: BrowserContext, routes: RouteDef[]): Promise<string[]> {
  const page = await context.newPage();
  const failures: string[] = [];
  for (const route of routes) {
    const url = pathOf(route);
    await page.emulateMedia({ colorScheme: SCHEMES[0] });
    await open(page, url);
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await pwExpect.poll(() => page.evaluate(`document.documentElement.dataset.mantineColorScheme`), 5_000).toBe(scheme);
      await until(page, TRANSITIONS_DONE, 5_000);
      const violations = await axeViolations(page);
      if (violations.length) failures.push(describeViolations(`${scheme} ${url} (${route.name})`, violations));
    }
  }
  await page.close();
  return failures;
}

const ALL = [...ROUTES, ...WEB_ROUTES].filter((r) => r.path !== '*');
const SIGNED_OUT = ALL.filter((r) => r.access !== 'signed-in' && r.name !== 'logout');
const SIGNED_IN = ALL.filter((r) => r.access !== 'signed-out' && r.name !== 'logout' && r.name !== 'impersonation-login');

describe('WCAG 2.1 AA on every route', () => {
  beforeAll(async () => {
    stack = await startStack();
    await importSources(stack.app.ctx.db, [path.join(FIXTURES, 'nvd'), path.join(FIXTURES, 'kev'), path.join(FIXTURES, 'epss')]);
    // Open to relaying and without STARTTLS: the mail host has SMTP findings besides Exim's CVEs.
    mail = await startEximGreeter(MAIL_HOST, { openRelay: true });
    const flags = FEATURE_FLAGS.filter((f) => f !== 'unified-tags-stage-2' && f !== 'onprem-subscriptions');
    await stack.app.ctx.db
      .update(customers)
      .set({ featureFlags: [...flags] })
      .where(eq(customers.id, 1));
    await stack.app.ctx.db.update(users).set({ platformOperator: true });
    await stack.app.ctx.db.insert(scanProfiles).values({
      customerId: 1,
      name: 'Mail',
      fields: { ...DEFAULT_NETWORK_PROFILE, standard_scan: false, ss_use_tcp: false, custom_tcp_range: String(mail.port) },
    });
    const { context, page } = await stack.newPage();
    await signInAsAdmin(page);
    const profiles = await api<{ results: { id: number; name: string }[] }>(page, 'GET', '/api/scan/nprofiles/?page_size=100');
    const scan = await api<{ id: number }>(page, 'POST', '/api/scan/nscans/', {
      name: 'Mail server',
      targets: [MAIL_HOST],
      profile: profiles.results.find((p) => p.name === 'Mail')!.id,
    });
    await waitForScanFinished(page, scan.id);
    const runId = (await api<{ last_run: number }>(page, 'GET', `/api/scan/nscans/${scan.id}/`)).last_run;
    Object.assign(params, { runId: String(runId), scanId: String(scan.id), hid: 'CVE-2019-10149', tab: 'timeline' });
    // The screens of one record open the records the scan made: the mail host and its profile.
    const { db } = stack.app.ctx;
    const host = String((await db.select().from(assets).where(eq(assets.value, MAIL_HOST)))[0]!.id);
    const profile = String((await db.select().from(scanProfiles).where(eq(scanProfiles.name, 'Mail')))[0]!.id);
    for (const route of ['net-asset', 'net-asset-ports', 'unified-asset', 'unified-asset-details']) params[`${route}.id`] = host;
    Object.assign(params, {
      'net-asset-edit.editId': host,
      'net-scans-by-asset.assetId': host,
      'net-scan-start.assetIds': host,
      'net-scan-profile-edit.id': profile,
    });
    await context.close();
  }, 300_000);
  afterAll(async () => {
    await mail?.close();
    await stack?.close();
  });

  it('has no violation signed out, in the light and the dark scheme', async () => {
    const context = await stack.browser.newContext({ baseURL: stack.baseUrl });
    const failures = await checkRoutes(context, SIGNED_OUT);
    await context.close();
    expect(failures.join('\n')).toBe('');
  }, 300_000);

  it('has no violation signed in, in the light and the dark scheme', async () => {
    const context = await stack.browser.newContext({ baseURL: stack.baseUrl });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.close();
    const failures = await checkRoutes(context, SIGNED_IN);
    await context.close();
    expect(failures.join('\n')).toBe('');
  }, 1_200_000);

  it('a keyboard alone signs in, starts a scan and ignores a finding', async () => {
    const { context, page } = await stack.newPage();
    // Signing in: the fields by their labels, the form sent with Enter.
    await page.goto('/auth/login');
    await tabTo(page, /^Email/);
    await page.keyboard.type(ADMIN_EMAIL);
    await tabTo(page, /^Password/);
    await page.keyboard.type(ADMIN_PASSWORD);
    await press(page, 'Enter');
    await page.waitForURL(/\/dashboard$/);

    // The skip link is the first stop of every signed-in page, and takes the focus to the main content.
    await pwExpect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await press(page, 'Tab');
    expect((await focused(page))?.name).toBe('Skip to main content');
    await press(page, 'Enter');
    expect(await page.evaluate('document.activeElement?.id')).toBe('main-content');

    // To the scans through the side navigation (behind the main content: Shift+Tab).
    await tabTo(page, 'Network scanning', { back: true });
    await press(page, 'Enter');
    await tabTo(page, 'Scans');
    await press(page, 'Enter');
    await page.waitForURL(/\/scans\/scans$/);

    // A new network scan of the mail server, from the menu of "New scan".
    await tabTo(page, 'New scan');
    await press(page, 'Enter');
    await pwExpect(page.getByRole('menuitem', { name: 'Network scan' })).toBeVisible();
    if ((await focused(page))?.name !== 'Network scan') await press(page, 'ArrowDown');
    expect((await focused(page))?.name).toBe('Network scan');
    await press(page, 'Enter');
    const dialog = page.getByRole('dialog', { name: 'New scan' });
    await pwExpect(dialog).toBeVisible();
    expect((await focused(page))?.name).toMatch(/^Name/);
    await page.keyboard.type('Keyboard scan');
    await tabTo(page, /^Targets/);
    await page.keyboard.type(MAIL_HOST);
    await tabTo(page, /^Profile/);
    await page.keyboard.type('Mail');
    await press(page, 'ArrowDown');
    await press(page, 'Enter');
    await tabTo(page, 'Start scan');
    await press(page, 'Enter');
    await pwExpect(dialog).toBeHidden();
    // The focus comes back to where the dialog was opened from, not to the top of the page.
    expect((await focused(page))?.name).toBe('New scan');
    const scans = await api<{ results: { id: number; name: string }[] }>(page, 'GET', '/api/scan/nscans/?page_size=100');
    const scan = scans.results.find((s) => s.name === 'Keyboard scan');
    expect(scan).toBeDefined();
    await waitForScanFinished(page, scan!.id);

    // The finding, grouped by asset, selected and ignored as a false positive. The list is opened by its address (typed,
    // as a keyboard user may): the navigation was walked above, and the runs list refreshing under the focus made a
    // second walk from "New scan" depend on what had the focus when the scan ended.
    await page.goto('/vm/unified-vulnerabilities');
    await pwExpect(page.getByRole('table', { name: 'Vulnerabilities' })).toBeVisible();
    await tabTo(page, 'Issue');
    await press(page, 'ArrowRight');
    const findings = page.getByRole('table', { name: 'Findings' });
    await pwExpect(findings).toBeVisible();
    await tabTo(page, new RegExp(`^Select .*${MAIL_HOST.replace(/\./g, '\\.')}`));
    await press(page, 'Space');
    await tabTo(page, /^Ignore/);
    await press(page, 'Enter');
    const ignore = page.getByRole('dialog', { name: /Ignore/ });
    await pwExpect(ignore).toBeVisible();
    // The dialog keeps the focus: Tab goes round it (once, and on past its first stop) without leaving it.
    const stops = Number(
      await page.evaluate(`document.querySelectorAll('[role="dialog"] :is(button, input, select, textarea):not([disabled])').length`),
    );
    for (let i = 0; i < stops + 2; i++) {
      await press(page, 'Tab');
      expect(await page.evaluate(`!!document.activeElement?.closest('[role="dialog"]')`)).toBe(true);
    }
    await tabTo(page, /^Reason/);
    await page.keyboard.type('False');
    await tabTo(page, /^Comment/);
    await page.keyboard.type('Greets as Exim, is not');
    // Still in the dialog, on the comment (a failure here says the dialog lost the focus while typing, not after).
    expect((await focused(page))?.name).toMatch(/^Comment/);
    await pwExpect(ignore).toBeVisible();
    await tabTo(page, 'Ignore');
    await press(page, 'Enter');
    await pwExpect(ignore).toBeHidden();

    const ignored = await api<{ results: { ignored: { reason: number } | null; asset: { value?: string } }[] }>(
      page,
      'GET',
      '/api/remediation/vulnerability-simple/?state=ignored',
    );
    expect(ignored.results.map((r) => r.ignored?.reason)).toEqual([0]);
    await context.close();
  }, 300_000);
});
