// The scan result page's pure rules: severity bars, finding cells (location, CVEs, CVSS, EPSS, risk), tab queries; and
// the one vocabulary of a run's counts (findings, vulnerabilities) on its summary.
import { describe, expect, it } from 'vitest';
import { buildQueryString } from '../../api/query-string.ts';
import { listQuery } from '../../components/filter-bar/index.ts';
import {
  cveUrl,
  DEFAULT_FINDING_ORDERING,
  FINDING_FILTERS,
  findingCves,
  findingLocation,
  findingStateColor,
  formatCvss,
  formatEpssPercent,
  productText,
  RESULT_PAGE_SIZE,
  riskScoreColor,
  severityBars,
  severityColor,
  severityLabel,
} from './result-format.ts';
import { foundText, runFindings, vulnerabilitiesText } from './scan-format.ts';
import { RunSummary } from './RunSummary.tsx';
import { aFinishedRun } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { screen } from '@testing-library/react';

describe('severityBars', () => {
  it('lists severities from Critical to Info, each bar relative to the largest count', () => {
    const bars = severityBars([4, 0, 2, 8, 1]);
    expect(bars.map((b) => [b.label, b.count])).toEqual([
      ['Critical', 1],
      ['High', 8],
      ['Medium', 2],
      ['Low', 0],
      ['Info', 4],
    ]);
    expect(bars[1].percent).toBe(100);
    expect(bars[0].percent).toBe(12.5);
    expect(bars[0].color).toBe('red');
  });

  it('draws empty bars when nothing was found or counts are missing', () => {
    expect(severityBars([]).every((b) => b.count === 0 && b.percent === 0)).toBe(true);
  });
});

describe('finding cells', () => {
  it('writes host:port/protocol, brackets IPv6, and the address alone without a port', () => {
    expect(findingLocation({ address: '10.0.0.5', port: 443, protocol: 'tcp' })).toBe('10.0.0.5:443/tcp');
    expect(findingLocation({ address: '2001:db8::1', port: 53, protocol: 'udp' })).toBe('[2001:db8::1]:53/udp');
    expect(findingLocation({ address: '10.0.0.5', port: null, protocol: null })).toBe('10.0.0.5');
  });

  it('lists the main CVE first without repeats, linking to NVD', () => {
    expect(findingCves({ cve: 'CVE-2024-6387', cves: ['CVE-2023-1', 'CVE-2024-6387'] })).toEqual(['CVE-2024-6387', 'CVE-2023-1']);
    expect(findingCves({ cve: null, cves: [] })).toEqual([]);
    expect(cveUrl('CVE-2024-6387')).toBe('https://nvd.nist.gov/vuln/detail/CVE-2024-6387');
  });

  it('formats CVSS, EPSS and product', () => {
    expect(formatCvss(8.1)).toBe('8.1');
    expect(formatCvss(10)).toBe('10.0');
    expect(formatCvss(null)).toBe('–');
    expect(formatEpssPercent(0.97123)).toBe('97.12%');
    expect(formatEpssPercent(null)).toBe('–');
    expect(productText({ product: 'OpenSSH', version: '9.2p1' })).toBe('OpenSSH 9.2p1');
    expect(productText({ product: 'nginx', version: null })).toBe('nginx');
    expect(productText({ product: null, version: '1.0' })).toBe('–');
  });

  it('colours severity, risk (the §9 bands) and finding state', () => {
    expect(severityLabel(4)).toBe('Critical');
    expect(severityLabel(9)).toBe('Unknown');
    expect(severityColor(3)).toBe('orange');
    expect(riskScoreColor(5)).toBe('blue');
    expect(riskScoreColor(25)).toBe('yellow');
    expect(riskScoreColor(45)).toBe('orange');
    expect(riskScoreColor(95)).toBe('red');
    expect(findingStateColor('Reopened')).toBe('red');
    expect(findingStateColor('Closed')).toBe('gray');
  });
});

describe('tab queries', () => {
  it('repeats severities and keeps the ordering of the findings tab', () => {
    const findings = (severity: string[], ordering: string, page: number) =>
      listQuery(
        {
          page,
          pageSize: RESULT_PAGE_SIZE,
          ordering,
          filters: severity.length ? { severity: { kind: 'multi-select', values: severity } } : {},
        },
        FINDING_FILTERS,
      );
    expect(buildQueryString(findings(['4', '3'], DEFAULT_FINDING_ORDERING, 2))).toBe(
      '?page=2&page_size=25&ordering=-risk_score&severity=4&severity=3',
    );
    expect(buildQueryString(findings([], 'name', 1))).toBe('?page=1&page_size=25&ordering=name');
    expect(buildQueryString(listQuery({ page: 3, pageSize: RESULT_PAGE_SIZE, ordering: undefined, filters: {} }))).toBe(
      '?page=3&page_size=25',
    );
  });
});

describe('one vocabulary for a run’s counts', () => {
  // 27 vulnerabilities (Low and above) and 8 informational findings: 35 findings, as the Findings tab lists them.
  const run = aFinishedRun({ cnt_vulns: 27, severity_counts: [8, 10, 9, 6, 2] });

  it('calls Low and above vulnerabilities and counts every finding, Info included, as findings', () => {
    expect(vulnerabilitiesText(27)).toBe('27 vulnerabilities');
    expect(vulnerabilitiesText(1)).toBe('1 vulnerability');
    expect(runFindings(run)).toBe(35);
    expect(foundText(run)).toBe('27 vulnerabilities and 8 informational findings');
    expect(foundText(aFinishedRun({ cnt_vulns: 2, severity_counts: [0, 2, 0, 0, 0] }))).toBe('2 vulnerabilities');
  });

  it('shows the run’s findings as the Findings tab counts them, split into vulnerabilities and info', () => {
    renderWithApp(<RunSummary run={run} />);
    expect(screen.getByTestId('findings-count')).toHaveTextContent('35');
    expect(screen.getByTestId('findings-split')).toHaveTextContent('findings: 27 vulnerabilities, 8 info');
    // The result badge's figure names what it counts.
    expect(screen.getByText('27 vulnerabilities')).toHaveAttribute('title', '27 vulnerabilities and 8 informational findings');
  });
});
