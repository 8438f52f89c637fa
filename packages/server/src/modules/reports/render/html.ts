// The HTML report: one self-contained file (inline CSS, charts as inline SVG, the logo as a data URL) with the same
// sections and figures as the PDF, a linked table of contents, tables screen readers can navigate, print rules for
// A4, and the findings table streamed row by row with back-pressure. Every value from the data is HTML-escaped.
import {
  mttrChart,
  REPORT_SECTION_LABELS,
  severityChart,
  trendChart,
  type ReportData,
  type ReportFindingRow,
  type ReportSection,
} from '@bulwark/core';
import { chartSvg } from './chart-svg.ts';
import {
  ASSET_COLUMNS,
  assetCells,
  coverageFigures,
  FINDING_COLUMNS,
  findingCells,
  findingsHeading,
  anyClosedInWindow,
  anyOpenFindings,
  ISSUE_COLUMNS,
  issueCells,
  mttrFigures,
  noneClosedText,
  noOpenFindingsText,
  PROGRESS_EVERY,
  remediationFigures,
  sectionsInOrder,
  severityFigures,
  Sink,
  summaryFigures,
  summarySentence,
  utcStamp,
  type Figure,
  type RenderProgress,
} from './figures.ts';

export type { RenderProgress } from './figures.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` safe inside HTML text and inside quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const CHART = { width: 720, height: 300 };
/** Rows are gathered into chunks of about this many characters before they are written to `out`. */
const CHUNK = 64 * 1024;

const STYLE = `
:root { color: #212529; background: #fff; font: 14px/1.45 Helvetica, Arial, sans-serif; }
body { max-width: 1120px; margin: 0 auto; padding: 32px 24px; }
h1 { font-size: 2rem; margin: 0 0 .5rem; }
h2 { font-size: 1.4rem; margin: 2.5rem 0 .75rem; break-after: avoid; }
h3 { font-size: 1.05rem; margin: 1.25rem 0 .5rem; break-after: avoid; }
a { color: #1864ab; }
.cover { padding-bottom: 1.5rem; border-bottom: 1px solid #dee2e6; }
.logo { display: block; max-width: 240px; max-height: 96px; margin-bottom: 1.5rem; }
.description { font-size: 1.1rem; max-width: 48rem; white-space: pre-line; }
dl.figures { display: grid; grid-template-columns: max-content max-content; gap: .25rem 2.5rem; margin: 1rem 0; }
dl.figures dt { color: #6c757d; }
dl.figures dd { margin: 0; font-weight: bold; font-variant-numeric: tabular-nums; }
figure { margin: 1rem 0; }
figure svg { max-width: 100%; height: auto; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; }
table.narrow { width: auto; min-width: 16rem; }
th, td { text-align: left; vertical-align: top; padding: .3rem .5rem; border-bottom: 1px solid #dee2e6; }
thead th { background: #f1f3f5; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
table.findings { font-size: 12px; }
table.findings td { overflow-wrap: anywhere; }
table.findings tbody tr:nth-child(even) { background: #f8f9fa; }
.muted { color: #6c757d; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@page { size: A4; margin: 16mm 14mm; @bottom-right { content: "Page " counter(page); font: 9px Helvetica, Arial, sans-serif; } }
@page findings { size: A4 landscape; }
@media print {
  :root { font-size: 11px; }
  body { max-width: none; padding: 0; }
  a { color: inherit; text-decoration: none; }
  .cover, nav.contents { break-after: page; }
  section.findings { page: findings; break-before: page; }
  thead { display: table-header-group; }
  tr, figure { break-inside: avoid; }
}
`;

