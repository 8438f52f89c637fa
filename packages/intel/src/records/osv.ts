// OSV advisories (osv-schema) → OsvRecord: affected packages with their ranges, and the CVE ids the advisory is about.
import { RecordError, asObject, CVE_ID, isObject, optionalArray, optionalString, requiredString, stringArray } from './json.ts';

/** One range event; exactly one of the keys is set. Names as in the OSV schema. */
export interface OsvEvent {
  introduced?: string;
  fixed?: string;
  last_affected?: string;
  limit?: string;
}

export interface OsvRange {
  /** ECOSYSTEM, SEMVER or GIT. */
  type: string;
  events: OsvEvent[];
  repo?: string;
}

export interface OsvAffected {
  /** Null for affected entries that only name a git repository. */
  package: { ecosystem: string; name: string; purl?: string } | null;
  ranges: OsvRange[];
  /** Versions listed one by one. */
  versions: string[];
}

export interface OsvRecord {
  id: string;
  modified: string | null;
  published: string | null;
  withdrawn: string | null;
  summary: string;
  details: string;
  aliases: string[];
  related: string[];
  upstream: string[];
  affected: OsvAffected[];
  references: { type: string; url: string }[];
  /** `[{type: "CVSS_V3", score: "CVSS:3.1/…"}]` as given. */
  severity: { type: string; score: string }[];
  /** CVE ids the advisory is about: the id itself, aliases, related and upstream ids that are CVEs. */
  cves: string[];
}

const EVENT_KEYS = ['introduced', 'fixed', 'last_affected', 'limit'] as const;

function readEvent(value: unknown, what: string): OsvEvent {
  const e = asObject(value, what);
  const keys = EVENT_KEYS.filter((k) => e[k] !== undefined);
  if (keys.length !== 1) throw new RecordError(`${what} must have exactly one of ${EVENT_KEYS.join(', ')}`);
  return { [keys[0]]: requiredString(e, keys[0], `${what}.${keys[0]}`) };
}

function readRange(value: unknown, what: string): OsvRange {
  const r = asObject(value, what);
  const range: OsvRange = {
    type: requiredString(r, 'type', `${what}.type`),
    events: optionalArray(r, 'events', `${what}.events`).map((e, i) => readEvent(e, `${what}.events[${i}]`)),
  };
  const repo = optionalString(r, 'repo');
  if (repo) range.repo = repo;
  return range;
}

function readAffected(value: unknown, what: string): OsvAffected {
  const a = asObject(value, what);
  let pkg: OsvAffected['package'] = null;
  if (a.package !== undefined) {
    const p = asObject(a.package, `${what}.package`);
    pkg = {
      ecosystem: requiredString(p, 'ecosystem', `${what}.package.ecosystem`),
      name: requiredString(p, 'name', `${what}.package.name`),
    };
    const purl = optionalString(p, 'purl');
    if (purl) pkg.purl = purl;
  }
  return {
    package: pkg,
    ranges: optionalArray(a, 'ranges', `${what}.ranges`).map((r, i) => readRange(r, `${what}.ranges[${i}]`)),
    versions: stringArray(a, 'versions', `${what}.versions`),
  };
}

/** Normalises one OSV record; throws RecordError when unusable. */
export function normalizeOsv(value: unknown): OsvRecord {
  const o = asObject(value, 'record');
  const id = requiredString(o, 'id');
  const aliases = stringArray(o, 'aliases');
  const related = stringArray(o, 'related');
  const upstream = stringArray(o, 'upstream');
  const cves = [...new Set([id, ...aliases, ...related, ...upstream].map((s) => s.trim().toUpperCase()).filter((s) => CVE_ID.test(s)))];
  return {
    id,
    modified: optionalString(o, 'modified'),
    published: optionalString(o, 'published'),
    withdrawn: optionalString(o, 'withdrawn'),
    summary: optionalString(o, 'summary') ?? '',
    details: optionalString(o, 'details') ?? '',
    aliases,
    related,
    upstream,
    affected: optionalArray(o, 'affected').map((a, i) => readAffected(a, `affected[${i}]`)),
    references: optionalArray(o, 'references')
      .filter(isObject)
      .map((r, i) => ({ type: optionalString(r, 'type') ?? 'WEB', url: requiredString(r, 'url', `references[${i}].url`) })),
    severity: optionalArray(o, 'severity')
      .filter(isObject)
      .map((s, i) => ({
        type: requiredString(s, 'type', `severity[${i}].type`),
        score: requiredString(s, 'score', `severity[${i}].score`),
      })),
    cves,
  };
}
