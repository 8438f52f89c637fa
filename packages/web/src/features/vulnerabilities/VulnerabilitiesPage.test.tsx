// The vulnerability list against a stubbed API: issues by default (names linking to the issue page), the filters sent
// in the §3 encodings and kept in the URL, the grouping toggle switching calls, sorting, a default saved filter applied
// when the list opens bare, saving a view under a taken name (409 on the field), ignoring by ids, by hid and by filter
// (with a 400 field error), un-ignoring, the ignored summary, the export link and the empty states.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { issueRoute } from '@bulwark/core';
import VulnerabilitiesPage from './VulnerabilitiesPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aSavedFilter, aVulnerability, anIgnore, anIssue, NOTHING_IGNORED } from '../../../test/support/vulnerabilities.ts';

const PATH = '/vm/unified-vulnerabilities';
const ISSUES = 'unified-assets/issues/';
const FINDINGS = 'remediation/vulnerability-simple/';
const SAVED = 'remediation/vm-filter-collection/';
const IGNORE = 'remediation/vulnerability/ignore/';

const ISSUE_ROWS = [
  anIssue(),
  anIssue({
    hid: 'nvt-http-trace-enabled',
    name: 'HTTP TRACE enabled',
    cve: null,
    cves: [],
    check_id: 'http-trace-enabled',
    severity: 1,
    severity_label: 'Low',
    exploit_known: false,
    risk_score: 8,
    assets: 1,
    findings: 1,
  }),
];
const FINDING_ROWS = [
  aVulnerability(),
  aVulnerability({ id: 12, asset: { id: 8, asset_name: 'web-01', asset_type: 2, criticality: 2 }, ignored: anIgnore() }),
];

function api(saved = [] as unknown[]): ApiStub {
  return stubApi()
    .on('GET', 'tags_basics/', [{ id: 4, name: 'Production', color: '#1c7ed6', is_dynamic: false }])
    .on('GET', SAVED, saved)
    .on('GET', 'unified-assets/issues-ignored-details/', NOTHING_IGNORED)
    .on('GET', ISSUES, page(ISSUE_ROWS))
    .on('OPTIONS', ISSUES, { count: 4, exact: true })
    .on('GET', FINDINGS, page(FINDING_ROWS))
    .on('OPTIONS', FINDINGS, { count: 2, exact: true });
}
const lastQuery = (stub: ApiStub, path: string) => stub.calls('GET', path).at(-1)!.query;

