// NVD CVE JSON 2.0 records (the API's `cve` object) → CveRecord: scores, severity, configurations, references, KEV dates.
import type { Severity } from '@bulwark/core';
import { checkCpe } from '../cpe/cpe.ts';
import type { ConfigNode, Configuration, CpeMatch } from '../cpe/types.ts';
import { type CvssMetric, type CvssVersion, primaryCvss, severityFromScore } from './cvss.ts';
import {
  RecordError,
  asObject,
  cveId,
  isObject,
  type JsonObject,
  optionalArray,
  optionalString,
  requiredString,
  stringArray,
} from './json.ts';

export interface CveReference {
  url: string;
  source: string | null;
  tags: string[];
}

/** CISA KEV dates as NVD copies them into its records (no ransomware flag there: that comes from the KEV feed). */
export interface NvdKevInfo {
  dateAdded: string;
  dueDate: string | null;
  requiredAction: string | null;
  name: string | null;
}

export interface CveRecord {
  id: string;
  published: string | null;
  lastModified: string | null;
  /** NVD's analysis status: Analyzed, Modified, Awaiting Analysis, ... */
  status: string | null;
  /** English description. */
  description: string;
  /** Every score given, in the order NVD lists them. */
  cvss: CvssMetric[];
  /** The score that gives the severity (see CVSS_PREFERENCE); null while the record is unscored. */
  primaryCvss: CvssMetric | null;
  /** Severity code 0-4 from the primary score; null while unscored. */
  severity: Severity | null;
  cwes: string[];
  configurations: Configuration[];
  references: CveReference[];
  kev: NvdKevInfo | null;
}

const METRIC_KEYS: Record<string, CvssVersion> = {
  cvssMetricV40: '4.0',
  cvssMetricV31: '3.1',
  cvssMetricV30: '3.0',
  cvssMetricV2: '2.0',
};

/** Reads one metric entry; CVSS v2 keeps its severity label outside cvssData. */
export function readCvssMetric(entry: unknown, version: CvssVersion, what: string): CvssMetric {
  const m = asObject(entry, what);
  const data = asObject(m.cvssData, `${what}.cvssData`);
  const score = data.baseScore;
  if (typeof score !== 'number' || !(score >= 0 && score <= 10)) throw new RecordError(`${what}.cvssData.baseScore is not a CVSS score`);
  return {
    version,
    vector: requiredString(data, 'vectorString', `${what}.cvssData.vectorString`),
    score,
    baseSeverity: optionalString(data, 'baseSeverity') ?? optionalString(m, 'baseSeverity'),
    source: optionalString(m, 'source'),
    type: optionalString(m, 'type'),
  };
}

function readMetrics(value: unknown): CvssMetric[] {
  if (value === undefined || value === null) return [];
  const metrics = asObject(value, 'metrics');
  const out: CvssMetric[] = [];
  for (const [key, version] of Object.entries(METRIC_KEYS)) {
    optionalArray(metrics, key, `metrics.${key}`).forEach((e, i) => out.push(readCvssMetric(e, version, `metrics.${key}[${i}]`)));
  }
  return out;
}

const RANGE_KEYS = ['versionStartIncluding', 'versionStartExcluding', 'versionEndIncluding', 'versionEndExcluding'] as const;

/**
 * One cpeMatch entry; `criteriaKey` is `criteria` in 2.0 and `cpe23Uri` in 1.1 feeds. `what` names the entry in an
 * error (a function: feeds hold millions of entries, and the name is only needed for a bad one).
 */
export function readCpeMatch(entry: unknown, what: string | (() => string), criteriaKey = 'criteria'): CpeMatch {
  const name = typeof what === 'string' ? () => what : what;
  const m = isObject(entry) ? entry : asObject(entry, name());
  const criteria = m[criteriaKey];
  if (typeof criteria !== 'string' || criteria.trim() === '') requiredString(m, criteriaKey, `${name()}.${criteriaKey}`);
  try {
    checkCpe(criteria as string);
  } catch (e) {
    throw new RecordError(`${name()}: ${(e as Error).message}`);
  }
  if (typeof m.vulnerable !== 'boolean') throw new RecordError(`${name()}.vulnerable is not a boolean`);
  const out: CpeMatch = { vulnerable: m.vulnerable, criteria: criteria as string };
  for (const k of RANGE_KEYS) {
    const v = m[k];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string') optionalString(m, k, `${name()}.${k}`);
    out[k] = v as string;
  }
  return out; // NVD's matchCriteriaId, a bookkeeping id nothing reads, is left out
}

export function readOperator(value: unknown, what: string): 'AND' | 'OR' {
  if (value === undefined || value === null) return 'OR';
  if (value === 'AND' || value === 'OR') return value;
  throw new RecordError(`${what}.operator is not AND or OR`);
}

