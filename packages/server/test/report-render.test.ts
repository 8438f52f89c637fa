// The report renderers on a hand-made report with every section: the PDF read back with poppler's pdftotext and
// pdfinfo (title, headings, figures, contents with page numbers, footers, findings rows, pages growing with rows, odd
// characters), its memory staying flat while 20,000 rows stream, the HTML (contents anchors, inline SVG charts, every
// value escaped, figures, back-pressure on a slow stream), the chart SVG, and that only the sections asked for render.
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import {
  REPORT_SECTION_LABELS,
  REPORT_SECTIONS,
  severityChart,
  SEVERITY_COLORS,
  SEVERITY_LABELS,
  trendChart,
  type ReportData,
  type ReportFindingRow,
  type ReportSection,
} from '@bulwark/core';
import { chartSvg } from '../src/modules/reports/render/chart-svg.ts';
import { escapeHtml, renderHtml } from '../src/modules/reports/render/html.ts';
import { printable, renderPdf } from '../src/modules/reports/render/pdf.ts';

const POPPLER = ['pdftotext', 'pdfinfo'].every((tool) => spawnSync(tool, ['-v']).error === undefined);
const NEEDS_POPPLER = POPPLER ? '' : ' (skipped: pdftotext and pdfinfo of poppler-utils are not installed)';

const dir = mkdtempSync(path.join(tmpdir(), 'bulwark-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A 1×1 PNG, as a template's logo. */
const LOGO = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const HOSTILE = '<script>alert(1)</script>';

function report(overrides: Partial<ReportData> = {}): ReportData {
  const day = (i: number) => new Date(Date.UTC(2025, 2, 1) + i * 86_400_000).toISOString().slice(0, 10);
  return {
    title: 'Quarterly exposure report',
    description: `Open vulnerabilities of the production network for Tom's "steering" group & friends.`,
    logo: LOGO,
    scope_label: 'Vulnerabilities: all assets',
    generated_at: '2025-03-31T06:05:09.123Z',
    sections: [...REPORT_SECTIONS],
    summary: {
      average_risk_score: 41.26,
      assets_scored: 9,
      open_findings: 1234,
      open_issues: 87,
      affected_assets: 9,
      by_severity: [400, 292, 500, 30, 12],
      exploit_known: 3,
      ransomware_known: 1,
    },
    trend: Array.from({ length: 30 }, (_, i) => ({
      day: day(i),
      critical: 10 + (i % 3),
      high: 25 + i,
      medium: 480,
      low: 290,
      total: 1200,
      average: 40 + i / 10,
      detected: 5,
      fixed: 3,
    })),
    top_issues: Array.from({ length: 10 }, (_, i) => ({
      hid: `BW-${1000 + i}`,
      name: `OpenSSH remote code execution, variant ${i}, with a name long enough to be cut in the PDF table`,
      severity: 4 - (i % 5),
      risk_score: 95 - i * 3.3,
      assets: 9 - (i % 9),
      exploit_known: i % 2 === 0,
      ransomware_known: i === 0,
    })),
    exposed_assets: Array.from({ length: 10 }, (_, i) => ({
      id: i + 1,
      name: `web-${i}.example.internal`,
      address: i === 3 ? null : `10.0.0.${i + 10}`,
      risk_score: 88 - i * 4,
      findings: 200 - i * 10,
      critical: 3,
      high: 20 - i,
    })),
    kev: [{ hid: 'BW-2001', name: 'Citrix Bleed', severity: 4, risk_score: 98.2, assets: 2, exploit_known: true, ransomware_known: true }],
    remediation: { days: 30, detected: 321, fixed: 187, mttr_days: [null, 40.25, 21, 9.5, 3.14], ignored: 12 },
    coverage: { assets: 15, scanned_30d: 12, never_scanned: 2, runs_30d: 44 },
    findings_count: 1234,
    ...overrides,
  };
}

function finding(i: number, asset = `host-${i % 97}.example.internal`): ReportFindingRow {
  return {
    asset,
    address: `10.1.${(i >> 8) & 255}.${i & 255}`,
    port: i % 3 === 0 ? '443' : '22',
    issue: `BW-${1000 + (i % 300)}`,
    name: `Vulnerability ${i % 300} in a widely deployed component, described at some length`,
    severity: SEVERITY_LABELS[(i % 5) as 0 | 1 | 2 | 3 | 4],
    risk_score: String((i * 7) % 100),
    cvss: '9.8',
    epss: '0.9731',
    exploit_known: i % 7 === 0 ? 'yes' : 'no',
    state: 'Active',
    first_seen: '2025-01-01 10:00',
    last_seen: '2025-03-30 22:14',
    description: '',
    solution: '',
    evidence: '',
  };
}

async function* findings(n: number, asset?: (i: number) => string): AsyncGenerator<ReportFindingRow> {
  for (let i = 0; i < n; i++) yield finding(i, asset?.(i));
}

/** Rows that record whether anyone read them. */
function watchedRows(): { rows: AsyncIterable<ReportFindingRow>; read: () => boolean } {
  let read = false;
  return {
    rows: {
      [Symbol.asyncIterator]() {
        read = true;
        return findings(10)[Symbol.asyncIterator]();
      },
    },
    read: () => read,
  };
}

/** A stream that keeps what it is given (`delay`: call back on a later turn, like a slow disk or socket). */
function collector(options: { highWaterMark?: number; delay?: boolean } = {}) {
  const chunks: Buffer[] = [];
  let maxQueued = 0;
  let drains = 0;
  const stream = new Writable({
    highWaterMark: options.highWaterMark ?? 16 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      maxQueued = Math.max(maxQueued, stream.writableLength);
      if (options.delay) setImmediate(callback);
      else callback();
    },
  });
  stream.on('drain', () => drains++);
  return { stream, text: () => Buffer.concat(chunks).toString('utf8'), maxQueued: () => maxQueued, drains: () => drains };
}

const nowhere = () =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });

