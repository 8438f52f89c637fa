// Quality of detection on the vulnerability screens against a stubbed API: the list says how many findings the
// customer's minimum hid and shows them on request (qod_min=0) with a QoD column; the filter kept in the URL; an issue's
// overview shows its QoD with its level; the dashboard says how many open findings the minimum left out of its figures.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboard } from '@bulwark/core';
import DashboardPage from '../../dashboard/DashboardPage.tsx';
import VulnerabilitiesPage from '../VulnerabilitiesPage.tsx';
import { IssueOverview } from './IssueOverview.tsx';
import { json, page, stubApi, type ApiStub } from '../../../../test/support/api-stub.ts';
import { aSession } from '../../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../../test/support/render.tsx';
import { aVulnerability, anIssue, anIssueDetails, NOTHING_IGNORED } from '../../../../test/support/vulnerabilities.ts';

const PATH = '/vm/unified-vulnerabilities';
const ISSUES = 'unified-assets/issues/';
const FINDINGS = 'remediation/vulnerability-simple/';

const CHECK = aVulnerability({
  id: 21,
  hid: 'nvt-ssh-terrapin',
  name: 'SSH Terrapin',
  cve: null,
  cves: [],
  qod: 95,
  qod_label: '95 % (High)',
});
const BANNER_CVE = aVulnerability({ id: 22, qod: 30, qod_label: '30 % (Low)' });

function api(): ApiStub {
  return stubApi()
    .on('GET', 'tags_basics/', [])
    .on('GET', 'remediation/vm-filter-collection/', [])
    .on('GET', 'unified-assets/issues-ignored-details/', NOTHING_IGNORED)
    .on('GET', ISSUES, { ...page([anIssue({ hid: 'nvt-ssh-terrapin', name: 'SSH Terrapin', qod: 95 })]), qod: { min: 70, hidden: 2 } })
    .on('OPTIONS', ISSUES, { count: 1, exact: true })
    .on('GET', FINDINGS, (request) =>
      request.query.get('qod_min') === '0'
        ? json({ ...page([CHECK, BANNER_CVE]), qod: { min: 0, hidden: 0 } })
        : json({ ...page([CHECK]), qod: { min: 70, hidden: 1 } }),
    )
    .on('OPTIONS', FINDINGS, { count: 1, exact: true });
}

describe('quality of detection in the vulnerability list', () => {
  it('says how many findings the minimum hid, and shows them with their QoD on request', async () => {
    const stub = api();
    const { user } = renderWithApp(<VulnerabilitiesPage />, { path: PATH, url: `${PATH}?group=asset` });
    const table = await screen.findByRole('table', { name: 'Findings' });
    expect(within(table).queryByRole('columnheader', { name: 'QoD' })).not.toBeInTheDocument();
    const notice = await screen.findByTestId('qod-hidden');
    expect(notice).toHaveTextContent('1 finding below the minimum quality of detection (70 %) is hidden —');
    expect(stub.calls('GET', FINDINGS).at(-1)!.query.has('qod_min')).toBe(false);

    await user.click(within(notice).getByRole('button', { name: 'Show them' }));
    await waitFor(() => expect(stub.calls('GET', FINDINGS).at(-1)!.query.get('qod_min')).toBe('0'));
    expect(await within(table).findByRole('columnheader', { name: /QoD/ })).toBeInTheDocument();
    expect(await within(table).findByText('30 % · Low')).toBeInTheDocument();
    expect(within(table).getByText('95 % · High')).toBeInTheDocument();
    expect(screen.queryByTestId('qod-hidden')).not.toBeInTheDocument();
    expect(screen.getByText(/Quality of detection: Show low-confidence findings/)).toBeInTheDocument();
  });

  it('says it by issue too', async () => {
    api();
    renderWithApp(<VulnerabilitiesPage />, { path: PATH });
    expect(await screen.findByTestId('qod-hidden')).toHaveTextContent(
      '2 findings below the minimum quality of detection (70 %) are hidden',
    );
  });

  it('keeps qod_min from the URL, with the QoD column', async () => {
    const stub = api();
    renderWithApp(<VulnerabilitiesPage />, { path: PATH, url: `${PATH}?qod_min=90` });
    await waitFor(() => expect(stub.calls('GET', ISSUES).at(-1)?.query.get('qod_min')).toBe('90'));
    const table = await screen.findByRole('table', { name: 'Vulnerabilities' });
    expect(within(table).getByRole('columnheader', { name: /QoD/ })).toBeInTheDocument();
  });
});

describe('quality of detection on an issue', () => {
  it('shows the QoD with its level', () => {
    renderWithApp(<IssueOverview issue={anIssueDetails({ qod: 80, qod_label: '80 % (Middling)' })} />, { path: '/' });
    expect(screen.getByText('Quality of detection')).toBeInTheDocument();
    expect(screen.getByText('80 % · Middling')).toBeInTheDocument();
  });
});

const SUMMARY = {
  average_risk_score: 40,
  assets_scored: 1,
  open_findings: 1,
  open_issues: 1,
  affected_assets: 1,
  by_severity: [0, 0, 1, 0, 0],
  exploit_known: 0,
  ransomware_known: 0,
  qod: { min: 70, hidden: 3 },
};

describe('quality of detection on the dashboard', () => {
  it('says how many open findings the minimum left out, linking to the list that shows them', async () => {
    const mine = dashboard.parse({
      id: 1,
      name: 'My dashboard',
      scope: 'dashboard',
      team: null,
      tag: null,
      is_default: true,
      created: '2026-11-20T10:00:00.000Z',
      updated: '2026-11-20T10:00:00.000Z',
    });
    stubApi()
      .on('GET', 'dashboard/dashboards/', [mine])
      .on('GET', 'dashboard/widgets/', page([]))
      .on('GET', 'unified-assets/issues-summary/', SUMMARY);
    renderWithApp(<DashboardPage />, { path: '/dashboard', session: aSession() });
    const line = await screen.findByTestId('qod-hidden-summary');
    expect(line).toHaveTextContent('3 findings below the minimum quality of detection (70 %) are hidden — Show them');
    expect(within(line).getByRole('link', { name: 'Show them' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities?group=asset&qod_min=0',
    );
  });

  it('says nothing when the minimum hid nothing', async () => {
    stubApi()
      .on('GET', 'dashboard/dashboards/', [])
      .on('GET', 'unified-assets/issues-summary/', { ...SUMMARY, qod: { min: 70, hidden: 0 } });
    renderWithApp(<DashboardPage />, { path: '/dashboard', session: aSession() });
    await waitFor(() => expect(screen.queryByTestId('qod-hidden-summary')).not.toBeInTheDocument());
  });
});
