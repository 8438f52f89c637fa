// Browser test of the recipients screen through the whole stack: an administrator imports a CSV of three recipients
// with one bad row; the dry run's preview shows that row's error by column and nothing is stored yet; "Import 2
// recipients" stores the two good rows, the list shows them with their severity in words, and one opens on its page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fraRecipients } from '../packages/server/src/db/schema/index.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const CSV = [
  'email,first_name,last_name,department,language,tags',
  'grace.hopper@example.com,Grace,Hopper,Engineering,english,Pilot',
  'alan.turing@example.com,Alan,Turing,Research,danish,',
  'not-an-address,Bad,Row,Research,english,',
].join('\n');

describe('phishing recipients in the browser', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('imports a CSV after a preview that shows the bad row, and opens a recipient', { timeout: 300_000 }, async () => {
    const { page } = await stack.newPage();
    await signInAsAdmin(page);

    await page.goto('/fra/recipients');
    await pwExpect(page.getByText('No recipients yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import recipients from CSV' });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await dialog.getByRole('button', { name: 'Preview' }).click();

    const errors = dialog.getByRole('table', { name: 'Rows with errors' });
    const bad = errors.getByRole('row').filter({ hasText: 'email' });
    await pwExpect(bad).toBeVisible();
    expect(await bad.count()).toBe(1);
    expect((await bad.getByRole('cell').nth(2).textContent())?.trim()).not.toBe('');
    await pwExpect(dialog.getByRole('table', { name: 'Preview of the import' }).getByText('grace.hopper@example.com')).toBeVisible();
    // A dry run stores nothing.
    expect(await stack.app.ctx.db.select().from(fraRecipients)).toHaveLength(0);

    await dialog.getByRole('button', { name: 'Import 2 recipients' }).click();
    await pwExpect(page.getByText(/^Imported: 2 created/)).toBeVisible();
    const table = page.getByRole('table', { name: 'Recipients' });
    await pwExpect.poll(() => table.getByRole('row').count(), 30_000).toBe(3);
    const grace = table.getByRole('row').filter({ hasText: 'grace.hopper@example.com' });
    await pwExpect(grace.getByText('Neutral')).toBeVisible();
    await pwExpect(grace.getByText('Pilot')).toBeVisible();
    await pwExpect(table.getByRole('row').filter({ hasText: 'alan.turing@example.com' }).getByText('Danish')).toBeVisible();

    await grace.getByRole('link', { name: 'Grace Hopper' }).click();
    await page.waitForURL(/\/fra\/recipients\/\d+$/);
    await pwExpect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
    await pwExpect(page.getByText('Engineering')).toBeVisible();
    await pwExpect(page.getByText('This recipient has not been in an assessment yet.')).toBeVisible();
    await pwExpect(page.getByRole('link', { name: 'Phishing findings of this recipient' })).toBeVisible();
  });
});
