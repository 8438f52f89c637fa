// Read models of what web runs found (tenant-scoped, within the caller's asset scope): web-application assets with
// their latest web run, a run's site map (paged and as a path tree), and a run's extras for its result pages.
import { sql, type SQL } from 'drizzle-orm';
import {
  OWASP_2021_IDS,
  OWASP_2021_LABELS,
  type SitemapEntry,
  type SitemapTree,
  type WebAppBasic,
  type WebAppRow,
  type WebRunDetail,
} from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { containsPattern, intArray, queryRows } from '../../db/rows.ts';
import type { WebRunStats, WebTechnologyRow } from '../../db/schema/index.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';
import { buildSitemapTree } from './tree.ts';

const NAME = sql`coalesce(nullif(a.name, ''), a.value)`;
/** Open web findings that count, at or above the customer's minimum quality of detection. */
const COUNTED = sql`f.source = 'web' and f.state <> 3 and f.ignore_kind is null and not f.test_ignored
                    and f.qod >= (select c.min_qod from customers c where c.id = f.customer_id)`;

export const WEBAPP_ORDERINGS = {
  name: NAME,
  url: sql`a.value`,
  last_scan: sql`r.processed_at`,
  findings: sql`fc.total`,
} as const;
export type WebAppOrdering = keyof typeof WEBAPP_ORDERINGS;

const iso = (d: unknown): string | null => (d === null || d === undefined ? null : new Date(d as string).toISOString());

export async function listWebApps(
  db: Db,
  scope: AssetScope,
  q: { page: number; pageSize: number; ordering: { key: WebAppOrdering; descending: boolean }; search?: string },
): Promise<{ count: number; results: WebAppRow[] }> {
  const where = sql`a.kind = 'webapp' and a.archived_at is null and ${scopeCondition(scope, 'a')}${
    q.search ? sql` and (${NAME} ilike ${containsPattern(q.search)} or a.value ilike ${containsPattern(q.search)})` : sql``
  }`;
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from assets a where ${where}`);
  const order = sql`${WEBAPP_ORDERINGS[q.ordering.key]} ${sql.raw(q.ordering.descending ? 'desc nulls last' : 'asc nulls first')}, a.id`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select a.id, ${NAME} as name, a.value as url, r.run_id, sr.scan_id, sr.name as run_name,
               coalesce(sr.finished_at, r.processed_at) as finished_at, r.complete, r.urls, r.forms, r.technologies, fc.*
        from assets a
        left join lateral (select * from web_run_results w where w.asset_id = a.id and w.customer_id = a.customer_id
                           order by w.run_id desc limit 1) r on true
        left join scan_runs sr on sr.id = r.run_id
        cross join lateral (select count(*) filter (where f.severity = 4)::int as critical,
                                   count(*) filter (where f.severity = 3)::int as high,
                                   count(*) filter (where f.severity = 2)::int as medium,
                                   count(*) filter (where f.severity = 1)::int as low,
                                   count(*) filter (where f.severity = 0)::int as info,
                                   count(*)::int as total
                            from findings f where f.host_id = a.id and ${COUNTED}) fc
        where ${where}
        order by ${order}
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  return {
    count: Number(n),
    results: rows.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      url: String(r.url),
      last_scan:
        r.run_id === null
          ? null
          : {
              run_id: Number(r.run_id),
              scan_id: Number(r.scan_id),
              name: String(r.run_name ?? ''),
              finished_at: iso(r.finished_at),
              complete: Boolean(r.complete),
              urls: Number(r.urls),
              forms: Number(r.forms),
            },
      findings: {
        critical: Number(r.critical),
        high: Number(r.high),
        medium: Number(r.medium),
        low: Number(r.low),
        info: Number(r.info),
        total: Number(r.total),
      },
      technologies: ((r.technologies as WebTechnologyRow[] | null) ?? []).map((t) => ({
        name: t.name,
        version: t.version,
        cpe: t.cpe,
        evidence: t.evidence,
      })),
    })),
  };
}

/** Web-application assets for pickers, by name (at most `limit`). */
export async function webAppBasics(db: Db, scope: AssetScope, search: string | undefined, limit: number): Promise<WebAppBasic[]> {
  const rows = await queryRows<{ id: number; name: string; url: string }>(
    db,
    sql`select a.id, ${NAME} as name, a.value as url from assets a
        where a.kind = 'webapp' and a.archived_at is null and ${scopeCondition(scope, 'a')}
          ${search ? sql`and (${NAME} ilike ${containsPattern(search)} or a.value ilike ${containsPattern(search)})` : sql``}
        order by lower(${NAME}), a.id limit ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, url: r.url }));
}

/** The web run's asset when the caller may see it: the customer's, and within a LIMITED member's tags. */
export async function visibleWebRun(db: Db, scope: AssetScope, runId: number): Promise<WebAppBasic | null> {
  const [row] = await queryRows<{ id: number; name: string; url: string }>(
    db,
    sql`select a.id, ${NAME} as name, a.value as url from web_run_results w join assets a on a.id = w.asset_id
        where w.run_id = ${runId} and w.customer_id = ${scope.customerId} and ${scopeCondition(scope, 'a')}`,
  );
  return row ? { id: Number(row.id), name: row.name, url: row.url } : null;
}

