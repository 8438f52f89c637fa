// Calls of the web test catalogue (/was/catalog): GET nvt/wvtests-simple/, the web tests a web scan can run, each with
// its category, severity, CWE and OWASP Top 10 (2021) category. The answer is read leniently (a field the server does
// not send yet reads as empty) so the page works while the catalogue grows.
import { isOwasp2021, type Owasp2021 } from '@bulwark/core';
import { api } from '../../../api/client.ts';
import type { QueryParams } from '../../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../../components/paged-answer.ts';

export interface WebCatalogTest {
  id: string;
  name: string;
  category: string;
  /** 0 info … 4 critical. */
  severity: 0 | 1 | 2 | 3 | 4;
  cwe: string[];
  owasp: Owasp2021 | null;
  /** Active tests send payloads; passive ones only read what the crawl fetched. */
  kind: 'active' | 'passive';
  description: string;
  solution: string;
  references: string[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** One catalogue row; throws when it has no id or name (the list then says it could not be loaded). */
export function parseWebTest(data: unknown): WebCatalogTest {
  if (typeof data !== 'object' || data === null) throw new Error('not a web test');
  const row = data as Record<string, unknown>;
  const id = text(row.id);
  const name = text(row.name);
  if (!id || !name) throw new Error('web test without id or name');
  const severity =
    typeof row.severity === 'number' && row.severity >= 0 && row.severity <= 4
      ? (Math.round(row.severity) as WebCatalogTest['severity'])
      : 0;
  return {
    id,
    name,
    category: text(row.category),
    severity,
    cwe: texts(row.cwe),
    owasp: isOwasp2021(row.owasp) ? row.owasp : null,
    kind: row.kind === 'active' ? 'active' : 'passive',
    description: text(row.description),
    solution: text(row.solution),
    references: texts(row.references),
  };
}

const testPage = pagedAnswer({ parse: parseWebTest });

export function fetchWebTests(query: QueryParams, signal?: AbortSignal): Promise<Paged<WebCatalogTest>> {
  return api.get('nvt/wvtests-simple/', { query, signal, schema: testPage });
}

/** Every web test (for the profile's pickers): the catalogue is small (tens of tests), one large page holds it. */
export async function fetchAllWebTests(signal?: AbortSignal): Promise<WebCatalogTest[]> {
  return (await fetchWebTests({ page_size: 1000, ordering: 'name' }, signal)).results;
}
