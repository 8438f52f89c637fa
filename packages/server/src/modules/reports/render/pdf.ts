// The PDF report: a prepared report drawn with pdfkit (A4, DejaVu Sans embedded) as a cover, a table of contents with
// page numbers and bookmarks, the template's sections with the charts as vector SVG, and the findings table streamed
// row by row. Pages are buffered only until they are complete, so 50,000 findings print in flat memory. The plain
// figures and sentences come from figures.ts, shared with the HTML report; the page drawing is pdf-writer.ts.
import { once } from 'node:events';
import PDFDocument from 'pdfkit';
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
import { BOLD, CHART, FONT_FILES, MUTED, PdfWriter, PORTRAIT, REGULAR, TEXT, type Column } from './pdf-writer.ts';

export { printable } from './pdf-writer.ts';
import {
  ASSET_COLUMNS,
  assetCells,
  coverageFigures,
  findingsHeading,
  anyClosedInWindow,
  anyOpenFindings,
  ISSUE_COLUMNS,
  issueCells,
  mttrFigures,
  noneClosedText,
  noOpenFindingsText,
  remediationFigures,
  type RenderProgress,
  sectionsInOrder,
  severityFigures,
  Sink,
  summaryFigures,
  summarySentence,
  utcStamp,
} from './figures.ts';

function logoImage(logo: string | null): Buffer | null {
  const m = logo === null ? null : /^data:image\/(?:png|jpeg);base64,([A-Za-z0-9+/]+=*)$/.exec(logo);
  return m ? Buffer.from(m[1], 'base64') : null;
}

function cover(w: PdfWriter, data: ReportData): void {
  const { doc } = w;
  const image = logoImage(data.logo);
  if (image) {
    try {
      doc.image(image, w.left, w.y, { fit: [180, 72] });
      w.y += 96;
    } catch {
      // An image pdfkit cannot read (the template only checks it is a PNG or JPEG data URL) costs the logo, not the report.
    }
  }
  w.y = Math.max(w.y, 220);
  w.heading(data.title, 28);
  if (data.description) w.paragraph(data.description, 12);
  w.y += 12;
  w.figures([
    ['Scope', data.scope_label],
    ['Generated', utcStamp(data.generated_at)],
  ]);
}

/** The table of contents, written on its reserved page once every section's first page is known. */
function contents(w: PdfWriter, entries: { section: ReportSection; page: number }[]): void {
  const { doc } = w;
  w.y = doc.page.margins.top;
  w.heading('Contents');
  for (const { section, page } of entries) {
    const label = REPORT_SECTION_LABELS[section];
    const number = String(page);
    w.use(REGULAR, 11);
    doc.text(label, w.left, w.y, { lineBreak: false, goTo: `section-${section}` });
    doc.text(number, w.left + w.width - w.measure(number), w.y, { lineBreak: false, goTo: `section-${section}` });
    w.y += 20;
  }
}

/** Draws one bounded section (all but the findings table) below its heading. */
function section(w: PdfWriter, data: ReportData, s: Exclude<ReportSection, 'findings'>): void {
  switch (s) {
    case 'executive_summary':
      w.paragraph(summarySentence(data), 11);
      w.y += 4;
      w.figures(summaryFigures(data));
      return;
    case 'risk_trend':
      if (data.trend.length === 0) w.paragraph('No trend data yet.', 10, MUTED);
      else w.chart(chartSvg(trendChart(data), CHART.width, CHART.height));
      return;
    case 'severity_breakdown':
      if (anyOpenFindings(data)) w.chart(chartSvg(severityChart(data), CHART.width, CHART.height));
      else w.paragraph(noOpenFindingsText, 10, MUTED);
      w.figures(severityFigures(data));
      return;
    case 'top_issues':
      w.table(issueLayout(w.width), issueCells(data.top_issues));
      return;
    case 'kev_exposure':
      w.table(issueLayout(w.width), issueCells(data.kev));
      return;
    case 'most_exposed_assets':
      w.table(
        ASSET_COLUMNS.map((label, i) => ({
          label,
          width: [w.width - 355, 125, 50, 60, 60, 60][i] ?? 50,
          ...(i >= 2 ? { align: 'right' as const } : {}),
        })),
        assetCells(data.exposed_assets),
      );
      return;
    case 'remediation_status':
      w.figures(remediationFigures(data));
      // The chart's title is kept on the chart's page (never a chart alone at the top of a page), and a chart of
      // zeros only, when nothing was closed, is said in words instead.
      w.ensure(180 + 40);
      w.paragraph('Mean time to remediate', 11, TEXT, BOLD);
      if (anyClosedInWindow(data)) w.chart(chartSvg(mttrChart(data), CHART.width, 180), 180);
      else w.paragraph(noneClosedText(data), 10, MUTED);
      w.figures(mttrFigures(data));
      return;
    case 'scan_coverage':
      w.figures(coverageFigures(data));
      return;
  }
}

function issueLayout(width: number): Column[] {
  return ISSUE_COLUMNS.map((label, i) => ({
    label,
    width: [80, width - 290, 60, 50, 55, 45][i] ?? 50,
    ...(i === 3 || i === 4 ? { align: 'right' as const } : {}),
  }));
}

/**
 * Renders `data` as a PDF to `out` and ends `out`; resolves once everything is written. `rows` are read only when
 * the findings section is asked for. On failure it rejects and leaves `out` open for the caller to destroy.
 */