describe('VulnerabilitiesPage', () => {
  it('lists issues worst first: the name links to the issue page, with severity, risk, EPSS, KEV and counts', async () => {
    const stub = api();
    renderWithApp(<VulnerabilitiesPage />, { path: PATH });
    const table = await screen.findByRole('table', { name: 'Vulnerabilities' });
    const row = within(table).getByRole('row', { name: /regreSSHion/ });
    expect(within(row).getByRole('link', { name: 'OpenSSH regreSSHion' })).toHaveAttribute('href', issueRoute('CVE-2024-6387'));
    expect(within(row).getByText('High')).toBeInTheDocument();
    expect(within(row).getByLabelText('Risk score 71')).toBeInTheDocument();
    expect(within(row).getByText('43.21%')).toBeInTheDocument();
    expect(within(row).getByText('KEV')).toBeInTheDocument();
    expect(row).toHaveAttribute('data-hid', 'CVE-2024-6387');
    expect(within(table).getByRole('link', { name: 'HTTP TRACE enabled' })).toHaveAttribute('href', issueRoute('nvt-http-trace-enabled'));
    expect(lastQuery(stub, ISSUES).get('ordering')).toBe('-risk_score');
    expect(stub.calls('GET', FINDINGS)).toHaveLength(0);
    expect(await screen.findByText('2 vulnerabilities · 4 findings')).toBeInTheDocument();
  });

  it('sends the filters of the URL in the §3 encodings', async () => {
    const stub = api();
    const url =
      `${PATH}?severity=4&severity=3&state=active&exploit_known=true&risk_score_min=40&epssv1_min=50&epssv1_max=90` +
      '&port=22,%20443&include_tags=-4&cve=cve-2024-6387&last_detected_after=2026-11-01&finding_state=3';
    renderWithApp(<VulnerabilitiesPage />, { path: PATH, url });
    await screen.findByRole('table', { name: 'Vulnerabilities' });
    const q = lastQuery(stub, ISSUES);
    expect(q.getAll('severity')).toEqual(['4', '3']);
    expect(q.getAll('state')).toEqual(['active']);
    expect(q.get('exploit_known')).toBe('true');
    expect(q.get('risk_score_min')).toBe('40');
    expect(q.get('epssv1_min')).toBe('0.5');
    expect(q.get('epssv1_max')).toBe('0.9');
    expect(q.getAll('port')).toEqual(['22', '443']);
    expect(q.getAll('include_tags')).toEqual(['-4']);
    expect(q.get('cve')).toBe('CVE-2024-6387');
    expect(q.get('last_detected_after')).toBe(new Date('2026-11-01T00:00:00').toISOString());
    expect(q.getAll('finding_state')).toEqual(['3']);
    // The count asks with the same filters, without paging.
    const count = stub.calls('OPTIONS', ISSUES).at(-1)!.query;
    expect(count.get('epssv1_min')).toBe('0.5');
    expect(count.get('page')).toBeNull();
  });

  it('filters by state and EPSS from the bar, sending EPSS as 0-1 and keeping the shown values in the URL', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<VulnerabilitiesPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Vulnerabilities' });
    const bar = screen.getByRole('search', { name: 'Filter vulnerabilities' });
    await user.click(within(bar).getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Ignored or disabled' }));
    await waitFor(() => expect(lastQuery(stub, ISSUES).getAll('state')).toEqual(['ignored']));
    expect(search().getAll('state')).toEqual(['ignored']);

    await user.click(within(bar).getByRole('button', { name: 'More filters' }));
    await user.type(within(bar).getByRole('textbox', { name: 'EPSS % min' }), '20');
    await waitFor(() => expect(lastQuery(stub, ISSUES).get('epssv1_min')).toBe('0.2'));
    expect(search().get('epssv1_min')).toBe('20');
    expect(lastQuery(stub, ISSUES).getAll('state')).toEqual(['ignored']);
  });

  it('groups by asset: asks for the findings instead, one row per asset and port', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<VulnerabilitiesPage />, { path: PATH, url: `${PATH}?ordering=-assets` });
    await screen.findByRole('table', { name: 'Vulnerabilities' });
    expect(lastQuery(stub, ISSUES).get('ordering')).toBe('-assets');
    await user.click(screen.getByRole('radio', { name: 'Asset' }));
    const table = await screen.findByRole('table', { name: 'Findings' });
    expect(search().get('group')).toBe('asset');
    // Ordering by assets is the issue list's; the finding list starts from its own default.
    expect(search().get('ordering')).toBeNull();
    expect(lastQuery(stub, FINDINGS).get('ordering')).toBe('-risk_score');
    const row = within(table).getByRole('row', { name: /web-01/ });
    expect(within(row).getByRole('link', { name: 'web-01' })).toHaveAttribute('href', '/assets/unified-assets/view/8');
    expect(within(row).getByText('22/tcp ssh')).toBeInTheDocument();
    expect(within(row).getByText('Ignored: risk accepted, until 2026-12-01')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /Timeline of/ })).toHaveAttribute(
      'href',
      `${issueRoute('CVE-2024-6387', 'timeline')}?finding=12`,
    );
    expect(screen.getByTestId('vulnerability-count')).toHaveTextContent(/^2 findings$/);
  });

  it('sorts by a heading and keeps the order in the URL', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<VulnerabilitiesPage />, { path: PATH });
    const table = await screen.findByRole('table', { name: 'Vulnerabilities' });
    expect(within(table).getByRole('columnheader', { name: /Risk/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(table).getByRole('button', { name: /Assets/ }));
    await waitFor(() => expect(lastQuery(stub, ISSUES).get('ordering')).toBe('-assets'));
    expect(search().get('ordering')).toBe('-assets');
    await user.click(within(table).getByRole('button', { name: /Vulnerability/ }));
    await waitFor(() => expect(lastQuery(stub, ISSUES).get('ordering')).toBe('name'));
  });

  it('opens with the default saved filter when the URL holds none, and asks only once', async () => {
    const stub = api([
      aSavedFilter({ id: 1, name: 'Everything', filters: {}, is_default: false }),
      aSavedFilter({
        id: 2,
        name: 'Critical KEV',
        filters: { severity: ['4'], exploit_known: 'true', epssv1_min: '0.25', group: 'asset' },
        is_default: true,
      }),
    ]);
    const { search } = renderWithApp(<VulnerabilitiesPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Findings' });
    expect(search().getAll('severity')).toEqual(['4']);
    expect(search().get('epssv1_min')).toBe('25');
    const calls = stub.calls('GET', FINDINGS);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query.getAll('severity')).toEqual(['4']);
    expect(calls[0]!.query.get('exploit_known')).toBe('true');
    expect(calls[0]!.query.get('epssv1_min')).toBe('0.25');
    expect(stub.calls('GET', ISSUES)).toHaveLength(0);
  });

  it('keeps the filters of the URL over the default saved filter', async () => {
    const stub = api([aSavedFilter({ is_default: true })]);
    const { search } = renderWithApp(<VulnerabilitiesPage />, { path: PATH, url: `${PATH}?severity=1` });
    await screen.findByRole('table', { name: 'Vulnerabilities' });
    await waitFor(() => expect(stub.calls('GET', SAVED).length).toBeGreaterThan(0));
    expect(search().getAll('severity')).toEqual(['1']);
    expect(lastQuery(stub, ISSUES).getAll('severity')).toEqual(['1']);
    expect(search().get('exploit_known')).toBeNull();
  });

  it('applies, defaults and deletes saved views from the menu', async () => {
    const saved = aSavedFilter({ id: 3, name: 'Critical KEV' });
    const stub = api([saved])
      .on('POST', `${SAVED}:id/set-default/`, { ...saved, is_default: true })
      .on('DELETE', `${SAVED}:id/`, json(undefined, 204));
    const { user, search } = renderWithApp(<VulnerabilitiesPage />, { path: PATH, url: `${PATH}?severity=1` });
    await screen.findByRole('table', { name: 'Vulnerabilities' });
    await user.click(screen.getByRole('button', { name: 'Saved views (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Set Critical KEV as default' }));
    await waitFor(() => expect(stub.calls('POST', `${SAVED}3/set-default/`)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Apply view Critical KEV' }));
    await waitFor(() => expect(search().getAll('severity')).toEqual(['4']));
    expect(search().get('exploit_known')).toBe('true');
    await waitFor(() => expect(lastQuery(stub, ISSUES).get('exploit_known')).toBe('true'));
    await user.click(screen.getByRole('button', { name: 'Saved views (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Delete view Critical KEV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete view' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete view' }));
    await waitFor(() => expect(stub.calls('DELETE', `${SAVED}3/`)).toHaveLength(1));
  });

  it('saves the current view; a taken name is said on the name field', async () => {
    const stub = api().on('POST', SAVED, json({ name: ['Saved filter with that name already exists'] }, 409));
    const { user } = renderWithApp(<VulnerabilitiesPage />, { path: PATH, url: `${PATH}?severity=4&group=asset&ordering=asset_name` });
    await screen.findByRole('table', { name: 'Findings' });
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    const form = await screen.findByRole('form', { name: 'Save view' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Critical KEV');
    await user.click(within(form).getByRole('button', { name: 'Save view' }));
    const name = within(form).getByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByText('Saved filter with that name already exists')).toBeInTheDocument();
    expect(stub.calls('POST', SAVED)[0]!.body).toEqual({
      name: 'Critical KEV',
      filters: { severity: ['4'], group: 'asset', ordering: 'asset_name' },
    });
  });

  it('ignores the selected findings by id; a 400 lands on its field', async () => {
    let calls = 0;
    const stub = api().on('POST', IGNORE, () => {
      calls++;
      return calls === 1 ? json({ expires_at: ['Choose a moment in the future, or no expiry.'] }, 400) : json({ ignored: 2, pending: 0 });
    });
    const { user } = renderWithApp(<VulnerabilitiesPage />, { path: PATH, url: `${PATH}?group=asset` });
    const table = await screen.findByRole('table', { name: 'Findings' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select OpenSSH regreSSHion on db-01' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select OpenSSH regreSSHion on web-01' }));
    await user.click(screen.getByRole('button', { name: 'Ignore…' }));
    const form = await screen.findByRole('form', { name: 'Ignore findings' });
    expect(within(form).getByText('2 selected findings.')).toBeInTheDocument();
    // A reason is required before anything is sent.
    await user.click(within(form).getByRole('button', { name: 'Ignore' }));
    expect(await within(form).findByText('Choose a reason: false positive, risk accepted or not relevant.')).toBeInTheDocument();
    expect(stub.calls('POST', IGNORE)).toHaveLength(0);
    await user.selectOptions(within(form).getByRole('combobox', { name: /Reason/ }), 'Risk accepted');
    await user.type(within(form).getByRole('textbox', { name: 'Comment' }), 'Behind the VPN');
    await user.type(within(form).getByLabelText(/Ignore until/), '2026-12-01');
    await user.click(within(form).getByRole('button', { name: 'Ignore' }));
    expect(await within(form).findByText('Choose a moment in the future, or no expiry.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/Ignore until/)).toHaveAttribute('aria-invalid', 'true');
    expect(stub.calls('POST', IGNORE)[0]!.body).toEqual({
      ignore_kind: 1,
      reason: 1,
      comment: 'Behind the VPN',
      expires_at: new Date('2026-12-01T23:59:59').toISOString(),
      ids: [11, 12],
    });
    await user.click(within(form).getByRole('radio', { name: /Disable/ }));
    await user.click(within(form).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('2 findings disabled; they no longer count.')).toBeInTheDocument();
    expect(stub.calls('POST', IGNORE)[1]!.body).toMatchObject({ ignore_kind: 0, ids: [11, 12] });
  });

  it('ignores selected issues on all their assets, one call per hid', async () => {
    const stub = api().on('POST', IGNORE, { ignored: 3, pending: 0 });
    const { user } = renderWithApp(<VulnerabilitiesPage />, { path: PATH });
    const table = await screen.findByRole('table', { name: 'Vulnerabilities' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Ignore…' }));
    const form = await screen.findByRole('form', { name: 'Ignore findings' });
    expect(within(form).getByText(/2 selected vulnerabilities, on all their assets/)).toBeInTheDocument();
    await user.selectOptions(within(form).getByRole('combobox', { name: /Reason/ }), 'Not relevant');
    await user.click(within(form).getByRole('button', { name: 'Ignore' }));
    await waitFor(() => expect(stub.calls('POST', IGNORE)).toHaveLength(2));
    expect(stub.calls('POST', IGNORE).map((c) => c.body)).toEqual([
      { ignore_kind: 1, reason: 2, comment: '', expires_at: null, hid: 'CVE-2024-6387' },
      { ignore_kind: 1, reason: 2, comment: '', expires_at: null, hid: 'nvt-http-trace-enabled' },
    ]);
    expect(await screen.findByText('6 findings ignored; they no longer count.')).toBeInTheDocument();
  });

  it('ignores everything the filters match, sending the filter', async () => {
    const stub = api().on('POST', IGNORE, { ignored: 0, pending: 4 });
    const { user } = renderWithApp(<VulnerabilitiesPage />, { path: PATH, url: `${PATH}?severity=4&epssv1_min=10` });
    await screen.findByRole('table', { name: 'Vulnerabilities' });
    await user.click(await screen.findByRole('button', { name: 'Ignore all 4 matching findings…' }));
    const form = await screen.findByRole('form', { name: 'Ignore findings' });
    await user.selectOptions(within(form).getByRole('combobox', { name: /Reason/ }), 'Risk accepted');
    await user.click(within(form).getByRole('button', { name: 'Ignore' }));
    await waitFor(() => expect(stub.calls('POST', IGNORE)).toHaveLength(1));
    expect(stub.calls('POST', IGNORE)[0]!.body).toEqual({
      ignore_kind: 1,
      reason: 1,
      comment: '',
      expires_at: null,
      filter: { severity: ['4'], epssv1_min: '0.1' },
    });
    expect(await screen.findByText(/Risk acceptance requested for 4 findings/)).toBeInTheDocument();
  });

  it('un-ignores an ignored finding', async () => {
    const stub = api().on('POST', 'remediation/vulnerability/unignore/:id/', { unignored: 1 });
    const { user } = renderWithApp(<VulnerabilitiesPage />, { path: PATH, url: `${PATH}?group=asset&state=ignored` });
    const table = await screen.findByRole('table', { name: 'Findings' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select OpenSSH regreSSHion on db-01' }));
    // Nothing selected is ignored: nothing to un-ignore.
    expect(screen.queryByRole('button', { name: 'Un-ignore' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('checkbox', { name: 'Select OpenSSH regreSSHion on web-01' }));
    await user.click(screen.getByRole('button', { name: 'Un-ignore' }));
    await waitFor(() => expect(stub.calls('POST', 'remediation/vulnerability/unignore/12/')).toHaveLength(1));
    expect(await screen.findByText('1 finding counts again.')).toBeInTheDocument();
  });

  it('approves a risk acceptance someone else asked for', async () => {
    const stub = api()
      .on('GET', FINDINGS, page([aVulnerability({ id: 41, ignored: anIgnore({ pending: true }) })]))
      .on('POST', 'remediation/vulnerability/approve/', { approved: 1 });
    const { user } = renderWithApp(<VulnerabilitiesPage />, { path: PATH, url: `${PATH}?group=asset` });
    const table = await screen.findByRole('table', { name: 'Findings' });
    expect(within(table).getByText('Awaiting approval')).toBeInTheDocument();
    await user.click(within(table).getByRole('checkbox', { name: 'Select OpenSSH regreSSHion on db-01' }));
    await user.click(screen.getByRole('button', { name: 'Approve risk acceptance (1)' }));
    await waitFor(() => expect(stub.calls('POST', 'remediation/vulnerability/approve/')).toHaveLength(1));
    expect(stub.calls('POST', 'remediation/vulnerability/approve/')[0]!.body).toEqual({ ids: [41] });
    expect(await screen.findByText('1 risk acceptance approved.')).toBeInTheDocument();
  });

  it('un-ignores whole issues by their ignored findings', async () => {
    const stub = api()
      .on(
        'GET',
        `${ISSUES}:hid/assets/`,
        page([aVulnerability({ id: 31, ignored: anIgnore() }), aVulnerability({ id: 32, ignored: anIgnore() })]),
      )
      .on('POST', 'remediation/vulnerability/unignore/', { unignored: 2 });
    const { user } = renderWithApp(<VulnerabilitiesPage />, { path: PATH, url: `${PATH}?state=ignored` });
    const table = await screen.findByRole('table', { name: 'Vulnerabilities' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select OpenSSH regreSSHion' }));
    await user.click(screen.getByRole('button', { name: 'Un-ignore' }));
    await waitFor(() => expect(stub.calls('POST', 'remediation/vulnerability/unignore/')).toHaveLength(1));
    expect(stub.calls('GET', `${ISSUES}CVE-2024-6387/assets/`)[0]!.query.getAll('state')).toEqual(['ignored']);
    expect(stub.calls('POST', 'remediation/vulnerability/unignore/')[0]!.body).toEqual({ ids: [31, 32] });
  });

  it('warns about ignores ending soon and offers the CSV of the current filter', async () => {
    api().on('GET', 'unified-assets/issues-ignored-details/', {
      total: 5,
      ignored: 4,
      disabled: 1,
      pending: 0,
      expiring: 2,
      by_reason: [{ reason: 1, label: 'Risk accepted', count: 5 }],
    });
    renderWithApp(<VulnerabilitiesPage />, { path: PATH, url: `${PATH}?severity=4&group=asset&ordering=asset_name` });
    expect(await screen.findByText(/2 ignores end within 7 days/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review them' })).toHaveAttribute('href', `${PATH}?group=asset&state=ignored&is_expiring=true`);
    expect(screen.getByText(/Not counted: 5 findings \(4 ignored, 1 disabled\) — Risk accepted 5/)).toBeInTheDocument();
    const href = screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!;
    const [path, query] = href.split('?');
    expect(path).toBe('/api/remediation/vulnerability-simple/export/');
    expect(new URLSearchParams(query).getAll('severity')).toEqual(['4']);
    expect(new URLSearchParams(query).get('ordering')).toBe('asset_name');
  });

  it('says when no vulnerability matches the filters, and when there is none at all', async () => {
    const stub = api().on('GET', ISSUES, page([]));
    const filtered = renderWithApp(<VulnerabilitiesPage />, { path: PATH, url: `${PATH}?severity=4` });
    expect(await screen.findByText('No vulnerabilities match these filters')).toBeInTheDocument();
    filtered.unmount();
    renderWithApp(<VulnerabilitiesPage />, { path: PATH });
    expect(await screen.findByText('No open vulnerabilities')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to scans' })).toHaveAttribute('href', '/scans/scans');
    expect(stub.calls('GET', ISSUES).length).toBeGreaterThan(0);
  });

  it('sums up the exposure: average asset risk, counts, and open findings by severity linking to the filtered list', async () => {
    api().on('GET', 'unified-assets/issues-summary/', {
      average_risk_score: 42.5,
      assets_scored: 12,
      open_findings: 9,
      open_issues: 4,
      affected_assets: 3,
      by_severity: [0, 2, 3, 3, 1],
      exploit_known: 2,
      ransomware_known: 0,
    });
    renderWithApp(<VulnerabilitiesPage />, { path: PATH });
    const exposure = await screen.findByLabelText('Exposure');
    expect(within(exposure).getByLabelText('Risk score 43')).toBeInTheDocument();
    expect(within(exposure).getByText('over 12 assets')).toBeInTheDocument();
    expect(within(exposure).getByRole('link', { name: '2' })).toHaveAttribute('href', `${PATH}?exploit_known=true`);
    const bySeverity = within(exposure).getByLabelText('Open findings by severity, as a list');
    expect(within(bySeverity).getByRole('link', { name: 'Critical 1' })).toHaveAttribute('href', `${PATH}?group=asset&severity=4`);
    expect(within(bySeverity).getByRole('link', { name: 'Medium 3' })).toHaveAttribute('href', `${PATH}?group=asset&severity=2`);
  });

  it('keeps the asset the asset page links with (unified_asset) in the list call', async () => {
    const stub = api();
    renderWithApp(<VulnerabilitiesPage />, { path: PATH, url: `${PATH}?group=asset&unified_asset=7` });
    await screen.findByRole('table', { name: 'Findings' });
    await waitFor(() => expect(lastQuery(stub, FINDINGS).getAll('unified_asset')).toEqual(['7']));
  });

  it('shows no exposure card when nothing is open', async () => {
    api().on('GET', 'unified-assets/issues-summary/', {
      average_risk_score: 0,
      assets_scored: 0,
      open_findings: 0,
      open_issues: 0,
      affected_assets: 0,
      by_severity: [0, 0, 0, 0, 0],
      exploit_known: 0,
      ransomware_known: 0,
    });
    renderWithApp(<VulnerabilitiesPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Vulnerabilities' });
    expect(screen.queryByLabelText('Exposure')).not.toBeInTheDocument();
  });

  it('shows the server message of a filter it refuses', async () => {
    api().on('GET', ISSUES, json({ cve: ['Enter a CVE id, e.g. CVE-2024-6387.'] }, 400));
    renderWithApp(<VulnerabilitiesPage />, { path: PATH, url: `${PATH}?cve=CVE-20` });
    expect(await screen.findByRole('alert')).toHaveTextContent('Check the filters: Enter a CVE id, e.g. CVE-2024-6387.');
  });
});
