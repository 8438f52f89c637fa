// HTTP routes of findings in unified vulnerabilities (feature-areas §7 Vulnerabilities and tests): the count of either
// grouping by OPTIONS, the finding list (vulnerability-simple) and its CSV export, distinct issues, one finding with its
// timeline, ignoring, approving and un-ignoring. The issue side (unified-assets/issues…) is routes-issues.ts. Each
// reads within the caller's AssetScope.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stringify } from 'csv-stringify';
import { withFindingText, type FindingText } from './export-details.ts';
import { solutionRoutes } from './routes-solutions.ts';
import { z } from 'zod';
import { ignoreInput, ignoreResult, qodHidden, unignoreInput, vulnerability, vulnerabilityDetail, type Vulnerability } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, paged, pagedSchema, pageQuery } from '../../http/list.ts';
import { scopeOfCaller } from '../../tenancy/visibility.ts';
import { vulnerabilityFilterQuery, vulnerabilityListQuery } from './filters.ts';
import { distinctIssues } from './issue-queries.ts';
import {
  countFindings,
  exportFindings,
  FINDING_EXACT_COUNT,
  findingTimeline,
  getFinding,
  hiddenBelowQod,
  listFindings,
  toVulnerabilityDetail,
} from './repo.ts';
import { approveRiskAcceptance, ignoreFindings, unignoreFindings, unignoreIssue } from './service.ts';

const tags = ['vulnerabilities'];
const READ = 'unified_vulnerabilities:read' as const;
const UPDATE = 'unified_vulnerabilities:update' as const;
const countReply = z.object({ count: z.number().int(), exact: z.boolean() });
const idsBody = z.object({
  ids: z.array(z.number().int().positive()).min(1, 'Choose at least one finding.').max(10_000, 'Choose at most 10000 findings.'),
});

const CSV_COLUMNS: [string, (v: Vulnerability, x: FindingText) => string | number | null][] = [
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
  ['qod', (v) => v.qod],
  ['created', (v) => v.created],
  ['last_detected', (v) => v.last_detected],
  ['ignored', (v) => (v.ignored ? (v.ignored.reason_label ?? 'yes') : '')],
  ['ignore_expires', (v) => v.ignored?.expires_at ?? ''],
  ['cwe', (_v, x) => x.cwes],
  ['description', (_v, x) => x.description],
  ['solution', (_v, x) => x.solution],
  ['evidence', (_v, x) => x.evidence],
];

export function vulnerabilityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  solutionRoutes(app, ctx);
  const scopeFor = (request: FastifyRequest) => scopeOfCaller(ctx.db, authOf(request));

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

  r.get(
    '/api/remediation/vulnerability-simple/',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Findings, paged, with every filter of §3; `qod` says how many the minimum quality of detection hid',
        querystring: vulnerabilityListQuery,
        response: { 200: pagedSchema(vulnerability).extend({ qod: qodHidden }) },
      },
    },
    async (request) => {
      const scope = await scopeFor(request);
      const { page, page_size, ordering, ...filter } = request.query;
      const now = new Date();
      const [{ count, rows }, qod] = await Promise.all([
        listFindings(ctx.db, scope, filter, { page, pageSize: page_size, ordering }, now),
        hiddenBelowQod(ctx.db, scope, filter, now),
      ]);
      return { ...paged(request, page, page_size, count, rows), qod };
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
        const found = exportFindings(ctx.db, scope, filter, ordering, now);
        for await (const [v, x] of withFindingText(ctx.db, scope.customerId, found)) yield CSV_COLUMNS.map(([, get]) => get(v, x) ?? '');
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
