// Reads a recipient CSV (fra/recipients/import/) as a stream: a header row naming core's RECIPIENT_CSV_COLUMNS in any
// order (email required), then one recipient per row. Each row is checked with core's recipientInput; a row's errors
// are keyed by its column (a bad address, an unknown language, an address already on an earlier row) and the row is
// left out, while the file's other rows go on. What cannot be read at all (no header, an unknown column, broken CSV)
// is a 400 on csv_file.
import { parse } from 'csv-parse';
import type { Readable } from 'node:stream';
import { LANGUAGES, LANGUAGE_LABELS, RECIPIENT_CSV_COLUMNS, recipientInput, type Language } from '@bulwark/core';
import { ApiError, badRequest, fieldErrors } from '../../http/errors.ts';

type Column = (typeof RECIPIENT_CSV_COLUMNS)[number];

export interface ParsedRow {
  /** The line in the file (the header is line 1). */
  row: number;
  email: string;
  first_name: string;
  last_name: string;
  department: string;
  job_title: string;
  language: Language;
  tags: string[];
  /** The columns this row fills: an update changes only those (a blank cell keeps what is stored). */
  columns: ReadonlySet<Column>;
}

export interface ParsedFile {
  rows: ParsedRow[];
  errors: { row: number; errors: Record<string, string[]> }[];
  /** Data rows read (valid or not). */
  total: number;
}

/** Rows a file may have: ten times the 10,000 the product promises, so a mistaken upload stops early. */
export const MAX_ROWS = 100_000;
const rowSchema = recipientInput.omit({ tags: true, active: true });
const byLabel = new Map<string, Language>(LANGUAGES.flatMap((l) => [[l, l] as const, [LANGUAGE_LABELS[l].toLowerCase(), l] as const]));

const fileError = (message: string) => badRequest({ csv_file: [message] });

function headerOf(record: string[]): Column[] {
  const header = record.map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/^\ufeff/, ''),
  );
  const unknown = header.filter((h) => !(RECIPIENT_CSV_COLUMNS as readonly string[]).includes(h));
  if (unknown.length)
    throw fileError(`Unknown column ${unknown.map((u) => `"${u}"`).join(', ')}: the columns are ${RECIPIENT_CSV_COLUMNS.join(', ')}.`);
  if (!header.includes('email')) throw fileError('The header row needs an email column.');
  const twice = header.filter((h, i) => header.indexOf(h) !== i);
  if (twice.length) throw fileError(`The column ${twice[0]} is in the header twice.`);
  return header as Column[];
}

/** Tag names of a cell, `a;b` (commas too), without blanks or repeats. */
export const tagNamesOf = (cell: string) => [
  ...new Map(
    cell
      .split(/[;,]/)
      .map((t) => t.trim())
      .filter((t) => t !== '')
      .map((t) => [t.toLowerCase(), t.slice(0, 100)]),
  ).values(),
];

export async function readRecipientFile(stream: Readable): Promise<ParsedFile> {
  const parser = stream.pipe(
    parse({ info: true, bom: true, relax_column_count: true, skip_empty_lines: true, trim: false, max_record_size: 65_536 }),
  );
  let header: Column[] | null = null;
  const rows: ParsedRow[] = [];
  const errors: ParsedFile['errors'] = [];
  const seen = new Map<string, number>();
  let total = 0;
  try {
    // With `info`, each record comes with the line it ended on (the parser reads ahead, so its own counter runs ahead).
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = info.lines;
      if (!header) {
        header = headerOf(record);
        continue;
      }
      total += 1;
      if (total > MAX_ROWS) throw fileError(`The file has more than ${MAX_ROWS} rows; split it.`);
      const cell: Partial<Record<Column, string>> = {};
      header.forEach((h, i) => (cell[h] = (record[i] ?? '').trim()));
      const rowErrors: Record<string, string[]> = {};
      const language = (cell.language ?? '').toLowerCase();
      const known = language === '' ? 'english' : byLabel.get(language);
      if (!known) rowErrors.language = [`Unknown language "${cell.language}": use one of ${LANGUAGES.join(', ')}.`];
      const parsed = rowSchema.safeParse({ ...cell, language: known ?? 'english' });
      if (!parsed.success) Object.assign(rowErrors, fieldErrors(parsed.error.issues));
      if (parsed.success && !rowErrors.email) {
        const first = seen.get(parsed.data.email);
        if (first !== undefined) rowErrors.email = [`This address is already on row ${first}.`];
        else seen.set(parsed.data.email, line);
      }
      if (Object.keys(rowErrors).length || !parsed.success) {
        errors.push({ row: line, errors: rowErrors });
        continue;
      }
      rows.push({ row: line, ...parsed.data, tags: tagNamesOf(cell.tags ?? ''), columns: new Set(header.filter((h) => cell[h] !== '')) });
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    const err = e as { code?: string; lines?: number; message?: string };
    // csv-parse names what it could not read (an unclosed quote, a record too long) and where.
    if (typeof err.code === 'string' && err.code.startsWith('CSV_'))
      throw fileError(`Line ${err.lines ?? '?'}: ${err.message ?? 'not valid CSV.'}`);
    throw e;
  }
  if (!header) throw fileError('The file is empty: it needs a header row and at least one recipient.');
  if (total === 0) throw fileError('The file has a header but no recipients.');
  return { rows, errors, total };
}
