// The assessment screens through the whole stack (built web app, real server on PGlite, the stack's SMTP server,
// Chromium): with a recipient, a domain and a phishing template made through the API, an administrator creates an
// assessment in the stepwise form, starts it, finds it on its results page and in the list as sending or running with
// one message sent, and the stack's SMTP server holds that message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api } from './helpers/api.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';
import { startStack, type Stack } from './helpers/stack.ts';

let stack: Stack;
let admin: Page;

async function choose(page: Page, box: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: box }).click();
  await page.getByRole('option', { name: option }).click();
  // A multi-select keeps its list open for more choices: close it, so it covers nothing.
  await page.keyboard.press('Escape');
}

describe('phishing assessment screens', () => {
  beforeAll(async () => {
    stack = await startStack();
    admin = (await stack.newPage()).page;
    await signInAsAdmin(admin);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('creates and starts an assessment in the browser and shows it sending with one message sent', async () => {
    await api(admin, 'POST', '/api/fra/recipients/', {
      email: 'erin.ui@corp.example',
      first_name: 'Erin',
      last_name: 'Ui',
      department: 'Sales',
    });
    await api(admin, 'POST', '/api/fra/domains/', { name: 'notices.corp-hr.example', purpose: 'both' });
    await api(admin, 'POST', '/api/fra/phishing-templates/', {
      name: 'Holiday rota',
      template_type: 'email',
      sender_name: 'HR',
      email_subject: 'The holiday rota, {{first_name}}',
      email_body: '<p>Hello {{first_name}}, <a href="{{link}}">see the rota</a>.</p>',
    });

    await admin.goto('/fra/assessments');
    await admin.getByText('No assessments yet').waitFor();
    await admin.getByRole('link', { name: 'New assessment' }).first().click();
    await admin.waitForURL(/\/fra\/assessments\/edit\/new$/);

    const form = admin.getByRole('form', { name: 'New assessment' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Holiday rota check');
    await choose(admin, 'Phishing templates', /Holiday rota \(e-mail, English\)/);
    await form.getByRole('button', { name: 'Next' }).click();
    await choose(admin, 'Departments', 'Sales (1)');
    await form.getByText(/Who gets it: 1 in the chosen departments/).waitFor();
    await form.getByRole('button', { name: 'Next' }).click();
    await choose(admin, 'Sender domain', /notices\.corp-hr\.example/);
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByText('Templates: Holiday rota').waitFor();
    await form.getByRole('button', { name: 'Start now' }).click();

    await admin.waitForURL(/\/fra\/assessments\/filter\/[0-9a-f-]+$/);
    await admin.getByRole('heading', { name: 'Holiday rota check' }).waitFor();

    await pwExpect.poll(() => stack.mails.filter((m) => m.to.includes('erin.ui@corp.example')).length, 60_000).toBe(1);
    expect(stack.mails.find((m) => m.to.includes('erin.ui@corp.example'))!.raw).toMatch(/\/l\/[A-Za-z0-9_-]{22}/);

    const SENDING = /(Sending|Running)[\s\S]*1 sent · 0 clicked · 0 submitted · 0 reported/;
    let rowText = '';
    await pwExpect
      .poll(async () => {
        await admin.goto('/fra/assessments');
        const row = admin.locator('tr', { has: admin.getByRole('link', { name: 'Holiday rota check' }) });
        await row.waitFor();
        rowText = (await row.textContent()) ?? '';
        return SENDING.test(rowText);
      }, 60_000)
      .toBe(true)
      .catch((e: unknown) => {
        throw new Error(`The list row says: ${rowText}`, { cause: e });
      });
    expect(rowText).toContain('Holiday rota');
  }, 180_000);
});
