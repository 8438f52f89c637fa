// Test data of the web-application scanning pages: a web profile, a web run row and the parts of its result, shaped as
// the API answers them (parsed with core's schemas where there is one, so a drifting fixture fails loudly).
import {
  DEFAULT_WEB_PROFILE,
  sitemapEntry,
  sitemapTree,
  webProfile,
  webRunDetail,
  webScanRun,
  type SitemapEntry,
  type SitemapTree,
  type WebProfile,
  type WebRunDetail,
  type WebScanRunRow,
} from '@bulwark/core';
import { aFinishedRun } from '../../../../test/support/fixtures.ts';

export function aWebProfile(overrides: Partial<WebProfile> = {}): WebProfile {
  return webProfile.parse({
    ...DEFAULT_WEB_PROFILE,
    id: 7,
    name: 'Shop login scan',
    description: '',
    type: 'was',
    builtin: false,
    user: null,
    created: '2026-11-28T10:00:00Z',
    modified: '2026-11-28T10:00:00Z',
    auth_password: null,
    ...overrides,
  });
}

/** A finished web run row (scan/wruns/{id}/) with its web progress. */
export function aWebRun(overrides: Partial<WebScanRunRow> = {}): WebScanRunRow {
  return webScanRun.parse({
    ...aFinishedRun({ id: 41, scan_id: 12, name: 'Shop web scan', targets: ['http://127.0.0.9/'], cnt_vulns: 2 }),
    scan_type: 'was',
    is_was_discovery: false,
    urls_found: 37,
    requests_sent: 1250,
    auth_state: 'signed-in',
    auth_state_label: 'Signed in',
    phase: 'done',
    ...overrides,
  });
}

/** A web run's extras (scan/wruns/{id}/web/). */
export function aWebRunDetail(overrides: Partial<WebRunDetail> = {}): WebRunDetail {
  return webRunDetail.parse({
    run: 41,
    asset: { id: 90, name: 'Shop', url: 'http://127.0.0.9/' },
    target: 'http://127.0.0.9/',
    complete: true,
    technologies: [{ name: 'nginx', version: '1.22.1', cpe: 'cpe:2.3:a:f5:nginx:1.22.1:*:*:*:*:*:*:*', evidence: 'Server header' }],
    vhosts: ['admin.shop.test'],
    skipped: [{ url: 'http://127.0.0.9/logout', reason: 'logout' }],
    stats: {
      started_at: '2026-11-28T10:00:00Z',
      finished_at: '2026-11-28T10:02:05Z',
      duration_ms: 125_000,
      urls_found: 37,
      requests_sent: 1250,
      parameters: 9,
      forms: 3,
      reauthentications: 1,
      auth: 'signed-in',
      timeline: [
        { at_s: 0, requests: 0, urls: 0, phase: 'login' },
        { at_s: 30, requests: 450, urls: 30, phase: 'crawl' },
        { at_s: 60, requests: 750, urls: 37, phase: 'test' },
        { at_s: 125, requests: 1250, urls: 37, phase: 'done' },
      ],
    },
    urls: 37,
    forms: [
      {
        id: 1,
        page: 'http://127.0.0.9/search',
        action: 'http://127.0.0.9/search',
        method: 'get',
        enctype: 'application/x-www-form-urlencoded',
        fields: [{ name: 'q', type: 'text', value: '' }],
        csrf_token: false,
      },
    ],
    owasp: [
      { id: 'A03:2021', label: 'Injection', count: 1 },
      { id: 'A05:2021', label: 'Security Misconfiguration', count: 1 },
    ],
    findings: 2,
    ...overrides,
  });
}

export function aSitemapTree(): SitemapTree {
  return sitemapTree.parse({
    run: 41,
    truncated: false,
    nodes: [
      { path: 'http://127.0.0.9', parent: '', name: 'http://127.0.0.9', depth: 0, entries: 1, total: 3, statuses: { '2xx': 2, '5xx': 1 } },
      {
        path: 'http://127.0.0.9/products',
        parent: 'http://127.0.0.9',
        name: 'products',
        depth: 1,
        entries: 1,
        total: 2,
        statuses: { '2xx': 1, '5xx': 1 },
      },
      {
        path: 'http://127.0.0.9/products/item',
        parent: 'http://127.0.0.9/products',
        name: 'item',
        depth: 2,
        entries: 1,
        total: 1,
        statuses: { '5xx': 1 },
      },
    ],
  });
}

export function aSitemapEntry(overrides: Partial<SitemapEntry> = {}): SitemapEntry {
  return sitemapEntry.parse({
    id: 1,
    url: 'http://127.0.0.9/products/item?id=1',
    method: 'GET',
    status: 500,
    content_type: 'text/html',
    depth: 2,
    source: 'link',
    referrer: 'http://127.0.0.9/products',
    title: 'Database error',
    parameters: ['id'],
    ...overrides,
  });
}
