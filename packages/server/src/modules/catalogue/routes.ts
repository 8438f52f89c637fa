// HTTP routes of the test catalogue: nvt/vtestcategories/ (categories with counts), nvt/nvtests-simple/ (paged tests) and
// Bulwark's nvt/refused-templates/ (check templates that did not load, with why: community folders are the operator's).
// A customer may ignore a test (nvt/nvtests-simple/{id}/ignore/, unignore/): its findings stay but stop counting.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { networkTest, networkTestDetail, refusedTemplate, testCategory } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/guards.ts';
import { boolParam, ordering, pageQuery, paged, pagedSchema, searchParam } from '../../http/list.ts';
import { notFound } from '../../http/errors.ts';
import { ignoredTestIds, setTestIgnored } from '../vulnerabilities/index.ts';
import { catalogue, testDetail, type NetworkTest } from './catalogue.ts';

const tags = ['scans'];

/** A repeatable query parameter: one value arrives as a string, several as an array. */
const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(item).max(100, 'Too many values.'));

const ORDERINGS = ['id', 'name', 'severity', 'category'] as const;
const testsQuery = pageQuery.extend({
  search: searchParam,
  category: repeated(z.string().trim().min(1).max(200)),
  severity: repeated(
    z.coerce.number({ error: 'A valid integer is required.' }).int().min(0, 'Severity is 0 to 4.').max(4, 'Severity is 0 to 4.'),
  ),
  source: z.enum(['shipped', 'community']).optional(),
  /** Only tests this customer ignores (true) or does not (false). */
  ignored: boolParam,
  ordering: ordering(ORDERINGS, 'name'),
});
const listedTest = networkTest.extend({ ignored: z.boolean() });
const testParams = z.object({ id: z.string().min(1).max(200) });
const refusedQuery = pageQuery.extend({ search: searchParam, source: z.enum(['shipped', 'community']).optional() });

function compare(key: (typeof ORDERINGS)[number]) {
  return (a: NetworkTest, b: NetworkTest) => {
    const x = a[key];
    const y = b[key];
    const primary = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return primary || a.id.localeCompare(b.id);
  };
}

export function catalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/nvt/vtestcategories/',
    {
      config: { access: 'net_scans:read' },
      schema: { tags, summary: 'Vulnerability-test categories with how many tests each holds', response: { 200: z.array(testCategory) } },
    },
    async (request) => {
      authOf(request);
      return (await catalogue()).categories;
    },
  );

  r.get(
    '/api/nvt/nvtests-simple/',
    {
      config: { access: 'net_scans:read' },
      schema: {
        tags,
        summary: 'Vulnerability tests, paged; filters: search (id, name, CVE), category and severity (repeatable)',
        querystring: testsQuery,
        response: { 200: pagedSchema(listedTest) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { page, page_size, search, category, severity, source, ignored, ordering } = request.query;
      const ignoredIds = await ignoredTestIds(ctx.db, auth.customer.id, 'n');
      const needle = search?.toLowerCase() ?? '';
      const categories = new Set(category);
      const severities = new Set(severity);
      const rows = (await catalogue()).tests.filter(
        (t) =>
          (needle === '' ||
            t.id.toLowerCase().includes(needle) ||
            t.name.toLowerCase().includes(needle) ||
            t.cve.some((c) => c.toLowerCase().includes(needle))) &&
          (categories.size === 0 || categories.has(t.category)) &&
          (source === undefined || t.source === source) &&
          (severities.size === 0 || severities.has(t.severity)) &&
          (ignored === undefined || ignoredIds.has(t.id) === ignored),
      );
      rows.sort(compare(ordering.key));
      if (ordering.descending) rows.reverse();
      const shown = rows.slice((page - 1) * page_size, page * page_size).map((t) => ({ ...t, ignored: ignoredIds.has(t.id) }));
      return paged(request, page, page_size, rows.length, shown);
    },
  );

  r.get(
    '/api/nvt/nvtests-simple/:id/',
    {
      config: { access: 'net_scans:read' },
      schema: {
        tags,
        summary: 'One vulnerability test: description, solution, CWE, CVSS, references, source and what it runs on',
        params: testParams,
        response: { 200: networkTestDetail },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const c = await catalogue();
      const template = c.templates.find((t) => t.id === request.params.id);
      if (!template) throw notFound();
      const ignoredIds = await ignoredTestIds(ctx.db, auth.customer.id, 'n');
      return testDetail(template, ignoredIds.has(template.id));
    },
  );

  for (const [path, ignore] of [
    ['ignore', true],
    ['unignore', false],
  ] as const)
    r.post(
      `/api/nvt/nvtests-simple/:id/${path}/`,
      {
        config: { access: 'unified_vulnerabilities:update' },
        schema: {
          tags,
          summary: ignore ? 'Ignore a test for the organisation: its findings stop counting' : 'Stop ignoring a test',
          params: testParams,
          response: { 200: z.object({ id: z.string(), ignored: z.boolean() }) },
        },
      },
      async (request) => {
        const auth = authOf(request);
        if (!(await catalogue()).testIds.has(request.params.id)) throw notFound();
        await setTestIgnored(ctx.db, auth.customer.id, auth.user.id, 'n', request.params.id, ignore);
        return { id: request.params.id, ignored: ignore };
      },
    );

  r.get(
    '/api/nvt/refused-templates/',
    {
      config: { access: 'net_scans:read' },
      schema: {
        tags,
        summary: 'Check templates that did not load, with the reason (Bulwark); filters: search (file, id, reason), source',
        querystring: refusedQuery,
        response: { 200: pagedSchema(refusedTemplate) },
      },
    },
    async (request) => {
      authOf(request);
      const { page, page_size, search, source } = request.query;
      const needle = search?.toLowerCase() ?? '';
      const rows = (await catalogue()).refused.filter(
        (r) =>
          (source === undefined || r.source === source) &&
          (needle === '' ||
            r.file.toLowerCase().includes(needle) ||
            (r.template_id ?? '').toLowerCase().includes(needle) ||
            r.reason.toLowerCase().includes(needle)),
      );
      return paged(request, page, page_size, rows.length, rows.slice((page - 1) * page_size, page * page_size));
    },
  );
}
