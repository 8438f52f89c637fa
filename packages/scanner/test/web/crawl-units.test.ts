// The crawl's pure parts: HTML reading (links, forms and their fields), script URLs, robots.txt and sitemaps, the
// destructive-action words, same-page variants, WAF block pages, and insertion points with their deduplication.
import { LoginPages } from '../../src/web/auth/login-pages.ts';
import { describe, expect, it } from 'vitest';
import { destructiveWord } from '../../src/web/crawl/destructive.ts';
import { parseHtml } from '../../src/web/crawl/html.ts';
import { parseRobots, parseSitemap } from '../../src/web/crawl/robots.ts';
import { scriptUrls } from '../../src/web/crawl/scripts.ts';
import { insertionPoints } from '../../src/web/points.ts';
import type { CrawledPage, WebResponse } from '../../src/web/types.ts';
import { normalizeUrl, variantKey, VariantLimiter } from '../../src/web/variants.ts';
import { wafBlock, WafWatch } from '../../src/web/waf.ts';

const B = 'http://site.test/app/page.php';

describe('HTML', () => {
  it('reads links of every kind, relative to <base>, and skips javascript:, mailto: and fragments', () => {
    const p = parseHtml(
      `<html><head><base href="http://site.test/root/"><title> T </title><link rel="stylesheet" href="s.css"><link rel="next" href="p2">
       <meta http-equiv="Refresh" content="5; URL='later'"></head><body>
       <a href="a">A</a><a href="#x">frag</a><a href="javascript:x()">js</a><a href="mailto:a@b">m</a>
       <area href="/area"><iframe src="if"></iframe><frame src="fr">
       <template><a href="in-template">t</a></template></body></html>`,
      B,
    );
    expect(p.title).toBe('T');
    expect(p.links.map((l) => l.url)).toEqual([
      'http://site.test/root/p2',
      'http://site.test/root/later',
      'http://site.test/root/a',
      'http://site.test/area',
      'http://site.test/root/if',
      'http://site.test/root/in-template',
    ]);
  });

  it('reads forms: fields inside and through form=, enctype, buttons, CSRF tokens', () => {
    const p = parseHtml(
      `<form id="f1" method="POST" enctype="multipart/form-data" action="/up"><input type="file" name="doc">
         <input type="hidden" name="authenticity_token" value="abcdefgh12345678"><button name="go" value="yes">Upload</button></form>
       <input name="outside" form="f1" value="o">
       <form><input name="q"><input type="submit" name="s" value="Find"><input type="checkbox" name="all"></form>`,
      B,
    );
    expect(p.forms[0]).toMatchObject({ action: 'http://site.test/up', method: 'POST', enctype: 'multipart/form-data', csrfToken: true });
    expect(p.forms[0]!.fields.map((f) => `${f.name}:${f.type}`)).toEqual([
      'doc:file',
      'authenticity_token:hidden',
      'go:submit',
      'outside:text',
    ]);
    expect(p.forms[0]!.label).toContain('Upload');
    expect(p.forms[1]).toMatchObject({ action: B, method: 'GET', csrfToken: false });
    expect(p.forms[1]!.fields).toEqual([
      { name: 'q', type: 'text', value: '' },
      { name: 's', type: 'submit', value: 'Find' },
      { name: 'all', type: 'checkbox', value: 'on' },
    ]);
  });

  it('keeps scripts: inline text and external sources', () => {
    const p = parseHtml(`<script>var a = 1;</script><script src="/x.js"></script>`, B);
    expect(p.scripts).toEqual(['var a = 1;']);
    expect(p.scriptSrcs).toEqual(['http://site.test/x.js']);
  });
});

describe('script URLs', () => {
  it('finds fetch/axios/XHR/$.ajax calls, url: properties and path literals, not noise', () => {
    const code = `fetch('/api/a'); axios.post("/api/b", {}); x.open('GET', '/api/c?x=1'); $.ajax({ url: '/api/d' });
      location.href = 'next.php'; const re = '/\\d+/'; const t = \`/api/\${id}\`; const s = 'text/html'; const v = '1.2.3';
      const r = './rel/page.html'; const ext = 'https://cdn.other.test/lib.js'; const slash = '/';`;
    expect(scriptUrls(code, B).sort()).toEqual(
      [
        'http://site.test/api/a',
        'http://site.test/api/b',
        'http://site.test/api/c?x=1',
        'http://site.test/api/d',
        'http://site.test/app/next.php',
        'http://site.test/app/rel/page.html',
      ].sort(),
    );
  });
});

