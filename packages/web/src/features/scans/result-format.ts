// Pure rules of the scan result page: severities, finding cells (CVE links, host:port, CVSS, EPSS), the findings filter.
import { SEVERITY_LABELS, type FindingRow, type Severity } from '@bulwark/core';
import type { FilterDef } from '../../components/filter-bar/index.ts';
import { DETECTION_LABELS, DETECTION_METHODS } from '@bulwark/core';

export const RESULT_PAGE_SIZE = 25;

/** Severities from the most to the least severe, as filters and bars list them. */
export const SEVERITIES_DESC: readonly Severity[] = [4, 3, 2, 1, 0];

const SEVERITY_COLORS: Record<Severity, string> = { 0: 'gray', 1: 'blue', 2: 'yellow', 3: 'orange', 4: 'red' };

export function severityLabel(code: number): string {
  return SEVERITY_LABELS[code as Severity] ?? 'Unknown';
}

export function severityColor(code: number): string {
  return SEVERITY_COLORS[code as Severity] ?? 'gray';
}

export interface SeverityBar {
  severity: Severity;
  label: string;
  count: number;
  color: string;
  /** Share of the largest count, 0-100, for the bar's length. */
  percent: number;
}

/** severity_counts as the server sends them (index = severity 0-4) as bars, most severe first. */
export function severityBars(counts: readonly number[]): SeverityBar[] {
  const max = Math.max(0, ...SEVERITIES_DESC.map((s) => counts[s] ?? 0));
  return SEVERITIES_DESC.map((severity) => {
    const count = counts[severity] ?? 0;
    return {
      severity,
      label: SEVERITY_LABELS[severity],
      count,
      color: SEVERITY_COLORS[severity],
      percent: max === 0 ? 0 : (count / max) * 100,
    };
  });
}

/** The address and port of a finding: '10.0.0.5:443/tcp', or the address alone for host-level findings. */
export function findingLocation(f: Pick<FindingRow, 'address' | 'port' | 'protocol'>): string {
  if (f.port === null) return f.address;
  const host = f.address.includes(':') ? `[${f.address}]` : f.address;
  return `${host}:${f.port}${f.protocol ? `/${f.protocol}` : ''}`;
}

/** Every CVE of a finding, the main one first, without repeats. */
export function findingCves(f: Pick<FindingRow, 'cve' | 'cves'>): string[] {
  return [...new Set([...(f.cve ? [f.cve] : []), ...f.cves])];
}

/** The public record of a CVE at NVD. */
export function cveUrl(cve: string): string {
  return `https://nvd.nist.gov/vuln/detail/${encodeURIComponent(cve)}`;
}

export function formatCvss(cvss: number | null): string {
  return cvss === null ? '–' : cvss.toFixed(1);
}

/** EPSS probability (0-1) as a percentage with two decimals; '–' when unknown. */
export function formatEpssPercent(epss: number | null): string {
  return epss === null ? '–' : `${(epss * 100).toFixed(2)}%`;
}

const STATE_COLORS: Record<string, string> = { New: 'blue', Active: 'orange', Reopened: 'red', Closed: 'gray' };

export function findingStateColor(label: string): string {
  return STATE_COLORS[label] ?? 'gray';
}

/** Highest risk first until the user sorts by another heading. */
export const DEFAULT_FINDING_ORDERING = '-risk_score';

/** The findings tab's filter: severities, sent as a repeated `severity` parameter. */
export const FINDING_FILTERS: readonly FilterDef[] = [
  {
    kind: 'multi-select',
    name: 'severity',
    label: 'Severity',
    placeholder: 'Any severity',
    options: SEVERITIES_DESC.map((s) => ({ value: String(s), label: severityLabel(s) })),
    width: 260,
  },
  {
    kind: 'multi-select',
    name: 'detection',
    label: 'Detection',
    placeholder: 'Any detection',
    options: DETECTION_METHODS.map((d) => ({ value: d, label: DETECTION_LABELS[d] })),
    width: 320,
  },
];

/** 'nginx 1.24.0' from product and version; '–' when the product is not known. */
export function productText(port: { product: string | null; version: string | null }): string {
  if (!port.product) return '–';
  return port.version ? `${port.product} ${port.version}` : port.product;
}

export { riskScoreColor } from '../../components/risk-colors.ts';
