// Browser test of tickets (issue 29): with unified remediation on and Jira connected (the Jira stand-in of the server
// tests, a custom workflow on loopback), a scan of a mail service that greets as Exim 4.87 (in CISA's KEV catalogue)
// gives a KEV finding; from the vulnerability list by finding it becomes a ticket, assigned; the ticket page sends it
// to Jira and shows it In sync with its Jira key; a Jira user resolves the issue there ("Resolved in prod", a done
// status) and Jira's webhook makes the ticket Solution applied, which starts a re-test of exactly that service; the
// greeter is still there, so the re-test sees the finding again and the ticket goes back to Open, as its history shows.
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NETWORK_PROFILE } from '@bulwark/core';
import { customers, scanProfiles } from '../packages/server/src/db/schema/index.ts';
import { importSources } from '../packages/server/src/modules/intel/import.ts';
import { JiraStandin } from '../packages/server/test/helpers/jira-standin.ts';
import { api, waitForScanFinished } from './helpers/api.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { expectNoCutText } from './helpers/layout.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/intel/test/fixtures/feeds');
const MAIL_HOST = '127.0.29.2';
const JIRA_HOST = '127.0.29.3';
const TOKEN = 'jira-api-token';
const SECRET = 'jira-webhook-secret';

/** An SMTP service that greets and answers as Exim 4.87 does (RFC 5321 greeting, then 221 on QUIT). */
async function startMail(): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    socket.write('220 mail.example.test ESMTP Exim 4.87 Mon, 24 Nov 2026 10:00:00 +0000\r\n');
    socket.on('data', (data) => {
      const line = data.toString().trim().toUpperCase();
      if (line.startsWith('QUIT')) socket.end('221 mail.example.test closing connection\r\n');
      else if (line.startsWith('EHLO') || line.startsWith('HELO')) socket.write('250 mail.example.test Hello\r\n');
      else socket.write('500 unrecognized command\r\n');
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, MAIL_HOST, resolve));
  return { server, port: (server.address() as { port: number }).port };
}

