// Benchmark: vulnerability-intelligence import (records/s) and CVE matching (services/s) on the server's storage, same run.
// Import: NVD API 2.0 pages of BENCH_RECORDS CVEs (default 200,000: the 36 sample records plus copies under new ids with
// renamed vendors/products, every other page gzipped) and one EPSS CSV row per CVE, through importSources into a fresh
// database; reference: reading, gunzipping and JSON.parse of the same files (the CSV split into lines and fields).
// Match: 10,000 service CPEs on 100 hosts through matchHost; reference: one indexed SQL lookup of the candidate CVE ids
// per service (the same 100 per host). Also times loadCandidates alone (the first of matchHost's queries). Prints both
// throughputs and the ratios (time of ours / time of the reference), and the CPU time this process spent on the NVD
// import (all threads: reader threads, and PGlite's database work).
// Run: npx tsx bench/intel.ts  (BENCH_BACKEND=pglite|postgres, default both when PostgreSQL answers at 127.0.0.1:5432;
// BENCH_RECORDS=N CVE records; BENCH_READERS=N reader threads for the NVD import; BENCH_PG_URL=postgres://... admin URL of
// another server)
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { allChecksPassed, check, openBench, postgresReachable, type Backend } from './lib/bench-db.ts';
import { IntelIndex, escapeCpeValue, normalizeNvdCve, parseCpe, readFeed } from '../packages/intel/src/index.ts';
import { importSources, type ImportProgress } from '../packages/server/src/modules/intel/import.ts';
import { loadCandidates, matchHost } from '../packages/server/src/modules/intel/match.ts';

type Json = Record<string, unknown>;

const RECORDS = Number(process.env.BENCH_RECORDS ?? 200_000);
/** Reader threads for the NVD import (default: importSources' own choice). */
const READERS = process.env.BENCH_READERS === undefined ? undefined : Number(process.env.BENCH_READERS);
const PAGE = 2_000; // CVEs per NVD API page, as the API serves them
const VARIANTS = 1_000; // a copy of a sample gets vendor_N / product_N, N in 0..999
const HOSTS = 100;
const PER_HOST = 100;
const FIXTURES = path.resolve(import.meta.dirname, '../packages/intel/test/fixtures/feeds');
const EPSS_HEADER = '#model_version:v2026.06.15,score_date:2026-09-29T12:00:22Z\ncve,epss,percentile\n';
const LOOKUP = 'select cve_id from intel_cve_products where product = $1 and vendor = $2';

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const secs = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const rate = (n: number, ms: number, unit: string): string => `${int(n)} ${unit} in ${secs(ms)} = ${int(n / (ms / 1000))} ${unit}/s`;
const splitCpe = (text: string): string[] => text.split(/(?<!\\):/);

/** A small seeded generator (mulberry32), so every run matches the same services. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- The replicated feed ---------------------------------------------------------------------------------------------

const sampleDir = path.join(FIXTURES, 'nvd');
const samples: Json[] = [];
for (const file of (await readdir(sampleDir)).filter((f) => f.endsWith('.json')).sort()) {
  samples.push(JSON.parse(await readFile(path.join(sampleDir, file), 'utf8')) as Json);
}
const sampleIds = samples.map((s) => String(s.id));
const copies = Math.max(0, RECORDS - samples.length);
const nvdRecords = samples.length + copies;
/** How many copies of sample s carry variant N: copiesOf[s * VARIANTS + N] (filled while writing). */
const copiesOf = new Uint32Array(samples.length * VARIANTS);
const MARK = '@@N@@';

/** Appends `_N` (as a marker) to the vendor and product of every criteria, keeping part, version, ranges and the rest. */
function renamed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(renamed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      if (k !== 'criteria' || typeof v !== 'string') return [k, renamed(v)];
      const parts = splitCpe(v);
      for (const i of [3, 4]) if (parts[i] !== '*' && parts[i] !== '-') parts[i] += `_${MARK}`;
      return [k, parts.join(':')];
    }),
  );
}

