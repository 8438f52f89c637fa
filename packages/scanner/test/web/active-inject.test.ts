// The injection tests other than SQL against the vulnerable fixture app: each flaw found with its evidence, and the
// fixed twin (same pages, values encoded, validated or confined) gives no finding.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmdiOutput, cmdiTimeTest } from '../../src/web/tests/active/cmdi.ts';
import { crlfInjection } from '../../src/web/tests/active/crlf.ts';
import { openRedirect } from '../../src/web/tests/active/redirect.ts';
import { rfi, ssrf } from '../../src/web/tests/active/remote.ts';
import { ssti } from '../../src/web/tests/active/ssti.ts';
import { pathTraversal } from '../../src/web/tests/active/traversal.ts';
import type { WebFinding, WebTest } from '../../src/web/types.ts';
import { startOobListener, type OobServer } from '../../src/web/oob.ts';
import { harness, queryPoint, type Harness } from './fixtures/harness.ts';
import { startVulnApp } from './fixtures/vuln-app.ts';
import { PHP, startPhpIncludeSite, type PhpSite } from './fixtures/php-include.ts';

const cmdiTime = cmdiTimeTest({ delaysS: [0.6, 1.2], samples: 5 });

let vuln: Awaited<ReturnType<typeof startVulnApp>>;
let fixed: Awaited<ReturnType<typeof startVulnApp>>;
let oob: OobServer;
let h: Harness;

beforeAll(async () => {
  [vuln, fixed, oob] = await Promise.all([
    startVulnApp({ fixed: false }),
    startVulnApp({ fixed: true }),
    startOobListener({ host: '127.0.0.1' }),
  ]);
  h = harness({ oob });
});

afterAll(async () => {
  h?.close();
  await Promise.all([vuln?.close(), fixed?.close(), oob?.close()]);
});

/** Runs the test at the query parameter of the path on the vulnerable app and on its fixed twin. */
async function both(test: WebTest, pathAndQuery: string, name: string): Promise<{ v: WebFinding[]; f: WebFinding[] }> {
  const v = await test.point!(queryPoint(vuln.base + pathAndQuery, name), h.ctx);
  const f = await test.point!(queryPoint(fixed.base + pathAndQuery, name), h.ctx);
  return { v, f };
}

describe('OS command injection', () => {
  it('finds computed command output, not on the fixed twin', async () => {
    const { v, f } = await both(cmdiOutput, '/cmd/ping?host=127.0.0.1', 'host');
    expect(v).toHaveLength(1);
    expect(v[0]).toMatchObject({ test: 'web-cmdi-output', confidence: 'confirmed', parameter: 'host' });
    expect(v[0]!.payload).toMatch(/^127\.0\.0\.1;expr \d+ \+ \d+$/);
    expect(v[0]!.evidence.how).toBe('command output in the response');
    expect(f).toEqual([]);
  });

  it('confirms a blind one by timing, not on the fixed twin', async () => {
    const { v, f } = await both(cmdiTime, '/cmd/blind?host=example', 'host');
    expect(v).toHaveLength(1);
    expect(v[0]!.evidence.how).toBe('response delayed by the requested 0.6 s and 1.2 s');
    expect(f).toEqual([]);
  });
});

describe('path traversal', () => {
  it('reads /etc/passwd, not on the fixed twin', async () => {
    const { v, f } = await both(pathTraversal, '/file?name=about.txt', 'name');
    expect(v[0]).toMatchObject({ test: 'web-path-traversal', confidence: 'confirmed' });
    expect(v[0]!.evidence.proof).toMatch(/^\/etc\/passwd: root:/);
    expect(v[0]!.evidence.response).toMatch(/root:x?:0:0:/);
    expect(f).toEqual([]);
  });
});

