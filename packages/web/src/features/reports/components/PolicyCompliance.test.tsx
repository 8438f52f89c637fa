// A policy report's compliance in the report's web view: the figures, each host worst first with its score and a link
// to the policy run it came from, the rules failing on most hosts; nothing of it in a report of another scope; and a
// sentence when no host has a policy result.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reportData, type ReportData } from '@bulwark/core';
import { ReportView } from './ReportView.tsx';
import { renderWithApp } from '../../../../test/support/render.tsx';

function aPolicyReport(o: Partial<ReportData> = {}): ReportData {
  return reportData.parse({
    title: 'Baseline compliance',
    description: '',
    logo: null,
    scope_label: 'Policy scan runs',
    generated_at: '2026-11-30T06:00:00Z',
    sections: ['scan_coverage'],
    summary: {
      average_risk_score: 0,
      assets_scored: 0,
      open_findings: 3,
      open_issues: 2,
      affected_assets: 2,
      by_severity: [0, 0, 2, 1, 0],
      exploit_known: 0,
      ransomware_known: 0,
    },
    trend: [],
    top_issues: [],
    exposed_assets: [],
    kev: [],
    remediation: { days: 30, detected: 3, fixed: 0, mttr_days: [null, null, null, null, null], ignored: 0 },
    coverage: { assets: 3, scanned_30d: 3, never_scanned: 0, runs_30d: 3 },
    findings_count: 3,
    policy_compliance: {
      hosts: 2,
      average_score: 25,
      counts: { pass: 1, fail: 3, error: 0, unknown: 0, notapplicable: 0, notchecked: 0 },
      host_results: [
        {
          asset: 'office-pc',
          address: '10.0.0.3',
          policy_name: 'Unix baseline',
          score: 0,
          pass: 0,
          fail: 2,
          error: null,
          run: 41,
          finished: '2026-11-29T03:10:00Z',
        },
        {
          asset: '10.0.0.1',
          address: '10.0.0.1',
          policy_name: 'Unix baseline',
          score: 50,
          pass: 1,
          fail: 1,
          error: null,
          run: 40,
          finished: '2026-11-29T03:05:00Z',
        },
      ],
      failed_rules: [
        { rule_id: 'r:ssh', title: 'SSH root login off', severity: 'high', hosts: 2 },
        { rule_id: 'r:fw', title: 'Firewall on', severity: 'medium', hosts: 1 },
      ],
    },
    ...o,
  });
}

describe('PolicyCompliance in the report view', () => {
  it('shows the figures, the hosts worst first linking to their policy runs, and the rules failing on most hosts', async () => {
    renderWithApp(<ReportView data={aPolicyReport()} />);
    const section = await screen.findByRole('region', { name: 'Policy compliance' });
    expect(within(section).getByText('Hosts checked').nextSibling).toHaveTextContent('2');
    expect(within(section).getByText('25%')).toBeInTheDocument();
    const hosts = within(section).getByRole('table', { name: 'Hosts by policy score' });
    const rows = within(hosts).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['office-pc10.0.0.3', '10.0.0.1']);
    expect(within(rows[0]!).getByRole('link', { name: 'Policy run of office-pc' })).toHaveAttribute('href', '/scans/scans/view/oscan/41');
    const rules = within(section).getByRole('table', { name: 'Rules failing on most hosts' });
    expect(
      within(rules)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['SSH root login offr:sshhigh2', 'Firewall onr:fwmedium1']);
  });

  it('is not shown in a report of another scope, and says so when no host has a result', async () => {
    const first = renderWithApp(<ReportView data={aPolicyReport({ policy_compliance: undefined })} />);
    await screen.findByTestId('report-view');
    expect(screen.queryByRole('region', { name: 'Policy compliance' })).not.toBeInTheDocument();
    first.unmount();
    renderWithApp(
      <ReportView
        data={aPolicyReport({
          policy_compliance: {
            hosts: 0,
            average_score: null,
            counts: { pass: 0, fail: 0, error: 0, unknown: 0, notapplicable: 0, notchecked: 0 },
            host_results: [],
            failed_rules: [],
          },
        })}
      />,
    );
    const section = await screen.findByRole('region', { name: 'Policy compliance' });
    expect(within(section).getByText('No host in this report has a policy result yet.')).toBeInTheDocument();
  });
});
