// Browser test of users managed in the app (issue 33): the administrator opens Users, invites a colleague with a role;
// the invitation reaches the real SMTP server with a welcome link; the colleague opens the link in Chromium, chooses a
// password and signs in (seeing the dashboard); the administrator's list then shows them Active with a last sign-in.
// The administrator then deactivates them from the row's menu (the confirmation names them) and their open session
// ends at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as pwExpect } from './helpers/expect.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const EMAIL = 'invitee@example.com';
const PASSWORD = 'Lantern-Harbour-Quill-73';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('inviting a user', () => {
  it('invites by mail; the invitee sets a password from the link, signs in, and is deactivated again', async () => {
    const admin = await stack.newPage();
    await signInAsAdmin(admin.page);
    await admin.page.goto('/users/users');
    await pwExpect(admin.page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await admin.page.getByRole('button', { name: 'Invite user' }).click();
    const form = admin.page.getByRole('dialog', { name: 'Invite user' });
    await form.getByLabel('E-mail').fill(EMAIL);
    await form.getByLabel('First name').fill('Ivy');
    await form.getByLabel('Last name').fill('Invitee');
    await form.getByRole('combobox', { name: 'Role' }).click();
    await admin.page.getByRole('option', { name: 'Security analyst' }).click();
    const before = stack.mails.length;
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await pwExpect(admin.page.getByText(`Invitation sent to ${EMAIL}.`)).toBeVisible();
    const row = admin.page.getByRole('row', { name: new RegExp(EMAIL) });
    await pwExpect(row.getByText('Invited')).toBeVisible();
    await pwExpect(row.getByText('Never')).toBeVisible();

    // The mail, as the SMTP server received it.
    await pwExpect.poll(() => stack.mails.slice(before).some((m) => m.to.includes(EMAIL))).toBe(true);
    const mail = stack.mails.slice(before).find((m) => m.to.includes(EMAIL))!;
    const text = mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(text).toContain('Subject: Welcome to Bulwark');
    expect(text).toContain('Hello Ivy');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/auth\/set-password\/welcome\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(link, 'a welcome link in the mail').toBeTruthy();

    // The invitee, in a browser of their own.
    const invitee = await stack.newPage();
    await invitee.page.goto(link!);
    await pwExpect(invitee.page.getByRole('heading', { level: 1, name: 'Welcome to Bulwark' })).toBeVisible();
    await pwExpect(invitee.page.getByText(EMAIL)).toBeVisible();
    await invitee.page.getByLabel('New password').fill(PASSWORD);
    await invitee.page.getByLabel('Confirm password').fill(PASSWORD);
    await invitee.page.getByRole('button', { name: 'Set password' }).click();
    await invitee.page.waitForURL(/\/auth\/login/);
    await invitee.page.getByLabel('Email').fill(EMAIL);
    await invitee.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await invitee.page.getByRole('button', { name: 'Sign in' }).click();
    await invitee.page.waitForURL(/\/dashboard$/);

    // The administrator sees them active, signed in.
    await admin.page.reload();
    await pwExpect(row.getByText('Active')).toBeVisible();
    await pwExpect(row.getByText('Never')).toBeHidden();
    await pwExpect(row.getByText('Security analyst')).toBeVisible();

    // Deactivated: the confirmation names them, and their session ends at once.
    await admin.page.getByRole('button', { name: 'More actions for Ivy Invitee' }).click();
    await admin.page.getByRole('menuitem', { name: 'Deactivate' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Deactivate Ivy Invitee' });
    await pwExpect(confirm.getByText(EMAIL)).toBeVisible();
    await confirm.getByRole('button', { name: 'Deactivate user' }).click();
    await pwExpect(row.getByText('Deactivated')).toBeVisible();
    await invitee.page.reload();
    await invitee.page.waitForURL(/\/auth\/login/);

    await admin.context.close();
    await invitee.context.close();
  }, 120_000);
});