/** Writes the NVD pages (every other one gzipped, as bulk files come) and the EPSS CSV (gzipped, as FIRST serves it). */
async function writeFeeds(nvdDir: string, epssDir: string): Promise<{ bytes: number; pages: number }> {
  const templates = samples.map((s) => JSON.stringify({ cve: { ...s, id: '@@ID@@', configurations: renamed(s.configurations ?? []) } }));
  const ids: string[] = [];
  let items: string[] = [];
  let bytes = 0;
  let pages = 0;
  const writePage = async (): Promise<void> => {
    const head = { resultsPerPage: items.length, startIndex: pages * PAGE, totalResults: nvdRecords, format: 'NVD_CVE', version: '2.0' };
    const text = `${JSON.stringify({ ...head, timestamp: '2026-11-20T00:00:00.000' }).slice(0, -1)},"vulnerabilities":[${items.join(',')}]}`;
    bytes += text.length;
    const name = path.join(nvdDir, `nvdcve-page-${String(pages).padStart(4, '0')}.json`);
    if (pages % 2 === 1) await writeFile(`${name}.gz`, gzipSync(text, { level: 1 }));
    else await writeFile(name, text);
    pages++;
    items = [];
  };
  for (const [s, sample] of samples.entries()) {
    items.push(JSON.stringify({ cve: sample })); // the samples themselves, under their real names
    ids.push(sampleIds[s]);
  }
  for (let i = 0; i < copies; i++) {
    const s = i % samples.length;
    const n = Math.floor(i / samples.length) % VARIANTS;
    copiesOf[s * VARIANTS + n]++;
    const id = `CVE-2090-${String(i + 1).padStart(6, '0')}`;
    items.push(templates[s].replace('@@ID@@', id).replaceAll(MARK, String(n)));
    ids.push(id);
    if (items.length === PAGE) await writePage();
  }
  if (items.length > 0) await writePage();
  const rnd = random(7);
  const rows = ids.map((id) => `${id},${rnd().toFixed(5)},${rnd().toFixed(5)}`);
  await writeFile(path.join(epssDir, 'epss_scores-bench.csv.gz'), gzipSync(`${EPSS_HEADER}${rows.join('\n')}\n`));
  return { bytes, pages };
}

// ---- References: JSON.parse of the same bytes, and the feed reader alone ----------------------------------------------

interface Timed {
  records: number;
  ms: number;
}

/** Reads, gunzips and JSON.parses every page (the CSV: splits it into lines and fields). */
async function parseReference(dir: string): Promise<Timed> {
  const start = performance.now();
  let records = 0;
  for (const file of (await readdir(dir)).sort().map((f) => path.join(dir, f))) {
    let bytes = await readFile(file);
    if (file.endsWith('.gz')) bytes = gunzipSync(bytes);
    const text = bytes.toString('utf8');
    if (file.includes('.csv')) {
      for (const line of text.split('\n')) if (line !== '' && !line.startsWith('#') && line.split(',')[0] !== 'cve') records++;
    } else {
      records += (JSON.parse(text) as { vulnerabilities: unknown[] }).vulnerabilities.length;
    }
  }
  return { records, ms: performance.now() - start };
}

/** readFeed over the same files, storing nothing: the streaming parse and normalisation that importSources runs. */
async function readerAlone(dir: string): Promise<Timed> {
  const start = performance.now();
  let records = 0;
  for await (const item of readFeed(dir)) if (item.kind !== 'meta' && item.kind !== 'error') records++;
  return { records, ms: performance.now() - start };
}

// ---- The services to match -------------------------------------------------------------------------------------------

interface Service {
  cpe: string;
  vendor: string;
  product: string;
  /** CVEs it must match: those of the samples it matches in memory, times the copies of each under its variant. */
  expected: number;
  /** Whether its version lies inside a range of the product (else it must match nothing). */
  inside: boolean;
}

const cpeOf = (vendor: string, product: string, version: string): string =>
  `cpe:2.3:a:${vendor}:${product}:${escapeCpeValue(version)}:*:*:*:*:*:*:*`;

/** Per vulnerable application of the samples, the versions their criteria and ranges name (and 0.0.1, 99999). */
function applications(): Map<string, { vendor: string; product: string; versions: Set<string> }> {
  const out = new Map<string, { vendor: string; product: string; versions: Set<string> }>();
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) for (const v of value) collect(v);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
    const m = value as Json;
    if (typeof m.criteria === 'string' && m.vulnerable === true) {
      const [, , part, vendor, product, version] = splitCpe(m.criteria);
      if (part === 'a' && vendor !== '*' && product !== '*') {
        const entry = out.get(`${vendor}:${product}`) ?? { vendor, product, versions: new Set(['0.0.1', '99999']) };
        if (version !== '*' && version !== '-') entry.versions.add(version.replaceAll('\\', ''));
        for (const k of ['versionStartIncluding', 'versionStartExcluding', 'versionEndIncluding', 'versionEndExcluding']) {
          const bound = m[k];
          if (typeof bound === 'string') entry.versions.add(bound);
        }
        out.set(`${vendor}:${product}`, entry);
      }
    }
    for (const v of Object.values(m)) collect(v);
  };
  for (const s of samples) collect(s.configurations);
  return out;
}

