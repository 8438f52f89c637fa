// Browser test of the automatic feed sync: the intelligence page of a new installation lists every source as not
// synced yet with the daily schedule; a platform operator presses Sync now against a local stand-in for the providers
// (one of them failing), watches the sources turn up to date, the failing one with its error, and the counts fill in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedProviders } from '../packages/server/test/helpers/feed-providers.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startStack, type Stack } from './helpers/stack.ts';

let stack: Stack;
let providers: FeedProviders;

beforeAll(async () => {
  providers = await new FeedProviders().start('127.0.0.1');
  stack = await startStack({ ...providers.env(['AlmaLinux', 'Alpine']), BULWARK_FEEDS_SYNC: 'on', BULWARK_FEEDS_SYNC_AT: '02:00' });
});
afterAll(async () => {
  await stack?.close();
  await providers?.stop();
});

describe('feed sync', () => {
  it('syncs every feed when an operator asks, shows each source’s state and the failing one’s error', async () => {
    providers.fail((p) => p === '/Alpine/all.zip', { status: 404 });
    const { context, page } = await stack.newPage();
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/settings/intelligence');

    const table = page.getByRole('table', { name: 'Feed sync' });
    // nvd, kev, epss, two OSV ecosystems, debian and the community check library.
    await pwExpect.poll(() => table.locator('tr[data-source]').count(), 30_000).toBe(7);
    await pwExpect(table.locator('tr[data-source="nvd"]').getByText('Not synced yet')).toBeVisible();
    await pwExpect(page.getByTestId('sync-schedule').getByText(/every day at 02:00 \(UTC\)/)).toBeVisible();
    await pwExpect(page.getByRole('heading', { name: 'No vulnerability feeds stored yet' })).toBeVisible();

    await page.getByRole('button', { name: 'Sync now' }).click();
    await pwExpect(page.getByText(/The feed sync has started\./)).toBeVisible();
    await pwExpect.poll(() => table.locator('tr[data-state="ok"]').count(), 60_000).toBe(6);
    await pwExpect(table.locator('tr[data-source="osv/Alpine"]').getByText('Failed')).toBeVisible();
    await pwExpect(table.locator('tr[data-source="osv/Alpine"]').getByText(/OSV Alpine answered 404 Not Found/)).toBeVisible();
    await pwExpect(page.getByText('A feed could not be synced')).toBeVisible();
    expect(await table.locator('tr[data-source="kev"] [data-records]').innerText()).toBe('1,404');
    // The community check library: its templates, unpacked for the scanner.
    expect(await table.locator('tr[data-source="checks"] [data-records]').innerText()).toBe('5');

    // The stored counts follow without a reload.
    await pwExpect(page.getByRole('region', { name: 'KEV entries' }).getByText('1,404', { exact: true })).toBeVisible();
    await pwExpect(page.getByRole('region', { name: 'CVEs' }).getByText('36', { exact: true })).toBeVisible();
    expect(providers.requests('/rest/json/cves/2.0')).toHaveLength(1);
    await context.close();
  });
});
