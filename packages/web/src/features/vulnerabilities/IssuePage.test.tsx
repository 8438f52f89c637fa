// An issue's page against a stubbed API: the tab comes from the URL and changing tabs changes the URL; the overview's
// facts, affected versions and related issues (linking to their pages); the cve route; the affected assets ignored by
// id and the whole issue by hid; a finding's evidence and its timeline labels; a missing issue; the pages of finding
// kinds Bulwark has no source for.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { issueRoute } from '@bulwark/core';
import IssuePage from './IssuePage.tsx';
import OtherFindingPage from './OtherFindingPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aFindingDetail, aVulnerability, anIgnore, anIssueDetails } from '../../../test/support/vulnerabilities.ts';

const PATH = '/vm/unified-vulnerabilities/hid/:hid/:tab?';
const HID = 'CVE-2024-6387';
const BASE = `unified-assets/issues/${HID}/`;
const FINDINGS = [
  aVulnerability(),
  aVulnerability({
    id: 12,
    asset: { id: 8, asset_name: 'web-01', asset_type: 2, criticality: 2 },
    port: 2222,
    state: 3,
    state_label: 'Closed',
  }),
];

function api(): ApiStub {
  return stubApi()
    .on('GET', `${BASE}details/`, anIssueDetails())
    .on('GET', `${BASE}related-issues/`, [
      { hid: 'nvt-ssh-weak-kex', name: 'Weak SSH key exchange', severity: 2, risk_score: 35, shared_assets: 2 },
    ])
    .on('GET', `${BASE}common_app_versions/`, [{ product: 'OpenSSH', version: '9.2p1', service: 'ssh', assets: 2 }])
    .on('GET', `${BASE}assets/`, page(FINDINGS))
    .on('GET', 'remediation/vulnerability/11/', aFindingDetail())
    .on('GET', 'remediation/vulnerability/12/', aFindingDetail({ id: 12, evidence: 'SSH-2.0-OpenSSH_9.2p1 on 2222' }));
}

