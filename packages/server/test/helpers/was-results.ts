// Fixtures of web results for the server's tests: a web-application asset, a scan and runs to hang results on, the
// engine's WebScanResult with findings where the test wants them, and a small catalogue of web tests (the scanner's
// catalogue grows on its own; these tests fix the facts they assert).
import type { WebFinding, WebScanResult, WebTestInfo } from '@bulwark/scanner';
import type { Db } from '../../src/db/client.ts';
import { assets, scanRuns, scans } from '../../src/db/schema/index.ts';
import { processWebRun, type WebRunOutcome } from '../../src/modules/results/web-process.ts';

export const TEST_CATALOGUE: ReadonlyMap<string, WebTestInfo> = new Map(
  (
    [
      ['web-sqli-error', 'SQL injection (error based)', 'sql-injection', 4, ['CWE-89'], 'A03:2021'],
      ['web-xss-reflected', 'Reflected cross-site scripting', 'xss', 3, ['CWE-79'], 'A03:2021'],
      ['web-open-redirect', 'Open redirect', 'redirect', 2, ['CWE-601'], 'A01:2021'],
    ] as const
  ).map(([id, name, category, severity, cwe, owasp]) => [
    id,
    {
      id,
      name,
      category,
      severity,
      cwe: [...cwe],
      owasp,
      description: `${name}: described.`,
      solution: `${name}: fixed.`,
      references: [`https://owasp.org/${id}`],
      kind: 'active',
    },
  ]),
);

export async function webAsset(db: Db, customerId: number, url: string): Promise<number> {
  const [row] = await db.insert(assets).values({ customerId, kind: 'webapp', type: 3, value: url }).returning();
  return row!.id;
}

/** A web scan (a discovery scan when asked) and `n` runs of it (rows only: the tests hand their results to processing themselves). */
export async function webRuns(db: Db, customerId: number, assetId: number, n: number, discovery = false): Promise<number[]> {
  const [scan] = await db
    .insert(scans)
    .values({ customerId, name: `web scan ${assetId}`, scanType: 'was', isWasDiscovery: discovery, targetIds: [assetId] })
    .returning();
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const [run] = await db
      .insert(scanRuns)
      .values({
        customerId,
        scanId: scan!.id,
        name: scan!.name,
        scanType: 'was',
        isWasDiscovery: discovery,
        targets: [],
        profile: {} as unknown as (typeof scanRuns.$inferInsert)['profile'],
        state: 3,
        status: 2,
        startedAt: new Date(Date.UTC(2026, 10, 1 + i)),
      })
      .returning();
    ids.push(run!.id);
  }
  return ids;
}

export const aWebFinding = (test: string, url: string, parameter?: string, extra: Partial<WebFinding> = {}): WebFinding => ({
  test,
  url,
  method: 'GET',
  parameter,
  location: parameter ? 'query' : undefined,
  payload: parameter ? `'"<bwk>` : undefined,
  confidence: 'confirmed',
  evidence: {
    request: `GET ${url} HTTP/1.1`,
    response: 'You have an error in your SQL syntax',
    proof: 'SQL syntax',
    how: 'database error message',
  },
  ...extra,
});

export function aWebResult(target: string, findings: WebFinding[], extra: Partial<WebScanResult> = {}): WebScanResult {
  return {
    target,
    sitemap: [
      { url: target, method: 'GET', status: 200, contentType: 'text/html', depth: 0, source: 'start', parameters: [] },
      {
        url: `${target}shop/item?id=1`,
        method: 'GET',
        status: 200,
        contentType: 'text/html',
        depth: 1,
        source: 'link',
        parameters: ['id'],
      },
      { url: `${target}shop/cart`, method: 'GET', status: 302, contentType: '', depth: 1, source: 'link', parameters: [] },
      { url: `${target}search?q=a`, method: 'GET', status: 200, contentType: 'text/html', depth: 1, source: 'form', parameters: ['q'] },
      { url: `${target}robots.txt`, method: 'GET', status: 404, contentType: 'text/plain', depth: 0, source: 'robots', parameters: [] },
    ],
    forms: [
      {
        page: target,
        action: `${target}search`,
        method: 'GET',
        enctype: 'application/x-www-form-urlencoded',
        fields: [{ name: 'q', type: 'text', value: '' }],
        csrfToken: false,
      },
    ],
    technologies: [{ name: 'nginx', version: '1.22.1', evidence: 'Server: nginx/1.22.1' }],
    vhosts: ['admin.local'],
    findings,
    skipped: [{ url: `${target}logout`, reason: 'logout' }],
    errors: [],
    stats: {
      startedAt: '2026-11-01T00:00:00.000Z',
      finishedAt: '2026-11-01T00:01:00.000Z',
      durationMs: 60_000,
      urlsFound: 5,
      requestsSent: 120,
      parameters: 2,
      forms: 1,
      reauthentications: 0,
      auth: 'none',
      timeline: [
        { atMs: 0, requests: 0, urls: 0, phase: 'crawl' },
        { atMs: 30_250, requests: 80, urls: 5, phase: 'test' },
        { atMs: 60_000, requests: 120, urls: 5, phase: 'done' },
      ],
    },
    ...extra,
  };
}

/** processWebRun with the test catalogue. */
export function processTestWebRun(
  db: Db,
  o: { customerId: number; runId: number; assetId: number; result: WebScanResult; complete?: boolean; discovery?: boolean; day?: number },
): Promise<WebRunOutcome> {
  return processWebRun(db, {
    customerId: o.customerId,
    runId: o.runId,
    assetId: o.assetId,
    result: o.result,
    complete: o.complete ?? true,
    discovery: o.discovery ?? false,
    now: new Date(Date.UTC(2026, 10, o.day ?? 1, 12)),
    catalogue: TEST_CATALOGUE,
  });
}
