// End to end through the engine: a plain nginx site with an open directory listing one link below its home page (the
// case issue 28 was filed on) gives the directory-listing finding, the nginx version and its CPE.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWebScan } from '../../src/web/engine.ts';
import { PASSIVE_WEB_TESTS } from '../../src/web/tests/passive/index.ts';
import { DEFAULT_WEB_LIMITS, type WebScanResult } from '../../src/web/types.ts';
import { NGINX, startNginxSite, type NginxSite } from './fixtures/site-passive-nginx.ts';

describe.skipIf(!NGINX)('a plain nginx site, scanned', () => {
  let site: NginxSite;
  let result: WebScanResult;

  beforeAll(async () => {
    site = await startNginxSite();
    result = await runWebScan(
      {
        target: `${site.origin}/`,
        discovery: false,
        scope: {},
        limits: { ...DEFAULT_WEB_LIMITS, requestsPerSecond: 500, maxDurationS: 60 },
        browser: false,
        allowDestructive: false,
        sensitive: { countries: ['dk', 'no', 'se', 'us'] },
      },
      { signal: new AbortController().signal, tests: PASSIVE_WEB_TESTS },
    );
  });
  afterAll(async () => {
    await site?.close();
  });

  it('reports the directory listing one link below the home page', () => {
    const listing = result.findings.filter((f) => f.test === 'web-directory-listing');
    expect(listing.map((f) => f.url)).toEqual([`${site.origin}/files/`]);
    expect(listing[0]!.evidence.proof).toBe('nginx directory listing of /files/');
    expect(listing[0]!.evidence.response).toContain('report-2026.pdf');
  });

  it('names nginx with its version and CPE, and reports the version banner once', () => {
    const nginx = result.technologies.find((t) => t.name === 'nginx');
    expect(nginx?.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(nginx?.cpe).toBe(`cpe:2.3:a:nginx:nginx:${nginx?.version}:*:*:*:*:*:*:*`);
    expect(result.findings.filter((f) => f.test === 'web-server-version')).toHaveLength(1);
  });

  it('finds nothing that is not there', () => {
    const tests = new Set(result.findings.map((f) => f.test));
    for (const absent of [
      'web-backup-file',
      'web-vcs-exposure',
      'web-source-map',
      'web-cors',
      'web-csrf',
      'web-sensitive-cpr',
      'web-error-message',
    ])
      expect(tests.has(absent), absent).toBe(false);
    expect(result.errors).toEqual([]);
  });
});
