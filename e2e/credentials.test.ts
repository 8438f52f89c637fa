// Browser test of authenticated scans: a Linux credential added on the Scan credentials page, tested on a real OpenSSH
// server on loopback (which logs in to this machine), attached to a profile in the profile editor, a scan of it, and
// the asset's page showing the credential's health, the installed packages and the missing patch from Debian's tracker.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSources } from '../packages/server/src/modules/intel/import.ts';
import { settleRunProcessing } from '../packages/server/src/modules/results/queue.ts';
import { startSshTarget, sshTargetUnavailable, type SshTarget } from '../packages/scanner/test/services-helpers/ssh-target.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { startStack, type Stack } from './helpers/stack.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/intel/test/fixtures/feeds');
const why = sshTargetUnavailable();
if (why) console.warn(`e2e credentials: ${why}; skipped`);

describe.skipIf(why !== undefined)('scan credentials and an authenticated scan in the browser', () => {
  let stack: Stack;
  let ssh: SshTarget;

  beforeAll(async () => {
    stack = await startStack();
    await importSources(stack.app.ctx.db, [path.join(FIXTURES, 'nvd'), path.join(FIXTURES, 'debian-tracker', 'openssh.json')]);
    ssh = await startSshTarget('127.0.6.40', 'bwe2e');
  }, 120_000);
  afterAll(async () => {
    await ssh?.stop();
    await stack?.close();
  });

  it(
    'adds a Linux credential, tests it, attaches it to a profile, scans, and shows packages and missing patches',
    { timeout: 240_000 },
    async () => {
      const { context, page } = await stack.newPage();
      await signInAsAdmin(page);

      // Add the credential.
      await page.goto('/scans/scan-credentials');
      await page.getByRole('button', { name: 'New credential' }).first().click();
      const form = page.getByRole('form', { name: 'New Linux credential' });
      // Required fields' labels end in an asterisk.
      await form.getByRole('textbox', { name: /^Name/ }).fill('This machine');
      await form.getByRole('textbox', { name: /^SSH port/ }).fill(String(ssh.port));
      await form.getByRole('textbox', { name: /^Username/ }).fill(ssh.plain.username);
      await form.getByLabel(/^Password/).fill(ssh.plain.password);
      await form.getByRole('button', { name: 'Add credential' }).click();
      await pwExpect(form).toBeHidden();
      const row = page.getByRole('row').filter({ hasText: 'This machine' });
      await pwExpect(row).toBeVisible();

      // Test it on the SSH server's address.
      await row.getByRole('button', { name: 'Test This machine' }).click();
      const test = page.getByRole('dialog', { name: /Test Linux credential/ });
      await test.getByLabel('Or an address').fill(ssh.host);
      await test.getByRole('button', { name: 'Run test' }).click();
      const steps = test.getByRole('list', { name: 'Test steps' });
      await pwExpect(steps.getByText(`Logged in as ${ssh.plain.username}.`)).toBeVisible({ timeout: 30_000 });
      await pwExpect(steps.getByText(/Debian GNU\/Linux 12/)).toBeVisible();
      await page.keyboard.press('Escape');

      // Attach it to a profile in the editor.
      const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
      const made = await page.request.fetch('/api/scan/nprofiles/', {
        method: 'POST',
        data: {
          name: 'Authenticated SSH',
          standard_scan: false,
          ss_use_tcp: false,
          custom_tcp_range: String(ssh.port),
          minus_categories: [],
        },
        headers: { 'x-csrftoken': csrf },
      });
      expect(made.ok(), await made.text()).toBe(true);
      const profileId = ((await made.json()) as { id: number }).id;
      await page.goto(`/scans/scan-profiles/edit/nprofile/${profileId}`);
      await page.getByRole('combobox', { name: 'Linux credentials' }).click();
      await page.getByRole('option', { name: 'This machine' }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await pwExpect
        .poll(async () => {
          const res = await page.request.get(`/api/scan/nprofiles/${profileId}/`);
          return ((await res.json()) as { lin_auths: number[] }).lin_auths.length;
        }, 15_000)
        .toBe(1);

      // Scan the machine with it.
      const scan = await page.request.fetch('/api/scan/nscans/', {
        method: 'POST',
        data: { name: 'This machine over SSH', targets: [ssh.host], profile: profileId },
        headers: { 'x-csrftoken': csrf },
      });
      expect(scan.ok(), await scan.text()).toBe(true);
      const runId = ((await scan.json()) as { last_run: number }).last_run;
      await pwExpect
        .poll(async () => ((await (await page.request.get(`/api/scan/nruns/${runId}/`)).json()) as { status: number }).status, 120_000)
        .toBe(2);
      await settleRunProcessing(stack.app.ctx);

      // The run's host shows the credential's health; the asset shows packages and the missing patch.
      await page.goto(`/scans/scans/view/nscan/${runId}`);
      await page.getByRole('tab', { name: /Hosts/ }).click();
      await pwExpect(page.getByText('Authentication: OK')).toBeVisible();
      const hosts = (await (await page.request.get(`/api/scan/nruns/${runId}/hosts/`)).json()) as { results: { host_id: number }[] };
      await page.goto(`/assets/assets/view/${hosts.results[0]!.host_id}`);
      const card = page.getByRole('region', { name: 'Authentication' });
      await pwExpect(card.getByText('OK', { exact: true })).toBeVisible();
      await pwExpect(card.getByText(/Debian GNU\/Linux 12/)).toBeVisible();
      await page.getByRole('tab', { name: /Installed packages/ }).click();
      await page.getByLabel('Search packages').fill('openssh-server');
      // The name cell also shows the architecture.
      await pwExpect(page.getByRole('cell', { name: /^openssh-server/ })).toBeVisible();
      await page.getByRole('tab', { name: /Open findings/ }).click();
      await pwExpect(page.getByText(/CVE-2023-51767 in openssh .* \(no fix in Debian bookworm yet\)/)).toBeVisible();
      await context.close();
    },
  );
});
