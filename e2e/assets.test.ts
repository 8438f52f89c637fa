// Browser test of the asset inventory: import a CSV (preview, then import), tag assets with a dynamic rule after
// previewing what it matches, follow the tag to its assets, make a LIMITED team of that tag, and see the member's
// narrower asset list in the member's own session; then open an asset's page; and start a scan on a tag.
import { createServer, type Server, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_NETWORK_PROFILE } from '@bulwark/core';
import { assets, assetTags, scanProfiles, tags, users } from '../packages/server/src/db/schema/index.ts';
import { createUser } from '../packages/server/src/cli/users.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { expectNoCutText } from './helpers/layout.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startStack, type Stack } from './helpers/stack.ts';

const MEMBER = 'member@example.com';
const LAB_HOST = '127.0.8.1';
const OTHER_HOST = '127.0.8.2';
const LAB_PORT = 18_022;
const MEMBER_PASSWORD = 'Battery-Staple-77';
const CSV = [
  'asset,name,criticality,tags',
  '10.0.0.5,db-01,critical,Production',
  '10.0.0.6,web-01,high,Production',
  '192.0.2.10,edge,medium,',
  'https://shop.example.com/,Shop,high,Production',
].join('\n');

let stack: Stack;

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

describe('asset inventory in the browser', () => {
  beforeAll(async () => {
    stack = await startStack();
    const member = await createUser(stack.app.ctx, { email: MEMBER, password: MEMBER_PASSWORD, firstName: 'Mem' });
    await stack.app.ctx.db
      .update(users)
      .set({ permissions: { net_assets: ['read'], tags: ['read'] } })
      .where(eq(users.id, member.id));
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('imports a CSV, tags by a rule, and shows a LIMITED member only the tagged assets', async () => {
    const { page } = await stack.newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/assets/assets');
    await pwExpect(page.getByRole('heading', { level: 1, name: 'Network assets' })).toBeVisible();
    await pwExpect(page.getByText('No assets yet.')).toBeVisible();

    // Import: preview first, then import; the tag Production is created on the way.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import assets from CSV' });
    await dialog.locator('input[type=file]').setInputFiles({ name: 'assets.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await dialog.getByRole('checkbox', { name: 'Create missing tags' }).check();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await pwExpect(
      dialog.getByText('4 rows: 4 would be created; 0 would be updated; 0 would be skipped (they exist); tags to create: Production.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Import' }).click();
    await pwExpect(dialog.getByText('4 rows: 4 were created')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    const table = page.getByRole('table', { name: 'Assets' });
    await pwExpect(table.getByRole('link', { name: 'db-01' })).toBeVisible();
    await pwExpect(table.getByRole('link', { name: 'Shop' })).toBeVisible();

    // A dynamic tag: hosts in 10.0.0.0/24, previewed before saving.
    await page.goto('/assets/tags');
    await page.getByRole('button', { name: 'Add tag' }).first().click();
    const form = page.getByRole('form', { name: 'Add a tag' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Office hosts');
    await form.getByRole('switch', { name: /Dynamic/ }).check();
    await form.getByRole('button', { name: 'Add rule' }).click();
    await form.getByRole('textbox', { name: 'Rule 1 value' }).fill('10.0.0.0/24');
    await form.getByRole('button', { name: 'Preview matching assets' }).click();
    await pwExpect(form.getByText('2 assets match.')).toBeVisible();
    await form.getByRole('button', { name: 'Add tag' }).click();
    await pwExpect(page.getByText('Changes to dynamic tags may take up to 5 minutes to apply.')).toBeVisible();
    const tags = page.getByRole('table', { name: 'Tags' });
    await tags.getByRole('link', { name: '2 assets with Office hosts' }).click();
    await page.waitForURL(/\/assets\/assets\?.*any_tags=/);
    const filtered = page.getByRole('table', { name: 'Assets' });
    await pwExpect(filtered.getByRole('link', { name: 'web-01' })).toBeVisible();
    await pwExpect(filtered.getByRole('link', { name: 'edge' })).toBeHidden();

    // A LIMITED team of that tag with the member in it.
    await page.goto('/admin/teams');
    await page.getByRole('button', { name: 'Add team' }).first().click();
    const teamForm = page.getByRole('form', { name: 'Add a team' });
    await teamForm.getByRole('textbox', { name: 'Name' }).fill('Office team');
    await teamForm.getByRole('radio', { name: /LIMITED/ }).check();
    await teamForm.getByRole('combobox', { name: 'Tags the team may see' }).click();
    await page.getByRole('option', { name: 'Office hosts' }).click();
    await teamForm.getByRole('combobox', { name: 'Members' }).click();
    await page.getByRole('option', { name: MEMBER }).click();
    // Close the open list before saving (it lies over the buttons).
    await teamForm.getByRole('textbox', { name: 'Name' }).click();
    await teamForm.getByRole('button', { name: 'Add team' }).click();
    await pwExpect(page.getByText('Team created.')).toBeVisible();

    // The member, in a session of their own, sees the two office hosts and nothing else.
    const member = await stack.newPage();
    await signIn(member.page, MEMBER, MEMBER_PASSWORD);
    await member.page.goto('/assets/assets');
    const seen = member.page.getByRole('table', { name: 'Assets' });
    await pwExpect(seen.getByRole('link', { name: 'db-01' })).toBeVisible();
    await pwExpect(seen.getByRole('link', { name: 'web-01' })).toBeVisible();
    await pwExpect(member.page.getByText('2 assets')).toBeVisible();
    await pwExpect(seen.getByRole('link', { name: 'Shop' })).toBeHidden();

    // The asset page: criticality, tags and facts.
    await seen.getByRole('link', { name: 'db-01' }).click();
    await pwExpect(member.page.getByRole('heading', { level: 1, name: 'db-01' })).toBeVisible();
    await pwExpect(member.page.getByText('Critical criticality')).toBeVisible();
    await pwExpect(member.page.getByText('Office hosts')).toBeVisible();
  });

  it('starts a scan on a tag: the tagged host is scanned, the untagged one is not', { timeout: 180_000 }, async () => {
    // Two loopback hosts with a listening port each; only one carries the tag "Lab".
    const sockets = new Set<Socket>();
    const listeners = await Promise.all(
      [LAB_HOST, OTHER_HOST].map(
        (host) =>
          new Promise<Server>((resolve) => {
            const server = createServer((socket) => {
              sockets.add(socket);
              socket.on('error', () => undefined);
              socket.on('close', () => sockets.delete(socket));
              socket.end();
            });
            server.listen(LAB_PORT, host, () => resolve(server));
          }),
      ),
    );
    try {
      const db = stack.app.ctx.db;
      const rows = await db
        .insert(assets)
        .values([LAB_HOST, OTHER_HOST].map((value) => ({ customerId: 1, kind: 'host' as const, type: 2, value, address: value })))
        .returning();
      const [lab] = await db.insert(tags).values({ customerId: 1, name: 'Lab' }).returning();
      await db.insert(assetTags).values({ customerId: 1, tagId: lab!.id, assetId: rows[0]!.id });
      await db.insert(scanProfiles).values({
        customerId: 1,
        name: 'Lab port',
        fields: { ...DEFAULT_NETWORK_PROFILE, standard_scan: false, ss_use_tcp: false, custom_tcp_range: String(LAB_PORT) },
      });

      const { context, page } = await stack.newPage();
      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      await page.goto('/scans/scans');
      await page.getByRole('button', { name: 'New scan' }).click();
      await page.getByRole('menuitem', { name: 'Network scan' }).click();
      const form = page.getByRole('form', { name: 'Start a scan' });
      await form.getByLabel('Name').fill('Lab by tag');
      await form.getByRole('combobox', { name: 'Tags' }).click();
      await page.getByRole('option', { name: 'Lab' }).click();
      await form.getByLabel('Name').click();
      await form.getByLabel('Profile', { exact: true }).click();
      await page.getByRole('option', { name: 'Lab port' }).click();
      await form.getByRole('button', { name: 'Start scan' }).click();
      await pwExpect(form).toBeHidden();

      const row = page.getByRole('table', { name: 'Scans' }).getByRole('row').filter({ hasText: 'Lab by tag' });
      await pwExpect.poll(async () => ((await row.getByTestId('run-status').textContent()) ?? '').trim(), 90_000).toBe('Finished');
      await expectNoCutText(page, 'the scan list');
      await row.getByRole('link', { name: 'Lab by tag' }).click();
      await page.getByRole('tab', { name: /Hosts/ }).click();
      await pwExpect(page.getByText(LAB_HOST).first()).toBeVisible();
      await pwExpect(page.getByText(OTHER_HOST)).toBeHidden();
      await context.close();
    } finally {
      for (const socket of sockets) socket.destroy();
      await Promise.all(listeners.map((l) => new Promise((resolve) => l.close(resolve))));
    }
  });
});
