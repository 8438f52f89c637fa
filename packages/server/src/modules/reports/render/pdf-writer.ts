// The page writer of the PDF report on pdfkit: A4 pages in portrait or landscape, text in DejaVu Sans embedded in
// the file (subset to the glyphs used, so the PDF shows the same everywhere and suits PDF/A), headings, figures, tables with their header repeated on each page, SVG charts, and the findings table's
// narrow rows, with "Page N" footers written while a page is still buffered. pdf.ts lays the report out with it.
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { ReportFindingRow } from '@bulwark/core';
import { FINDING_COLUMNS, findingCells, PROGRESS_EVERY, type Figure, type RenderProgress, type Sink } from './figures.ts';

/** The embedded fonts (DejaVu Sans, from the npm package dejavu-fonts-ttf): Latin, Greek, Cyrillic and most symbols. */
const FONT_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const FONT_FILES = { regular: path.join(FONT_DIR, 'DejaVuSans.ttf'), bold: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf') };

/** The regular font's character map, to tell which characters it can draw (the bold face covers the same). */
const FACE = fontkit.openSync(FONT_FILES.regular) as fontkit.Font;
const drawable = new Map<number, boolean>();

function canDraw(codePoint: number): boolean {
  let yes = drawable.get(codePoint);
  if (yes === undefined) drawable.set(codePoint, (yes = codePoint >= 0x20 && FACE.hasGlyphForCodePoint(codePoint)));
  return yes;
}

/**
 * `text` as the report font prints it on one line: line breaks and tabs become spaces, a character it has no glyph for
 * (CJK, emoji, control characters) becomes '?' rather than an empty box.
 */
export function printable(text: string): string {
  let out = '';
  for (const ch of text.replace(/[\t\n\r]+/g, ' ')) out += canDraw(ch.codePointAt(0)!) ? ch : '?';
  return out;
}

type Doc = typeof PDFDocument;

/**
 * pdfkit keeps the layout of every distinct word it drew in an embedded font for the whole document: over a findings
 * table of unique addresses, names and evidence that grew by hundreds of MB. Emptied when it holds more than
 * WORD_LAYOUTS words (checked as each page is written out), it keeps the common words' work and a bounded size;
 * turning it off, the documented option, made a 50,000-row PDF five times slower.
 * `_fontFamilies` and `layoutCache` are pdfkit's own fields (0.20): if a later pdfkit renames them this does nothing.
 */
const WORD_LAYOUTS = 2_000;
function forgetWordLayouts(doc: Doc): void {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: object }> })._fontFamilies ?? {};
  for (const font of Object.values(families)) {
    if (font.layoutCache && Object.keys(font.layoutCache).length > WORD_LAYOUTS) font.layoutCache = Object.create(null) as object;
  }
}

export type Column = { label: string; width: number; align?: 'right' };

export const REGULAR = 'DejaVuSans';
export const BOLD = 'DejaVuSans-Bold';
const MARGIN = 50;
const MARGIN_BOTTOM = 64;
export const PORTRAIT = {
  size: 'A4',
  layout: 'portrait',
  margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN_BOTTOM },
} as const;
/** The findings table gets landscape pages: eleven columns do not fit across a portrait A4. */
export const LANDSCAPE = { size: 'A4', layout: 'landscape', margins: { top: 36, left: 36, right: 36, bottom: 52 } } as const;
export const TEXT = '#212529';
export const MUTED = '#6c757d';
const RULE = '#dee2e6';
const HEAD_FILL = '#f1f3f5';
export const CHART = { width: 495, height: 220 };
const TABLE_SIZE = 9;
const FINDINGS_SIZE = 7;
const FINDINGS_ROW = 11;
const PAD = 3;
const DETAIL_SIZE = 6.5;
const DETAIL_INDENT = 12;

/** A finding's solution, evidence and description under its row, each cut short (the CSV has them in full). */
function findingDetail(row: ReportFindingRow): string {
  const cut = (text: string, n: number) => {
    const flat = printable(text).trim();
    return flat.length > n ? `${flat.slice(0, n - 1)}…` : flat;
  };
  const lines: string[] = [];
  if (row.solution) lines.push(`Solution: ${cut(row.solution, 300)}`);
  if (row.evidence) lines.push(`Evidence: ${cut(row.evidence, 200)}`);
  if (row.description) lines.push(`Description: ${cut(row.description, 300)}`);
  return lines.join('\n');
}

/** The findings table's columns across a landscape A4 (770 pt between the margins). */
const FINDINGS_LAYOUT: Column[] = FINDING_COLUMNS.map((label, i) => ({
  label,
  width: [112, 78, 36, 236, 44, 30, 30, 36, 28, 50, 90][i] ?? 40,
  ...(i >= 5 && i <= 7 ? { align: 'right' as const } : {}),
}));

export class PdfWriter {
  /** Pages added so far (the cover is page 1). */
  pages = 0;
  y = 0;
  /** The current font, size and colour (pdfkit keeps them private), so the footer can put them back. */
  private font = REGULAR;
  private size = 10;
  private color = TEXT;

