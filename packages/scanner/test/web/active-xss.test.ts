// The cross-site scripting tests against the fixture app: reflected XSS in each context (text, quoted and unquoted
// attribute, script string, URL) and stored XSS found on another page, reported 'potential' without a browser (the
// payload back unencoded where it runs); the fixed twin encodes and gives nothing. DOM XSS needs the browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextAt, payloadsFor } from '../../src/web/tests/active/xss-context.ts';
import { xssDom } from '../../src/web/tests/active/xss-dom.ts';
import { xssReflected, xssStored } from '../../src/web/tests/active/xss.ts';
import { crawledPage, formPoint, harness, queryPoint, type Harness } from './fixtures/harness.ts';
import { startVulnApp } from './fixtures/vuln-app.ts';

let vuln: Awaited<ReturnType<typeof startVulnApp>>;
let fixed: Awaited<ReturnType<typeof startVulnApp>>;
let h: Harness;

beforeAll(async () => {
  [vuln, fixed] = await Promise.all([startVulnApp({ fixed: false }), startVulnApp({ fixed: true })]);
  h = harness();
});

afterAll(async () => {
  h?.close();
  await Promise.all([vuln?.close(), fixed?.close()]);
});

describe('contexts', () => {
  it('tells where a value landed', () => {
    const at = (html: string): ReturnType<typeof contextAt> => contextAt(html, html.indexOf('MARK'));
    expect(at('<p>MARK</p>')).toEqual({ kind: 'text' });
    expect(at('<input value="MARK">')).toMatchObject({ kind: 'attr', quote: '"', name: 'value' });
    expect(at("<input value='xMARK'>")).toMatchObject({ kind: 'attr', quote: "'" });
    expect(at('<input value=MARK>')).toMatchObject({ kind: 'attr', quote: '' });
    expect(at('<a href="MARK">')).toMatchObject({ kind: 'attr', name: 'href', start: true });
    expect(at('<script>var a = "MARK";</script>')).toEqual({ kind: 'script', quote: '"' });
    expect(at('<script>var a = "x"; f(MARK)</script>')).toEqual({ kind: 'script', quote: '' });
    expect(at('<textarea>MARK</textarea>')).toEqual({ kind: 'rawtext', tag: 'textarea' });
    expect(at('<!-- MARK -->')).toEqual({ kind: 'comment' });
    expect(payloadsFor({ kind: 'attr', quote: '"', name: 'href', start: true }, 'm')[0]).toBe("javascript:__bwk('m')");
  });
});

describe('reflected', () => {
  for (const [path, how] of [
    ['/xss/text?q=a', 'returned unencoded in the HTML text'],
    ['/xss/attr?q=a', 'returned unencoded in the value attribute ("-quoted)'],
    ['/xss/attr-unquoted?q=a', 'returned unencoded in the value attribute (unquoted)'],
    ['/xss/script?q=a', 'returned unencoded in a script string'],
    ['/xss/url?u=/home', 'returned unencoded in the href attribute ("-quoted)'],
  ] as const) {
    it(`${path}: potential without a browser, nothing on the fixed twin`, async () => {
      const name = path.includes('?u=') ? 'u' : 'q';
      const [f] = await xssReflected.point!(queryPoint(vuln.base + path, name), h.ctx);
      expect(f).toMatchObject({ test: 'web-xss-reflected', confidence: 'potential', parameter: name });
      expect(f!.payload).toContain("__bwk('bwk");
      expect(f!.evidence.how).toBe(how);
      expect(f!.evidence.response).toContain(f!.payload);
      expect(await xssReflected.point!(queryPoint(fixed.base + path, name), h.ctx)).toEqual([]);
    });
  }

  it('a page that does not reflect is left alone', async () => {
    expect(await xssReflected.point!(queryPoint(`${vuln.base}/cmd/blind?host=a`, 'host'), h.ctx)).toEqual([]);
  });
});

describe('stored', () => {
  const fields = [
    { name: 'name', type: 'text', value: 'anon' },
    { name: 'message', type: 'textarea', value: 'hi' },
  ];
  it('finds the marker on another page of the site map, not on the fixed twin', async () => {
    for (const [app, expected] of [
      [vuln, 1],
      [fixed, 0],
    ] as const) {
      const hh = harness({ sitemap: [`${app.base}/`, `${app.base}/guestbook/entries`] });
      const point = formPoint(`${app.base}/guestbook`, `${app.base}/guestbook`, fields, 'message');
      const found = await xssStored.point!(point, hh.ctx);
      hh.close();
      expect(found).toHaveLength(expected);
      if (expected) {
        expect(found[0]).toMatchObject({ test: 'web-xss-stored', confidence: 'potential', parameter: 'message' });
        expect(found[0]!.evidence.how).toBe(`shown unencoded on ${app.base}/guestbook/entries`);
      }
    }
  });
});

describe('DOM-based', () => {
  it('needs the browser: without one it claims nothing', async () => {
    expect(await xssDom.page!(await crawledPage(h, `${vuln.base}/dom`), h.ctx)).toEqual([]);
  });
});