let fileNo = 0;
async function pdfFile(data: ReportData, rows: AsyncIterable<ReportFindingRow>): Promise<string> {
  const file = path.join(dir, `report-${++fileNo}.pdf`);
  await renderPdf(data, rows, createWriteStream(file));
  return file;
}
const pdfText = (file: string) => spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout;
const pdfPages = (file: string) => Number(/^Pages:\s+(\d+)$/m.exec(spawnSync('pdfinfo', [file], { encoding: 'utf8' }).stdout)?.[1]);

describe('PDF report', () => {
  it.skipIf(!POPPLER)(`prints the cover, contents, every section and the findings${NEEDS_POPPLER}`, async () => {
    const data = report({ findings_count: 300 });
    const calls: number[] = [];
    const file = path.join(dir, 'full.pdf');
    const out = createWriteStream(file);
    await renderPdf(data, findings(300), out, (n) => {
      calls.push(n);
    });
    expect(out.writableFinished).toBe(true);
    expect(calls).toEqual([300]);

    const text = pdfText(file);
    expect(text).toContain('Quarterly exposure report');
    expect(text).toContain('Vulnerabilities: all assets');
    expect(text).toMatch(/Generated\s+2025-03-31 06:05 UTC/);
    for (const s of REPORT_SECTIONS.filter((x) => x !== 'findings')) expect(text).toContain(REPORT_SECTION_LABELS[s]);
    expect(text).toContain('All findings (300)');

    // The executive summary's figures, each label with its value on one line.
    expect(text).toMatch(/Average risk score\s+41\.3$/m);
    expect(text).toMatch(/Open findings\s+1234$/m);
    expect(text).toMatch(/Open issues\s+87$/m);
    expect(text).toMatch(/Affected assets\s+9$/m);
    expect(text).toMatch(/Known exploited \(KEV\)\s+3$/m);
    expect(text).toMatch(/Used by ransomware\s+1$/m);
    expect(text).toContain('3 are known to be exploited');
    // Findings by severity, Critical first.
    for (const [label, count] of [
      ['Critical', 12],
      ['High', 30],
      ['Medium', 500],
      ['Low', 292],
      ['Info', 400],
    ] as const)
      expect(text).toMatch(new RegExp(`^\\s*${label}\\s+${count}$`, 'm'));
    // Remediation and coverage, MTTR with its dash for a severity with nothing closed.
    expect(text).toMatch(/Fixed in the last 30 days\s+187$/m);
    expect(text).toMatch(/^\s*Critical\s+3\.1 days$/m);
    expect(text).toMatch(/^\s*Info\s+—$/m);
    expect(text).toMatch(/Never scanned\s+2$/m);
    expect(text).toContain('Citrix Bleed');

    // The contents page lists sections with their page numbers; every page but the cover has its footer.
    expect(text).toMatch(/^\s*Executive summary\s+3$/m);
    expect(text).toMatch(/^\s*All findings\s+\d+$/m);
    expect(text).toContain('Page 2');
    expect(text).not.toContain('Page 1\n');
    const pages = pdfPages(file);
    expect(text).toContain(`Page ${pages}`);
    // Rows of the findings table, long cells cut with an ellipsis.
    expect(text).toContain('host-42.example.internal');
    expect(text).toContain('…');
  });

  it.skipIf(!POPPLER)(`grows by pages as rows grow${NEEDS_POPPLER}`, async () => {
    const few = pdfPages(await pdfFile(report(), findings(10)));
    const many = pdfPages(await pdfFile(report(), findings(1000)));
    expect(many).toBeGreaterThan(few + 15);
  });

  it.skipIf(!POPPLER)(`prints what the embedded font cannot draw as '?' instead of failing${NEEDS_POPPLER}`, async () => {
    const file = await pdfFile(
      report({ title: 'Отчёт 報告 ✓' }),
      findings(5, (i) => `東京-db-0${i} 🚀 café`),
    );
    const text = pdfText(file);
    expect(text).toContain('??-db-01 ? café');
    // Cyrillic and the check mark are drawn now; only the CJK characters are not.
    expect(text).toContain('Отчёт ?? ✓');
    // The embedded font draws Latin, Greek, Cyrillic and symbols; CJK, emoji and control characters become '?'.
    expect(printable('€ – “ok” é © ™ ✓ Ωμέγα Отчёт\u0001\n🚀 東京')).toBe('€ – “ok” é © ™ ✓ Ωμέγα Отчёт? ? ??');
  });

  it.skipIf(!POPPLER)(`keeps the time to remediate's title with its chart, and draws no chart of zeros${NEEDS_POPPLER}`, async () => {
    const none = report({
      sections: ['remediation_status'],
      remediation: { ...report().remediation, mttr_days: [null, null, null, null, null] },
    });
    const text = pdfText(await pdfFile(none, findings(0)));
    expect(text).toMatch(/Mean time to remediate\s+No finding was closed in the last 30 days/);
  });

  it.skipIf(!POPPLER)(`embeds every font it uses, the charts' text too (PDF/A-friendly)${NEEDS_POPPLER}`, async () => {
    const file = await pdfFile(report(), findings(20));
    // pdffonts: name, type, encoding, emb, sub, uni, object; a row per font after two header lines.
    const rows = spawnSync('pdffonts', [file], { encoding: 'utf8' }).stdout.trim().split('\n').slice(2);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const cols = row.trim().split(/\s+/);
      expect(cols[0], row).toMatch(/^[A-Z]{6}\+DejaVuSans(-Bold)?$/);
      expect(cols.slice(-5, -2), row).toEqual(['yes', 'yes', 'yes']);
    }
  });

  it('keeps memory flat while 20,000 rows stream, and reports progress every 500 rows', async () => {
    // Measured at 20,000 rows (~460 pages): heap grows by some 20-40 MB over the run. Kept buffered until the end, the
    // same pages cost ~440 MB (pdfkit keeps each page's content as thousands of small chunks), so 150 MB tells the two
    // apart with a wide margin. The peak is sampled in the progress callback: measured after the render, heap says
    // nothing, since pdfkit frees every buffered page when the document ends.
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const calls: number[] = [];
    await renderPdf(report({ findings_count: 20_000 }), findings(20_000), nowhere(), (n) => {
      calls.push(n);
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    });
    const after = process.memoryUsage().heapUsed;
    expect(peak - before).toBeLessThan(150 * 1024 * 1024);
    expect(after - before).toBeLessThan(150 * 1024 * 1024);
    expect(calls).toHaveLength(40);
    expect(calls[0]).toBe(500);
    expect(calls.at(-1)).toBe(20_000);
  });
});