function figures(list: Figure[]): string {
  return `<dl class="figures">${list.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
}

/**
 * A table with a caption for screen readers (the heading above already says it for the eye) and column headers;
 * `numeric` columns are right-aligned.
 */
function table(caption: string, columns: readonly string[], rows: string[][], numeric: readonly number[], className = ''): string {
  if (rows.length === 0) return '<p class="muted">None.</p>';
  const num = (i: number) => (numeric.includes(i) ? ' class="num"' : '');
  const head = columns.map((c, i) => `<th scope="col"${num(i)}>${escapeHtml(c)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((v, i) => `<td${num(i)}>${escapeHtml(v)}</td>`).join('')}</tr>`).join('\n');
  return (
    `<table${className ? ` class="${className}"` : ''}><caption class="visually-hidden">${escapeHtml(caption)}</caption>` +
    `<thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`
  );
}

/** A web discovery report's site: technologies, virtual hosts and (a page of) its site map. */
function discoverySection(d: NonNullable<ReportData['web_discovery']>): string {
  const tech = d.technologies.map((t) => [t.name, t.version ?? '', t.cpe ?? '']);
  const map = d.sitemap.map((e) => [e.method, e.url, String(e.status), e.source, e.title]);
  return (
    `<section id="web-discovery"><h2>Web application discovery</h2>\n` +
    `<p>${escapeHtml(d.asset)} (${escapeHtml(d.target)}): ${d.urls} URLs, ${d.forms} forms.</p>\n` +
    `<h3>Technologies</h3>${table('Technologies', ['Technology', 'Version', 'CPE'], tech, [])}\n` +
    `<h3>Virtual hosts</h3>${d.vhosts.length ? `<p>${d.vhosts.map(escapeHtml).join(', ')}</p>` : '<p class="muted">None.</p>'}\n` +
    `<h3>Site map${d.urls > d.sitemap.length ? ` (first ${d.sitemap.length} of ${d.urls})` : ''}</h3>` +
    `${table('Site map', ['Method', 'URL', 'Status', 'Found by', 'Title'], map, [2])}\n</section>\n`
  );
}

/** A policy report's compliance: the hosts' latest scores and rule results, and the rules failing on most hosts. */
function complianceSection(c: NonNullable<ReportData['policy_compliance']>): string {
  const score = (v: number | null) => (v === null ? '–' : `${v}%`);
  const hosts = c.host_results.map((h) => [
    h.asset,
    h.address,
    h.policy_name,
    score(h.score),
    String(h.pass),
    String(h.fail),
    h.error ?? '',
  ]);
  const rules = c.failed_rules.map((r) => [r.title, r.rule_id, r.severity, String(r.hosts)]);
  return (
    `<section id="policy-compliance"><h2>Policy compliance</h2>\n` +
    `<p>${c.hosts} ${c.hosts === 1 ? 'host' : 'hosts'} checked, average score ${score(c.average_score)}: ` +
    `${c.counts.pass} rules passed, ${c.counts.fail} failed, ${c.counts.error} in error, ${c.counts.notapplicable} not applicable.</p>\n` +
    `<h3>Hosts${c.hosts > c.host_results.length ? ` (worst ${c.host_results.length} of ${c.hosts})` : ''}</h3>` +
    `${table('Hosts', ['Asset', 'Address', 'Policy', 'Score', 'Passed', 'Failed', 'Error'], hosts, [3, 4, 5])}\n` +
    `<h3>Rules failing on most hosts</h3>${table('Failed rules', ['Rule', 'Id', 'Severity', 'Hosts'], rules, [3])}\n</section>\n`
  );
}

/** A two-column table of figures (severity → value), each row headed by its label. */
function figureTable(caption: string, columns: readonly [string, string], list: Figure[]): string {
  const rows = list.map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td class="num">${escapeHtml(value)}</td></tr>`);
  return (
    `<table class="narrow"><caption class="visually-hidden">${escapeHtml(caption)}</caption>` +
    `<thead><tr><th scope="col">${escapeHtml(columns[0])}</th><th scope="col" class="num">${escapeHtml(columns[1])}</th></tr></thead>` +
    `<tbody>${rows.join('')}</tbody></table>`
  );
}

/** A chart as inline SVG, announced as an image with its name (its figures follow it as text). */
function chart(svg: string, label: string): string {
  return `<figure>${svg.replace('<svg ', `<svg role="img" aria-label="${escapeHtml(label)}" `)}</figure>`;
}

const anchor = (s: ReportSection) => `section-${s}`;

function openSection(s: ReportSection, heading: string = REPORT_SECTION_LABELS[s]): string {
  const id = anchor(s);
  const className = s === 'findings' ? ' class="findings"' : '';
  return `<section id="${id}"${className} aria-labelledby="${id}-heading"><h2 id="${id}-heading">${escapeHtml(heading)}</h2>\n`;
}

/** The body of one bounded section (all but the findings table). */
function sectionBody(data: ReportData, s: Exclude<ReportSection, 'findings'>): string {
  const label = REPORT_SECTION_LABELS[s];
  switch (s) {
    case 'executive_summary':
      return `<p>${escapeHtml(summarySentence(data))}</p>${figures(summaryFigures(data))}`;
    case 'risk_trend':
      return data.trend.length === 0
        ? '<p class="muted">No trend data yet.</p>'
        : chart(chartSvg(trendChart(data), CHART.width, CHART.height), 'Open findings per day by severity');
    case 'severity_breakdown':
      return (
        (anyOpenFindings(data)
          ? chart(chartSvg(severityChart(data), CHART.width, CHART.height), 'Open findings by severity')
          : `<p class="muted">${noOpenFindingsText}</p>`) + figureTable(label, ['Severity', 'Open findings'], severityFigures(data))
      );
    case 'top_issues':
      return table(label, ISSUE_COLUMNS, issueCells(data.top_issues), [3, 4]);
    case 'kev_exposure':
      return table(label, ISSUE_COLUMNS, issueCells(data.kev), [3, 4]);
    case 'most_exposed_assets':
      return table(label, ASSET_COLUMNS, assetCells(data.exposed_assets), [2, 3, 4, 5]);
    case 'remediation_status':
      return (
        figures(remediationFigures(data)) +
        '<h3>Mean time to remediate</h3>' +
        (anyClosedInWindow(data)
          ? chart(chartSvg(mttrChart(data), CHART.width, 240), 'Mean days to remediate by severity')
          : `<p class="muted">${escapeHtml(noneClosedText(data))}</p>`) +
        figureTable('Mean time to remediate by severity', ['Severity', 'Mean time'], mttrFigures(data))
      );
    case 'scan_coverage':
      return figures(coverageFigures(data));
  }
}

