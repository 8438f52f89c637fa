// The XSS tests with the headless browser: reflected, stored and DOM-based XSS on the fixture app are confirmed by
// execution (EXEC_HOOK), and the fixed twin gives nothing. One Chromium for the file; skipped only without Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWebBrowser, type WebBrowserSession } from '../../src/web/browser.ts';
import { findChromium } from '../../src/web/browser/launch.ts';
import { xssDom } from '../../src/web/tests/active/xss-dom.ts';
import { xssReflected, xssStored } from '../../src/web/tests/active/xss.ts';
import { crawledPage, formPoint, harness, queryPoint, type Harness } from './fixtures/harness.ts';
import { startVulnApp } from './fixtures/vuln-app.ts';

const chromium = findChromium();
if (!chromium) console.log('active browser tests skipped: no Chromium at /usr/bin/chromium');

describe.skipIf(!chromium)('XSS confirmed in the browser', () => {
  let vuln: Awaited<ReturnType<typeof startVulnApp>>;
  let fixed: Awaited<ReturnType<typeof startVulnApp>>;
  let browser: WebBrowserSession;
  const controller = new AbortController();
  let h: Harness;

  beforeAll(async () => {
    [vuln, fixed] = await Promise.all([startVulnApp({ fixed: false }), startVulnApp({ fixed: true })]);
    const launched = await launchWebBrowser({ cookies: () => [], signal: controller.signal });
    if ('unavailable' in launched) throw new Error(launched.unavailable);
    browser = launched;
    h = harness({ browser });
  });
  afterAll(async () => {
    h?.close();
    await browser?.close();
    await Promise.all([vuln?.close(), fixed?.close()]);
  });

  it('reflected: each context confirmed by execution, nothing on the fixed twin', async () => {
    for (const [path, name] of [
      ['/xss/text?q=a', 'q'],
      ['/xss/attr?q=a', 'q'],
      ['/xss/attr-unquoted?q=a', 'q'],
      ['/xss/script?q=a', 'q'],
    ] as const) {
      const [f] = await xssReflected.point!(queryPoint(vuln.base + path, name), h.ctx);
      expect(f, path).toMatchObject({ confidence: 'confirmed' });
      expect(f!.evidence.how).toBe('executed in the browser');
      expect(await xssReflected.point!(queryPoint(fixed.base + path, name), h.ctx), path).toEqual([]);
    }
  });

  it('stored: the guestbook entry runs on the entries page, not on the fixed twin', async () => {
    const fields = [
      { name: 'name', type: 'text', value: 'anon' },
      { name: 'message', type: 'textarea', value: 'hi' },
    ];
    for (const [app, expected] of [
      [vuln, 'confirmed'],
      [fixed, null],
    ] as const) {
      const hh = harness({ browser, sitemap: [`${app.base}/guestbook/entries`] });
      const found = await xssStored.point!(formPoint(`${app.base}/guestbook`, `${app.base}/guestbook`, fields, 'message'), hh.ctx);
      hh.close();
      expect(found.map((f) => f.confidence)).toEqual(expected ? [expected] : []);
    }
  });

  it('DOM-based: a fragment payload runs through innerHTML, not through textContent', async () => {
    const [f] = await xssDom.page!(await crawledPage(h, `${vuln.base}/dom`), h.ctx);
    expect(f).toMatchObject({ test: 'web-xss-dom', confidence: 'confirmed', parameter: 'fragment' });
    expect(await xssDom.page!(await crawledPage(h, `${fixed.base}/dom`), h.ctx)).toEqual([]);
  });
});
