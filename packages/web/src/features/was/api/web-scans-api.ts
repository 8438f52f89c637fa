// Calls of the web scan screens: web and discovery runs (scan/wruns/, read with their web progress), creating web and
// discovery scans (scan/wscans/, scan/wdscans/), the web-application assets to pick from (scan_basics/webapps/), the
// web profiles to choose, and adding a discovered application as a web-application asset (the assets API).
import {
  WEB_DISCOVERY_SCANS_PATH,
  WEB_SCAN_KIND,
  scanResultPath,
  webScan,
  webScanRun,
  type AssetInput,
  type WebProfile,
  type WebScan,
  type WebScanInput,
  type WebScanRunRow,
} from '@bulwark/core';
import { api } from '../../../api/client.ts';
import type { QueryParams } from '../../../api/query-string.ts';
import { listAnswer, pagedAnswer, type Paged } from '../../../components/paged-answer.ts';

const runPage = pagedAnswer(webScanRun);
const RUNS = `scan/${WEB_SCAN_KIND.api.runs}`;

/** GET scan/wruns/: web and discovery runs with their tasks, allowed actions and web progress. */
export function fetchWebRuns(query: QueryParams, signal?: AbortSignal): Promise<Paged<WebScanRunRow>> {
  return api.get(`${RUNS}/`, { query, signal, schema: runPage });
}

/** GET scan/wruns/{id}/: one run with its web progress (URLs found, requests sent, sign-in state). */
export function fetchWebRun(id: number, signal?: AbortSignal): Promise<WebScanRunRow> {
  return api.get(`${RUNS}/${id}/`, { signal, schema: webScanRun });
}

/** POST scan/wscans/ (a web scan) or scan/wdscans/ (a discovery scan: crawl only) → the scan with its first run. */
export function createWebScan(input: WebScanInput): Promise<WebScan> {
  const path = input.discovery ? WEB_DISCOVERY_SCANS_PATH : WEB_SCAN_KIND.api.scans;
  return api.post(`scan/${path}/`, input, { schema: webScan });
}

/** The result page of a web run: view/was/{id}, or view/rdwas/{id} for a discovery run. */
export const webRunPath = (run: { id: number; is_was_discovery: boolean }): string =>
  scanResultPath(WEB_SCAN_KIND, run.id, run.is_was_discovery);

/** A web-application asset as the pickers list it. */
export interface WebAppChoice {
  id: number;
  name: string;
  url: string;
}

function parseWebApp(data: unknown): WebAppChoice {
  const row = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (typeof row.id !== 'number') throw new Error('web application without id');
  const url = typeof row.url === 'string' ? row.url : typeof row.uri === 'string' ? row.uri : '';
  const name = typeof row.name === 'string' && row.name ? row.name : url;
  return { id: row.id, name, url };
}

/** GET scan_basics/webapps/: every web-application asset the user may scan (id, name, URL). */
export function fetchWebAppChoices(signal?: AbortSignal): Promise<WebAppChoice[]> {
  return api.get('scan_basics/webapps/', { query: { page_size: 1000 }, signal, schema: listAnswer({ parse: parseWebApp }) });
}

export type WebProfileChoice = Pick<WebProfile, 'id' | 'name' | 'builtin' | 'passive_only' | 'browser' | 'auth_kind'>;

function parseProfileChoice(data: unknown): WebProfileChoice {
  const row = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (typeof row.id !== 'number' || typeof row.name !== 'string') throw new Error('profile without id or name');
  return {
    id: row.id,
    name: row.name,
    builtin: row.builtin === true,
    passive_only: row.passive_only === true,
    browser: row.browser === true,
    auth_kind: (typeof row.auth_kind === 'string' ? row.auth_kind : 'none') as WebProfile['auth_kind'],
  };
}

/** GET scan/wprofiles/: the web profiles to scan with, built-ins first (Standard before Quick (passive only)). */
export async function fetchWebProfileChoices(signal?: AbortSignal): Promise<WebProfileChoice[]> {
  const page = await api.get(`scan/${WEB_SCAN_KIND.api.profiles}/`, {
    query: { page_size: 200, ordering: 'name' },
    signal,
    schema: pagedAnswer({ parse: parseProfileChoice }),
  });
  // Built-ins first, and among them the ones that test (Standard) before the passive-only ones: the first is the default.
  return [...page.results].sort((a, b) => Number(b.builtin) - Number(a.builtin) || Number(a.passive_only) - Number(b.passive_only));
}

/** POST assets/assets/ with the application's URL: a web-application asset for an application a discovery scan found. */
export function addWebApplication(url: string, name: string): Promise<unknown> {
  return api.post('assets/assets/', { value: url, name } satisfies AssetInput);
}
