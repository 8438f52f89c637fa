// Matching against the stored intelligence, in three rounds of queries for a whole host: the match data of the candidate
// CVEs its services could have (through the product index, never a scan of every CVE) and the advisories of its
// packages; then, for what matched, the facts a match shows (record: description, scores, references; KEV, EPSS). Only
// the slim match column (configurations) of each candidate is read, never its record; @bulwark/intel decides what matches.
import {
  CveMatchIndex,
  IntelIndex,
  parseCpe,
  sortMatches,
  vulnerabilityMatch,
  type Cpe,
  nvdFacts,
  type CveDetail,
  type CveFacts,
  type KeyEntry,
  type CveMatchData,
  type OsvRecord,
  type PackageQuery,
  type VulnerabilityMatch,
} from '@bulwark/intel';
import { availableParallelism } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { intelCves, intelDistroFixes, intelEpss, intelKev, intelOsv, intelOsvPackages } from '../../db/schema/index.ts';
import { osvPackageKey, rawClient } from './store.ts';
import { textArray } from '../../db/rows.ts';

export interface HostQuery {
  /** CPE 2.3 strings of the host's services and operating system. */
  cpes?: readonly string[];
  packages?: readonly PackageQuery[];
}

export interface HostMatches {
  /** Per CPE given, the CVEs for that product alone (its platforms are taken as unknown). */
  byCpe: Map<string, VulnerabilityMatch[]>;
  /** Per package given (`ecosystem/name@version`), the CVEs its advisories report. */
  byPackage: Map<string, VulnerabilityMatch[]>;
}

const SLICE = 10_000;

async function sliced<T, R>(items: readonly T[], run: (slice: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += SLICE) out.push(...(await run(items.slice(i, i + SLICE))));
  return out;
}

export const packageLabel = (p: PackageQuery): string => `${p.ecosystem}/${p.name}@${p.version}`;

/** At most this many queries of one host at once (the pool has more connections; the database, a core each). */
const PARTS = Math.max(1, Math.min(4, availableParallelism()));
/** Fewer values than this go in one query: splitting costs a round trip. */
const PART_MIN = 16;

/** The values in up to PARTS parts of at least PART_MIN (one part when few). */
function inParts<T>(values: readonly T[]): T[][] {
  const n = Math.max(1, Math.min(PARTS, Math.floor(values.length / PART_MIN)));
  const size = Math.ceil(values.length / n);
  return Array.from({ length: n }, (_, i) => values.slice(i * size, (i + 1) * size));
}

