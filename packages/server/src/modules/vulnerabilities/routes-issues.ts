// HTTP routes of the issue side of unified vulnerabilities (feature-areas §7 Unified assets): the issue list, one
// issue's details, assets, related issues and common application versions, the exposure summary and the ignored
// summary. Each reads within the caller's AssetScope; an issue the caller cannot see is a 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commonAppVersion,
  ignoredDetails,
  issue,
  issueDetails,
  qodHidden,
  relatedIssue,
  vulnerability,
  vulnerabilitySummary,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { paged, pagedSchema } from '../../http/list.ts';
import { scopeOfCaller } from '../../tenancy/visibility.ts';
import { issueListQuery, vulnerabilityListQuery } from './filters.ts';
import { commonAppVersions, getIssue, issueDetails as issueDetailsOf, listIssues, relatedIssues } from './issue-queries.ts';
import { hiddenBelowQod, ignoredSummary, listFindings, vulnerabilitySummary as summaryOf } from './repo.ts';

const tags = ['vulnerabilities'];
const READ = 'unified_vulnerabilities:read' as const;
const hidParams = z.object({ hid: z.string().min(1).max(200) });

export function issueRoutes(app: FastifyInstance, ctx: AppContext): void {
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
        response: { 200: pagedSchema(issue).extend({ qod: qodHidden }) },
      },
    },
    async (request) => {
      const scope = await scopeFor(request);
      const { page, page_size, ordering, ...filter } = request.query;
      const now = new Date();
      const [{ count, rows }, qod] = await Promise.all([
        listIssues(ctx.db, scope, filter, { page, pageSize: page_size, ordering }, now),
        hiddenBelowQod(ctx.db, scope, filter, now),
      ]);
      return { ...paged(request, page, page_size, count, rows), qod };
    },
  );

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
      return issueDetailsOf(ctx.db, scope, row);
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
        response: { 200: pagedSchema(vulnerability).extend({ qod: qodHidden }) },
      },
    },
    async (request) => {
      const { scope } = await issueOr404(request, request.params.hid);
      const { page, page_size, ordering, ...filter } = request.query;
      const now = new Date();
      const mine = { ...filter, hid: request.params.hid };
      const [{ count, rows }, qod] = await Promise.all([
        listFindings(ctx.db, scope, mine, { page, pageSize: page_size, ordering }, now),
        hiddenBelowQod(ctx.db, scope, mine, now),
      ]);
      return { ...paged(request, page, page_size, count, rows), qod };
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
}
