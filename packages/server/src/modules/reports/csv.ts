// Report rows as CSV, plain or anonymised: in the anonymised CSV every asset name and address is replaced by a stable
// pseudonym (an HMAC of the value under the customer's own key), so the same asset has the same pseudonym in every
// report of that customer, and the file can be shared without naming a machine.
import { createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { REPORT_FINDING_COLUMNS, type ReportFindingRow } from '@bulwark/core';

export type Pseudonymise = (row: ReportFindingRow) => ReportFindingRow;

/** The pseudonymiser of one customer's key: `asset-3f9a1c2e`, `ip-77b0d41a`. */
export function pseudonymiser(key: Buffer): Pseudonymise {
  const cache = new Map<string, string>();
  const of = (prefix: string, value: string) => {
    if (value === '') return '';
    const k = `${prefix}:${value}`;
    let out = cache.get(k);
    if (out === undefined) {
      out = `${prefix}-${createHmac('sha256', key).update(k).digest('hex').slice(0, 10)}`;
      if (cache.size < 100_000) cache.set(k, out);
    }
    return out;
  };
  // The evidence may quote the address or the name (a banner, a URL): they are replaced there too.
  const hide = (text: string, row: ReportFindingRow) =>
    [row.address, row.asset].reduce((t, v) => (v ? t.split(v).join(v === row.address ? of('ip', v) : of('asset', v)) : t), text);
  return (row) => ({ ...row, asset: of('asset', row.asset), address: of('ip', row.address), evidence: hide(row.evidence, row) });
}

/** Writes the rows as CSV with a header row to `out` (and ends it); `onRows` hears the running total every 500 rows. */
export async function renderCsv(
  rows: AsyncIterable<ReportFindingRow>,
  out: NodeJS.WritableStream,
  options: { pseudonymise?: Pseudonymise; onRows?: (n: number) => void | Promise<void> } = {},
): Promise<void> {
  const { pseudonymise, onRows } = options;
  async function* lines() {
    let n = 0;
    for await (const row of rows) {
      const r = pseudonymise ? pseudonymise(row) : row;
      yield REPORT_FINDING_COLUMNS.map((c) => r[c]);
      n += 1;
      if (onRows && n % 500 === 0) await onRows(n);
    }
    if (onRows) await onRows(n);
  }
  await pipeline(Readable.from(lines()), stringify({ header: true, columns: [...REPORT_FINDING_COLUMNS] }), out);
}