/** A web discovery report's site: technologies, virtual hosts and (a page of) its site map. */
function discovery(w: PdfWriter, d: NonNullable<ReportData['web_discovery']>, first: boolean): void {
  if (first) w.addPage();
  else {
    w.y += 16;
    w.ensure(140);
  }
  w.heading('Web application discovery');
  w.paragraph(`${d.asset} (${d.target}): ${d.urls} URLs, ${d.forms} forms.`);
  w.heading('Technologies', 12);
  w.table(
    [
      { label: 'Technology', width: 160 },
      { label: 'Version', width: 90 },
      { label: 'CPE', width: 245 },
    ],
    d.technologies.map((t) => [t.name, t.version ?? '', t.cpe ?? '']),
  );
  w.heading('Virtual hosts', 12);
  w.paragraph(d.vhosts.length ? d.vhosts.join(', ') : 'None.');
  w.heading(d.urls > d.sitemap.length ? `Site map (first ${d.sitemap.length} of ${d.urls})` : 'Site map', 12);
  w.table(
    [
      { label: 'Method', width: 50 },
      { label: 'URL', width: 255 },
      { label: 'Status', width: 45, align: 'right' },
      { label: 'Found by', width: 60 },
      { label: 'Title', width: 85 },
    ],
    d.sitemap.map((e) => [e.method, e.url, String(e.status), e.source, e.title]),
  );
}

/** A policy report's compliance: the hosts' latest scores and rule results, and the rules failing on most hosts. */
function compliance(w: PdfWriter, c: NonNullable<ReportData['policy_compliance']>, first: boolean): void {
  const score = (v: number | null) => (v === null ? '–' : `${v}%`);
  if (first) w.addPage();
  else {
    w.y += 16;
    w.ensure(140);
  }
  w.heading('Policy compliance');
  w.paragraph(
    `${c.hosts} ${c.hosts === 1 ? 'host' : 'hosts'} checked, average score ${score(c.average_score)}: ${c.counts.pass} rules passed, ` +
      `${c.counts.fail} failed, ${c.counts.error} in error, ${c.counts.notapplicable} not applicable.`,
  );
  w.heading(c.hosts > c.host_results.length ? `Hosts (worst ${c.host_results.length} of ${c.hosts})` : 'Hosts', 12);
  w.table(
    [
      { label: 'Asset', width: 120 },
      { label: 'Address', width: 85 },
      { label: 'Policy', width: 130 },
      { label: 'Score', width: 50, align: 'right' },
      { label: 'Passed', width: 55, align: 'right' },
      { label: 'Failed', width: 55, align: 'right' },
    ],
    c.host_results.map((h) => [h.asset, h.address, h.policy_name, score(h.score), String(h.pass), String(h.fail)]),
  );
  w.heading('Rules failing on most hosts', 12);
  w.table(
    [
      { label: 'Rule', width: 300 },
      { label: 'Severity', width: 80 },
      { label: 'Hosts', width: 60, align: 'right' },
    ],
    c.failed_rules.map((r) => [r.title, r.severity, String(r.hosts)]),
  );
}

export async function renderPdf(
  data: ReportData,
  rows: AsyncIterable<ReportFindingRow>,
  out: NodeJS.WritableStream,
  onRows?: RenderProgress,
): Promise<void> {
  // bufferPages: the cover, contents and bounded sections stay in memory until the contents page is written; the
  // findings pages are flushed one by one as they fill.
  const doc = new PDFDocument({
    ...PORTRAIT,
    // The embedded font from the start: pdfkit would otherwise set up Helvetica, a standard font the file does not carry.
    font: FONT_FILES.regular,
    autoFirstPage: false,
    bufferPages: true,
    lang: 'en',
    displayTitle: true,
    // Document properties are Unicode strings in PDF: the title is kept as it is there.
    info: { Title: data.title, Creator: 'Bulwark', Producer: 'Bulwark' },
  });
  const sink = new Sink(out);
  let failure: unknown = null;
  doc.on('error', (e: unknown) => {
    failure ??= e;
  });
  doc.on('data', (chunk: Uint8Array) => sink.write(chunk));
  const ended = once(doc, 'end');
  ended.catch(() => undefined);

  const w = new PdfWriter(doc, data.title);
  w.addPage();
  cover(w, data);
  w.addPage();
  const contentsPage = w.pages - 1;
  const entries: { section: ReportSection; page: number }[] = [];
  const sections = sectionsInOrder(data.sections);
  let first = true;

  for (const s of sections) {
    if (s === 'findings') continue;
    // The first section starts on the page after the contents; the others follow on, each on a new page only when
    // too little room is left for its heading and a start.
    if (first) {
      w.addPage();
      first = false;
    } else {
      w.y += 16;
      w.ensure(140);
    }
    doc.addNamedDestination(`section-${s}`, 'XYZ', 0, w.y, null);
    doc.outline.addItem(REPORT_SECTION_LABELS[s]);
    entries.push({ section: s, page: w.pages });
    w.heading(REPORT_SECTION_LABELS[s]);
    section(w, data, s);
  }

  if (data.web_discovery) discovery(w, data.web_discovery, first);
  if (data.policy_compliance) compliance(w, data.policy_compliance, first);

  const withFindings = sections.includes('findings');
  if (withFindings) entries.push({ section: 'findings', page: w.pages + 1 });
  doc.switchToPage(contentsPage);
  contents(w, entries);
  doc.flushPages();
  await sink.ready();

  if (withFindings) {
    w.startFindings();
    doc.addNamedDestination('section-findings', 'XYZ', 0, w.y, null);
    doc.outline.addItem(REPORT_SECTION_LABELS.findings);
    w.heading(findingsHeading(data), 14);
    w.findingsHeader();
    await w.findings(rows, sink, onRows);
  }

  if (failure !== null) throw failure;
  doc.end();
  await ended;
  if (failure !== null) throw failure;
  await sink.end();
}
