// Turns one web run's result on a web-application asset into the inventory, in one transaction: the run's result (site
// map, forms, technologies, virtual hosts, what was skipped, figures), its findings through the one merge step
// (results/merge.ts), where each finding is (web_findings) and the derived data. Re-processing the same run writes the
// same rows: the run's own rows are replaced, and the merge leaves a finding this run already touched as it is.
import { sql } from 'drizzle-orm';
import { webTestCatalogue, type WebScanResult, type WebTestInfo } from '@bulwark/scanner';
import type { VulnerabilityMatch } from '@bulwark/intel';
import type { Db, Tx } from '../../db/client.ts';
import { webForms, webRunResults, webSitemapEntries } from '../../db/schema/index.ts';
import { matchHost } from '../intel/index.ts';
import { afterFindingsChanged } from '../vulnerabilities/index.ts';
import { isCpe23, type FindingInput } from './findings.ts';
import { cveFacts } from './intel-facts.ts';
import type { BatchContext } from './inventory.ts';
import { closeFindings, upsertFindings } from './merge.ts';
import { intArray, jsonRows, textArray } from './sql.ts';
import { dedupeByKey, normalisedWebPath, technologyCveFinding, webFindingInput, webFindingKey, WEB_SOURCE } from './web-findings.ts';

export interface WebRunInput {
  customerId: number;
  runId: number;
  /** The web-application asset the run scanned (its findings are on it). */
  assetId: number;
  result: WebScanResult;
  /** The run finished normally: only then does it close the asset's web findings it did not see. */
  complete: boolean;
  /** When the run saw the application (the same on every re-processing). */
  now: Date;
  /** A discovery run (crawl only): it opens what it delivered but closes nothing. */
  discovery: boolean;
  /** The tests the run's profile selected; a complete run closes only their findings (and CVE findings). */
  tests?: readonly string[];
  /** A re-test run (scan_runs.retest): only these findings may close. */
  onlyFindings?: readonly number[] | null;
  /** The web tests' facts by id (default: the scanner's catalogue; tests pass their own). */
  catalogue?: ReadonlyMap<string, WebTestInfo>;
}

export interface WebRunOutcome {
  findings: number;
  closed: number;
  urls: number;
  forms: number;
}

/** Rows per insert statement of the site map and forms. */
const CHUNK = 1000;
/** The skipped list kept per run. */
const MAX_SKIPPED = 1000;

let scannerCatalogue: Map<string, WebTestInfo> | null = null;
const catalogueOf = (w: WebRunInput): ReadonlyMap<string, WebTestInfo> =>
  w.catalogue ?? (scannerCatalogue ??= new Map(webTestCatalogue().map((t) => [t.id, t])));

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
};

/** The run's findings: the engine's, then the CVEs the intelligence matches on the technologies it recognised. */
async function buildFindings(db: Db, result: WebScanResult, tests: ReadonlyMap<string, WebTestInfo>): Promise<FindingInput[]> {
  const cpes = [...new Set(result.technologies.map((t) => t.cpe).filter((c): c is string => !!c && isCpe23(c)))];
  const byCpe: ReadonlyMap<string, readonly VulnerabilityMatch[]> = cpes.length ? (await matchHost(db, { cpes })).byCpe : new Map();
  const wanted = new Set<string>();
  for (const f of result.findings) for (const c of f.cve ?? []) wanted.add(c);
  for (const ms of byCpe.values()) for (const m of ms) wanted.add(m.cve);
  const facts = await cveFacts(db, wanted);
  const targetHost = hostOf(result.target);
  const out = result.findings.map((f) => webFindingInput(f, tests.get(f.test), targetHost, facts));
  for (const t of result.technologies)
    for (const m of t.cpe ? (byCpe.get(t.cpe) ?? []) : []) out.push(technologyCveFinding(m, t, facts.get(m.cve)));
  return dedupeByKey(out);
}