describe('IssuePage', () => {
  it('shows the overview: severity, risk, CVSS and its vector, EPSS, counts, affected versions and related issues', async () => {
    api();
    renderWithApp(<IssuePage />, { path: PATH, url: issueRoute(HID) });
    expect(await screen.findByRole('heading', { level: 1, name: 'OpenSSH regreSSHion' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByLabelText('Risk score 71').length).toBeGreaterThan(0);
    expect(screen.getByText('CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H')).toBeInTheDocument();
    expect(screen.getByText(/43\.21% \(percentile 97\)/)).toBeInTheDocument();
    expect(screen.getByText('A signal handler race condition in sshd.')).toBeInTheDocument();
    expect(screen.getByText('Upgrade OpenSSH to 9.8p1 or later.')).toBeInTheDocument();
    const versions = await screen.findByRole('table', { name: 'Affected products and versions' });
    expect(within(versions).getByText('9.2p1')).toBeInTheDocument();
    const related = await screen.findByRole('list', { name: 'Related vulnerabilities' });
    expect(within(related).getByRole('link', { name: 'Weak SSH key exchange' })).toHaveAttribute('href', issueRoute('nvt-ssh-weak-kex'));
    expect(within(related).getByText(/also on 2 of these assets/)).toBeInTheDocument();
  });

  it('opens the tab the URL names, and changing tabs changes the URL', async () => {
    api();
    const { user, router } = renderWithApp(<IssuePage />, { path: PATH, url: issueRoute(HID, 'references') });
    expect(await screen.findByRole('tab', { name: 'References' })).toHaveAttribute('aria-selected', 'true');
    const refs = screen.getByRole('list', { name: 'References' });
    expect(within(refs).getByRole('link', { name: 'OpenSSH release notes' })).toHaveAttribute(
      'href',
      'https://www.openssh.com/txt/release-9.8',
    );
    expect(within(refs).getByRole('link', { name: `${HID} at NVD` })).toHaveAttribute('href', `https://nvd.nist.gov/vuln/detail/${HID}`);
    await user.click(screen.getByRole('tab', { name: 'Affected assets' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(issueRoute(HID, 'assets')));
    expect(await screen.findByRole('table', { name: 'Affected assets' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(issueRoute(HID)));
  });

  it('shows the same page for a CVE id on the cve route, whatever its case', async () => {
    const stub = api();
    renderWithApp(<IssuePage />, { path: '/vm/unified-vulnerabilities/cve/:hid', url: '/vm/unified-vulnerabilities/cve/cve-2024-6387' });
    expect(await screen.findByRole('heading', { level: 1, name: 'OpenSSH regreSSHion' })).toBeInTheDocument();
    expect(stub.calls('GET', `${BASE}details/`)).toHaveLength(1);
  });

  it('lists the affected assets and ignores the chosen findings by id', async () => {
    const stub = api().on('POST', 'remediation/vulnerability/ignore/', { ignored: 1, pending: 0 });
    const { user } = renderWithApp(<IssuePage />, {
      path: PATH,
      url: `${issueRoute(HID, 'assets')}?assets.state=active&assets.state=ignored`,
    });
    const table = await screen.findByRole('table', { name: 'Affected assets' });
    expect(stub.calls('GET', `${BASE}assets/`).at(-1)!.query.getAll('state')).toEqual(['active', 'ignored']);
    expect(within(table).getByRole('link', { name: 'web-01' })).toHaveAttribute('href', '/assets/unified-assets/view/8');
    await user.click(within(table).getByRole('checkbox', { name: 'Select web-01 2222/tcp ssh' }));
    await user.click(screen.getByRole('button', { name: 'Ignore…' }));
    const form = await screen.findByRole('form', { name: 'Ignore findings' });
    await user.selectOptions(within(form).getByRole('combobox', { name: /Reason/ }), 'False positive');
    await user.click(within(form).getByRole('button', { name: 'Ignore' }));
    await waitFor(() => expect(stub.calls('POST', 'remediation/vulnerability/ignore/')).toHaveLength(1));
    expect(stub.calls('POST', 'remediation/vulnerability/ignore/')[0]!.body).toMatchObject({ ids: [12], reason: 0, ignore_kind: 1 });
    expect(await screen.findByText('1 finding ignored; they no longer count.')).toBeInTheDocument();
  });

  it('ignores the issue on all its assets by its hid', async () => {
    const stub = api().on('POST', 'remediation/vulnerability/ignore/', { ignored: 3, pending: 0 });
    const { user } = renderWithApp(<IssuePage />, { path: PATH, url: issueRoute(HID) });
    await user.click(await screen.findByRole('button', { name: 'Ignore on all assets…' }));
    const form = await screen.findByRole('form', { name: 'Ignore findings' });
    expect(within(form).getByText(/on all its assets, now 3 open findings/)).toBeInTheDocument();
    await user.selectOptions(within(form).getByRole('combobox', { name: /Reason/ }), 'Not relevant');
    await user.type(within(form).getByRole('textbox', { name: 'Comment' }), 'Lab only');
    await user.click(within(form).getByRole('button', { name: 'Ignore' }));
    await waitFor(() => expect(stub.calls('POST', 'remediation/vulnerability/ignore/')).toHaveLength(1));
    expect(stub.calls('POST', 'remediation/vulnerability/ignore/')[0]!.body).toEqual({
      ignore_kind: 1,
      reason: 2,
      comment: 'Lab only',
      expires_at: null,
      hid: HID,
    });
  });

  it('says when the issue is ignored on all its assets, and ends that with "Un-ignore on all assets"', async () => {
    const stub = api()
      .on(
        'GET',
        `${BASE}details/`,
        anIssueDetails({
          ignore_rule: {
            kind: 1,
            reason: 2,
            reason_label: 'Not relevant',
            comment: 'Lab only',
            expires_at: '2026-12-31T22:59:59.000Z',
            at: '2026-11-20T09:00:00.000Z',
            by: { id: 2, email: 'alice@example.com' },
          },
        }),
      )
      .on('POST', 'remediation/vulnerability/unignore/', { unignored: 3 });
    const { user } = renderWithApp(<IssuePage />, { path: PATH, url: issueRoute(HID) });
    const notice = await screen.findByRole('status', { name: /Ignored on all assets/ });
    expect(within(notice).getByText(/Not relevant, until .*, by alice@example.com/)).toBeInTheDocument();
    expect(within(notice).getByText(/start ignored the same way/)).toBeInTheDocument();
    expect(within(notice).getByText('“Lab only”')).toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Un-ignore on all assets' }));
    await waitFor(() => expect(stub.calls('POST', 'remediation/vulnerability/unignore/')).toHaveLength(1));
    expect(stub.calls('POST', 'remediation/vulnerability/unignore/')[0]!.body).toEqual({ hid: HID });
  });

  it('shows no rule notice when the issue is not ignored on all its assets', async () => {
    api();
    renderWithApp(<IssuePage />, { path: PATH, url: issueRoute(HID) });
    await screen.findByRole('tab', { name: 'Overview' });
    expect(screen.queryByText(/on all assets$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Un-ignore on all assets' })).not.toBeInTheDocument();
  });

  it("shows a finding's evidence and how it was found, and another finding's when picked", async () => {
    const stub = api();
    const { user, search } = renderWithApp(<IssuePage />, { path: PATH, url: issueRoute(HID, 'evidence') });
    const evidence = await screen.findByRole('region', { name: 'Evidence' });
    expect(within(evidence).getByText('SSH-2.0-OpenSSH_9.2p1 Debian-2')).toBeInTheDocument();
    expect(screen.getByText('Announced version')).toBeInTheDocument();
    expect(screen.getByText('cpe:2.3:a:openbsd:openssh:9.2:p1')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Finding' }));
    await user.click(await screen.findByRole('option', { name: /web-01/ }));
    expect(await screen.findByText('SSH-2.0-OpenSSH_9.2p1 on 2222')).toBeInTheDocument();
    expect(search().get('finding')).toBe('12');
    expect(stub.calls('GET', 'remediation/vulnerability/12/')).toHaveLength(1);
  });

  it("shows the chosen finding's timeline with who ignored it, why, until when, and what followed", async () => {
    api().on(
      'GET',
      'remediation/vulnerability/12/',
      aFindingDetail({
        id: 12,
        timeline: [
          {
            at: '2026-11-01T10:00:00.000Z',
            event: 'detected',
            label: 'Detected',
            run: { id: 40, scan_id: 3, scan_name: 'Weekly' },
            user: null,
            reason_label: null,
            comment: null,
            expires_at: null,
          },
          {
            at: '2026-11-21T09:00:00.000Z',
            event: 'ignored',
            label: 'Ignored',
            run: null,
            user: { id: 2, email: 'alice@example.com' },
            reason_label: 'Risk accepted',
            comment: 'Behind the VPN',
            expires_at: '2026-12-01T12:00:00.000Z',
          },
          {
            at: '2026-12-01T12:00:00.000Z',
            event: 'expired',
            label: '',
            run: null,
            user: null,
            reason_label: null,
            comment: null,
            expires_at: null,
          },
          {
            at: '2026-12-02T08:00:00.000Z',
            event: 'unignored',
            label: 'Un-ignored',
            run: null,
            user: { id: 3, email: 'bob@example.com' },
            reason_label: null,
            comment: null,
            expires_at: null,
          },
        ],
        ignored: anIgnore(),
      }),
    );
    renderWithApp(<IssuePage />, { path: PATH, url: `${issueRoute(HID, 'timeline')}?finding=12` });
    const timeline = await screen.findByRole('region', { name: 'Timeline of OpenSSH regreSSHion on db-01' });
    expect(within(timeline).getByText('Detected')).toBeInTheDocument();
    expect(within(timeline).getByRole('link', { name: 'Weekly' })).toHaveAttribute('href', '/scans/scans/view/nscan/40');
    expect(within(timeline).getByText('Ignored')).toBeInTheDocument();
    expect(within(timeline).getByText('Reason: Risk accepted, until 2026-12-01, by alice@example.com')).toBeInTheDocument();
    expect(within(timeline).getByText('“Behind the VPN”')).toBeInTheDocument();
    // No label from the server: ours.
    expect(within(timeline).getByText('Ignore ran out')).toBeInTheDocument();
    expect(within(timeline).getByText('Un-ignored')).toBeInTheDocument();
    expect(within(timeline).getByText('by bob@example.com')).toBeInTheDocument();
  });

  it('says so when the issue is on no asset the user may see, and offers the findings that mention the CVE', async () => {
    stubApi().on('GET', 'unified-assets/issues/CVE-2021-44228/details/', json({ detail: 'Not found.' }, 404));
    renderWithApp(<IssuePage />, { path: PATH, url: issueRoute('CVE-2021-44228') });
    expect(await screen.findByRole('alert')).toHaveTextContent('This vulnerability is not on any asset you may see');
    expect(screen.getByRole('link', { name: 'Findings that mention CVE-2021-44228' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities?group=asset&cve=CVE-2021-44228&state=active&state=ignored',
    );
  });
});

describe('OtherFindingPage', () => {
  it('says plainly that missing patches come with authenticated scans, and leads back to the list', async () => {
    stubApi();
    renderWithApp(<OtherFindingPage />, { path: '/vm/unified-vulnerabilities/kb/:hid', url: '/vm/unified-vulnerabilities/kb/KB5034441' });
    expect(screen.getByRole('heading', { level: 1, name: 'Missing patch KB5034441' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/authenticated scans/);
    expect(screen.getByRole('link', { name: 'See the vulnerabilities scans found' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities',
    );
  });
});
