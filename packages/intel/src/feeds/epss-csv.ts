// Reads FIRST's daily EPSS CSV line by line: the comment line (model version, score date), the header, then one row per CVE.
import { parseEpssComment, parseEpssRow, type EpssCsvHeader } from '../records/epss.ts';
import type { ByteStream } from './bytes.ts';
import { lines } from './lines.ts';
import type { FeedItem, FeedPosition } from './types.ts';

export async function* epssCsvItems(source: ByteStream, at: FeedPosition): AsyncGenerator<FeedItem> {
  let header: EpssCsvHeader = { modelVersion: null, scoreDate: null };
  let columns: Map<string, number> | null = null;
  let lineNo = 0;
  let index = 0;
  for await (const line of lines(source)) {
    lineNo++;
    if (line.trim() === '') continue;
    const position = { ...at, line: lineNo };
    if (line.startsWith('#')) {
      header = parseEpssComment(line);
      yield { kind: 'meta', format: 'epss-csv', meta: { model_version: header.modelVersion, score_date: header.scoreDate }, position };
      continue;
    }
    if (!columns) {
      const names = line
        .replace(/^\uFEFF/, '')
        .split(',')
        .map((c) => c.trim().toLowerCase());
      if (!names.includes('cve') || !names.includes('epss')) {
        yield { kind: 'error', message: `not an EPSS CSV header: ${line.slice(0, 80)}`, position, fatal: true };
        return;
      }
      columns = new Map(names.map((n, i) => [n, i]));
      continue;
    }
    const rowPosition = { ...position, index: index++ };
    let item: FeedItem;
    try {
      item = { kind: 'epss', record: parseEpssRow(line, columns, header), position: rowPosition };
    } catch (e) {
      item = { kind: 'error', message: (e as Error).message, position: rowPosition, fatal: false };
    }
    yield item;
  }
}