describe('robots.txt and sitemaps', () => {
  it('reads Allow/Disallow paths (wildcards cut) and Sitemap lines', () => {
    const r = parseRobots(
      'User-agent: *\nDisallow: /private/ # no\nDisallow: /\nAllow: /pub/*.php$\nDisallow:\nSitemap: http://site.test/sm.xml',
      'http://site.test',
    );
    expect(r.paths).toEqual(['http://site.test/private/', 'http://site.test/pub/']);
    expect(r.sitemaps).toEqual(['http://site.test/sm.xml']);
  });

  it('reads sitemap locs and recognises an index', () => {
    expect(
      parseSitemap('<urlset><url><loc> http://s/a?x=1&amp;y=2 </loc></url><url><loc><![CDATA[http://s/b]]></loc></url></urlset>'),
    ).toEqual({
      urls: ['http://s/a?x=1&y=2', 'http://s/b'],
      index: false,
    });
    expect(parseSitemap('<sitemapindex><sitemap><loc>http://s/1.xml</loc></sitemap></sitemapindex>').index).toBe(true);
  });
});

describe('destructive actions', () => {
  it.each([
    ['/logout'],
    ['/user/delete?id=1'],
    ['/cart?action=remove&item=3'],
    ['do_logout.php'],
    ['/account/cancel-account'],
    ['deleteItem'],
    ['Sign out'],
    ['Log ud'],
    ['Slet konto'],
    ['Abmelden'],
    ['Déconnexion'],
    ['/settings/reset'],
    ['Clear all'],
    ['/newsletter/unsubscribe'],
  ])('%s is destructive', (text) => expect(destructiveWord(text)).not.toBeNull());

  it.each([
    ['/products?sort=price'],
    ['Dropdown menu'],
    ['/clearance-sale'],
    ['/blog/deleted-scenes-review'],
    ['/login'],
    ['Resettlement'],
  ])('%s is not', (text) => expect(destructiveWord(text)).toBeNull());
});

describe('same-page variants', () => {
  it('normalises query order and fragments', () => {
    expect(normalizeUrl('http://s:80/a?b=2&a=1#top')).toBe('http://s/a?a=1&b=2');
  });
  it('folds values: paging, dates and ids are one pattern; other parameter names are another', () => {
    expect(variantKey('http://s/p?page=1')).toBe(variantKey('http://s/p?page=99'));
    expect(variantKey('http://s/cal/2026-11-29')).toBe(variantKey('http://s/cal/2027-01-01'));
    expect(variantKey('http://s/item/17/edit')).toBe(variantKey('http://s/item/18/edit'));
    expect(variantKey('http://s/p?page=1')).not.toBe(variantKey('http://s/p?page=1&sort=a'));
    const v = new VariantLimiter(3);
    expect([1, 2, 3, 4, 5].map((n) => v.admit(`http://s/p?page=${n}`))).toEqual([true, true, true, false, false]);
  });
  it('keeps the pages of a router parameter apart (index.php?page=login.php), with a bound on how many', () => {
    expect(variantKey('http://s/index.php?page=login.php')).not.toBe(variantKey('http://s/index.php?page=home.php'));
    expect(variantKey('http://s/list?sort=name')).not.toBe(variantKey('http://s/list?sort=date'));
    // Token-like values are data, not page names.
    expect(variantKey('http://s/p?t=a81b2c9d0e7f6a5b')).toBe(variantKey('http://s/p?t=ff01e2d3c4b5a697'));
    expect(variantKey('http://s/p?t=Zx81QpL2mN7rT4vB')).toBe(variantKey('http://s/p?t=Kq27WnB5xR1sV8yC'));
    const v = new VariantLimiter(3, 50);
    const admitted = Array.from({ length: 80 }, (_, n) =>
      v.admit(`http://s/index.php?page=page-${String.fromCharCode(97 + (n % 26))}${Math.floor(n / 26)}x.php`),
    );
    expect(admitted.filter(Boolean)).toHaveLength(50);
  });
});

const res = (over: Partial<WebResponse>): WebResponse => ({
  request: { method: 'GET', url: 'http://s/x', headers: {} },
  url: 'http://s/x',
  status: 200,
  headers: {},
  body: '',
  truncated: false,
  timeMs: 1,
  ...over,
});

describe('WAF block pages', () => {
  it.each([
    ['Cloudflare', { status: 403, headers: { 'cf-ray': '8a-AMS' }, body: '<title>Attention Required! | Cloudflare</title>' }],
    ['ModSecurity', { status: 406, body: '<title>Not Acceptable!</title>... generated by Mod_Security' }],
    ['Imperva Incapsula', { status: 403, body: 'Request unsuccessful. Incapsula incident ID: 123' }],
    [
      'Akamai',
      {
        status: 403,
        headers: { server: 'AkamaiGHost' },
        body: "Access Denied. You don't have permission to access x on this server. Reference #18.6d2e1402.1700000000.abc",
      },
    ],
    [
      'F5 BIG-IP ASM',
      { status: 200, body: 'The requested URL was rejected. Please consult with your administrator. Your support ID is: 1234567890' },
    ],
    ['Sucuri', { status: 403, headers: { 'x-sucuri-id': '1' }, body: 'Access Denied - Sucuri Website Firewall' }],
    ['AWS WAF', { status: 403, headers: { server: 'awselb/2.0' }, body: '<h1>403 Forbidden</h1> Request blocked by AWS WAF' }],
  ])('%s', (name, over) => expect(wafBlock(res(over as Partial<WebResponse>))).toBe(name));

  it('a Cloudflare header on a normal page is no block', () => {
    expect(wafBlock(res({ headers: { 'cf-ray': '1' }, body: 'hello' }))).toBeNull();
  });

  it('reports once, only for a payload on a URL that answered normally before', () => {
    const w = new WafWatch();
    const block = res({ status: 406, body: 'This error was generated by Mod_Security' });
    expect(w.observe(block, true)).toBeNull(); // never answered normally: the site itself is like that
    expect(w.observe(res({}), false)).toBeNull();
    expect(w.observe(block, false)).toBeNull(); // the crawl's own request: not a test
    expect(w.observe(block, true)).toBe('ModSecurity');
    expect(w.observe(block, true)).toBeNull();
  });
});

