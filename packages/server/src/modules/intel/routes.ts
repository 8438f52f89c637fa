// HTTP routes of vulnerability intelligence: what is stored, feed imports (start, list, progress) and CVE matching.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  feedImport,
  feedHealth,
  feedImportRequest,
  feedSyncRequest,
  feedSyncStarted,
  intelMatchQuery,
  intelStatus,
  vulnerabilityMatch,
  type FeedImport,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { getFeedImport, insertFeedImport, lastFeedImport, listFeedImports, type ImportRow } from './imports-repo.ts';
import { ApiError, badRequest, notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, paged, pagedSchema, pageQuery } from '../../http/list.ts';
import { feedHealth as readFeedHealth } from './feed-health.ts';
import { sourceProblem } from './import.ts';
import { intelCounts, matchCpe, matchPackage } from './match.ts';
import { startFeedImport } from './queue.ts';
import { parsePackageSpec, parseCpeQuery } from './query.ts';
import { requestFeedSync } from './sync/queue.ts';
import { feedSyncStatus } from './sync/status.ts';

const tags = ['intel'];

/** A path as the feeds directory sees it: no server path reaches an API caller. */
function relativeToFeeds(feedsDir: string, text: string): string {
  const root = path.resolve(feedsDir);
  return text.split(`${root}${path.sep}`).join('').split(root).join('.');
}

export function toFeedImport(row: ImportRow, feedsDir: string): FeedImport {
  const percent =
    row.status === 'done' ? 100 : row.bytesTotal > 0 ? Math.min(99.9, Math.floor((row.bytesRead / row.bytesTotal) * 1000) / 10) : 0;
  return {
    id: row.id,
    sources: row.sources.map((s) => relativeToFeeds(feedsDir, s)),
    status: row.status,
    percent,
    counts: row.counts,
    bytes_read: row.bytesRead,
    bytes_total: row.bytesTotal,
    formats: row.formats,
    errors: row.errors.map((e) => ({ ...e, position: relativeToFeeds(feedsDir, e.position) })),
    message: row.message === null ? null : relativeToFeeds(feedsDir, row.message),
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** A source named in a request, resolved inside the feeds directory; null when it points outside it. */
function insideFeedsDir(feedsDir: string, source: string): string | null {
  const full = path.resolve(feedsDir, source);
  const rel = path.relative(feedsDir, full);
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : full;
}

export function intelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/intel/status/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'How many CVEs, KEV entries, EPSS scores and OSV advisories are stored, and where each feed’s sync stands',
        response: { 200: intelStatus },
      },
    },
    async (request) => {
      authOf(request);
      const [counts, last, sync] = await Promise.all([intelCounts(ctx.db), lastFeedImport(ctx.db), feedSyncStatus(ctx.db, ctx.config)]);
      return { ...counts, last_import: last ? toFeedImport(last, ctx.config.feedsDir) : null, sync };
    },
  );

  r.get(
    '/api/intel/health/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The feeds’ health for the caller’s customer: sources never synced, failed or stale, and trackers its inventory needs',
        response: { 200: feedHealth },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return readFeedHealth(ctx.db, ctx.config, auth.customer.id, ctx.clock());
    },
  );

  r.post(
    '/api/intel/sync/',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Sync the feeds now, all or the named sources, in the background (platform operators)',
        body: feedSyncRequest,
        response: { 202: feedSyncStarted },
      },
    },
    async (request, reply) => {
      authOf(request);
      const outcome = await requestFeedSync(ctx, request.body.sources);
      if ('running' in outcome) {
        throw new ApiError(409, { detail: `A feed sync is already running (since ${outcome.running.toISOString()}).` });
      }
      if (!outcome.started) {
        const configured = outcome.configured.join(', ') || 'none';
        throw badRequest({
          sources:
            outcome.unknown.length > 0
              ? outcome.unknown.map((s) => `${s} is not a configured feed source (configured: ${configured}).`)
              : ['No feed source is configured (BULWARK_FEEDS_SOURCES).'],
        });
      }
      return reply.code(202).send({ detail: 'The feed sync has started.', sources: outcome.sources });
    },
  );

  r.get(
    '/api/intel/imports/',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Feed imports, newest first (superusers)',
        querystring: pageQuery,
        response: { 200: pagedSchema(feedImport) },
      },
    },
    async (request) => {
      authOf(request);
      const { page, page_size } = request.query;
      const { count, rows } = await listFeedImports(ctx.db, page, page_size);
      return paged(
        request,
        page,
        page_size,
        count,
        rows.map((row) => toFeedImport(row, ctx.config.feedsDir)),
      );
    },
  );

  r.post(
    '/api/intel/imports/',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Import feed files from the server’s feeds directory in the background (superusers)',
        body: feedImportRequest,
        response: { 201: feedImport },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const resolved: string[] = [];
      const problems: string[] = [];
      for (const source of request.body.sources) {
        const full = insideFeedsDir(ctx.config.feedsDir, source);
        if (!full) {
          problems.push(`${source} is outside the feeds directory.`);
          continue;
        }
        const problem = await sourceProblem(full);
        if (problem) problems.push(problem.replace(full, source));
        else resolved.push(full);
      }
      if (problems.length > 0) throw badRequest({ sources: problems });
      const row = await insertFeedImport(ctx.db, resolved, auth.user.id);
      await startFeedImport(ctx, row.id);
      return reply.code(201).send(toFeedImport(row, ctx.config.feedsDir));
    },
  );

  r.get(
    '/api/intel/imports/:id/',
    {
      config: { access: 'operator' },
      schema: { tags, summary: 'One feed import with its progress (superusers)', params: idParams, response: { 200: feedImport } },
    },
    async (request) => {
      authOf(request);
      const row = await getFeedImport(ctx.db, request.params.id);
      if (!row) throw notFound();
      return toFeedImport(row, ctx.config.feedsDir);
    },
  );

  r.get(
    '/api/intel/match/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The CVEs that apply to a CPE or to a package version',
        querystring: intelMatchQuery,
        response: { 200: z.array(vulnerabilityMatch) },
      },
    },
    async (request) => {
      authOf(request);
      const { cpe, package: pkg } = request.query;
      if (cpe) {
        const parsed = parseCpeQuery(cpe);
        if (!parsed.ok) throw badRequest({ cpe: [parsed.message] });
        return matchCpe(ctx.db, parsed.cpe);
      }
      const spec = parsePackageSpec(pkg ?? '');
      if (!spec.ok) throw badRequest({ package: [spec.message] });
      return matchPackage(ctx.db, spec.query);
    },
  );
}