type Row = Record<string, unknown>;
/** Candidate rows without repeats: a CVE whose keys fall in two parts brings its match data (or, by vendor, its keys) twice. */
function distinctRows(rows: Row[]): Row[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = `${r.id as string}\u0000${(r.vendor as string | null) ?? ''}\u0000${(r.product as string | null) ?? ''}\u0000${r.match === null ? 'k' : 'm'}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Candidates: the keys of CVEs whose vulnerable entries name one of the products (or, for CPEs without one, vendors),
 * or any product. A plain CVE's key brings its entries; the match data (configurations) is read for the others. With
 * `$3` (a CPE without a product, which any entry of a candidate may match) every key of the candidates is read. A row
 * is a key (vendor, product set) or a CVE's match data (match set). Entries and match data come as text: many
 * candidates carry the same (a product's entries repeat from CVE to CVE), and each text is parsed once.
 */
const CANDIDATES = `with k as (
    select cve_id, vendor, product, entries from intel_cve_products
    where ($4::boolean and product = '*') or product = any($1::text[]) or vendor = any($2::text[])
  )
  select cve_id as id, vendor, product, entries::text, null::text as match from k where not $3::boolean
  union all
  select cve_id, vendor, product, entries::text, null from intel_cve_products where $3::boolean and cve_id in (select cve_id from k)
  union all
  select c.id, null, null, null, c.match::text from intel_cves c where c.id in (select cve_id from k where entries is null)`;

/**
 * Parsed entries and match data by their text, kept across hosts: the hosts of a scan run the same products, so the
 * same texts come back host after host, and parsing them was most of a host's match. One parse, and so one object,
 * per distinct text (the index then handles each only once). Keyed by the text itself, so a changed record is simply
 * another key; emptied when it holds more than PARSED_CHARS_KEPT characters of text. Nothing mutates what it holds.
 */
const parsedTexts = new Map<string, unknown>();
let parsedChars = 0;
const PARSED_CHARS_KEPT = 32_000_000;

function parsedText<T>(text: string): T {
  let value = parsedTexts.get(text);
  if (value === undefined) {
    if (parsedChars + text.length > PARSED_CHARS_KEPT) {
      parsedTexts.clear();
      parsedChars = 0;
    }
    parsedTexts.set(text, (value = JSON.parse(text)));
    parsedChars += text.length;
  }
  return value as T;
}

/** The match data or entries of every CVE the CPEs could match, indexed for matching. */
export async function loadCandidates(db: Db, cpes: readonly Cpe[]): Promise<CveMatchIndex> {
  const index = new CveMatchIndex();
  if (cpes.length === 0) return index;
  const products = new Set<string>();
  const vendors = new Set<string>();
  for (const c of cpes) {
    if (c.product.kind === 'value') products.add(c.product.value);
    else if (c.vendor.kind === 'value') vendors.add(c.vendor.value);
  }
  // The products in a few parts queried at once over the pool's connections, so that the database works on every core
  // (the first part also brings the keys of any product); rows a CVE brings twice count once. With vendors, one query:
  // every key of every candidate must come, which parts could not see of each other's candidates.
  const parts = vendors.size > 0 ? [[...products]] : inParts([...products]);
  const answers = await Promise.all(
    parts.map((part, i) => rawClient(db).query(CANDIDATES, [part, i === 0 ? [...vendors] : [], i === 0 && vendors.size > 0, i === 0])),
  );
  const rows = answers.length === 1 ? answers[0]!.rows : distinctRows(answers.flatMap((a) => a.rows));
  const keys = new Map<string, { vendor: string; product: string }[]>();
  for (const r of rows) {
    if (r.match !== null) continue;
    const id = r.id as string;
    const key = { vendor: r.vendor as string, product: r.product as string };
    if (r.entries !== null) index.addEntries(id, key.vendor, key.product, parsedText<KeyEntry[]>(r.entries as string));
    else {
      const list = keys.get(id);
      if (list) list.push(key);
      else keys.set(id, [key]);
    }
  }
  for (const r of rows)
    if (r.match !== null) index.add(r.id as string, parsedText<CveMatchData>(r.match as string), keys.get(r.id as string) ?? []);
  return index;
}

/** The OSV advisories of the packages, in an index that matches package versions. */
async function loadAdvisories(db: Db, packages: readonly PackageQuery[]): Promise<IntelIndex> {
  const index = new IntelIndex();
  if (packages.length === 0) return index;
  const keys = [
    ...new Map(packages.map((p) => osvPackageKey(p.ecosystem, p.name)).map((k) => [`${k.ecosystem}\u0000${k.name}`, k])).values(),
  ];
  // Two array parameters, not a row list: the embedded database hangs re-running a statement with over a thousand
  // bind parameters (the second run of the same statement never returns), and arrays are one round trip anyway.
  const ids = await sliced(keys, (slice) =>
    db
      .selectDistinct({ id: intelOsvPackages.osvId })
      .from(intelOsvPackages)
      .where(
        sql`(${intelOsvPackages.ecosystem}, ${intelOsvPackages.name}) in (select * from unnest(${textArray(slice.map((k) => k.ecosystem))}, ${textArray(slice.map((k) => k.name))}))`,
      ),
  );
  const advisories = await sliced(
    ids.map((r) => r.id),
    (slice) =>
      db
        .select({ record: intelOsv.record })
        .from(intelOsv)
        .where(sql`${intelOsv.id} = any(${textArray(slice)})`),
  );
  for (const { record } of advisories) index.addOsv(record);
  return index;
}

/**
 * What a match shows of each CVE that matched: from its record (without configurations), the KEV catalog and EPSS.
 * A record's facts are kept across hosts by CVE and lastModified (the hosts of a scan share most of their CVEs): the
 * query sends the lastModified it holds, and the record comes back only when the stored one differs (or none is
 * held). Dates as text: node-postgres would make Date objects of them.
 */
const FACTS = `select w.id, c.last_modified::text as last_modified,
    case when w.held is distinct from c.last_modified::text then c.record::text end as record,
    k.ransomware, k.date_added::text as kev_added, k.due_date::text as kev_due, e.score as epss, e.percentile as epss_percentile
  from unnest($1::text[], $2::text[]) as w(id, held)
  left join intel_cves c on c.id = w.id
  left join intel_kev k on k.cve_id = w.id
  left join intel_epss e on e.cve_id = w.id`;

/** A record's facts, with the lastModified they were read at. */
type HeldFacts = { lastModified: string; facts: NonNullable<CveFacts['nvd']> };
/** Facts of records by CVE; emptied beyond FACTS_KEPT. */
const heldFacts = new Map<string, HeldFacts>();
const FACTS_KEPT = 100_000;

async function loadFacts(db: Db, ids: readonly string[]): Promise<Map<string, CveFacts>> {
  const out = new Map<string, CveFacts>();
  if (ids.length === 0) return out;
  // What is held now (another host's match may empty heldFacts while these queries run).
  const held = new Map<string, HeldFacts>();
  for (const id of ids) {
    const h = heldFacts.get(id);
    if (h) held.set(id, h);
  }
  const answers = await Promise.all(
    inParts(ids).map((part) => rawClient(db).query(FACTS, [part, part.map((id) => held.get(id)?.lastModified ?? null)])),
  );
  for (const r of answers.flatMap((a) => a.rows)) {
    const id = r.id as string;
    const lastModified = r.last_modified as string | null;
    const facts: CveFacts = {};
    if (r.record !== null) {
      const nvd = nvdFacts(JSON.parse(r.record as string) as CveDetail);
      facts.nvd = { ...nvd, references: [...nvd.references] };
      // A record without lastModified may be replaced by another without one: never held.
      if (lastModified !== null) {
        if (heldFacts.size >= FACTS_KEPT) heldFacts.clear();
        heldFacts.set(id, { lastModified, facts: nvd });
      }
    } else {
      const h = held.get(id);
      // A copy of the references: a match is the caller's to change, the held facts are not.
      if (h && h.lastModified === lastModified) facts.nvd = { ...h.facts, references: [...h.facts.references] };
    }
    if (r.kev_added !== null)
      facts.kev = { ransomware: r.ransomware as boolean, dateAdded: r.kev_added as string, dueDate: r.kev_due as string | null };
    if (r.epss !== null) facts.epss = { epss: r.epss as number, percentile: r.epss_percentile as number | null };
    out.set(id, facts);
  }
  return out;
}

/** The CVEs for each service CPE and each package of one host, in three rounds of indexed queries. */
export async function matchHost(db: Db, query: HostQuery): Promise<HostMatches> {
  const cpes = (query.cpes ?? []).map((c) => [c, parseCpe(c)] as const);
  const packages = query.packages ?? [];
  const [candidates, advisories] = await Promise.all([
    loadCandidates(
      db,
      cpes.map(([, c]) => c),
    ),
    loadAdvisories(db, packages),
  ]);
  const cpeHits = cpes.map(([text, cpe]) => [text, candidates.match([cpe])] as const);
  const packageHits = packages.map((p) => [packageLabel(p), advisories.packageReasons(p)] as const);
  const ids = new Set<string>();
  for (const [, hits] of cpeHits) for (const h of hits) ids.add(h.cve);
  for (const [, reasons] of packageHits) for (const cve of reasons.keys()) ids.add(cve);
  const facts = await loadFacts(db, [...ids]);
  const shape = (cve: string, why: readonly string[], advisory?: OsvRecord): VulnerabilityMatch =>
    vulnerabilityMatch(cve, facts.get(cve) ?? {}, why, advisory);
  return {
    byCpe: new Map(cpeHits.map(([text, hits]) => [text, sortMatches(hits.map((h) => shape(h.cve, h.matchedBy)))])),
    byPackage: new Map(
      packageHits.map(([label, reasons]) => [label, sortMatches([...reasons].map(([cve, r]) => shape(cve, r.why, r.advisory)))]),
    ),
  };
}

/** CVEs for one CPE. */
export async function matchCpe(db: Db, cpe: string): Promise<VulnerabilityMatch[]> {
  return (await matchHost(db, { cpes: [cpe] })).byCpe.get(cpe) ?? [];
}

/** CVEs for one package version. */
export async function matchPackage(db: Db, pkg: PackageQuery): Promise<VulnerabilityMatch[]> {
  return (await matchHost(db, { packages: [pkg] })).byPackage.get(packageLabel(pkg)) ?? [];
}

/** How much intelligence is stored, for the status page and the CLI. */
export async function intelCounts(db: Db): Promise<{ cves: number; kev: number; epss: number; osv: number; distro_fixes: number }> {
  const [cves, kev, epss, osv, distro_fixes] = await Promise.all([
    db.$count(intelCves),
    db.$count(intelKev),
    db.$count(intelEpss),
    db.$count(intelOsv),
    db.$count(intelDistroFixes),
  ]);
  return { cves, kev, epss, osv, distro_fixes };
}
