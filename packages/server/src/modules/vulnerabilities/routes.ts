// HTTP routes of unified vulnerabilities (feature-areas §7 Unified assets, Vulnerabilities and tests): the issue list
// and its count by OPTIONS, an issue's details, assets, related issues and common application versions, the finding
// list (vulnerability-simple) and its count, distinct issues, one finding with its timeline, ignoring, approving,
// un-ignoring, the ignored summary and the CSV export. Each reads within the caller's AssetScope.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stringify } from 'csv-stringify';
import { z } from 'zod';
import {
  commonAppVersion,
  IGNORE_REASON_LABELS,
  type IgnoreReason,
  ignoredDetails,
  ignoreInput,
  ignoreResult,
  issue,
  issueDetails,
  relatedIssue,
  unignoreInput,
  vulnerability,
  vulnerabilityDetail,
  vulnerabilitySummary,
  type Vulnerability,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, paged, pagedSchema, pageQuery } from '../../http/list.ts';
import { scopeOfCaller } from '../assets/visibility.ts';
import { issueListQuery, vulnerabilityFilterQuery, vulnerabilityListQuery } from './filters.ts';
import {
  commonAppVersions,
  countFindings,
  FINDING_EXACT_COUNT,
  distinctIssues,
  exportFindings,
  findingTimeline,
  getFinding,
  getIssue,
  ignoredSummary,
  issueCounts,
  listFindings,
  listIssues,
  relatedIssues,
  toVulnerabilityDetail,
  userEmail,
  vulnerabilitySummary as summaryOf,
} from './repo.ts';
import { approveRiskAcceptance, ignoreFindings, ignoredTestIds, unignoreFindings, unignoreIssue } from './service.ts';

const tags = ['vulnerabilities'];
const READ = 'unified_vulnerabilities:read' as const;
const UPDATE = 'unified_vulnerabilities:update' as const;
const hidParams = z.object({ hid: z.string().min(1).max(200) });
const countReply = z.object({ count: z.number().int(), exact: z.boolean() });
const idsBody = z.object({
  ids: z.array(z.number().int().positive()).min(1, 'Choose at least one finding.').max(10_000, 'Choose at most 10000 findings.'),
});

/** References of an issue: NVD and CISA KEV for CVEs. */
function referencesOf(cves: readonly string[], kev: boolean) {
  const out = cves.map((c) => ({ label: `${c} at NVD`, url: `https://nvd.nist.gov/vuln/detail/${encodeURIComponent(c)}` }));
  if (kev && cves.length)
    out.push({ label: 'CISA Known Exploited Vulnerabilities', url: 'https://www.cisa.gov/known-exploited-vulnerabilities-catalog' });
  return out;
}

const CSV_COLUMNS: [string, (v: Vulnerability) => string | number | null][] = [
  ['id', (v) => v.id],
  ['hid', (v) => v.hid],
  ['name', (v) => v.name],
  ['severity', (v) => v.severity_label],
  ['state', (v) => v.state_label],
  ['risk_score', (v) => v.risk_score],
  ['cvss', (v) => v.cvss],
  ['epss', (v) => v.epss],
  ['exploit_known', (v) => (v.exploit_known ? 'yes' : 'no')],
  ['ransomware_known', (v) => (v.ransomware_known ? 'yes' : 'no')],
  ['asset', (v) => v.asset.asset_name],
  ['port', (v) => (v.port === null ? '' : `${v.port}/${v.protocol ?? 'tcp'}`)],
  ['service', (v) => v.service],
  ['cves', (v) => v.cves.join(' ')],
  ['source', (v) => v.source],
  ['confidence', (v) => v.confidence_label],
  ['created', (v) => v.created],
  ['last_detected', (v) => v.last_detected],
  ['ignored', (v) => (v.ignored ? (v.ignored.reason_label ?? 'yes') : '')],
  ['ignore_expires', (v) => v.ignored?.expires_at ?? ''],
];