function readNode(value: unknown, what: () => string): ConfigNode {
  const n = isObject(value) ? value : asObject(value, what());
  const list = n.cpeMatch === undefined || n.cpeMatch === null ? [] : n.cpeMatch;
  if (!Array.isArray(list)) throw new RecordError(`${what()}.cpeMatch is not an array`);
  return {
    operator: n.operator === 'AND' || n.operator === 'OR' ? n.operator : readOperator(n.operator, what()),
    negate: n.negate === true,
    cpeMatch: list.map((m, i) => readCpeMatch(m, () => `${what()}.cpeMatch[${i}]`)),
  };
}

function readConfigurations(value: unknown): Configuration[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new RecordError('configurations is not an array');
  return value.map((c, i) => {
    const config = asObject(c, `configurations[${i}]`);
    const out: Configuration = {
      nodes: optionalArray(config, 'nodes', `configurations[${i}].nodes`).map((n, j) =>
        readNode(n, () => `configurations[${i}].nodes[${j}]`),
      ),
    };
    if (config.operator !== undefined) out.operator = readOperator(config.operator, `configurations[${i}]`);
    if (config.negate === true) out.negate = true;
    return out;
  });
}

/** References once per URL (NVD lists many twice, once per source), tags merged. */
export function mergeReferences(refs: CveReference[]): CveReference[] {
  const byUrl = new Map<string, CveReference>();
  for (const r of refs) {
    const seen = byUrl.get(r.url);
    if (!seen) byUrl.set(r.url, r);
    else {
      // A new reference with the tags of both: those given are the caller's, not ours to change.
      const more = r.tags.filter((t) => !seen.tags.includes(t));
      if (more.length > 0) byUrl.set(r.url, { ...seen, tags: [...seen.tags, ...more] });
    }
  }
  return [...byUrl.values()];
}

/** The references, merged by mergeReferences (a reference's array of tags is kept as given when it is all strings). */
function readReferences(o: JsonObject): CveReference[] {
  return mergeReferences(
    optionalArray(o, 'references').map((r, i) => {
      // Names for errors only built for a bad reference: a feed holds millions.
      const ref = isObject(r) ? r : asObject(r, `references[${i}]`);
      const url = typeof ref.url === 'string' && ref.url.trim() !== '' ? ref.url : requiredString(ref, 'url', `references[${i}].url`);
      const given = ref.tags;
      const tags =
        Array.isArray(given) && given.every((t) => typeof t === 'string')
          ? (given as string[])
          : stringArray(ref, 'tags', `references[${i}].tags`);
      return { url, source: optionalString(ref, 'source'), tags };
    }),
  );
}

/** The English text of a `[{lang, value}]` list (else the first one). */
export function englishText(list: unknown[], what: string): string {
  const texts = list.map((d, i) => asObject(d, `${what}[${i}]`));
  const en = texts.find((d) => d.lang === 'en') ?? texts[0];
  return en && typeof en.value === 'string' ? en.value : '';
}

function readCwes(o: JsonObject): string[] {
  const cwes = new Set<string>();
  for (const w of optionalArray(o, 'weaknesses')) {
    if (!isObject(w)) continue;
    for (const d of optionalArray(w, 'description', 'weaknesses[].description')) {
      if (isObject(d) && typeof d.value === 'string' && d.value.startsWith('CWE-')) cwes.add(d.value);
    }
  }
  return [...cwes];
}

/** Builds the record's scores and severity from its metrics. */
export function withSeverity(cvss: CvssMetric[]): Pick<CveRecord, 'cvss' | 'primaryCvss' | 'severity'> {
  const primary = primaryCvss(cvss);
  return { cvss, primaryCvss: primary, severity: primary ? severityFromScore(primary.score) : null };
}

/** Normalises an NVD CVE API 2.0 record (`{id, ...}` or `{cve: {id, ...}}`); throws RecordError when unusable. */
export function normalizeNvdCve(value: unknown): CveRecord {
  let o = asObject(value, 'record');
  if (o.id === undefined && isObject(o.cve)) o = o.cve;
  const kevDate = optionalString(o, 'cisaExploitAdd');
  return {
    id: cveId(o.id, 'id'),
    published: optionalString(o, 'published'),
    lastModified: optionalString(o, 'lastModified'),
    status: optionalString(o, 'vulnStatus'),
    description: englishText(optionalArray(o, 'descriptions'), 'descriptions'),
    ...withSeverity(readMetrics(o.metrics)),
    cwes: readCwes(o),
    configurations: readConfigurations(o.configurations),
    references: readReferences(o),
    kev: kevDate
      ? {
          dateAdded: kevDate,
          dueDate: optionalString(o, 'cisaActionDue'),
          requiredAction: optionalString(o, 'cisaRequiredAction'),
          name: optionalString(o, 'cisaVulnerabilityName'),
        }
      : null,
  };
}