describe('SSRF and RFI', () => {
  it('confirms blind SSRF by the callback, not on the fixed twin', async () => {
    const { v, f } = await both(ssrf, '/proxy?url=http://images.example.invalid/a.png', 'url');
    expect(v[0]).toMatchObject({ test: 'web-ssrf', confidence: 'confirmed' });
    expect(v[0]!.evidence.how).toBe('callback received from 127.0.0.1');
    expect(f).toEqual([]);
  });

  it('calls a page that shows what it fetched SSRF, never RFI; blind SSRF is not RFI either', async () => {
    const { v, f } = await both(rfi, '/include?page=about', 'page');
    expect(v).toEqual([]);
    expect(f).toEqual([]);
    const shown = await ssrf.point!(queryPoint(`${vuln.base}/include?page=about`, 'page'), h.ctx);
    expect(shown[0]).toMatchObject({ test: 'web-ssrf', confidence: 'confirmed' });
    expect(await rfi.point!(queryPoint(`${vuln.base}/proxy?url=http://images.example.invalid/a.png`, 'url'), h.ctx)).toEqual([]);
  });

  describe.skipIf(!PHP)('in real PHP', () => {
    let php: PhpSite;
    beforeAll(async () => {
      php = await startPhpIncludeSite();
    });
    afterAll(async () => {
      await php?.close();
    });

    it('confirms RFI when the included answer runs as code', async () => {
      const [found] = await rfi.point!(queryPoint(`${php.base}/include.php?page=about.txt`, 'page'), h.ctx);
      expect(found).toMatchObject({ test: 'web-rfi', confidence: 'confirmed' });
      expect(found!.evidence.proof).toMatch(
        /^the listener's answer ran as code: its output bwk-exec-[0-9a-f]{16}-811290697 is in the page/,
      );
    });

    it('gives no RFI on a viewer that shows the fetched source (content shown, not run), but SSRF', async () => {
      const at = queryPoint(`${php.base}/view.php?page=about.txt`, 'page');
      expect(await rfi.point!(at, h.ctx)).toEqual([]);
      expect((await ssrf.point!(at, h.ctx))[0]).toMatchObject({ test: 'web-ssrf', confidence: 'confirmed' });
    });
  });

  it('claims nothing without a listener', async () => {
    const bare = harness();
    expect(await ssrf.point!(queryPoint(`${vuln.base}/proxy?url=http://images.example.invalid/a.png`, 'url'), bare.ctx)).toEqual([]);
    bare.close();
  });
});

describe('open redirect', () => {
  it('finds Location and meta refresh redirects to the injected host, not on the fixed twin', async () => {
    const loc = await both(openRedirect, '/go?next=/home', 'next');
    expect(loc.v[0]).toMatchObject({ test: 'web-open-redirect', confidence: 'confirmed' });
    expect(loc.v[0]!.evidence.how).toBe('Location header points to the injected host');
    expect(loc.f).toEqual([]);
    const meta = await both(openRedirect, '/go-meta?next=/home', 'next');
    expect(meta.v[0]!.evidence.how).toBe('meta refresh points to the injected host');
    expect(meta.f).toEqual([]);
    // A script redirect is only potential: whether it runs is the browser's call.
    const js = await both(openRedirect, '/go-js?next=/home', 'next');
    expect(js.v[0]).toMatchObject({ confidence: 'potential' });
    expect(js.v[0]!.evidence.how).toBe('a script sends the browser to the injected host');
    expect(js.f).toEqual([]);
  });
});

describe('CRLF injection', () => {
  it('finds an injected response header, not on the fixed twin', async () => {
    const { v, f } = await both(crlfInjection, '/lang?lang=en', 'lang');
    expect(v[0]).toMatchObject({ test: 'web-crlf', confidence: 'confirmed' });
    expect(v[0]!.evidence.response).toMatch(/x-bwk-injected: bwk/);
    expect(f).toEqual([]);
  });
});

describe('server-side template injection', () => {
  it('finds an evaluated product without its expression, not on the fixed twin', async () => {
    const { v, f } = await both(ssti, '/hello?name=world', 'name');
    expect(v[0]).toMatchObject({ test: 'web-ssti', confidence: 'confirmed' });
    expect(v[0]!.payload).toMatch(/^world\{\{\d+\*\d+\}\}$/);
    expect(f).toEqual([]);
  });

  it('a page that only reflects the expression is not injection', async () => {
    expect(await ssti.point!(queryPoint(`${vuln.base}/xss/text?q=a`, 'q'), h.ctx)).toEqual([]);
  });
});