export function vulnerabilityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const scopeFor = (request: FastifyRequest) => scopeOfCaller(ctx.db, authOf(request));

  r.get(
    '/api/unified-assets/issues/',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Issues (one weakness across assets) with a finding the filter matches; counts and risk over those findings',
        querystring: issueListQuery,
        response: { 200: pagedSchema(issue) },
      },
    },
    async (request) => {
      const scope = await scopeFor(request);
      const { page, page_size, ordering, ...filter } = request.query;
      const { count, rows } = await listIssues(ctx.db, scope, filter, { page, pageSize: page_size, ordering }, new Date());
      return paged(request, page, page_size, count, rows);
    },
  );

  /** The issue's rule for its later findings, with who set it. */
  const issueRuleOf = async (row: Record<string, unknown>) => {
    if (row.ignore_kind === null || row.ignore_kind === undefined) return null;
    const reason = row.ignore_reason === null ? null : Number(row.ignore_reason);
    const by = row.ignored_by === null ? null : await userEmail(ctx.db, Number(row.ignored_by));
    return {
      kind: Number(row.ignore_kind),
      reason,
      reason_label: reason === null ? null : IGNORE_REASON_LABELS[reason as IgnoreReason],
      comment: String(row.ignore_comment ?? ''),
      expires_at: row.ignore_expires_at ? new Date(row.ignore_expires_at as string).toISOString() : null,
      at: row.ignored_at ? new Date(row.ignored_at as string).toISOString() : null,
      by: by === null ? null : { id: Number(row.ignored_by), email: by },
    };
  };

  // Either grouping's count is the number of findings the filter matches (the issue list's OPTIONS too, as the spec
  // counts the list by its findings).
  for (const url of ['/api/unified-assets/issues/', '/api/remediation/vulnerability-simple/'])
    r.route({
      method: 'OPTIONS',
      url,
      config: { access: READ },
      schema: {
        tags,
        summary: `The number of findings the filter matches: exact up to ${FINDING_EXACT_COUNT}, estimated beyond`,
        querystring: vulnerabilityFilterQuery,
        response: { 200: countReply },
      },
      handler: async (request) =>
        countFindings(ctx.db, await scopeFor(request), request.query as z.output<typeof vulnerabilityFilterQuery>, new Date()),
    });

  const issueOr404 = async (request: FastifyRequest, hid: string) => {
    const scope = await scopeFor(request);
    const row = await getIssue(ctx.db, scope, hid);
    if (!row) throw notFound();
    return { scope, row };
  };

  r.get(
    '/api/unified-assets/issues/:hid/details/',
    { config: { access: READ }, schema: { tags, summary: 'One issue', params: hidParams, response: { 200: issueDetails } } },
    async (request) => {
      const { scope, row } = await issueOr404(request, request.params.hid);
      const counts = await issueCounts(ctx.db, scope, Number(row.id));
      const ignoredTests = row.check_id ? await ignoredTestIds(ctx.db, scope.customerId, 'n') : new Set<string>();
      const kind = Number(row.kind);
      return {
        hid: row.hid,
        name: String(row.name),
        source: String(row.source),
        kind,
        kind_label: kind === 1 ? 'Potential' : 'General',
        severity: Number(row.severity),
        severity_label: ['Info', 'Low', 'Medium', 'High', 'Critical'][Number(row.severity)] ?? '',
        cvss: row.cvss === null ? null : Number(row.cvss),
        cvss_vector: (row.cvss_vector as string | null) ?? null,
        epss: row.epss === null ? null : Number(row.epss),
        epss_percentile: row.epss_percentile === null ? null : Number(row.epss_percentile),
        exploit_known: Boolean(row.exploit_known),
        ransomware_known: Boolean(row.ransomware_known),
        risk_score: counts.risk,
        check_id: (row.check_id as string | null) ?? null,
        cve: (row.cve as string | null) ?? null,
        cves: (row.cves as string[]) ?? [],
        assets: counts.assets,
        findings: counts.open,
        created: counts.created ?? new Date(row.first_seen as string).toISOString(),
        last_detected: counts.lastDetected ?? new Date(row.last_seen as string).toISOString(),
        description: (row.description as string | null) ?? null,
        solution: (row.solution as string | null) ?? null,
        references: referencesOf((row.cves as string[]) ?? [], Boolean(row.exploit_known)),
        counts: { open: counts.open, closed: counts.closed, ignored: counts.ignored, assets: counts.assets },
        test_ignored: row.check_id ? ignoredTests.has(String(row.check_id)) : false,
        ignore_rule: await issueRuleOf(row),
      };
    },
  );

  r.get(
    '/api/unified-assets/issues/:hid/assets/',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: "The issue's findings, one per asset and port, with the list's filters",
        params: hidParams,
        querystring: vulnerabilityListQuery,
        response: { 200: pagedSchema(vulnerability) },
      },
    },
    async (request) => {
      const { scope } = await issueOr404(request, request.params.hid);
      const { page, page_size, ordering, ...filter } = request.query;
      const { count, rows } = await listFindings(
        ctx.db,
        scope,
        { ...filter, hid: request.params.hid },
        { page, pageSize: page_size, ordering },
        new Date(),
      );
      return paged(request, page, page_size, count, rows);
    },
  );

  r.get(
    '/api/unified-assets/issues/:hid/related-issues/',
    {
      config: { access: READ },
      schema: { tags, summary: 'Other issues on the same assets', params: hidParams, response: { 200: z.array(relatedIssue) } },
    },
    async (request) => {
      const { scope, row } = await issueOr404(request, request.params.hid);
      const rows = await relatedIssues(ctx.db, scope, Number(row.id));
      return rows.map((x) => ({
        ...x,
        severity: Number(x.severity),
        risk_score: Math.round(Number(x.risk_score)),
        shared_assets: Number(x.shared_assets),
      }));
    },
  );

  r.get(
    '/api/unified-assets/issues/:hid/common_app_versions/',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Products and versions where the issue is open',
        params: hidParams,
        response: { 200: z.array(commonAppVersion) },
      },
    },
    async (request) => {
      const { scope, row } = await issueOr404(request, request.params.hid);
      return (await commonAppVersions(ctx.db, scope, Number(row.id))).map((x) => ({ ...x, assets: Number(x.assets) }));
    },
  );

  r.get(
    '/api/unified-assets/issues-summary/',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: "The customer's average asset risk, and the open findings that count by severity, KEV and ransomware",
        response: { 200: vulnerabilitySummary },
      },
    },
    async (request) => summaryOf(ctx.db, await scopeFor(request)),
  );

  r.get(
    '/api/unified-assets/issues-ignored-details/',
    {
      config: { access: READ },
      schema: { tags, summary: 'What is ignored or disabled, by reason, and what runs out soon', response: { 200: ignoredDetails } },
    },
    async (request) => ignoredSummary(ctx.db, await scopeFor(request), new Date()),
  );

  r.get(
    '/api/remediation/vulnerability-simple/',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Findings, paged, with every filter of §3',
        querystring: vulnerabilityListQuery,
        response: { 200: pagedSchema(vulnerability) },
      },
    },
    async (request) => {
      const scope = await scopeFor(request);
      const { page, page_size, ordering, ...filter } = request.query;
      const { count, rows } = await listFindings(ctx.db, scope, filter, { page, pageSize: page_size, ordering }, new Date());
      return paged(request, page, page_size, count, rows);
    },
  );

  r.get(
    '/api/remediation/vulnerability-simple/export/',
    {
      config: { access: READ },
      schema: { tags, summary: 'The filtered finding list as CSV, in the list order, streamed', querystring: vulnerabilityListQuery },
    },
    async (request, reply) => {
      const scope = await scopeFor(request);
      const { ordering, page: _page, page_size: _size, ...filter } = request.query;
      const now = new Date();
      async function* rows() {
        for await (const v of exportFindings(ctx.db, scope, filter, ordering, now)) yield CSV_COLUMNS.map(([, get]) => get(v) ?? '');
      }
      const csv = Readable.from(rows()).pipe(stringify({ header: true, columns: CSV_COLUMNS.map(([name]) => name) }));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bulwark-vulnerabilities-${now.toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    },
  );

  r.get(
    '/api/remediation/vulnerability/distinct/',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'One row per issue the filter matches',
        querystring: pageQuery.extend(vulnerabilityFilterQuery.shape),
        response: {
          200: pagedSchema(z.object({ hid: z.string(), name: z.string(), severity: z.number().int(), findings: z.number().int() })),
        },
      },
    },
    async (request) => {
      const scope = await scopeFor(request);
      const { page, page_size, ...filter } = request.query;
      const { count, rows } = await distinctIssues(ctx.db, scope, filter, new Date(), { page, pageSize: page_size });
      return paged(
        request,
        page,
        page_size,
        count,
        rows.map((x) => ({ ...x, severity: Number(x.severity), findings: Number(x.findings) })),
      );
    },
  );

  r.get(
    '/api/remediation/vulnerability/:id/',
    {
      config: { access: READ },
      schema: { tags, summary: 'One finding with its timeline', params: idParams, response: { 200: vulnerabilityDetail } },
    },
    async (request) => {
      const scope = await scopeFor(request);
      const row = await getFinding(ctx.db, scope, request.params.id);
      if (!row) throw notFound();
      const now = new Date();
      return toVulnerabilityDetail(row, await findingTimeline(ctx.db, request.params.id), now);
    },
  );

  r.post(
    '/api/remediation/vulnerability/ignore/',
    {
      config: { access: UPDATE },
      schema: {
        tags,
        summary:
          'Ignore or disable findings (ids, an issue on all its assets, or a filter) with a reason, a comment and an optional expiry',
        body: ignoreInput,
        response: { 200: ignoreResult },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return ignoreFindings(ctx.db, await scopeFor(request), auth.user.id, request.body, new Date());
    },
  );

  r.post(
    '/api/remediation/vulnerability/approve/',
    {
      config: { access: UPDATE },
      schema: {
        tags,
        summary: "Approve requested risk acceptances (someone else's)",
        body: idsBody,
        response: { 200: z.object({ approved: z.number().int() }) },
      },
    },
    async (request) => ({
      approved: await approveRiskAcceptance(ctx.db, await scopeFor(request), authOf(request).user.id, request.body.ids, new Date()),
    }),
  );

  r.post(
    '/api/remediation/vulnerability/unignore/:id/',
    { config: { access: UPDATE }, schema: { tags, summary: 'Make an ignored or disabled finding count again', params: idParams } },
    async (request, reply) => {
      const scope = await scopeFor(request);
      if (!(await getFinding(ctx.db, scope, request.params.id))) throw notFound();
      const changed = await unignoreFindings(ctx.db, scope, authOf(request).user.id, [request.params.id], new Date());
      return reply.code(200).send({ unignored: changed });
    },
  );

  r.post(
    '/api/remediation/vulnerability/unignore/',
    {
      config: { access: UPDATE },
      schema: {
        tags,
        summary: 'Make findings count again: by id, or an issue on all its assets (which also ends its rule for later findings)',
        body: unignoreInput,
        response: { 200: z.object({ unignored: z.number().int() }) },
      },
    },
    async (request) => {
      const scope = await scopeFor(request);
      const userId = authOf(request).user.id;
      const { ids, hid } = request.body;
      return {
        unignored:
          hid !== undefined
            ? await unignoreIssue(ctx.db, scope, userId, hid, new Date())
            : await unignoreFindings(ctx.db, scope, userId, ids!, new Date()),
      };
    },
  );
}
