// Browser test of policy (OVAL) scans: a Linux credential (set up through the API), a policy profile made in the editor
// with the SCAP Security Guide's Debian 11 standard profile evaluated on this Debian 12 machine, a policy scan of a real
// OpenSSH server on loopback started from the scan list, its result page (score, rules passed and failed, one failed
// rule's evidence), and the host's page showing its policy compliance.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleRunProcessing } from '../packages/server/src/modules/results/queue.ts';
import { startSshTarget, sshTargetUnavailable, type SshTarget } from '../packages/scanner/test/services-helpers/ssh-target.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { expectNoCutText } from './helpers/layout.ts';
import { startStack, type Stack } from './helpers/stack.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';

const SSG_DEBIAN11 = '/usr/share/xml/scap/ssg/content/ssg-debian11-xccdf.xml';
const POLICY = 'Debian 11: Standard System Security Profile for Debian 11';
const why = sshTargetUnavailable() ?? (existsSync(SSG_DEBIAN11) ? undefined : `${SSG_DEBIAN11} is missing (Debian package ssg-debian)`);
if (why) console.warn(`e2e policy scans: ${why}; skipped`);

describe.skipIf(why !== undefined)('a policy scan in the browser', () => {
  let stack: Stack;
  let ssh: SshTarget;

  beforeAll(async () => {
    stack = await startStack();
    ssh = await startSshTarget('127.0.6.41', 'bwpole2e');
  }, 120_000);
  afterAll(async () => {
    await ssh?.stop();
    await stack?.close();
  });

  it(
    'creates a policy profile, starts a policy scan, shows its score, rules and evidence, and the host’s compliance',
    { timeout: 360_000 },
    async () => {
      const { context, page } = await stack.newPage();
      await signInAsAdmin(page);

      // Set-up through the API: a Linux credential that logs in with a key and may use sudo.
      const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
      const credential = await page.request.fetch('/api/scan/linuxauths/', {
        method: 'POST',
        data: {
          name: 'Auditor key',
          port: ssh.port,
          username: ssh.nopasswd.username,
          use_dsskey: true,
          priv_key: ssh.nopasswd.privateKey,
          privilege_escalation: 'sudo',
        },
        headers: { 'x-csrftoken': csrf },
      });
      expect(credential.ok(), await credential.text()).toBe(true);

      // The policy profile, made in the editor from the Policy profiles tab.
      await page.goto('/scans/scan-profiles');
      await page.getByRole('tab', { name: 'Policy profiles' }).click();
      await pwExpect(page.getByRole('region', { name: 'Policy library' }).getByText(POLICY)).toBeVisible();
      await page.getByRole('link', { name: 'New policy profile' }).click();
      await page.waitForURL(/\/scans\/scan-profiles\/edit\/oprofile\/new$/);
      const form = page.getByRole('form', { name: 'Policy scan profile' });
      // Required fields' labels end in an asterisk.
      await form.getByRole('textbox', { name: /^Name/ }).fill('Debian 11 standard on this machine');
      await form.getByRole('combobox', { name: /^Policy/ }).click();
      await form.getByRole('combobox', { name: /^Policy/ }).fill('Standard System Security Profile for Debian 11');
      await page.getByRole('option', { name: new RegExp(`^${POLICY}`) }).click();
      await pwExpect(form.getByTestId('policy-preview').getByText('Guide to the Secure Configuration of Debian 11')).toBeVisible();
      await form.getByRole('switch', { name: /Evaluate on other releases too/ }).check();
      await form.getByRole('combobox', { name: /^Linux credentials/ }).click();
      await page.getByRole('option', { name: 'Auditor key' }).click();
      await page.keyboard.press('Escape');
      await form.getByRole('button', { name: 'Create profile' }).click();
      await page.waitForURL(/\/scans\/scan-profiles\/edit\/oprofile\/\d+$/);
      await pwExpect(page.getByRole('heading', { level: 1, name: 'Debian 11 standard on this machine' })).toBeVisible();

      // The policy scan, started from the scan list.
      await page.goto('/scans/scans');
      await page.getByRole('button', { name: 'New scan' }).click();
      await page.getByRole('menuitem', { name: 'Policy scan' }).click();
      const start = page.getByRole('form', { name: 'Start a policy scan' });
      await start.getByRole('textbox', { name: /^Name/ }).fill('Policy of this machine');
      await start.getByRole('textbox', { name: 'Targets' }).fill(ssh.host);
      await start.getByRole('combobox', { name: /^Policy profile/ }).click();
      await page.getByRole('option', { name: 'Debian 11 standard on this machine' }).click();
      await start.getByRole('button', { name: 'Start scan' }).click();
      await pwExpect(start).toBeHidden();

      // It is listed on the Policy scans tab; wait for it to finish (a policy evaluation over SSH takes a while).
      await pwExpect(page.getByRole('tab', { name: 'Policy scans', selected: true })).toBeVisible();
      const row = page.getByRole('table', { name: 'Policy scans' }).getByRole('row').filter({ hasText: 'Policy of this machine' });
      await pwExpect(row).toBeVisible();
      await pwExpect.poll(async () => ((await row.getByTestId('run-status').textContent()) ?? '').trim(), 240_000).toBe('Finished');
      await settleRunProcessing(stack.app.ctx);

      // The result page: a score, rules that pass and fail, and a failed rule's evidence.
      await row.getByRole('link', { name: 'Policy of this machine' }).click();
      await page.waitForURL(/\/scans\/scans\/view\/oscan\/\d+$/);
      await pwExpect(page.getByRole('heading', { level: 1, name: 'Policy of this machine' })).toBeVisible();
      await pwExpect(page.getByRole('img', { name: /^Policy score: \d+(\.\d)?%$/ })).toBeVisible({ timeout: 30_000 });
      const rules = page.getByRole('table', { name: 'Rules' });
      await pwExpect(rules.locator('[data-result="fail"]').first()).toBeVisible();
      // Failures come first; the Pass results are a filter away.
      const filters = page.getByRole('search', { name: 'Filter rules' });
      await filters.getByRole('combobox', { name: 'Result' }).click();
      await page.getByRole('option', { name: 'Pass' }).click();
      await page.keyboard.press('Escape');
      await pwExpect(rules.getByText('Pass', { exact: true }).first()).toBeVisible();
      await page.getByRole('button', { name: 'Remove filter Result: Pass' }).click();
      await pwExpect(rules.getByText('Fail', { exact: true }).first()).toBeVisible();
      await expectNoCutText(page, 'the policy scan result page');

      const failed = rules
        .getByRole('row')
        .filter({ has: page.locator('[data-result="fail"]') })
        .first();
      const title = ((await failed.getByRole('button').first().textContent()) ?? '').trim();
      await failed.getByRole('button').first().click();
      const drawer = page.getByRole('dialog', { name: title });
      await pwExpect(drawer.getByRole('heading', { name: 'Evidence' })).toBeVisible();
      await pwExpect(drawer.getByText('Fail', { exact: true })).toBeVisible();
      await page.keyboard.press('Escape');

      // The host's page shows its policy compliance.
      await page.getByRole('tab', { name: /Hosts/ }).click();
      const hosts = page.getByRole('table', { name: 'Hosts' });
      await hosts.getByRole('link', { name: ssh.host }).click();
      await page.waitForURL(/\/assets\/assets\/view\/\d+$/);
      const card = page.getByRole('region', { name: 'Policy compliance' });
      await pwExpect(card.getByText(POLICY)).toBeVisible({ timeout: 30_000 });
      await pwExpect(card.getByRole('img', { name: new RegExp(`^Score of ${POLICY}: \\d`) })).toBeVisible();
      await pwExpect(card.getByRole('link', { name: 'View the scan result' })).toBeVisible();
      await expectNoCutText(page, 'the asset page');
      await context.close();
    },
  );
});
