// Browser test of a scan cancelled half-way: start a scan of a loopback /24 with a few live listeners, watch its live
// progress on the run page (hosts up above 0, elapsed time), cancel it, see the hosts it had found kept on its Hosts
// tab with the run Stopped, then press "Run again" and see a new run start.
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NETWORK_PROFILE } from '@bulwark/core';
import { scanProfiles } from '../packages/server/src/db/schema/index.ts';
import { BuiltinProbe } from '../packages/server/src/modules/scans/builtin-probe.ts';
import { Listeners } from '../packages/server/test/helpers/scans.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { startStack, type Stack } from './helpers/stack.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';

const NET = '127.0.82';
const LIVE = [`${NET}.1`, `${NET}.2`, `${NET}.3`];

/** The trimmed text of the first element the locator finds ('' while there is none). */
const textOf = async (locator: Locator): Promise<string> =>
  (
    (await locator
      .first()
      .textContent({ timeout: 1000 })
      .catch(() => '')) ?? ''
  ).trim();

let stack: Stack;
let probe: BuiltinProbe;
const listeners = new Listeners();

describe('a cancelled scan keeps its hosts, and runs again', () => {
  beforeAll(async () => {
    stack = await startStack({ BULWARK_BUILTIN_PROBE: 'off' });
    // The server's probe, slowed down (one host at a time, 600 connections a second over 200 ports): the /24 takes
    // over a minute, so there is time to watch it and cancel it.
    probe = new BuiltinProbe(stack.app.ctx, { maxTasks: 2, execute: { reportEveryMs: 200, scan: { rate: 600, hostConcurrency: 1 } } });
    probe.start();
    for (const [i, host] of LIVE.entries()) await listeners.listen(host, 48800 + i * 50);
    await stack.app.ctx.db.insert(scanProfiles).values({
      customerId: 1,
      name: 'Slow sweep',
      fields: { ...DEFAULT_NETWORK_PROFILE, standard_scan: false, ss_use_tcp: false, custom_tcp_range: '48800-48999' },
    });
  }, 120_000);
  afterAll(async () => {
    await probe?.stop();
    await listeners.close();
    await stack?.close();
  });

  it('shows live progress, keeps the hosts found when cancelled, and starts a new run with Run again', async () => {
    const { context, page } = await stack.newPage();
    await signInAsAdmin(page);
    await page.goto('/scans/scans');
    await page.getByRole('button', { name: 'New scan' }).click();
    await page.getByRole('menuitem', { name: 'Network scan' }).click();
    const form = page.getByRole('form', { name: 'Start a scan' });
    await form.getByLabel('Name').fill('Office sweep');
    await form.getByRole('textbox', { name: 'Targets' }).fill(`${NET}.0/24`);
    await form.getByLabel('Profile', { exact: true }).click();
    await page.getByRole('option', { name: 'Slow sweep' }).click();
    await form.getByRole('button', { name: 'Start scan' }).click();
    await pwExpect(form).toBeHidden();

    const row = page.getByRole('table', { name: 'Scans' }).getByRole('row').filter({ hasText: 'Office sweep' });
    await row.getByRole('link', { name: 'Office sweep' }).click();
    await page.waitForURL(/\/scans\/scans\/view\/nscan\/\d+$/);
    const firstUrl = page.url();

    // Live: the live hosts count up while it runs, with the time it has been going.
    const live = /of 254 hosts done · [1-9]\d* up · \d+ (s|min \d+ s) elapsed/;
    await pwExpect.poll(() => textOf(page.getByTestId('run-progress-facts')).then((t) => live.test(t)), 60_000).toBe(true);
    expect(Number(await textOf(page.getByTestId('hosts-up')))).toBeGreaterThan(0);
    const runAgain = page.getByRole('group', { name: 'Scan actions' }).getByRole('button', { name: 'Run again' });
    expect(await runAgain.getAttribute('aria-disabled')).toBe('true');

    await page.getByRole('group', { name: 'Scan actions' }).getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel the scan?' });
    await pwExpect(dialog.getByText(/Results already delivered are kept\./)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel scan' }).click();

    // Cancelled (Stopped), and what it found is kept: the hosts on its Hosts tab.
    await pwExpect.poll(() => textOf(page.getByTestId('run-status')), 60_000).toBe('Stopped');
    // At least the listeners' hosts (loopback addresses answer other local services' ports too).
    await pwExpect.poll(() => textOf(page.getByTestId('hosts-up')).then(Number), 30_000).toBeGreaterThan(LIVE.length - 1);
    await page.getByRole('tab', { name: /Hosts/ }).click();
    for (const host of LIVE) await pwExpect(page.locator(`[data-host="${host}"]`)).toBeVisible({ timeout: 30_000 });

    // Run again: confirmed, a new run of the same scan starts and its page shows.
    expect(await runAgain.getAttribute('aria-disabled')).toBe('false');
    await runAgain.click();
    const again = page.getByRole('dialog', { name: 'Run the scan again?' });
    await again.getByRole('button', { name: 'Run again' }).click();
    await page.waitForURL((url) => /\/scans\/scans\/view\/nscan\/\d+$/.test(url.pathname) && url.href !== firstUrl);
    await pwExpect(page.getByRole('heading', { level: 1, name: 'Office sweep' })).toBeVisible();
    await pwExpect.poll(() => textOf(page.getByTestId('run-status')).then((t) => /Requested|Running/.test(t)), 30_000).toBe(true);
    expect(page.url()).not.toBe(firstUrl);
    await context.close();
  });
});
