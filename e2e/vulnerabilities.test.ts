// Browser test of unified vulnerabilities: scan real services (a real OpenSSH daemon, and a mail service on loopback
// that greets as Exim 4.87 does, since no Exim in the KEV catalogue's range can run here), open the vulnerability list,
// see the OpenSSH CVEs behind its Debian banner hidden below the minimum quality of detection and show them, filter by
// KEV, ignore the KEV finding as a false positive with an expiry, save the view as the default, reload and see it
// applied; then the issue page and the finding's timeline.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NETWORK_PROFILE } from '@bulwark/core';
import { scanProfiles } from '../packages/server/src/db/schema/index.ts';
import { importSources } from '../packages/server/src/modules/intel/import.ts';
import { DAEMONS, startDaemon, unavailable, type RunningDaemon } from '../packages/scanner/test/services-helpers/daemons.ts';
import { api, waitForScanFinished } from './helpers/api.ts';
import { startEximGreeter, type EximGreeter } from './helpers/exim-greeter.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { expectNoCutText } from './helpers/layout.ts';
import { ADMIN_EMAIL, startStack, type Stack } from './helpers/stack.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/intel/test/fixtures/feeds');
const SSH_HOST = '127.0.7.1';
const MAIL_HOST = '127.0.7.2';
const why = unavailable(DAEMONS.openssh);
if (why) console.warn(`e2e vulnerabilities: ${why}; the vulnerability browser test is skipped`);

let stack: Stack;
let sshd: RunningDaemon;
let mail: EximGreeter;

