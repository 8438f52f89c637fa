// Browser tests of the vulnerability-intelligence page: the feeds' problems on the dashboard and the page reached from
// Administration, the empty state, a feed import started from the page (progress to Done, counts, summary), a refused
// path, CVE lookups, and what a user who is not a superuser sees (at the page's older path).
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser } from '../packages/server/src/cli/users.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startStack, type Stack } from './helpers/stack.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/intel/test/fixtures/feeds');
const ANALYST = 'intel-analyst@example.com';
const PASSWORD = 'Battery-Staple-77';
const OPENSSH_CPE = 'cpe:2.3:a:openbsd:openssh:8.9:p1:*:*:*:*:*:*';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
  await createUser(stack.app.ctx, { email: ANALYST, password: PASSWORD, firstName: 'Ana' });
});
afterAll(async () => {
  await stack?.close();
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await pwExpect(page.getByRole('heading', { level: 1, name: 'Sign in to Bulwark' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** Puts the KEV catalog and the NVD records into the server's feeds directory, as an operator would. */
function placeFeeds(): void {
  const feedsDir = stack.app.ctx.config.feedsDir;
  mkdirSync(path.join(feedsDir, 'kev'), { recursive: true });
  cpSync(path.join(FIXTURES, 'kev/known_exploited_vulnerabilities.json'), path.join(feedsDir, 'kev/known_exploited_vulnerabilities.json'));
  cpSync(path.join(FIXTURES, 'nvd'), path.join(feedsDir, 'nvd'), { recursive: true });
}

async function lookUp(page: Page, kind: 'CPE' | 'Package', value: string) {
  // The segmented control's radios are visually hidden: click the segment (the radio's label), as a user does.
  const radio = page.getByRole('radio', { name: kind, exact: true });
  await page.locator(`label[for="${await radio.getAttribute('id')}"]`).click();
  expect(await radio.isChecked()).toBe(true);
  const input = page.getByRole('textbox', { name: kind === 'CPE' ? 'CPE name' : 'Package' });
  await input.fill(value);
  await page.getByRole('button', { name: 'Look up' }).click();
}

describe('vulnerability intelligence', () => {
  it('imports feeds as a superuser, shows the progress and the counts, refuses outside paths, and looks up CVEs', async () => {
    const { context, page } = await stack.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    // No feed has synced: the dashboard says so above the grid, and what it costs.
    const feedAlert = page.getByRole('alert').filter({ hasText: 'Vulnerability feeds' });
    await pwExpect(feedAlert.getByText(/^The NVD feed has never synced: /)).toBeVisible();
    await pwExpect(feedAlert.getByText(/^The Debian Security Tracker has never synced: findings on Debian hosts/)).toBeVisible();
    await pwExpect(feedAlert.getByRole('link', { name: 'Open vulnerability intelligence' })).toBeVisible();
    // Vulnerability intelligence lives under Administration.
    const nav = page.getByRole('navigation');
    await nav.getByText('Administration', { exact: true }).click();
    await nav.getByRole('link', { name: 'Vulnerability intelligence', exact: true }).click();
    await page.waitForURL(/\/admin\/intelligence$/);
    await pwExpect(page.getByRole('heading', { level: 1, name: 'Vulnerability intelligence' })).toBeVisible();
    await pwExpect(page.getByRole('heading', { name: 'No vulnerability feeds stored yet' })).toBeVisible();
    await pwExpect(page.getByText(/npx bulwark feeds import/)).toBeVisible();
    await pwExpect(page.getByText('No import has been started from Bulwark yet.').first()).toBeVisible();

    // Start an import of two sources on the server.
    placeFeeds();
    await page.getByLabel('Feed files').fill('kev/known_exploited_vulnerabilities.json\nnvd');
    await page.getByRole('button', { name: 'Start import' }).click();
    const row = page.getByRole('row').filter({ hasText: 'known_exploited_vulnerabilities.json' });
    await pwExpect(row).toBeVisible();
    const id = await row.getAttribute('data-import-id');
    expect(id).toMatch(/^\d+$/);
    const progress = page.getByRole('progressbar', { name: `Import ${id} progress` });
    await pwExpect.poll(() => progress.getAttribute('aria-valuenow'), 60_000).toBe('100');
    await pwExpect(row.getByText('Done', { exact: true })).toBeVisible();
    expect(await row.locator('[data-count="read"]').innerText()).toBe('1,440');
    expect(await row.locator('[data-count="skipped"]').innerText()).toBe('0');
    await pwExpect(row.getByText('NVD, KEV').or(row.getByText('KEV, NVD'))).toBeVisible();

    // The summary follows without a reload.
    const kev = page.getByRole('region', { name: 'KEV entries' });
    await pwExpect(kev.getByText('1,404', { exact: true })).toBeVisible();
    await pwExpect(page.getByRole('region', { name: 'CVEs' }).getByText('36', { exact: true })).toBeVisible();
    await pwExpect(page.getByText(/^Last import finished \d{4}-\d{2}-\d{2} \d{2}:\d{2}\.$/)).toBeVisible();
    await pwExpect(page.getByRole('heading', { name: 'No vulnerability feeds stored yet' })).toBeHidden();

    // Nothing is under way any more: the page stops asking (it polls every 2 s only while an import is queued or running).
    const polls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/intel/')) polls.push(request.url());
    });
    await page.waitForTimeout(3_000);
    expect(polls).toEqual([]);

    // A path that leaves the feeds directory is refused under the field, and nothing starts.
    await page.getByLabel('Feed files').fill('../outside.json');
    await page.getByRole('button', { name: 'Start import' }).click();
    await pwExpect(page.getByText('../outside.json is outside the feeds directory.')).toBeVisible();
    expect(await page.getByLabel('Feed files').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('tr[data-import-id]').count()).toBe(1);

    // Look up a product by CPE.
    await lookUp(page, 'CPE', OPENSSH_CPE);
    const results = page.getByRole('table', { name: `Known vulnerabilities for ${OPENSSH_CPE}` });
    await pwExpect(results.getByText('CVE-2024-6387', { exact: true })).toBeVisible();
    const regreSSHion = results.getByRole('row').filter({ hasText: 'CVE-2024-6387' });
    await pwExpect(regreSSHion.getByText('High', { exact: true })).toBeVisible();
    await pwExpect(regreSSHion.getByText('8.1 (v3.1)')).toBeVisible();

    // A malformed CPE: the server's message under the input.
    await lookUp(page, 'CPE', 'openssh');
    await pwExpect(page.getByText(/^Not a CPE 2\.3 name/)).toBeVisible();
    expect(await page.getByRole('textbox', { name: 'CPE name' }).getAttribute('aria-invalid')).toBe('true');

    // No OSV advisories imported: a package has no known vulnerabilities.
    await lookUp(page, 'Package', 'AlmaLinux:9/openssh@8.7p1-38.el9');
    await pwExpect(page.getByText('No known vulnerabilities for this package.')).toBeVisible();
    await context.close();
  });

  it('shows the summary and the lookup, but neither the import form nor the imports, to a user who is not a superuser', async () => {
    const { context, page } = await stack.newPage();
    await signIn(page, ANALYST, PASSWORD);
    // The feed problems are said to everyone; the link to the page under Administration only to admins.
    await pwExpect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Vulnerability feeds' })
        .getByText(/^The NVD feed has never synced/),
    ).toBeVisible();
    expect(await page.getByRole('link', { name: 'Open vulnerability intelligence' }).count()).toBe(0);
    // The older path keeps working.
    await page.goto('/settings/intelligence');
    await pwExpect(page.getByRole('heading', { level: 1, name: 'Vulnerability intelligence' })).toBeVisible();
    await pwExpect(page.getByRole('region', { name: 'KEV entries' }).getByText('1,404', { exact: true })).toBeVisible();
    await pwExpect(page.getByRole('heading', { name: 'Look up a product or package' })).toBeVisible();
    expect(await page.getByRole('heading', { name: 'Import feeds' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Imports', exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Feed files').count()).toBe(0);

    await lookUp(page, 'CPE', OPENSSH_CPE);
    await pwExpect(page.getByRole('cell', { name: /CVE-2024-6387/ })).toBeVisible();
    await context.close();
  });
});