describe('insertion points', () => {
  const page = (url: string, setCookie?: string): CrawledPage => ({
    url,
    method: 'GET',
    status: 200,
    contentType: 'text/html',
    depth: 1,
    source: 'link',
    response: res({ url, headers: setCookie ? { 'set-cookie': setCookie } : {} }),
  });

  it('query parameters, path ids, headers and app cookies, deduplicated over many pages', () => {
    const pages = [
      page('http://s/list?page=1&q=a', 'sid=1; HttpOnly\ntheme=dark'),
      ...Array.from({ length: 500 }, (_, i) => page(`http://s/item/${i + 1}?ref=x`)),
    ];
    const pts = insertionPoints({ pages, forms: [] });
    expect(pts.map((p) => `${p.location}:${p.name}`).sort()).toEqual(
      ['query:page', 'query:q', 'header:User-Agent', 'header:Referer', 'cookie:sid', 'cookie:theme', 'query:ref', 'path:path[2]'].sort(),
    );
    expect(pts.find((p) => p.name === 'q')).toMatchObject({ value: 'a', fields: { page: '1' } });
    expect(pts.find((p) => p.location === 'path')).toMatchObject({ value: '1', url: 'http://s/item/1?ref=x' });
  });

  it('form fields by form kind (body, multipart, GET query) without buttons and files; the login form avoided', () => {
    const base = { page: 'http://s/f', csrfToken: false };
    const pts = insertionPoints({
      pages: [],
      forms: [
        {
          ...base,
          action: 'http://s/post',
          method: 'POST',
          enctype: 'application/x-www-form-urlencoded',
          fields: [
            { name: 'a', type: 'text', value: '' },
            { name: 'go', type: 'submit', value: 'Go' },
          ],
        },
        {
          ...base,
          action: 'http://s/up',
          method: 'POST',
          enctype: 'multipart/form-data',
          fields: [
            { name: 'f', type: 'file', value: '' },
            { name: 'title', type: 'text', value: 't' },
          ],
        },
        {
          ...base,
          action: 'http://s/search',
          method: 'GET',
          enctype: 'application/x-www-form-urlencoded',
          fields: [{ name: 'q', type: 'search', value: '' }],
        },
        {
          ...base,
          action: 'http://s/login',
          method: 'POST',
          enctype: 'application/x-www-form-urlencoded',
          fields: [{ name: 'user', type: 'text', value: '' }],
        },
      ],
      avoid: (u) => u.endsWith('/login'),
    });
    expect(pts.map((p) => `${p.method} ${p.location}:${p.name}`)).toEqual(['POST body:a', 'POST multipart:title', 'GET query:q']);
    expect(pts[0]).toMatchObject({ value: 'bulwark', fields: { go: 'Go' } });
    expect(pts[0]!.form?.action).toBe('http://s/post');
  });

  it("JSON and url-encoded bodies of the browser's requests", () => {
    const pts = insertionPoints({
      pages: [],
      forms: [],
      requests: [
        {
          method: 'POST',
          url: 'http://s/api/items',
          body: '{"name":"x","qty":2,"meta":{"tag":"t"},"list":[1]}',
          contentType: 'application/json',
          page: 'http://s/',
        },
        { method: 'put', url: 'http://s/api/form', body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', page: 'http://s/' },
      ],
    });
    expect(pts.map((p) => `${p.method} ${p.location}:${p.name}=${p.value}`)).toEqual([
      'POST json:name=x',
      'POST json:qty=2',
      'POST json:meta.tag=t',
      'PUT body:a=1',
      'PUT body:b=2',
    ]);
    expect(pts[0]!.fields).toEqual({ name: '"x"', qty: '2', meta: '{"tag":"t"}', list: '[1]' });
  });
});

describe('the login page', () => {
  it('is known by its path and the query that names it, so a front controller keeps its other pages', () => {
    const pages = new LoginPages();
    pages.add('http://s/index.php?page=login.php');
    pages.add('http://s/signin');
    expect(pages.has('http://s/index.php?page=login.php&popUpNotificationCode=LOU1')).toBe(true);
    expect(pages.has('http://s/index.php?page=home.php')).toBe(false);
    expect(pages.has('http://s/index.php')).toBe(false);
    expect(pages.has('http://s/signin?next=/admin')).toBe(true);
  });
});