  constructor(
    readonly doc: Doc,
    private readonly footerTitle: string,
  ) {
    doc.registerFont(REGULAR, FONT_FILES.regular);
    doc.registerFont(BOLD, FONT_FILES.bold);
    // Every page but the cover gets its footer as soon as it is added, while it is certainly still buffered.
    doc.on('pageAdded', () => {
      this.pages++;
      if (this.pages > 1) this.footer();
      this.y = doc.page.margins.top;
    });
  }

  /** Sets font, size and fill colour for the text that follows. */
  use(font: string, size: number, color = TEXT): void {
    this.doc.font(font).fontSize(size).fillColor(color);
    this.font = font;
    this.size = size;
    this.color = color;
  }

  get left(): number {
    return this.doc.page.margins.left;
  }
  get width(): number {
    const p = this.doc.page;
    return p.width - p.margins.left - p.margins.right;
  }
  get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /**
   * "Page N" and the report's title below the bottom margin. A page may also be added by pdfkit itself, when a long
   * paragraph runs over: the text state is put back afterwards so that paragraph goes on as it was.
   */
  private footer(): void {
    const { doc } = this;
    const page = doc.page;
    const before = { font: this.font, size: this.size, color: this.color, x: doc.x, y: doc.y };
    // Text below the bottom margin would make pdfkit start another page: lift the margin while writing the footer.
    const margin = page.margins.bottom;
    page.margins.bottom = 0;
    const y = page.height - margin + 24;
    this.use(REGULAR, 8, MUTED);
    const label = `Page ${this.pages}`;
    const labelWidth = this.measure(label);
    this.cell(printable(this.footerTitle), page.margins.left, y, this.width - labelWidth - 24);
    doc.text(label, page.width - page.margins.right - labelWidth, y, { lineBreak: false });
    page.margins.bottom = margin;
    this.use(before.font, before.size, before.color);
    doc.x = before.x;
    doc.y = before.y;
  }