describe('HTML report', () => {
  it('writes one escaped, self-contained page with contents, charts, figures and the findings', async () => {
    const data = report({ scope_label: `Tag ${HOSTILE}`, findings_count: 5000 });
    const out = collector({ highWaterMark: 16 * 1024, delay: true });
    const calls: number[] = [];
    await renderHtml(
      data,
      findings(5000, (i) => (i === 7 ? HOSTILE : `host-${i}.example.internal`)),
      out.stream,
      (n) => {
        calls.push(n);
      },
    );
    const html = out.text();

    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(out.stream.writableFinished).toBe(true);
    expect(html).toContain('<title>Quarterly exposure report</title>');
    expect(html).toContain(`<img class="logo" src="${LOGO}" alt="Logo">`);
    expect(html).toMatch(/@page\b/);
    for (const s of REPORT_SECTIONS) {
      expect(html).toContain(`<a href="#section-${s}">${REPORT_SECTION_LABELS[s]}</a>`);
      expect(html).toContain(`<section id="section-${s}"`);
    }
    expect(html.match(/<svg /g)).toHaveLength(3);
    expect(html).toContain('role="img" aria-label="Open findings by severity"');
    expect(html).not.toContain('<style ><![CDATA[');

    // Every value escaped: nothing from the data turns into markup.
    expect(html).not.toContain('<script');
    expect(html).toContain('<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>');
    expect(html).toContain('Tag &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Tom&#39;s &quot;steering&quot; group &amp; friends.');

    // The same figures as the PDF.
    expect(html).toContain('<dt>Open findings</dt><dd>1234</dd>');
    expect(html).toContain('<dt>Average risk score</dt><dd>41.3</dd>');
    expect(html).toContain('<tr><th scope="row">Critical</th><td class="num">12</td></tr>');
    expect(html).toContain('<tr><th scope="row">Info</th><td class="num">—</td></tr>');
    expect(html).toContain('<dt>Scan runs in the last 30 days</dt><dd>44</dd>');
    expect(html).toContain('All findings (5000)');
    expect(html).toContain('<th scope="col">Last seen</th>');
    expect(html.match(/<caption/g)?.length).toBeGreaterThanOrEqual(6);
    expect(html.match(/<tr><td>host-/g)).toHaveLength(4999);

    // Written as the slow stream took it, not queued up whole.
    expect(out.drains()).toBeGreaterThan(5);
    expect(out.maxQueued()).toBeLessThan(256 * 1024);
    expect(calls).toEqual([500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500, 5000]);
  });

  it('shows the empty states', async () => {
    const out = collector();
    await renderHtml(report({ trend: [], kev: [], findings_count: 0 }), findings(0), out.stream);
    const html = out.text();
    expect(html).toContain('No trend data yet.');
    expect(html).toMatch(/id="section-kev_exposure-heading">Known exploited vulnerabilities<\/h2>\n<p class="muted">None\.<\/p>/);
    expect(html).toMatch(/All findings \(0\)<\/h2>\n<p class="muted">None\.<\/p>/);
  });

  it('says in words what a chart of zeros only would show: no open findings, nothing closed', async () => {
    const empty = report({
      summary: { ...report().summary, by_severity: [0, 0, 0, 0, 0] },
      remediation: { ...report().remediation, mttr_days: [null, null, null, null, null] },
    });
    const out = collector();
    await renderHtml(empty, findings(0), out.stream);
    const html = out.text();
    expect(html).toContain('No open findings: nothing to chart.');
    expect(html).toContain('No finding was closed in the last 30 days, so there is no time to remediate to chart yet.');
    expect(html).not.toContain('Mean days to remediate by severity');
    expect(html).not.toContain('aria-label="Open findings by severity"');
  });

  it('escapes the five characters that matter', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
  });
});