describe('tickets in the browser', () => {
  let stack: Stack;
  let mail: Awaited<ReturnType<typeof startMail>>;
  let jira: JiraStandin;

  beforeAll(async () => {
    stack = await startStack();
    const db = stack.app.ctx.db;
    await db
      .update(customers)
      .set({ featureFlags: ['unified-remediation'] })
      .where(eq(customers.id, 1));
    await importSources(db, [path.join(FIXTURES, 'nvd'), path.join(FIXTURES, 'kev'), path.join(FIXTURES, 'epss')]);
    mail = await startMail();
    jira = await JiraStandin.start({ deployment: 'cloud', host: JIRA_HOST, email: 'bulwark@example.com', token: TOKEN });
    await db.insert(scanProfiles).values({
      customerId: 1,
      name: 'Mail only',
      fields: { ...DEFAULT_NETWORK_PROFILE, standard_scan: false, ss_use_tcp: false, custom_tcp_range: String(mail.port) },
    });
  }, 120_000);
  afterAll(async () => {
    await new Promise((resolve) => mail?.server.close(resolve));
    await jira?.close();
    await stack?.close();
  });

  it('tickets a KEV finding, sends it to Jira, re-tests it when Jira resolves it, and reopens it while still vulnerable', async () => {
    const { context, page } = await stack.newPage();
    await signInAsAdmin(page);

    // Jira connected as an operator would on its settings page (the API that page uses).
    const put = await page.request.fetch('/api/app1/customer/1/jira/', {
      method: 'PUT',
      headers: { 'x-csrftoken': (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '' },
      data: {
        enabled: true,
        url: jira.url,
        username: 'bulwark@example.com',
        token: TOKEN,
        webhook_secret: SECRET,
        deployment: 'cloud',
        project_key: 'SEC',
        issue_type: 'Bug',
      },
    });
    expect(put.status(), await put.text()).toBe(200);

    // No ticket yet: the list says how tickets come.
    await page.goto('/remediation/unified-tickets');
    await pwExpect(page.getByRole('heading', { level: 1, name: 'Tickets' })).toBeVisible();
    await pwExpect(page.getByText('No tickets yet.')).toBeVisible();

    // The scan that finds the KEV-listed Exim.
    const profiles = await api<{ results: { id: number; name: string }[] }>(page, 'GET', '/api/scan/nprofiles/?page_size=100');
    const profile = profiles.results.find((p) => p.name === 'Mail only')!.id;
    const scan = await api<{ id: number }>(page, 'POST', '/api/scan/nscans/', { name: 'Mail', targets: [MAIL_HOST], profile });
    await waitForScanFinished(page, scan.id);

    // The KEV finding, selected in the list by finding, becomes a ticket assigned to the administrator.
    await page.goto('/vm/unified-vulnerabilities?group=asset&exploit_known=true');
    const findings = page.getByRole('table', { name: 'Findings' });
    const row = findings.getByRole('row').filter({ hasText: 'CVE-2019-10149' });
    await pwExpect(row).toBeVisible();
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create ticket…' }).click();
    const form = page.getByRole('form', { name: 'Create ticket' });
    expect(await form.getByRole('radio', { name: 'Individual' }).isChecked()).toBe(true);
    await form.getByRole('combobox', { name: 'Assignee' }).click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await form.getByRole('button', { name: 'Create ticket' }).click();
    await page.waitForURL(/\/remediation\/unified-tickets\/view\//);
    const uuid = page.url().split('/view/')[1]!;
    await pwExpect(page.getByRole('heading', { level: 1, name: /^#1 / })).toBeVisible();
    await pwExpect(page.getByRole('table', { name: 'Subtasks' }).getByRole('row').filter({ hasText: MAIL_HOST })).toBeVisible();
    await pwExpect(page.getByLabel('History').getByText('created the ticket')).toBeVisible();
    await expectNoCutText(page, 'the ticket page');

    // Into Jira: the issue is made there, and the page shows it in sync with its key.
    await page.getByRole('button', { name: 'Send to Jira' }).click();
    await pwExpect(page.getByRole('link', { name: 'SEC-1' })).toBeVisible({ timeout: 30_000 });
    await pwExpect(page.locator('[data-tracker="jira"]').getByText('In sync')).toBeVisible({ timeout: 30_000 });
    expect(jira.issues.size).toBe(1);

    // A Jira user resolves it; Jira's webhook reaches Bulwark, which applies the solution and starts the re-test.
    jira.userTransition('SEC-1', 'Resolved in prod');
    const statuses = await jira.flushWebhooks(`${stack.baseUrl}/api/trackers/jira/webhook/1/`, SECRET);
    expect(
      statuses.every((s) => s >= 200 && s < 300),
      `webhook answers ${statuses.join(', ')}`,
    ).toBe(true);
    // The Exim greeter is still there: the re-test still sees the finding, and the ticket goes back to Open with the
    // new evidence (the history says it all, whoever made each step).
    await pwExpect
      .poll(async () => {
        const history = await api<{ results: { kind: string }[] }>(page, 'GET', `/api/remediation/tickets/${uuid}/history/`);
        return history.results.some((e) => e.kind === 'retest_result');
      }, 120_000)
      .toBe(true);
    await page.reload();
    const history = page.getByLabel('History');
    await pwExpect(history.getByText(/^Status: Open → Solution applied$/)).toBeVisible();
    await pwExpect(history.getByText('Jira').first()).toBeVisible();
    await pwExpect(history.getByText('Re-test').first()).toBeVisible();
    await pwExpect(history.getByText('Result: none → still seen')).toBeVisible();
    await pwExpect(history.getByText('Status: Solution applied → Open')).toBeVisible();
    await pwExpect(page.getByRole('group', { name: 'Change status' }).getByRole('button', { name: 'Solution applied' })).toBeVisible();
    await expectNoCutText(page, 'the ticket page after its re-test');
    await context.close();
  }, 240_000);
});