describe.skipIf(!!why)('unified vulnerabilities in the browser', () => {
  beforeAll(async () => {
    stack = await startStack();
    await importSources(stack.app.ctx.db, [path.join(FIXTURES, 'nvd'), path.join(FIXTURES, 'kev'), path.join(FIXTURES, 'epss')]);
    sshd = await startDaemon(DAEMONS.openssh, SSH_HOST);
    mail = await startEximGreeter(MAIL_HOST);
    await stack.app.ctx.db.insert(scanProfiles).values({
      customerId: 1,
      name: 'SSH and mail',
      fields: {
        ...DEFAULT_NETWORK_PROFILE,
        standard_scan: false,
        ss_use_tcp: false,
        custom_tcp_range: `${sshd.ports.ssh},${mail.port}`,
      },
    });
  }, 120_000);
  afterAll(async () => {
    await sshd?.stop();
    await mail?.close();
    await stack?.close();
  });

  it('filters by KEV, ignores a finding as a false positive with an expiry, and opens with the saved default view', async () => {
    const { context, page } = await stack.newPage();
    await signInAsAdmin(page);

    // Before any scan: the empty state sends the user to scans.
    await page.goto('/vm/unified-vulnerabilities');
    await pwExpect(page.getByRole('heading', { level: 1, name: 'Vulnerabilities' })).toBeVisible();
    await pwExpect(page.getByText('No open vulnerabilities')).toBeVisible();

    // A scan of the two services, through the API the scan form uses, on the built-in probe.
    const profiles = await api<{ results: { id: number; name: string }[] }>(page, 'GET', '/api/scan/nprofiles/?page_size=100');
    const profile = profiles.results.find((p) => p.name === 'SSH and mail')!.id;
    const scan = await api<{ id: number }>(page, 'POST', '/api/scan/nscans/', {
      name: 'Mail and SSH',
      targets: [SSH_HOST, MAIL_HOST],
      profile,
    });
    await waitForScanFinished(page, scan.id);

    // The run's result page: its result badge, severity counts and findings table, with nothing cut.
    const runId = (await api<{ last_run: number }>(page, 'GET', `/api/scan/nscans/${scan.id}/`)).last_run;
    await page.goto(`/scans/scans/view/nscan/${runId}`);
    await pwExpect(page.getByRole('table', { name: 'Findings' }).getByRole('row').filter({ hasText: 'CVE-2019-10149' })).toBeVisible();
    await expectNoCutText(page, 'the scan result page');

    // Every weakness found, by issue: the KEV-listed Exim CVE (its banner names no distribution: QoD 80). OpenSSH's CVEs
    // are matched on the upstream version behind its Debian banner, with no Debian record loaded: QoD 30, below the
    // minimum (70), so hidden, and the list says so; "Show them" shows them with their QoD.
    await page.goto('/vm/unified-vulnerabilities');
    const byIssue = page.getByRole('table', { name: 'Vulnerabilities' });
    const exim = byIssue.getByRole('row').filter({ hasText: 'CVE-2019-10149' });
    await pwExpect(exim).toBeVisible();
    const regresshion = byIssue.getByRole('row').filter({ hasText: 'CVE-2024-6387' });
    await pwExpect(regresshion).toBeHidden();
    const hidden = page.getByTestId('qod-hidden');
    await pwExpect(hidden.getByText(/below the minimum quality of detection \(70 %\) (is|are) hidden/)).toBeVisible();
    await hidden.getByRole('button', { name: 'Show them' }).click();
    await page.waitForURL(/qod_min=0/);
    await pwExpect(regresshion).toBeVisible();
    await pwExpect(regresshion.getByText('30 % · Low')).toBeVisible();
    await expectNoCutText(page, 'the vulnerability list by issue');

    // Filter by KEV: only the Exim issue stays.
    await page.getByRole('combobox', { name: 'Known exploited (KEV)' }).click();
    await page.getByRole('option', { name: 'In KEV', exact: true }).click();
    await page.waitForURL(/exploit_known=true/);
    await pwExpect(byIssue.getByRole('row').filter({ hasText: 'CVE-2024-6387' })).toBeHidden();
    await pwExpect(exim).toBeVisible();

    // Save the view as the default.
    await page.getByRole('button', { name: 'Save view' }).click();
    const save = page.getByRole('form', { name: 'Save view' });
    await save.getByLabel('Name').fill('Known exploited');
    await save.getByLabel('Open the list with this view').check();
    await save.getByRole('button', { name: 'Save' }).click();
    await pwExpect(save).toBeHidden();

    // Ignore it as a false positive until a day in the future, from the list by finding.
    await page
      .locator('label')
      .filter({ hasText: /^Asset$/ })
      .click();
    const byAsset = page.getByRole('table', { name: 'Findings' });
    const finding = byAsset.getByRole('row').filter({ hasText: MAIL_HOST });
    await pwExpect(finding).toBeVisible();
    await expectNoCutText(page, 'the vulnerability list by asset');
    await finding.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Ignore…' }).first().click();
    const form = page.getByRole('form', { name: 'Ignore findings' });
    await form.getByLabel('Reason').selectOption({ label: 'False positive' });
    await form.getByLabel('Comment').fill('Test greeting, not a real Exim');
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel('Ignore until (optional)').fill(until);
    await form.getByRole('button', { name: 'Ignore' }).click();
    await pwExpect(form).toBeHidden();
    await pwExpect(byAsset.getByRole('row').filter({ hasText: MAIL_HOST })).toBeHidden();

    // Stored as asked: ignored, false positive, the expiry, by the admin.
    const ignored = await api<{ results: { ignored: { reason: number; expires_at: string; by: { email: string } } | null }[] }>(
      page,
      'GET',
      '/api/remediation/vulnerability-simple/?state=ignored',
    );
    expect(ignored.results).toHaveLength(1);
    expect(ignored.results[0]!.ignored).toMatchObject({ reason: 0, by: { email: ADMIN_EMAIL } });
    expect(ignored.results[0]!.ignored!.expires_at.slice(0, 10)).toBe(until);

    // Reload the list without parameters: the default view (KEV) is applied, and the ignored finding is gone from it.
    await page.goto('/vm/unified-vulnerabilities');
    await page.waitForURL(/exploit_known=true/);
    await pwExpect(page.getByText('No vulnerabilities match these filters')).toBeVisible();

    // Ignored ones are a filter away; the issue page shows the timeline with the ignore.
    await page.goto('/vm/unified-vulnerabilities/hid/CVE-2019-10149/timeline');
    await pwExpect(page.getByText('CVE-2019-10149').first()).toBeVisible();
    await pwExpect(page.getByText('Test greeting, not a real Exim')).toBeVisible();
    await pwExpect(page.getByText('False positive').first()).toBeVisible();
    await expectNoCutText(page, 'the issue page');
    await context.close();
  });
});
