// Calls of a web run's results besides its findings: the run's extras (scan/wruns/{id}/web/: target, figures,
// technologies, virtual hosts, forms, what was skipped, findings by OWASP category), its site map (sitemaps/?run=, paged
// and filtered) and the site map's path tree (sitemaps/tree/?run=), and the web applications with their latest run.
import {
  sitemapEntry,
  sitemapTree,
  webAppRow,
  webRunDetail,
  type SitemapEntry,
  type SitemapTree,
  type WebAppRow,
  type WebRunDetail,
} from '@bulwark/core';
import { api } from '../../../api/client.ts';
import type { QueryParams } from '../../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../../components/paged-answer.ts';

export function fetchWebRunDetail(runId: number, signal?: AbortSignal): Promise<WebRunDetail> {
  return api.get(`scan/wruns/${runId}/web/`, { signal, schema: webRunDetail });
}

const sitemapPage = pagedAnswer(sitemapEntry);
export function fetchSitemap(runId: number, query: QueryParams, signal?: AbortSignal): Promise<Paged<SitemapEntry>> {
  return api.get('sitemaps/', { query: { ...query, run: runId }, signal, schema: sitemapPage });
}

export function fetchSitemapTree(runId: number, signal?: AbortSignal): Promise<SitemapTree> {
  return api.get('sitemaps/tree/', { query: { run: runId }, signal, schema: sitemapTree });
}

const webAppPage = pagedAnswer(webAppRow);
export function fetchWebApps(query: QueryParams, signal?: AbortSignal): Promise<Paged<WebAppRow>> {
  return api.get('scan/webapps/', { query, signal, schema: webAppPage });
}

export type { SitemapEntry, SitemapTree, WebAppRow, WebRunDetail };