describe('failures', () => {
  async function* broken(): AsyncGenerator<ReportFindingRow> {
    for (let i = 0; i < 10; i++) yield finding(i);
    throw new Error('the database went away');
  }

  it.each([
    ['PDF', renderPdf],
    ['HTML', renderHtml],
  ] as const)('%s: rejects with the rows failure and leaves the stream open for the caller', async (_format, render) => {
    const out = collector();
    await expect(render(report(), broken(), out.stream)).rejects.toThrow('the database went away');
    expect(out.stream.writableEnded).toBe(false);
  });
});

describe('charts', () => {
  it('renders an ECharts option to a standalone SVG', () => {
    const svg = chartSvg(severityChart(report()), 400, 200);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('width="400" height="200"');
    for (const label of Object.values(SEVERITY_LABELS)) expect(svg).toContain(`>${label}</text>`);
    expect(svg).not.toContain('<style');
  });

  it('draws a trend of one day (a new installation) as columns, not an empty line', () => {
    const one = report();
    one.trend = one.trend.slice(0, 1);
    const svg = chartSvg(trendChart(one), 400, 200);
    // Each severity's count is a filled shape in its colour; a line through one point would draw none.
    const visible = (color: string) =>
      // The plot's shapes only: the legend's symbols sit in a transform.
      [...svg.matchAll(/<path d="([^"]+)"(?![^>]*transform)[^>]*fill="([^"]+)"/g)].some(([, d, fill]) => {
        if (fill !== color) return false;
        const xs = [...d!.matchAll(/(-?[\d.]+)[ ,](-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
        const span = (i: 0 | 1) => Math.max(...xs.map((p) => p[i])) - Math.min(...xs.map((p) => p[i]));
        return xs.length > 0 && span(0) > 1 && span(1) > 1;
      });
    for (const s of [4, 3, 2, 1] as const) expect(visible(SEVERITY_COLORS[s]), SEVERITY_LABELS[s]).toBe(true);
    expect(svg).toContain(`>${one.trend[0]!.day.slice(5)}</text>`);
    // Thirty days stay stacked areas.
    expect((trendChart(report()).series as { type: string }[]).every((x) => x.type === 'line')).toBe(true);
  });
});

describe('sections', () => {
  const only = (sections: ReportSection[]) => report({ sections });

  it.skipIf(!POPPLER)(`renders only the PDF sections asked for, reading no rows without the findings${NEEDS_POPPLER}`, async () => {
    const watched = watchedRows();
    const text = pdfText(await pdfFile(only(['executive_summary']), watched.rows));
    expect(watched.read()).toBe(false);
    expect(text).toContain('Executive summary');
    expect(text).toMatch(/Open findings\s+1234$/m);
    for (const s of REPORT_SECTIONS.filter((x) => x !== 'executive_summary')) expect(text).not.toContain(REPORT_SECTION_LABELS[s]);
  });

  it('renders only the HTML sections asked for, the findings last whatever their place', async () => {
    const watched = watchedRows();
    let out = collector();
    await renderHtml(only(['executive_summary']), watched.rows, out.stream);
    expect(watched.read()).toBe(false);
    expect(out.text()).not.toContain('Top issues');
    expect(out.text()).not.toContain('<svg');

    out = collector();
    await renderHtml(only(['findings', 'scan_coverage', 'top_issues']), findings(3), out.stream);
    const html = out.text();
    const at = (s: ReportSection) => html.indexOf(`<section id="section-${s}"`);
    expect(at('scan_coverage')).toBeGreaterThan(0);
    expect(at('top_issues')).toBeGreaterThan(at('scan_coverage'));
    expect(at('findings')).toBeGreaterThan(at('top_issues'));
    expect(html).not.toContain('section-executive_summary');
  });
});
