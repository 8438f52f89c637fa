// Browser test of remediation rules and the Jira settings page: with unified remediation on and two hosts carrying a
// critical OpenSSL finding (written straight into the inventory, no scan needed), an administrator connects Jira (a
// local stand-in that answers as Jira Cloud's REST API v3, see packages/server/test/helpers/jira-standin.ts) on
// /admin/integrations/jira — a wrong token fails with the spec's "Failed to connect to Jira.", the right one succeeds
// and a test ticket is created there —, then builds a rule on /remediation/policies (Critical only, push to Jira), sees
// its live preview count, creates it, runs it now (two tickets for two findings), runs it again (nothing: a finding on
// an open ticket is never ticketed twice), and sees the tickets reach Jira and the calls in the delivery log.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, customers, findings, issues } from '../packages/server/src/db/schema/index.ts';
import { JiraStandin } from '../packages/server/test/helpers/jira-standin.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { expectNoCutText } from './helpers/layout.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const JIRA_HOST = '127.0.29.4';
const JIRA_EMAIL = 'bulwark@acme.example';
const JIRA_TOKEN = 'atlassian-api-token-1';

/** Two hosts with the same critical OpenSSL finding, and a medium one on the first (left out by a Critical-only rule). */
async function seedInventory(stack: Stack): Promise<void> {
  const db = stack.app.ctx.db;
  const [customer] = await db.select().from(customers).limit(1);
  await db
    .update(customers)
    .set({ featureFlags: [...new Set([...customer!.featureFlags, 'unified-remediation'])] })
    .where(eq(customers.id, customer!.id));
  const customerId = customer!.id;
  const now = new Date();
  const hosts = await db
    .insert(assets)
    .values(['10.29.0.1', '10.29.0.2'].map((ip) => ({ customerId, kind: 'host' as const, type: 2, value: ip, address: ip, riskScore: 80 })))
    .returning({ id: assets.id });
  const [openssl, terrapin] = await db
    .insert(issues)
    .values([
      {
        customerId,
        hid: 'CVE-2024-0727',
        name: 'OpenSSL 3.0.x vulnerabilities',
        severity: 4,
        firstSeen: now,
        lastSeen: now,
        riskScore: 90,
      },
      { customerId, hid: 'nvt-ssh-terrapin', name: 'SSH Terrapin', severity: 2, firstSeen: now, lastSeen: now, riskScore: 40 },
    ])
    .returning({ id: issues.id });
  const common = { customerId, confidence: 'confirmed', state: 1, firstSeen: now, lastSeen: now } as const;
  await db.insert(findings).values([
    ...hosts.map((h) => ({
      ...common,
      hostId: h.id,
      key: 'cve:CVE-2024-0727@0/tcp',
      cve: 'CVE-2024-0727',
      cves: ['CVE-2024-0727'],
      port: 0,
      name: 'OpenSSL 3.0.x vulnerabilities',
      severity: 4,
      riskScore: 90,
      solution: 'Upgrade openssl to 3.0.13-1.',
      issueId: openssl!.id,
    })),
    {
      ...common,
      hostId: hosts[0]!.id,
      key: 'check:ssh-terrapin@22/tcp',
      checkId: 'ssh-terrapin',
      cve: 'CVE-2023-48795',
      cves: ['CVE-2023-48795'],
      port: 22,
      protocol: 6,
      name: 'SSH Terrapin',
      severity: 2,
      riskScore: 40,
      issueId: terrapin!.id,
    },
  ]);
}

