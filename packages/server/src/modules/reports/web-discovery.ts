// What a web discovery report shows besides findings: the scan's latest processed run on a web application the caller
// sees — its technologies, virtual hosts and figures, and its site map (a page of it in the report's data for the PDF
// and HTML; every entry, read in pages, for the CSV).
import { sql } from 'drizzle-orm';
import { WEB_DISCOVERY_SITEMAP_ROWS, type ReportData, type ReportSitemapRow } from '@bulwark/core';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { REPORT_SITEMAP_COLUMNS } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { WebTechnologyRow } from '../../db/schema/index.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';

type WebDiscovery = NonNullable<ReportData['web_discovery']>;

/** The scan's latest processed web run on an asset the scope sees, or null. */
async function latestRun(db: Db, scope: AssetScope, scanId: number): Promise<Record<string, unknown> | null> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select w.*, coalesce(nullif(a.name, ''), a.value) as asset from web_run_results w
        join scan_runs r on r.id = w.run_id join assets a on a.id = w.asset_id
        where r.scan_id = ${scanId} and w.customer_id = ${scope.customerId} and ${scopeCondition(scope, 'a')}
        order by w.run_id desc limit 1`,
  );
  return row ?? null;
}

export async function webDiscoveryOf(db: Db, scope: AssetScope, scanId: number): Promise<WebDiscovery | null> {
  const run = await latestRun(db, scope, scanId);
  if (!run) return null;
  const entries = await queryRows<{ url: string; method: string; status: number; source: string; title: string | null }>(
    db,
    sql`select url, method, status, source, title from web_sitemap_entries where run_id = ${Number(run.run_id)}
        order by id limit ${WEB_DISCOVERY_SITEMAP_ROWS}`,
  );
  return {
    run: Number(run.run_id),
    asset: String(run.asset),
    target: String(run.target),
    technologies: (run.technologies as WebTechnologyRow[]).map((t) => ({ name: t.name, version: t.version, cpe: t.cpe })),
    vhosts: run.vhosts as string[],
    urls: Number(run.urls),
    forms: Number(run.forms),
    sitemap: entries.map((e) => ({ url: e.url, method: e.method, status: Number(e.status), source: e.source, title: e.title ?? '' })),
  };
}

/** Every entry of the run's site map as CSV rows, read in pages by id. */
async function* sitemapRows(db: Db, customerId: number, runId: number, asset: string, batch = 2000): AsyncGenerator<ReportSitemapRow> {
  let after = 0;
  for (;;) {
    const page = await queryRows<Record<string, unknown>>(
      db,
      sql`select * from web_sitemap_entries where run_id = ${runId} and customer_id = ${customerId} and id > ${after}
          order by id limit ${batch}`,
    );
    for (const e of page)
      yield {
        asset,
        url: String(e.url),
        method: String(e.method),
        status: String(e.status),
        content_type: String(e.content_type ?? ''),
        depth: String(e.depth),
        source: String(e.source),
        referrer: (e.referrer as string | null) ?? '',
        title: (e.title as string | null) ?? '',
        parameters: ((e.parameters as string[]) ?? []).join(' '),
      };
    if (page.length < batch) return;
    after = Number(page[page.length - 1]!.id);
  }
}

/**
 * Writes the discovery run's site map as CSV with a header row to `out` (and ends it). The anonymised CSV names the
 * asset by its pseudonym and keeps only the path of each URL and referrer, so no host name leaves with the file.
 */
export async function renderSitemapCsv(
  db: Db,
  customerId: number,
  discovery: WebDiscovery | null,
  out: NodeJS.WritableStream,
  options: { pseudonym?: (asset: string) => string; onRows?: (n: number) => void | Promise<void> } = {},
): Promise<void> {
  const pathOnly = (url: string) => {
    try {
      const u = new URL(url);
      return `${u.pathname}${u.search}`;
    } catch {
      return '';
    }
  };
  async function* lines() {
    let n = 0;
    if (discovery)
      for await (const row of sitemapRows(db, customerId, discovery.run, discovery.asset)) {
        const r = options.pseudonym
          ? { ...row, asset: options.pseudonym(row.asset), url: pathOnly(row.url), referrer: row.referrer && pathOnly(row.referrer) }
          : row;
        yield REPORT_SITEMAP_COLUMNS.map((c) => r[c]);
        n += 1;
        if (options.onRows && n % 500 === 0) await options.onRows(n);
      }
    if (options.onRows) await options.onRows(n);
  }
  await pipeline(Readable.from(lines()), stringify({ header: true, columns: [...REPORT_SITEMAP_COLUMNS] }), out);
}
