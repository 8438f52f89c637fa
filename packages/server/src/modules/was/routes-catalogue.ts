// GET nvt/wvtests-simple/: the web test catalogue (the scanner's webTestCatalogue()), paged, searched (id, name, CWE),
// filtered by category, severity, OWASP Top 10 (2021) category and kind (active/passive), ordered.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OWASP_2021_IDS, OWASP_2021_LABELS, WEB_TEST_ORDERINGS, webTest, type WebTestRow } from '@bulwark/core';
import { webTestCatalogue } from '@bulwark/scanner';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/guards.ts';
import { listParam, ordering, paged, pagedSchema, pageQuery, searchParam } from '../../http/list.ts';

const query = pageQuery.extend({
  search: searchParam,
  category: listParam(z.string().max(200)),
  severity: listParam(z.coerce.number().int().min(0, 'Choose a severity from 0 to 4.').max(4, 'Choose a severity from 0 to 4.')),
  owasp: listParam(z.enum(OWASP_2021_IDS, { message: `Choose from ${OWASP_2021_IDS.join(', ')}.` })),
  kind: z.enum(['active', 'passive'], { message: 'Choose active or passive.' }).optional(),
  ordering: ordering(WEB_TEST_ORDERINGS, 'name'),
});

let rowsCache: WebTestRow[] | null = null;
/** The catalogue as rows; the scanner's tests do not change while the server runs. */
function catalogueRows(): WebTestRow[] {
  rowsCache ??= webTestCatalogue().map((t) => ({
    id: t.id,
    name: t.name,
    category: t.category,
    severity: t.severity,
    cwe: t.cwe,
    owasp: t.owasp,
    owasp_label: OWASP_2021_LABELS[t.owasp],
    kind: t.kind,
    description: t.description,
    solution: t.solution,
    references: t.references,
  }));
  return rowsCache;
}

export function webCatalogueRoutes(app: FastifyInstance, _ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/nvt/wvtests-simple/',
    {
      config: { access: 'web_scans:read' },
      schema: {
        tags: ['web scans'],
        summary: 'Web tests, paged; filters: search (id, name, CWE), category, severity, owasp (repeatable), kind',
        querystring: query,
        response: { 200: pagedSchema(webTest) },
      },
    },
    async (request) => {
      authOf(request);
      const { page, page_size, search, category, severity, owasp, kind, ordering: o } = request.query;
      const needle = search?.toLowerCase() ?? '';
      const categories = new Set(category);
      const severities = new Set(severity);
      const owasps = new Set<string>(owasp);
      const rows = catalogueRows().filter(
        (t) =>
          (needle === '' ||
            t.id.toLowerCase().includes(needle) ||
            t.name.toLowerCase().includes(needle) ||
            t.cwe.some((c) => c.toLowerCase().includes(needle))) &&
          (categories.size === 0 || categories.has(t.category)) &&
          (severities.size === 0 || severities.has(t.severity)) &&
          (owasps.size === 0 || owasps.has(t.owasp)) &&
          (kind === undefined || t.kind === kind),
      );
      const key = o.key;
      rows.sort((a, b) => {
        const x = a[key];
        const y = b[key];
        return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) || a.id.localeCompare(b.id);
      });
      if (o.descending) rows.reverse();
      return paged(request, page, page_size, rows.length, rows.slice((page - 1) * page_size, page * page_size));
    },
  );
}
