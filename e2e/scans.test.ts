// Browser test of network scanning: sign in, start a scan of a real OpenSSH daemon from the scan list (typing the
// host and saving it as a target), watch the run in the list until it is Finished, open its result and see the CVE
// finding that the imported NVD data gives OpenSSH's version, with its severity; then the host on the Hosts tab.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NETWORK_PROFILE } from '@bulwark/core';
import { assets, scanProfiles } from '../packages/server/src/db/schema/index.ts';
import { importSources } from '../packages/server/src/modules/intel/import.ts';
import { DAEMONS, startDaemon, unavailable, type RunningDaemon } from '../packages/scanner/test/services-helpers/daemons.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { startStack, type Stack } from './helpers/stack.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/intel/test/fixtures/feeds');
const SSH_HOST = '127.0.6.1';
const why = unavailable(DAEMONS.openssh);
if (why) console.warn(`e2e scans: ${why}; the scan browser test is skipped`);

let stack: Stack;
let sshd: RunningDaemon;

describe.skipIf(!!why)('network scanning in the browser', () => {
  beforeAll(async () => {
    stack = await startStack();
    await importSources(stack.app.ctx.db, [path.join(FIXTURES, 'nvd'), path.join(FIXTURES, 'kev'), path.join(FIXTURES, 'epss')]);
    sshd = await startDaemon(DAEMONS.openssh, SSH_HOST);
    // A profile for the daemon's port, as an operator would make on the profiles page (that page has its own tests).
    await stack.app.ctx.db.insert(scanProfiles).values({
      customerId: 1,
      name: 'SSH only',
      fields: { ...DEFAULT_NETWORK_PROFILE, standard_scan: false, ss_use_tcp: false, custom_tcp_range: String(sshd.ports.ssh) },
    });
  }, 120_000);
  afterAll(async () => {
    await sshd?.stop();
    await stack?.close();
  });

  it('starts a scan, shows its progress to Finished, and shows the CVE found on the host', async () => {
    const { context, page } = await stack.newPage();
    await signInAsAdmin(page);
    await page.goto('/scans/scans');
    await pwExpect(page.getByRole('heading', { level: 1, name: 'Scans' })).toBeVisible();
    await pwExpect(page.getByText('Start one with “New scan”: choose targets and a profile.')).toBeVisible();

    await page.getByRole('button', { name: 'New scan' }).click();
    await page.getByRole('menuitem', { name: 'Network scan' }).click();
    const form = page.getByRole('form', { name: 'Start a scan' });
    await form.getByLabel('Name').fill('Bastion host');
    await form.getByRole('textbox', { name: 'Targets' }).fill(SSH_HOST);
    await form.getByLabel('Save these targets for later scans').check();
    await form.getByLabel('Profile', { exact: true }).click();
    await page.getByRole('option', { name: 'SSH only' }).click();
    await form.getByRole('button', { name: 'Start scan' }).click();
    await pwExpect(form).toBeHidden();

    // The host was saved as a host asset of this customer (scan targets are assets).
    const saved = await stack.app.ctx.db.select().from(assets);
    expect(saved.map((t) => [t.kind, t.value])).toEqual([['host', SSH_HOST]]);

    const row = page.getByRole('table', { name: 'Scans' }).getByRole('row').filter({ hasText: 'Bastion host' });
    await pwExpect(row).toBeVisible();
    const seen = new Set<string>();
    await pwExpect
      .poll(async () => {
        const text = ((await row.getByTestId('run-status').textContent()) ?? '').trim();
        seen.add(text);
        return text;
      }, 90_000)
      .toBe('Finished');
    // Every label the list showed on the way is one of the §4 labels of a run that moves forward.
    for (const s of seen) expect(['Requested', 'Running', 'Processing results', 'Finished']).toContain(s);
    await pwExpect(row.getByText('Fail')).toBeVisible();

    await row.getByRole('link', { name: 'Bastion host' }).click();
    await page.waitForURL(/\/scans\/scans\/view\/nscan\/\d+$/);
    const findings = page.getByRole('table', { name: 'Findings' });
    const regresshion = findings.getByRole('row').filter({ hasText: 'CVE-2024-6387' });
    await pwExpect(regresshion).toBeVisible();
    await pwExpect(regresshion.getByText('High')).toBeVisible();
    await pwExpect(regresshion.getByText(`${SSH_HOST}:${sshd.ports.ssh}`)).toBeVisible();

    await page.getByRole('tab', { name: /Hosts/ }).click();
    await pwExpect(page.getByText(SSH_HOST).first()).toBeVisible();
    await pwExpect(page.getByText('OpenSSH').first()).toBeVisible();
    await context.close();
  });
});
