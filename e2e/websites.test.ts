// Browser test of the watched websites: with continuous monitoring on, an administrator adds a website served by a
// local HTTP server on a loopback address (a page whose CSRF token changes on every request), presses "Check now" in
// the list and sees the run's outcome, opens the website's page and sees the last run's checks and a scan-log row;
// checks again (only the token changed: content unchanged, no alert); then the server starts answering 500, "Check now" on the page says the status-code check started failing, the
// checks show it failed and the scan log holds both runs.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../packages/server/src/db/schema/index.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { expectNoCutText } from './helpers/layout.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const SITE_HOST = '127.30.88.1';

describe('watched websites in the browser', () => {
  let stack: Stack;
  let site: Server;
  let siteUrl: string;
  let status = 200;

  beforeAll(async () => {
    stack = await startStack();
    const db = stack.app.ctx.db;
    const [customer] = await db.select().from(customers).limit(1);
    await db
      .update(customers)
      .set({ featureFlags: [...new Set([...customer!.featureFlags, 'continuous-monitoring'])] })
      .where(eq(customers.id, customer!.id));
    site = createServer((_req, res) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<html><body><h1>Example shop</h1><form><input type="hidden" name="csrf_token" value="${randomBytes(16).toString('hex')}"></form></body></html>`,
      );
    });
    await new Promise<void>((resolve) => site.listen(0, SITE_HOST, () => resolve()));
    siteUrl = `http://${SITE_HOST}:${(site.address() as AddressInfo).port}/`;
  }, 120_000);
  afterAll(async () => {
    await new Promise<void>((r) => (site ? site.close(() => r()) : r()));
    await stack?.close();
  });

  it('adds a website, checks it now, and sees its checks and scan log', { timeout: 300_000 }, async () => {
    const { context, page } = await stack.newPage();
    await signInAsAdmin(page);

    await page.goto('/security-tools/websites');
    await pwExpect(page.getByText('No websites watched yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add website' }).first().click();
    const form = page.getByRole('form', { name: 'Add website' });
    await form.getByRole('textbox', { name: /^URL/ }).fill(siteUrl);
    await form.getByRole('textbox', { name: /^Name/ }).fill('Shop');
    await form.getByRole('combobox', { name: 'Required keywords' }).fill('Example shop');
    await form.getByRole('combobox', { name: 'Required keywords' }).press('Enter');
    // Inactive: only "Check now" runs it, so no scheduled run can race the test's own (a new active website is due at once).
    await form.getByRole('switch', { name: /^Active/ }).uncheck();
    await form.getByRole('button', { name: 'Add website' }).click();
    await pwExpect(page.getByText('Website created.')).toBeVisible();

    const row = page.getByRole('table', { name: 'Websites' }).getByRole('row').filter({ hasText: 'Shop' });
    await pwExpect(row.getByText('Not checked yet')).toBeVisible();
    await row.getByRole('button', { name: 'Check Shop now' }).click();
    // Plain HTTP without security headers warns; nothing fails.
    await pwExpect(page.getByText(/^Shop checked: (OK|Warning)\.$/)).toBeVisible({ timeout: 60_000 });
    await pwExpect(row.getByText('200', { exact: true })).toBeVisible();
    await expectNoCutText(page, 'the website list');

    await row.getByRole('link', { name: 'Shop' }).click();
    await page.waitForURL(/\/security-tools\/websites\/view\/\d+$/);
    const checks = page.getByRole('table', { name: 'Checks of the last run' });
    await pwExpect(checks.getByRole('row').filter({ hasText: 'Availability' }).getByText('Passed')).toBeVisible();
    await pwExpect(checks.getByRole('row').filter({ hasText: 'Required keywords' }).getByText('Passed')).toBeVisible();
    await pwExpect(page.getByText('Not scheduled (inactive)')).toBeVisible();
    const log = page.getByRole('table', { name: 'Scan log' });
    const byHand = () => log.getByRole('row').filter({ hasText: 'Check now' }).count();
    await pwExpect.poll(byHand, 30_000).toBe(1);

    // A second look at the same page, whose CSRF token is new: the content counts as unchanged, nothing alerts.
    await page.getByRole('button', { name: 'Check now' }).click();
    await pwExpect.poll(byHand, 60_000).toBe(2);
    await pwExpect(log.getByRole('row').nth(1).getByText('Unchanged', { exact: true })).toBeVisible();
    await pwExpect(checks.getByRole('row').filter({ hasText: 'Content change' }).getByText('Passed')).toBeVisible();

    // The site breaks: the status-code check starts failing, told once.
    status = 500;
    await page.getByRole('button', { name: 'Check now' }).click();
    await pwExpect(page.getByText(/^Shop checked: Failed\. \d+ checks? started failing\.$/)).toBeVisible({ timeout: 60_000 });
    await pwExpect(checks.getByRole('row').filter({ hasText: 'Status code' }).getByText('Failed')).toBeVisible();
    await pwExpect.poll(byHand, 30_000).toBe(3);
    // The chart's text alternative has a row per run, as the log does.
    const chartRows = () => page.getByRole('table', { name: 'Response time' }).getByRole('row').count();
    await pwExpect.poll(async () => (await chartRows()) === (await log.getByRole('row').count()), 30_000).toBe(true);
    await expectNoCutText(page, 'the website page');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Shop');
    await context.close();
  });
});
