// Reads FIRST's daily EPSS CSV line by line: the comment line (model version, score date), the header, then one row per CVE.
// A chunk's lines are split and read in one go, and their items given as one batch (a quarter of a million rows: a
// generator step per line costs more than the line).
import { epssRowReader, parseEpssComment, type EpssCsvHeader, type EpssScore } from '../records/epss.ts';
import type { ByteStream } from './bytes.ts';
import type { FeedItem, FeedPosition } from './types.ts';

export async function* epssCsvItems(source: ByteStream, at: FeedPosition): AsyncGenerator<FeedItem[]> {
  let header: EpssCsvHeader = { modelVersion: null, scoreDate: null };
  let columns: Map<string, number> | null = null;
  let parseRow: ((line: string) => EpssScore) | null = null;
  let lineNo = 0;
  let index = 0;
  let failed = false;
  /** The items of one line (none for a blank line or the header). */
  const read = (raw: string, out: FeedItem[]): void => {
    lineNo++;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    if (line.startsWith('#')) {
      header = parseEpssComment(line);
      parseRow = columns && epssRowReader(columns, header);
      const position = { ...at, line: lineNo };
      out.push({ kind: 'meta', format: 'epss-csv', meta: { model_version: header.modelVersion, score_date: header.scoreDate }, position });
      return;
    }
    if (!columns) {
      const names = line
        .replace(/^\uFEFF/, '')
        .split(',')
        .map((c) => c.trim().toLowerCase());
      if (!names.includes('cve') || !names.includes('epss')) {
        out.push({
          kind: 'error',
          message: `not an EPSS CSV header: ${line.slice(0, 80)}`,
          position: { ...at, line: lineNo },
          fatal: true,
        });
        failed = true;
        return;
      }
      columns = new Map(names.map((n, i) => [n, i]));
      parseRow = epssRowReader(columns, header);
      return;
    }
    const position = { ...at, line: lineNo, index: index++ };
    try {
      out.push({ kind: 'epss', record: parseRow!(line), position });
    } catch (e) {
      out.push({ kind: 'error', message: (e as Error).message, position, fatal: false });
    }
  };
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of source) {
    const text = rest + decoder.decode(chunk, { stream: true });
    const last = text.lastIndexOf('\n');
    if (last < 0) {
      rest = text;
      continue;
    }
    rest = text.slice(last + 1);
    const items: FeedItem[] = [];
    for (const line of text.slice(0, last).split('\n')) {
      read(line, items);
      if (failed) break; // a bad header ends the file, its error last
    }
    if (items.length > 0) yield items;
    if (failed) return;
  }
  rest += decoder.decode();
  if (rest !== '') {
    const items: FeedItem[] = [];
    read(rest, items);
    if (items.length > 0) yield items;
  }
}
