// The request budget of the active tests: on a parameter that is not vulnerable (the fixed twin's), each test family
// sends at most a few dozen requests, so a site with hundreds of parameters is tested in reasonable time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmdiTimeTest } from '../../src/web/tests/active/cmdi.ts';
import { ACTIVE_WEB_TESTS } from '../../src/web/tests/active/index.ts';
import { sqliTimeTest } from '../../src/web/tests/active/sqli.ts';
import type { WebTest } from '../../src/web/types.ts';
import { startOobListener, type OobServer } from '../../src/web/oob.ts';
import { harness, queryPoint, type Harness } from './fixtures/harness.ts';
import { startVulnApp } from './fixtures/vuln-app.ts';

const fast: Record<string, WebTest> = {
  'web-sqli-time': sqliTimeTest({ delaysS: [0.6, 1.2] }),
  'web-cmdi-time': cmdiTimeTest({ delaysS: [0.6, 1.2] }),
};

/** Requests one test may send at one parameter that is not vulnerable. */
const BUDGET = 40;

let fixed: Awaited<ReturnType<typeof startVulnApp>>;
let oob: OobServer;
let h: Harness;

beforeAll(async () => {
  [fixed, oob] = await Promise.all([startVulnApp({ fixed: true }), startOobListener({ host: '127.0.0.1' })]);
  h = harness({ oob });
});
afterAll(async () => {
  h?.close();
  await Promise.all([fixed?.close(), oob?.close()]);
});

describe('request budget per parameter', () => {
  it(`every active test sends at most ${BUDGET} requests at a safe parameter`, async () => {
    const sent: Record<string, number> = {};
    for (const t of ACTIVE_WEB_TESTS.map((x) => fast[x.id] ?? x)) {
      if (!t.point) continue;
      // A URL-like parameter that reflects its value: every family has something to try.
      const before = h.client.requestsSent;
      const found = await t.point(queryPoint(`${fixed.base}/xss/url?u=/home`, 'u'), h.ctx);
      sent[t.id] = h.client.requestsSent - before;
      expect(found, t.id).toEqual([]);
    }
    for (const [id, n] of Object.entries(sent)) expect(n, id).toBeLessThanOrEqual(BUDGET);
    // Every point test sent something (none skipped the parameter by mistake), except those for other kinds of points.
    expect(
      Object.entries(sent)
        .filter(([, n]) => n === 0)
        .map(([id]) => id)
        .sort(),
    ).toEqual(['web-file-upload', 'web-xss-stored', 'web-xxe']);
  });
});