function head(data: ReportData, sections: ReportSection[]): string {
  const logo = data.logo !== null && /^data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/]+=*$/.test(data.logo) ? data.logo : null;
  const meta: Figure[] = [
    ['Scope', data.scope_label],
    ['Generated', utcStamp(data.generated_at)],
  ];
  const toc = sections.map((s) => `<li><a href="#${anchor(s)}">${escapeHtml(REPORT_SECTION_LABELS[s])}</a></li>`).join('');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="generator" content="Bulwark">',
    `<title>${escapeHtml(data.title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<header class="cover">',
    logo ? `<img class="logo" src="${escapeHtml(logo)}" alt="Logo">` : '',
    `<h1>${escapeHtml(data.title)}</h1>`,
    data.description ? `<p class="description">${escapeHtml(data.description)}</p>` : '',
    figures(meta),
    '</header>',
    `<nav class="contents" aria-labelledby="contents-heading"><h2 id="contents-heading">Contents</h2><ol>${toc}</ol></nav>`,
    '<main>',
  ]
    .filter((line) => line !== '')
    .map((line) => `${line}\n`)
    .join('');
}

/**
 * Renders `data` as one HTML file to `out` and ends `out`; resolves once everything is written. `rows` are read only
 * when the findings section is asked for. On failure it rejects and leaves `out` open for the caller to destroy.
 */
export async function renderHtml(
  data: ReportData,
  rows: AsyncIterable<ReportFindingRow>,
  out: NodeJS.WritableStream,
  onRows?: RenderProgress,
): Promise<void> {
  const sink = new Sink(out);
  const sections = sectionsInOrder(data.sections);
  let page = head(data, sections);
  for (const s of sections) {
    if (s === 'findings') continue;
    page += `${openSection(s)}${sectionBody(data, s)}\n</section>\n`;
  }
  if (data.web_discovery) page += discoverySection(data.web_discovery);
  if (data.policy_compliance) page += complianceSection(data.policy_compliance);
  sink.write(page);
  await sink.ready();

  if (sections.includes('findings')) {
    sink.write(openSection('findings', findingsHeading(data)));
    const numeric = new Set([5, 6, 7]);
    const header =
      `<table class="findings"><caption class="visually-hidden">${escapeHtml(REPORT_SECTION_LABELS.findings)}</caption><thead><tr>` +
      FINDING_COLUMNS.map((c, i) => `<th scope="col"${numeric.has(i) ? ' class="num"' : ''}>${escapeHtml(c)}</th>`).join('') +
      '</tr></thead>\n<tbody>\n';
    let chunk = '';
    let written = 0;
    for await (const row of rows) {
      if (written === 0) chunk = header;
      chunk += `<tr>${findingCells(row)
        .map((v, i) => (numeric.has(i) ? `<td class="num">${escapeHtml(v)}</td>` : `<td>${escapeHtml(v)}</td>`))
        .join('')}</tr>\n`;
      // How to fix it and what was seen, under the row (issue 26).
      const detail = [
        row.solution && `<strong>Solution:</strong> ${escapeHtml(row.solution)}`,
        row.evidence && `<strong>Evidence:</strong> ${escapeHtml(row.evidence.slice(0, 500))}`,
      ].filter(Boolean);
      if (detail.length)
        chunk += `<tr class="detail"><td colspan="${FINDING_COLUMNS.length}" class="muted">${detail.join('<br>')}</td></tr>\n`;
      written++;
      if (chunk.length >= CHUNK) {
        sink.write(chunk);
        chunk = '';
        await sink.ready();
      }
      if (written % PROGRESS_EVERY === 0 && onRows) await onRows(written);
    }
    sink.write(written === 0 ? '<p class="muted">None.</p>\n</section>\n' : `${chunk}</tbody></table>\n</section>\n`);
    // The last call, unless the every-500 one just said the same.
    if (onRows && (written === 0 || written % PROGRESS_EVERY !== 0)) await onRows(written);
  }

  sink.write('</main>\n</body>\n</html>\n');
  await sink.end();
}
