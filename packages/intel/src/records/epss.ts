// FIRST EPSS scores: the per-CVE JSON form (strings) and the daily CSV (comment line with model version and score date).
import { CVE_ID, RecordError, asObject, cveId, optionalString, unitNumber } from './json.ts';

export interface EpssScore {
  cve: string;
  /** Probability of exploitation activity in the next 30 days, 0-1. */
  epss: number;
  /** Rank among all scored CVEs, 0-1; null where the source has no percentile (the earliest CSVs). */
  percentile: number | null;
  /** Score date, YYYY-MM-DD. */
  date: string | null;
  /** Model version from the CSV comment line (`v2023.03.01`); null in the JSON form. */
  modelVersion: string | null;
}

/** Normalises `{"cve":"CVE-…","epss":"0.97","percentile":"0.99","date":"2024-03-27"}` (numbers accepted too). */
export function normalizeEpssJson(value: unknown): EpssScore {
  const o = asObject(value, 'score');
  return {
    cve: cveId(o.cve, 'cve'),
    epss: unitNumber(o.epss, 'epss'),
    percentile: o.percentile === undefined ? null : unitNumber(o.percentile, 'percentile'),
    date: optionalString(o, 'date'),
    modelVersion: optionalString(o, 'model_version'),
  };
}

/** What the CSV's first line says: `#model_version:v2023.03.01,score_date:2023-04-01T00:00:00+0000`. */
export interface EpssCsvHeader {
  modelVersion: string | null;
  scoreDate: string | null;
}

/** Parses the comment line; keys it does not know are ignored. */
export function parseEpssComment(line: string): EpssCsvHeader {
  const out: EpssCsvHeader = { modelVersion: null, scoreDate: null };
  for (const pair of line.replace(/^#/, '').split(',')) {
    const i = pair.indexOf(':');
    if (i < 0) continue;
    const key = pair.slice(0, i).trim();
    const value = pair.slice(i + 1).trim();
    if (key === 'model_version') out.modelVersion = value;
    if (key === 'score_date') out.scoreDate = value;
  }
  return out;
}

/** Parses one data row, given the header's column positions. */
export function parseEpssRow(line: string, columns: Map<string, number>, header: EpssCsvHeader): EpssScore {
  return epssRowReader(columns, header)(line);
}

/**
 * A parser of the data rows under one header: the columns looked up once, not per row (a daily file has a quarter of a
 * million rows).
 */
export function epssRowReader(columns: Map<string, number>, header: EpssCsvHeader): (line: string) => EpssScore {
  const size = columns.size;
  const cveAt = columns.get('cve');
  const epssAt = columns.get('epss');
  const percentileAt = columns.get('percentile');
  const date = header.scoreDate ? header.scoreDate.slice(0, 10) : null;
  const cell = (cells: string[], i: number | undefined): string | undefined => (i === undefined ? undefined : cells[i].trim());
  return (line) => {
    const cells = line.split(',');
    if (cells.length !== size) throw new RecordError(`expected ${size} columns, found ${cells.length}`);
    const cve = cell(cells, cveAt);
    const percentile = cell(cells, percentileAt);
    return {
      // A CVE id as FIRST writes it needs no change.
      cve: cve !== undefined && CVE_ID.test(cve) ? cve : cveId(cve, 'cve'),
      epss: unitNumber(cell(cells, epssAt), 'epss'),
      // The earliest CSVs (2021) had no percentile column.
      percentile: percentile === undefined ? null : unitNumber(percentile, 'percentile'),
      date,
      modelVersion: header.modelVersion,
    };
  };
}