export const SITEMAP_ORDERINGS = { id: sql`e.id`, url: sql`e.url`, status: sql`e.status`, depth: sql`e.depth` } as const;
export type SitemapOrdering = keyof typeof SITEMAP_ORDERINGS;

export async function listSitemap(
  db: Db,
  customerId: number,
  runId: number,
  q: {
    page: number;
    pageSize: number;
    ordering: { key: SitemapOrdering; descending: boolean };
    source?: string[];
    status?: number[];
    search?: string;
    /** Entries at or under this path of the tree (`scheme://host/dir`). */
    under?: string;
  },
): Promise<{ count: number; results: SitemapEntry[] }> {
  const conditions: SQL[] = [sql`e.run_id = ${runId}`, sql`e.customer_id = ${customerId}`];
  if (q.source?.length)
    conditions.push(
      sql`e.source in (${sql.join(
        q.source.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (q.status?.length) conditions.push(sql`e.status = any(${intArray(q.status)})`);
  if (q.search) conditions.push(sql`(e.url ilike ${containsPattern(q.search)} or e.title ilike ${containsPattern(q.search)})`);
  if (q.under) {
    const base = q.under.replace(/\/+$/, '');
    conditions.push(
      sql`(split_part(split_part(e.url, '?', 1), '#', 1) = ${base} or e.url like ${`${base.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`})`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from web_sitemap_entries e where ${where}`);
  const dir = sql.raw(q.ordering.descending ? 'desc' : 'asc');
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select e.* from web_sitemap_entries e where ${where}
        order by ${SITEMAP_ORDERINGS[q.ordering.key]} ${dir}, e.id
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  return {
    count: Number(n),
    results: rows.map((r) => ({
      id: Number(r.id),
      url: String(r.url),
      method: String(r.method),
      status: Number(r.status),
      content_type: String(r.content_type ?? ''),
      depth: Number(r.depth),
      source: String(r.source),
      referrer: (r.referrer as string | null) ?? null,
      title: (r.title as string | null) ?? null,
      parameters: (r.parameters as string[]) ?? [],
    })),
  };
}

/** Entries read to build a tree (a site map past this is cut at the limit; the tree says so). */
const TREE_ENTRY_LIMIT = 100_000;

export async function sitemapTreeOf(db: Db, customerId: number, runId: number): Promise<SitemapTree> {
  const rows = await queryRows<{ url: string; status: number }>(
    db,
    sql`select e.url, e.status from web_sitemap_entries e where e.run_id = ${runId} and e.customer_id = ${customerId}
        order by e.id limit ${TREE_ENTRY_LIMIT + 1}`,
  );
  const tree = buildSitemapTree(rows.slice(0, TREE_ENTRY_LIMIT));
  return { run: runId, nodes: tree.nodes, truncated: tree.truncated || rows.length > TREE_ENTRY_LIMIT };
}

export async function readWebRunDetail(db: Db, customerId: number, runId: number, asset: WebAppBasic): Promise<WebRunDetail | null> {
  const [r] = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from web_run_results where run_id = ${runId} and customer_id = ${customerId}`,
  );
  if (!r) return null;
  const forms = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from web_forms where run_id = ${runId} and customer_id = ${customerId} order by id limit 1000`,
  );
  const owasp = await queryRows<{ owasp: string | null; n: number }>(
    db,
    sql`select f.owasp, count(*)::int as n from scan_run_findings s join findings f on f.id = s.finding_id
        where s.run_id = ${runId} and s.customer_id = ${customerId} and s.state <> 3 and f.source = 'web'
        group by f.owasp`,
  );
  const counts = new Map(owasp.map((o) => [o.owasp, Number(o.n)]));
  const stats = r.stats as WebRunStats;
  return {
    run: runId,
    asset,
    target: String(r.target),
    complete: Boolean(r.complete),
    technologies: r.technologies as WebTechnologyRow[],
    vhosts: r.vhosts as string[],
    skipped: r.skipped as { url: string; reason: string }[],
    stats: {
      started_at: stats.startedAt,
      finished_at: stats.finishedAt,
      duration_ms: stats.durationMs,
      urls_found: stats.urlsFound,
      requests_sent: stats.requestsSent,
      parameters: stats.parameters,
      forms: stats.forms,
      reauthentications: stats.reauthentications,
      auth: stats.auth,
      timeline: (stats.timeline ?? []).map((p) => ({
        at_s: Math.round(p.atMs / 100) / 10,
        requests: p.requests,
        urls: p.urls,
        phase: p.phase,
      })),
    },
    urls: Number(r.urls),
    forms: forms.map((f) => ({
      id: Number(f.id),
      page: String(f.page),
      action: String(f.action),
      method: String(f.method),
      enctype: String(f.enctype),
      fields: f.fields as WebRunDetail['forms'][number]['fields'],
      csrf_token: Boolean(f.csrf_token),
    })),
    owasp: [
      ...OWASP_2021_IDS.map((id) => ({ id, label: OWASP_2021_LABELS[id], count: counts.get(id) ?? 0 })),
      { id: null, label: 'Other', count: counts.get(null) ?? 0 },
    ],
    findings: [...counts.values()].reduce((a, b) => a + b, 0),
  };
}
