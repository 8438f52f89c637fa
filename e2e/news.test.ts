// Browser test of the news feed: an operator writes an announcement on the Announcements page; a user of the customer
// sees the bell's unread count, opens the feed, follows nothing yet, marks all as read, and the count goes away.
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser } from '../packages/server/src/cli/users.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startStack, type Stack } from './helpers/stack.ts';

const READER = 'reader@example.com';
const READER_PASSWORD = 'Battery-Staple-77';
let stack: Stack;

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

describe('news feed in the browser', () => {
  beforeAll(async () => {
    stack = await startStack();
    await createUser(stack.app.ctx, { email: READER, password: READER_PASSWORD, firstName: 'Rea' });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('shows an operator’s announcement with the unread count, and marks it read', async () => {
    const operator = await stack.newPage();
    await signIn(operator.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await operator.page.goto('/admin/platform/announcements');
    await operator.page.getByRole('button', { name: 'New announcement' }).click();
    const form = operator.page.getByRole('form', { name: 'New announcement' });
    await form.getByRole('textbox', { name: 'Title' }).fill('Maintenance on Sunday');
    await form.getByRole('textbox', { name: 'Text' }).fill('The service restarts at 02:00 UTC.');
    await form.getByRole('button', { name: /Publish|Save|Add|Create/ }).click();
    await pwExpect(form).toBeHidden();
    await pwExpect(operator.page.getByRole('table').getByText('Maintenance on Sunday')).toBeVisible();
    await operator.context.close();

    const reader = await stack.newPage();
    await signIn(reader.page, READER, READER_PASSWORD);
    const bell = reader.page.getByRole('button', { name: 'News, 1 unread' });
    await pwExpect(bell).toBeVisible();
    await bell.click();
    await pwExpect(reader.page.getByText('This month')).toBeVisible();
    await pwExpect(reader.page.getByText('The service restarts at 02:00 UTC.')).toBeVisible();
    await reader.page.getByRole('button', { name: 'Mark all as read' }).click();
    await pwExpect(reader.page.getByRole('button', { name: 'News', exact: true })).toBeVisible();
    await reader.context.close();
  });
});