describe('remediation rules and the Jira integration in the browser', () => {
  let stack: Stack;
  let jira: JiraStandin;

  beforeAll(async () => {
    stack = await startStack();
    jira = await JiraStandin.start({ deployment: 'cloud', host: JIRA_HOST, email: JIRA_EMAIL, token: JIRA_TOKEN, project: 'SEC' });
    await seedInventory(stack);
  }, 120_000);
  afterAll(async () => {
    await jira?.close();
    await stack?.close();
  });

  it(
    'connects Jira, builds a rule with a live preview, runs it once and only once, and the tickets reach Jira',
    { timeout: 300_000 },
    async () => {
      const { context, page } = await stack.newPage();
      await signInAsAdmin(page);

      // Jira settings: a wrong token first.
      await page.goto('/admin/integrations/jira');
      const settings = page.getByRole('form', { name: 'Jira settings' });
      await settings.getByRole('switch', { name: /Sync tickets with Jira/ }).check({ force: true });
      await settings.getByRole('textbox', { name: /^Jira URL/ }).fill(jira.url);
      await settings.getByRole('textbox', { name: /^Account e-mail/ }).fill(JIRA_EMAIL);
      await settings.getByRole('textbox', { name: 'API token' }).fill('not-the-token');
      await settings.getByRole('textbox', { name: /^Project key/ }).fill('SEC');
      await settings.getByRole('textbox', { name: /^Issue type/ }).fill('Task');
      await settings.getByRole('button', { name: 'Save and test connection' }).click();
      const result = settings.getByTestId('test-result');
      await pwExpect
        .poll(async () => /Failed to connect to Jira\./.test((await result.textContent().catch(() => '')) ?? ''), 30_000)
        .toBe(true);

      // The right token: replace the saved one, test again, and create a test ticket in the project.
      await settings.getByRole('button', { name: 'Dismiss the test result' }).click();
      await settings.getByRole('button', { name: 'Replace the api token' }).click();
      await settings.getByRole('textbox', { name: 'API token' }).fill(JIRA_TOKEN);
      await settings.getByRole('button', { name: 'Save and test connection' }).click();
      await pwExpect
        .poll(async () => ((await result.textContent().catch(() => '')) ?? '').includes('Connection to Jira succesful!'), 30_000)
        .toBe(true);
      await settings.getByRole('button', { name: 'Dismiss the test result' }).click();
      await settings.getByRole('button', { name: 'Create test ticket' }).click();
      await pwExpect
        .poll(async () => ((await result.textContent().catch(() => '')) ?? '').includes('Test issue SEC-1 created.'), 30_000)
        .toBe(true);
      expect(jira.issues.size).toBe(1);
      expect(await settings.getByTestId('webhook-url').inputValue()).toMatch(/\/api\/trackers\/jira\/webhook\/\d+\/$/);
      await expectNoCutText(page, 'the Jira page');

      // A rule: Critical only, one ticket per asset, pushed to Jira.
      await page.goto('/remediation/policies');
      await pwExpect(page.getByText('No rules yet.')).toBeVisible();
      await page.getByRole('link', { name: 'Add rule' }).first().click();
      const form = page.getByRole('form', { name: 'Rule' });
      await form.getByRole('textbox', { name: /^Name/ }).fill('Critical to Jira');
      await form.getByRole('checkbox', { name: 'High' }).uncheck();
      await form.getByRole('switch', { name: /Push to a ticketing integration/ }).check({ force: true });
      await form.getByRole('radio', { name: 'Jira' }).check({ force: true });
      await pwExpect(page.getByTestId('rule-preview-count').filter({ hasText: 'Would open 2 tickets for 2 findings.' })).toBeVisible();
      await form.getByRole('button', { name: 'Create rule' }).click();
      await pwExpect(page.getByText('Policy created.')).toBeVisible();
      await page.waitForURL(/\/remediation\/policies$/);

      const row = page.getByRole('table', { name: 'Remediation rules' }).getByRole('row').filter({ hasText: 'Critical to Jira' });
      await pwExpect(row.getByText('Severity Critical')).toBeVisible();
      await pwExpect(row.getByText('Push to Jira')).toBeVisible();
      await expectNoCutText(page, 'the rule list');

      // Run now: two tickets; again: nothing (idempotent).
      const ran = page.waitForResponse((r) => /\/api\/remediation\/rules\/\d+\/run\/$/.test(r.url()), { timeout: 60_000 });
      await row.getByRole('button', { name: 'Run Critical to Jira now' }).click();
      const answer = await ran;
      expect(answer.status(), await answer.text()).toBe(200);
      await pwExpect(page.getByText('Critical to Jira: Opened 2 tickets for 2 findings.')).toBeVisible();
      await row.getByRole('button', { name: 'Run Critical to Jira now' }).click();
      await pwExpect(page.getByText(/Critical to Jira: Nothing to ticket/)).toBeVisible();

      // The tickets reach Jira through the outbox, and each call is in the delivery log.
      await pwExpect.poll(() => jira.issues.size, 60_000).toBe(3);
      await page.goto('/admin/integrations/jira');
      const log = page.getByRole('table', { name: 'Delivery log of Jira' });
      await pwExpect(log.getByRole('row').filter({ hasText: 'Create issue' }).first()).toBeVisible();
      await pwExpect(page.getByTestId('sync-state').filter({ hasText: /In sync|Syncing/ })).toBeVisible();
      await context.close();
    },
  );
});