/**
 * 10,000 services: an application of the samples under variant N (vendor_N:product_N) or, one in ten, under its real
 * name (openbsd:openssh ...), with a version inside some range (half the time) or outside every one. What each must
 * match is worked out on the 36 samples with the in-memory IntelIndex.
 */
function buildServices(): { services: Service[]; applicationCount: number } {
  const index = new IntelIndex();
  for (const s of samples) index.addCve(normalizeNvdCve(s));
  const choices = [...applications().values()].map(({ vendor, product, versions }) => {
    const inside: { version: string; ids: string[] }[] = [];
    const outside: string[] = [];
    for (const version of versions) {
      const ids = index.matchCpes(cpeOf(vendor, product, version)).map((m) => m.cve);
      if (ids.length > 0) inside.push({ version, ids });
      else outside.push(version);
    }
    return { vendor, product, inside, outside };
  });
  const sampleOf = new Map(sampleIds.map((id, i) => [id, i]));
  const rnd = random(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const services: Service[] = [];
  while (services.length < HOSTS * PER_HOST) {
    const c = pick(choices);
    const real = rnd() < 0.1;
    const n = Math.floor(rnd() * VARIANTS);
    const suffix = real ? '' : `_${n}`;
    const hit = c.inside.length > 0 && (c.outside.length === 0 || rnd() < 0.5) ? pick(c.inside) : null;
    const version = hit ? hit.version : pick(c.outside);
    const ids = hit?.ids ?? [];
    const expected = real ? ids.length : ids.reduce((sum, id) => sum + copiesOf[(sampleOf.get(id) ?? 0) * VARIANTS + n], 0);
    const cpe = cpeOf(`${c.vendor}${suffix}`, `${c.product}${suffix}`, version);
    const parsed = parseCpe(cpe);
    if (parsed.vendor.kind !== 'value' || parsed.product.kind !== 'value') continue;
    services.push({ cpe, vendor: parsed.vendor.value, product: parsed.product.value, expected, inside: hit !== null });
  }
  return { services, applicationCount: choices.length };
}

// ---- Databases ---------------------------------------------------------------------------------------------------------

const checkImport = (what: string, p: ImportProgress): void =>
  check(
    `${what}: read ${p.counts.read}, added ${p.counts.added}, skipped ${p.counts.skipped} (want ${nvdRecords} read and added)`,
    p.counts.read === nvdRecords && p.counts.added === nvdRecords && p.counts.skipped === 0,
  );

interface Dirs {
  data: string;
  nvd: string;
  epss: string;
}

async function runBackend(backend: Backend, dirs: Dirs, services: Service[]): Promise<void> {
  console.log(`\n[${backend}]`);
  const hosts = Array.from({ length: HOSTS }, (_, h) => services.slice(h * PER_HOST, (h + 1) * PER_HOST));
  const expected = services.reduce((sum, s) => sum + s.expected, 0);
  const { database, drop } = await openBench(backend, dirs.data);
  try {
    await database.migrate();
    const db = database.db;
    if (process.env.NOFK)
      await database.sql.executeSql('alter table intel_cve_products drop constraint intel_cve_products_cve_id_intel_cves_id_fk');

    // Import into the fresh database, the reference measured just before it.
    const refNvd = await parseReference(dirs.nvd);
    const refEpss = await parseReference(dirs.epss);
    check(
      `JSON.parse found ${refNvd.records} CVEs, ${refEpss.records} EPSS rows`,
      refNvd.records === nvdRecords && refEpss.records === nvdRecords,
    );
    let t = performance.now();
    const cpu = process.cpuUsage();
    const nvd = await importSources(db, [dirs.nvd], undefined, READERS === undefined ? {} : { readers: READERS });
    const nvdMs = performance.now() - t;
    const nvdCpu = process.cpuUsage(cpu);
    t = performance.now();
    const epss = await importSources(db, [dirs.epss]);
    const epssMs = performance.now() - t;
    checkImport('NVD import', nvd);
    checkImport('EPSS import', epss);
    const refMs = refNvd.ms + refEpss.ms;
    const importMs = nvdMs + epssMs;
    console.log(
      `  JSON.parse (reference): NVD ${rate(refNvd.records, refNvd.ms, 'records')}; EPSS ${rate(refEpss.records, refEpss.ms, 'records')}`,
    );
    console.log(
      `  importSources:          NVD ${rate(nvd.counts.read, nvdMs, 'records')}; EPSS ${rate(epss.counts.read, epssMs, 'records')}`,
    );
    console.log(
      `  import: ${rate(nvd.counts.read + epss.counts.read, importMs, 'records')}; JSON.parse ${rate(refNvd.records + refEpss.records, refMs, 'records')}`,
    );
    console.log(
      `  ratio import / JSON.parse (time): ${(importMs / refMs).toFixed(1)} (NVD ${(nvdMs / refNvd.ms).toFixed(1)}, EPSS ${(epssMs / refEpss.ms).toFixed(1)})`,
    );
    // This process's CPU time on every thread (reader threads, and for PGlite the database too), against the reference's time.
    const nvdCpuMs = (nvdCpu.user + nvdCpu.system) / 1000;
    console.log(
      `  NVD import CPU of this process (all threads): ${secs(nvdCpuMs)} = ${(nvdCpuMs / refNvd.ms).toFixed(1)} × the reference's time`,
    );

    // Match: matchHost per host of 100 services, then the plain lookups with the same batching, then loadCandidates alone.
    t = performance.now();
    let found = 0;
    let outsideHits = 0;
    let differ = 0;
    for (const host of hosts) {
      const result = await matchHost(db, { cpes: host.map((s) => s.cpe) });
      for (const s of host) {
        const n = result.byCpe.get(s.cpe)?.length ?? 0;
        found += n;
        if (!s.inside && n > 0) outsideHits++;
        if (n !== s.expected) differ++;
      }
    }
    const matchMs = performance.now() - t;
    t = performance.now();
    let candidates = 0;
    for (const host of hosts) {
      const answers = await Promise.all(host.map((s) => database.sql.executeSql(LOOKUP, [s.product, s.vendor])));
      for (const a of answers) candidates += a.rows.length;
    }
    const lookupMs = performance.now() - t;
    t = performance.now();
    let loaded = 0;
    for (const host of hosts) {
      const index = await loadCandidates(
        db,
        host.map((s) => parseCpe(s.cpe)),
      );
      loaded += index.size;
    }
    const loadMs = performance.now() - t;
    const outside = services.filter((s) => !s.inside).length;
    check(`matchHost found ${found} matches, ${expected} expected (${differ} services differ)`, found === expected && differ === 0);
    check(`${outsideHits} services with a version outside every range matched`, outsideHits === 0);
    console.log(
      `  matchHost:                 ${rate(services.length, matchMs, 'services')}; ${int(found)} matches (${int(expected)} expected)`,
    );
    console.log(`  indexed lookup (reference): ${rate(services.length, lookupMs, 'services')}; ${int(candidates)} candidate rows`);
    console.log(`  ratio matchHost / lookup (time): ${(matchMs / lookupMs).toFixed(1)}`);
    console.log(
      `  loadCandidates alone: ${secs(loadMs)}, ${int(loaded / HOSTS)} candidate CVEs per host; ` +
        `${int(outside)} services outside every range, ${outsideHits} of them matched`,
    );
  } finally {
    await drop();
  }
}

const data = await mkdtemp(path.join(os.tmpdir(), 'bulwark-bench-intel-'));
try {
  const dirs: Dirs = { data, nvd: path.join(data, 'nvd'), epss: path.join(data, 'epss') };
  await mkdir(dirs.nvd);
  await mkdir(dirs.epss);
  let t = performance.now();
  const written = await writeFeeds(dirs.nvd, dirs.epss);
  console.log(
    `feed: ${int(nvdRecords)} NVD CVEs in ${written.pages} API pages of ${int(PAGE)} (every other gzipped; ${(written.bytes / 1e9).toFixed(2)} GB of JSON)` +
      ` + ${int(nvdRecords)} EPSS rows (one gzipped CSV), written in ${secs(performance.now() - t)}`,
  );
  const { services, applicationCount } = buildServices();
  console.log(
    `services: ${int(services.length)} CPEs on ${HOSTS} hosts from ${applicationCount} applications of the samples ` +
      `(${VARIANTS} variants each, one in ten under the real name); ${int(services.filter((s) => !s.inside).length)} outside every range`,
  );
  t = performance.now();
  const readerNvd = await readerAlone(dirs.nvd);
  const readerEpss = await readerAlone(dirs.epss);
  console.log(
    `readFeed alone (no database): NVD ${rate(readerNvd.records, readerNvd.ms, 'records')}; EPSS ${rate(readerEpss.records, readerEpss.ms, 'records')}`,
  );
  const wanted = process.env.BENCH_BACKEND;
  const backends: Backend[] =
    wanted === 'pglite' || wanted === 'postgres' ? [wanted] : (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite'];
  for (const backend of backends) await runBackend(backend, dirs, services);
} finally {
  await rm(data, { recursive: true, force: true });
}
process.exitCode = allChecksPassed() ? 0 : 1;