  addPage(layout: typeof PORTRAIT | typeof LANDSCAPE = PORTRAIT): void {
    this.doc.addPage(layout);
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensure(height: number): void {
    if (this.y + height > this.bottom) this.addPage();
  }

  /** Wrapped text across the page (it may run onto the next page). */
  paragraph(text: string, size = 10, color = TEXT, font = REGULAR): void {
    const { doc } = this;
    this.use(font, size, color);
    this.ensure(doc.currentLineHeight(true));
    // Line breaks are the author's (a template's description): kept here, where text wraps anyway.
    doc.text(text.split(/\r?\n/).map(printable).join('\n'), this.left, this.y, { width: this.width });
    this.y = doc.y + 6;
    doc.fillColor(TEXT);
  }

  heading(text: string, size = 16): void {
    const { doc } = this;
    this.ensure(size + 80);
    this.use(BOLD, size);
    doc.text(printable(text), this.left, this.y, { width: this.width });
    this.y = doc.y + 8;
  }

  /** Advance widths per character at size 1 of each font, measured once with pdfkit's widthOfString. */
  private readonly widths = new Map<string, Map<string, number>>();

  /**
   * The width of `text` at the current font: the sum of its characters' widths. pdfkit's own widthOfString also looks
   * up a kerning pair per character, which made measuring most of the time of a 50,000-row table. Kerning pairs
   * nearly all narrow a string; the few that widen it add a few per cent of the font size per pair, which the cells'
   * padding absorbs.
   */
  measure(text: string): number {
    let table = this.widths.get(this.font);
    if (!table) this.widths.set(this.font, (table = new Map()));
    let sum = 0;
    for (const ch of text) {
      let w = table.get(ch);
      if (w === undefined) table.set(ch, (w = this.doc.widthOfString(ch) / this.size));
      sum += w;
    }
    return sum * this.size;
  }

  /** `text` cut to fit `width` points at the current font, with an ellipsis. */
  fit(text: string, width: number): string {
    // Most cells are short: measure only those that might not fit (no glyph of the font is wider than the font size).
    if (text.length * this.size <= width || this.measure(text) <= width) return text;
    const room = width - this.measure('…');
    let used = 0;
    let end = 0;
    for (const ch of text) {
      used += this.measure(ch);
      if (used > room) break;
      end += ch.length;
    }
    return end === 0 ? '' : text.slice(0, end).trimEnd() + '…';
  }

  /** A single line at (x, y), no wrapping and no page flow. */
  cell(text: string, x: number, y: number, width: number, align?: 'right'): void {
    const { doc } = this;
    const fitted = this.fit(text, width);
    if (fitted === '') return;
    doc.text(fitted, align === 'right' ? x + width - this.measure(fitted) : x, y, { lineBreak: false });
  }

  figures(figures: Figure[]): void {
    const labelWidth = 230;
    // A short list stays on one page; only a list longer than a page would be split.
    this.ensure(Math.min(figures.length * 16, this.bottom - this.doc.page.margins.top));
    for (const [label, value] of figures) {
      this.ensure(16);
      this.use(REGULAR, 10, MUTED);
      this.cell(printable(label), this.left, this.y, labelWidth - 10);
      this.use(BOLD, 10);
      this.cell(printable(value), this.left + labelWidth, this.y, this.width - labelWidth);
      this.y += 16;
    }
    this.y += 6;
  }

  chart(svg: string, height = CHART.height): void {
    this.ensure(height + 8);
    // svg-to-pdfkit ignores `paint-order`, so ECharts' white halo round bar labels would be painted over the text.
    const flat = svg.replace(/ stroke="[^"]*" stroke-width="[^"]*" paint-order="stroke"/g, '');
    // assumePt: one SVG pixel per point, so the chart fills the width it was rendered for.
    // The charts' text in the embedded fonts too, never in a standard font the file would not carry.
    SVGtoPDF(this.doc, flat, this.left, this.y, {
      width: CHART.width,
      height,
      assumePt: true,
      fontCallback: (_family: string, bold: boolean) => (bold ? BOLD : REGULAR),
    });
    this.y += height + 8;
  }

  private tableHeader(columns: Column[], size: number, rowHeight: number): void {
    const { doc } = this;
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    doc.rect(this.left, this.y, total, rowHeight).fill(HEAD_FILL);
    this.use(BOLD, size);
    let x = this.left;
    for (const c of columns) {
      this.cell(c.label, x + PAD, this.y + (rowHeight - size) / 2, c.width - 2 * PAD, c.align);
      x += c.width;
    }
    this.y += rowHeight;
    this.use(REGULAR, size);
  }

  /** One row of a table; `rowHeight` leaves room for the text and a rule below it. */
  private tableRow(columns: Column[], cells: string[], size: number, rowHeight: number): void {
    let x = this.left;
    const y = this.y + (rowHeight - size) / 2;
    for (let i = 0; i < columns.length; i++) {
      const c = columns[i];
      this.cell(printable(cells[i] ?? ''), x + PAD, y, c.width - 2 * PAD, c.align);
      x += c.width;
    }
    this.y += rowHeight;
  }

  /** A bounded table (top-N lists): repeats its header when it runs onto a new page; "None." when empty. */
  table(columns: Column[], rows: string[][]): void {
    if (rows.length === 0) {
      this.paragraph('None.', 10, MUTED);
      return;
    }
    const rowHeight = TABLE_SIZE + 2 * PAD + 4;
    this.ensure(rowHeight * 3);
    this.tableHeader(columns, TABLE_SIZE, rowHeight);
    for (const cells of rows) {
      if (this.y + rowHeight > this.bottom) {
        this.addPage();
        this.tableHeader(columns, TABLE_SIZE, rowHeight);
      }
      this.use(REGULAR, TABLE_SIZE);
      this.tableRow(columns, cells, TABLE_SIZE, rowHeight);
      this.doc
        .moveTo(this.left, this.y)
        .lineTo(this.left + this.width, this.y)
        .lineWidth(0.5)
        .stroke(RULE);
    }
    this.y += 12;
  }

  /** The findings table: header, then rows as they come; a full page is written out before the next one starts. */
  async findings(rows: AsyncIterable<ReportFindingRow>, sink: Sink, onRows?: RenderProgress): Promise<number> {
    const { doc } = this;
    let written = 0;
    for await (const row of rows) {
      // Under the row, in small type: how to fix it, what was seen, what it is (issue 26).
      const detail = findingDetail(row);
      this.use(REGULAR, DETAIL_SIZE, MUTED);
      const detailHeight = detail ? doc.heightOfString(detail, { width: this.width - DETAIL_INDENT }) + 3 : 0;
      this.use(REGULAR, FINDINGS_SIZE);
      if (this.y + FINDINGS_ROW + detailHeight > this.bottom) {
        // The page is complete: write it out (and wait for `out` if it is behind) before the next one is drawn.
        doc.flushPages();
        forgetWordLayouts(doc);
        await sink.ready();
        this.addPage(LANDSCAPE);
        this.findingsHeader();
      }
      if (written % 2 === 1) {
        doc.rect(this.left, this.y, this.width, FINDINGS_ROW).fill(HEAD_FILL);
        doc.fillColor(TEXT);
      }
      this.tableRow(FINDINGS_LAYOUT, findingCells(row), FINDINGS_SIZE, FINDINGS_ROW);
      if (detail) {
        this.use(REGULAR, DETAIL_SIZE, MUTED);
        doc.text(detail, this.left + DETAIL_INDENT, this.y, { width: this.width - DETAIL_INDENT });
        this.y += detailHeight;
        this.use(REGULAR, FINDINGS_SIZE);
      }
      written++;
      if (written % PROGRESS_EVERY === 0 && onRows) await onRows(written);
    }
    if (written === 0) {
      this.y += 4;
      this.paragraph('None.', 10, MUTED);
    }
    // The last call, unless the every-500 one just said the same.
    if (onRows && (written === 0 || written % PROGRESS_EVERY !== 0)) await onRows(written);
    return written;
  }

  startFindings(): void {
    this.addPage(LANDSCAPE);
  }

  findingsHeader(): void {
    this.tableHeader(FINDINGS_LAYOUT, FINDINGS_SIZE, FINDINGS_ROW + 2);
  }
}
