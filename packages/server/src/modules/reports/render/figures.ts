// What the PDF and HTML reports both print, as plain text (figures, sentences, table cells, the order of sections),
// and the writer with back-pressure both stream through: one place, so both formats say the same thing.
import { once } from 'node:events';
import {
  REPORT_SECTION_LABELS,
  SEVERITY_LABELS,
  hiddenBelowQodMessage,
  type ReportData,
  type ReportFindingRow,
  type ReportSection,
} from '@bulwark/core';

/**
 * Called while the findings table is written: every {@link PROGRESS_EVERY} rows and once at the end, with the rows
 * written so far (not at all when the report has no findings section).
 */
export interface RenderProgress {
  (rowsWritten: number): void | Promise<void>;
}

export const PROGRESS_EVERY = 500;

/** Severities as reports list them: Critical first. */
export const SEVERITY_ORDER = [4, 3, 2, 1, 0] as const;

/** The sections in print order: as the template lists them, except the findings table, always last (it is the big one). */
export function sectionsInOrder(sections: readonly ReportSection[]): ReportSection[] {
  const ordered: ReportSection[] = sections.filter((s) => s !== 'findings');
  if (sections.includes('findings')) ordered.push('findings');
  return ordered;
}

/** `generated_at` as `YYYY-MM-DD HH:MM UTC` (the text as given if it is no date). */
export function utcStamp(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
export const oneDecimal = (n: number) => n.toFixed(1);
export const mttrText = (days: number | null) => (days === null ? '—' : `${oneDecimal(days)} days`);

/** The executive summary in one plain sentence, e.g. "40 findings are open on 9 assets, 12 critical and 20 high; …". */
export function summarySentence(data: ReportData): string {
  const hidden = data.qod && data.qod.hidden > 0 ? ` ${hiddenBelowQodMessage(data.qod.hidden, data.qod.min)}.` : '';
  return openSentence(data) + hidden;
}

function openSentence(data: ReportData): string {
  const s = data.summary;
  if (s.open_findings === 0) return 'No findings are open.';
  const critical = s.by_severity[4] ?? 0;
  const high = s.by_severity[3] ?? 0;
  const open = `${plural(s.open_findings, 'finding is', 'findings are')} open on ${plural(s.affected_assets, 'asset', 'assets')}`;
  const worst = critical + high === 0 ? 'none of them critical or high' : `${critical} critical and ${high} high`;
  const exploited =
    s.exploit_known === 0
      ? 'none is known to be exploited'
      : `${s.exploit_known} ${s.exploit_known === 1 ? 'is' : 'are'} known to be exploited` +
        (s.ransomware_known > 0 ? `, ${s.ransomware_known} in ransomware campaigns` : '');
  return `${open}, ${worst}; ${exploited}.`;
}

/** A label and its value, printed on one line. */
export type Figure = readonly [label: string, value: string];

export function summaryFigures(data: ReportData): Figure[] {
  const s = data.summary;
  return [
    ['Average risk score', oneDecimal(s.average_risk_score)],
    ['Open findings', String(s.open_findings)],
    ['Open issues', String(s.open_issues)],
    ['Affected assets', String(s.affected_assets)],
    ['Known exploited (KEV)', String(s.exploit_known)],
    ['Used by ransomware', String(s.ransomware_known)],
  ];
}

export function severityFigures(data: ReportData): Figure[] {
  return SEVERITY_ORDER.map((s) => [SEVERITY_LABELS[s], String(data.summary.by_severity[s] ?? 0)]);
}

export function remediationFigures(data: ReportData): Figure[] {
  const r = data.remediation;
  return [
    [`Detected in the last ${r.days} days`, String(r.detected)],
    [`Fixed in the last ${r.days} days`, String(r.fixed)],
    ['Ignored', String(r.ignored)],
  ];
}

/** Mean time to remediate by severity, Critical first ("—": none closed in the window). */
export function mttrFigures(data: ReportData): Figure[] {
  return SEVERITY_ORDER.map((s) => [SEVERITY_LABELS[s], mttrText(data.remediation.mttr_days[s] ?? null)]);
}

export function coverageFigures(data: ReportData): Figure[] {
  const c = data.coverage;
  return [
    ['Assets', String(c.assets)],
    ['Scanned in the last 30 days', String(c.scanned_30d)],
    ['Never scanned', String(c.never_scanned)],
    ['Scan runs in the last 30 days', String(c.runs_30d)],
  ];
}

const severityLabel = (n: number) => SEVERITY_LABELS[n as keyof typeof SEVERITY_LABELS] ?? String(n);

export const ISSUE_COLUMNS = ['Issue', 'Name', 'Severity', 'Risk', 'Assets', 'KEV'] as const;
export function issueCells(rows: ReportData['top_issues']): string[][] {
  return rows.map((r) => [
    r.hid,
    r.name,
    severityLabel(r.severity),
    oneDecimal(r.risk_score),
    String(r.assets),
    r.exploit_known ? 'yes' : 'no',
  ]);
}

export const ASSET_COLUMNS = ['Asset', 'Address', 'Risk', 'Findings', 'Critical', 'High'] as const;
export function assetCells(rows: ReportData['exposed_assets']): string[][] {
  return rows.map((r) => [r.name, r.address ?? '—', oneDecimal(r.risk_score), String(r.findings), String(r.critical), String(r.high)]);
}

export const FINDING_COLUMNS = [
  'Asset',
  'Address',
  'Port',
  'Issue',
  'Severity',
  'Risk',
  'CVSS',
  'EPSS',
  'KEV',
  'State',
  'Last seen',
] as const;
/** A findings row's cells in {@link FINDING_COLUMNS} order; the issue shows its id and name. */
export function findingCells(r: ReportFindingRow): string[] {
  const issue = r.issue && r.name && r.issue !== r.name ? `${r.issue} ${r.name}` : r.issue || r.name;
  return [r.asset, r.address, r.port, issue, r.severity, r.risk_score, r.cvss, r.epss, r.exploit_known, r.state, r.last_seen];
}

export const findingsHeading = (data: ReportData) => `${REPORT_SECTION_LABELS.findings} (${data.findings_count})`;

/**
 * Writes to `out` with back-pressure: `write` queues, `ready` waits while `out` is over its high-water mark. A
 * failure of `out` is kept and thrown by the next `ready` or `end`, never left unhandled.
 */
export class Sink {
  private failure: unknown = null;
  private drained: Promise<void> | null = null;

  constructor(private readonly out: NodeJS.WritableStream) {
    out.on('error', (e: unknown) => {
      this.failure ??= e;
    });
  }

  write(chunk: string | Uint8Array): void {
    if (!this.out.write(chunk) && this.drained === null) {
      this.drained = once(this.out, 'drain').then(() => {
        this.drained = null;
      });
      this.drained.catch(() => undefined);
    }
  }

  async ready(): Promise<void> {
    if (this.failure !== null) throw this.failure;
    if (this.drained !== null) await this.drained;
  }

  /** Ends `out` and resolves once everything is written out. */
  async end(): Promise<void> {
    await this.ready();
    const finished = once(this.out, 'finish');
    this.out.end();
    await finished;
  }
}

/** Whether a chart would show anything: a chart of zeros only is left out and said in words instead. */
export const anyOpenFindings = (data: ReportData): boolean => Object.values(data.summary.by_severity).some((n) => Number(n) > 0);
export const anyClosedInWindow = (data: ReportData): boolean => data.remediation.mttr_days.some((d) => d !== null);
export const noOpenFindingsText = 'No open findings: nothing to chart.';
export const noneClosedText = (data: ReportData): string =>
  `No finding was closed in the last ${data.remediation.days} days, so there is no time to remediate to chart yet.`;
