// Browser test of the dashboard: the default dashboard of a first look, arranged from the keyboard (a widget made
// narrower), saved, still so after a reload; and a chart's legend opening the list behind its segment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, widgets } from '../packages/server/src/db/schema/index.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { startStack, type Stack } from './helpers/stack.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';

let stack: Stack;

describe('dashboard in the browser', () => {
  beforeAll(async () => {
    stack = await startStack();
    // Two hosts a scan has seen, so the inventory has something to show.
    await stack.app.ctx.db.insert(assets).values(
      ['127.0.9.1', '127.0.9.2'].map((value) => ({
        customerId: 1,
        kind: 'host' as const,
        type: 2,
        value,
        address: value,
        firstSeen: new Date(),
        lastSeen: new Date(),
      })),
    );
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('arranges the default dashboard, keeps it after a reload, and opens a chart’s list', async () => {
    const { context, page } = await stack.newPage();
    await signInAsAdmin(page);
    const inventory = page.getByRole('region', { name: 'Asset inventory' });
    await pwExpect(inventory).toBeVisible();
    await pwExpect(page.getByRole('region', { name: 'Average asset risk' })).toBeVisible();

    await page.getByRole('button', { name: 'Edit layout' }).click();
    await page.getByRole('button', { name: 'Move or resize Asset inventory' }).click();
    await page.getByRole('menuitem', { name: 'Narrower' }).click();
    await page.getByRole('button', { name: 'Save layout' }).click();
    await pwExpect(page.getByRole('button', { name: 'Edit layout' })).toBeVisible();
    await pwExpect
      .poll(async () => (await stack.app.ctx.db.select().from(widgets)).find((w) => w.kind === 'asset_inventory')?.width, 10_000)
      .toBe(3);

    await page.reload();
    await pwExpect(inventory).toBeVisible();
    const rows = await stack.app.ctx.db.select().from(widgets);
    expect(rows).toHaveLength(7);

    await inventory.getByRole('link', { name: /Hosts 2/ }).click();
    await page.waitForURL(/\/assets\/unified-assets\?kind=host$/);
    await pwExpect(page.getByText('127.0.9.1').first()).toBeVisible();
    await context.close();
  });
});
