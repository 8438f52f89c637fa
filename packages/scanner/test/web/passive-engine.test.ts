// End to end through the engine's crawl: the flawed fixture site gives every passive and site finding the direct
// harness gives, and its fixed twin none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWebScan } from '../../src/web/engine.ts';
import { PASSIVE_WEB_TESTS } from '../../src/web/tests/passive/index.ts';
import { DEFAULT_WEB_LIMITS, type WebScanResult } from '../../src/web/types.ts';
import { startPassiveSite, type PassiveSite } from './fixtures/site-passive-app.ts';

const scan = (origin: string): Promise<WebScanResult> =>
  runWebScan(
    {
      target: `${origin}/`,
      discovery: false,
      scope: {},
      limits: { ...DEFAULT_WEB_LIMITS, requestsPerSecond: 500, maxDurationS: 60 },
      browser: false,
      allowDestructive: false,
      sensitive: { countries: ['dk', 'no', 'se', 'us'] },
    },
    { signal: new AbortController().signal, tests: PASSIVE_WEB_TESTS },
  );

describe('passive and site tests in a scan', () => {
  let flawed: PassiveSite;
  let fixed: PassiveSite;
  let result: WebScanResult;
  let twin: WebScanResult;
  beforeAll(async () => {
    [flawed, fixed] = await Promise.all([startPassiveSite(false), startPassiveSite(true)]);
    [result, twin] = await Promise.all([scan(flawed.origin), scan(fixed.origin)]);
  });
  afterAll(async () => {
    await Promise.all([flawed?.close(), fixed?.close()]);
  });

  it('finds every flaw of the site', () => {
    expect([...new Set(result.findings.map((f) => f.test))].sort()).toEqual(
      [
        'web-backup-file',
        'web-clickjacking',
        'web-cookie-insecure',
        'web-cors',
        'web-csp-missing',
        'web-csrf',
        'web-debug-page',
        'web-directory-listing',
        'web-error-message',
        'web-http-methods',
        'web-js-library-outdated',
        'web-phpinfo',
        'web-private-ip',
        'web-secret-key',
        'web-sensitive-card',
        'web-sensitive-cpr',
        'web-sensitive-email',
        'web-sensitive-fodselsnummer',
        'web-sensitive-personnummer',
        'web-sensitive-ssn',
        'web-server-version',
        'web-source-map',
        'web-status-endpoint',
        'web-vcs-exposure',
        'web-xcto-missing',
      ].sort(),
    );
    expect(result.errors).toEqual([]);
  });

  it('finds nothing on the fixed twin', () => {
    expect(twin.findings.map((f) => `${f.test} ${f.url}: ${f.evidence.proof}`)).toEqual([]);
  });
});