/** The run's own rows: written again whole, so re-processing leaves the same rows. */
async function storeRunRows(tx: Tx, w: WebRunInput, findingCount: number): Promise<void> {
  const { customerId, runId, assetId, result: r } = w;
  await tx.delete(webSitemapEntries).where(sql`${webSitemapEntries.runId} = ${runId}`);
  await tx.delete(webForms).where(sql`${webForms.runId} = ${runId}`);
  const row = {
    runId,
    customerId,
    assetId,
    target: r.target,
    complete: w.complete,
    technologies: r.technologies.map((t) => ({ name: t.name, version: t.version ?? null, cpe: t.cpe ?? null, evidence: t.evidence })),
    vhosts: r.vhosts,
    skipped: r.skipped.slice(0, MAX_SKIPPED),
    stats: {
      startedAt: r.stats.startedAt ?? null,
      finishedAt: r.stats.finishedAt ?? null,
      durationMs: r.stats.durationMs ?? null,
      urlsFound: r.stats.urlsFound,
      requestsSent: r.stats.requestsSent,
      parameters: r.stats.parameters,
      forms: r.stats.forms,
      reauthentications: r.stats.reauthentications,
      auth: r.stats.auth,
      timeline: r.stats.timeline,
    },
    urls: r.sitemap.length,
    forms: r.forms.length,
    findings: findingCount,
    processedAt: w.now,
  };
  const { runId: _key, ...changes } = row;
  await tx.insert(webRunResults).values(row).onConflictDoUpdate({ target: webRunResults.runId, set: changes });
  for (let i = 0; i < r.sitemap.length; i += CHUNK)
    await tx.insert(webSitemapEntries).values(
      r.sitemap.slice(i, i + CHUNK).map((e) => ({
        runId,
        customerId,
        assetId,
        url: e.url,
        method: e.method,
        status: e.status,
        contentType: e.contentType,
        depth: e.depth,
        source: e.source,
        referrer: e.referrer ?? null,
        title: e.title ?? null,
        parameters: e.parameters,
      })),
    );
  for (let i = 0; i < r.forms.length; i += CHUNK)
    await tx.insert(webForms).values(r.forms.slice(i, i + CHUNK).map((f) => ({ runId, customerId, assetId, ...f, fields: f.fields })));
}

/** Where each finding of the run is (web_findings), from the engine's finding that made it. */
async function storeWhere(tx: Tx, w: WebRunInput): Promise<void> {
  const targetHost = hostOf(w.result.target);
  // CVE findings matched on technologies have no URL: they get no row.
  const rows = w.result.findings.map((f) => {
    return {
      key: webFindingKey(f.test, normalisedWebPath(f.url, targetHost), f.method, f.parameter),
      test: f.test,
      url: f.url,
      method: f.method.toUpperCase(),
      parameter: f.parameter ?? null,
      location: f.location ?? null,
      payload: f.payload ?? null,
      evidence: f.evidence,
      confirmed: f.confidence === 'confirmed',
    };
  });
  // One row per key: a confirmed proof wins over a potential one, as the finding's own evidence does.
  const byKey = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (r.key && (!byKey.has(r.key) || (r.confirmed && !byKey.get(r.key)!.confirmed))) byKey.set(r.key, r);
  if (byKey.size === 0) return;
  await tx.execute(sql`
    insert into web_findings (finding_id, customer_id, run_id, test, url, method, parameter, location, payload, evidence)
    select f.id, ${w.customerId}, ${w.runId}, x.test, x.url, x.method, x.parameter, x.location, x.payload, x.evidence
    from jsonb_to_recordset(${jsonRows([...byKey.values()])})
      as x(key text, test text, url text, method text, parameter text, location text, payload text, evidence jsonb)
    join findings f on f.host_id = ${w.assetId} and f.key = x.key and f.customer_id = ${w.customerId}
    on conflict (finding_id) do update set
      run_id = excluded.run_id, test = excluded.test, url = excluded.url, method = excluded.method,
      parameter = excluded.parameter, location = excluded.location, payload = excluded.payload, evidence = excluded.evidence`);
}

/**
 * Processes one web run's result on its asset. A complete, non-discovery run closes the asset's open web findings it
 * did not see (of the tests it ran, and CVE findings); an incomplete or discovery run closes nothing.
 */
export async function processWebRun(db: Db, w: WebRunInput): Promise<WebRunOutcome> {
  const found = await buildFindings(db, w.result, catalogueOf(w));
  const c: BatchContext = { customerId: w.customerId, runId: w.runId, seen: w.now, targetAssetIds: [w.assetId], tcp: [], udp: [] };
  return db.transaction(async (tx) => {
    await storeRunRows(tx, w, found.length);
    await upsertFindings(
      tx,
      c,
      found.map((finding) => ({ hostId: w.assetId, finding })),
    );
    await storeWhere(tx, w);
    let closed = 0;
    if (w.complete && !w.discovery) {
      const onlyTests = w.tests ? sql`and (f.check_id is null or f.check_id = any(${textArray(w.tests)}))` : sql``;
      const onlyFindings = w.onlyFindings ? sql`and f.id = any(${intArray(w.onlyFindings)})` : sql``;
      closed = (
        await closeFindings(tx, {
          at: w.now,
          customerId: w.customerId,
          runId: w.runId,
          where: sql`f.host_id = ${w.assetId} and f.source = ${WEB_SOURCE} ${onlyTests} ${onlyFindings}`,
        })
      ).length;
    }
    await afterFindingsChanged(tx, w.customerId, [w.assetId]);
    return { findings: found.length, closed, urls: w.result.sitemap.length, forms: w.result.forms.length };
  });
}
