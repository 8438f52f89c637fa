// Technologies with versions and CPE 2.3 names from headers, generator tags, cookies and markers; JavaScript
// libraries from file names, URLs and content, and their vulnerable ranges from the Retire.js data.
import { describe, expect, it } from 'vitest';
import {
  isAtOrAbove,
  librariesFromContent,
  librariesFromUrl,
  libraryVulnerabilities,
  JS_LIBRARY_SOURCE,
} from '../../src/web/js-libraries.ts';
import { detectTechnologies } from '../../src/web/technologies.ts';
import type { WebResponse } from '../../src/web/types.ts';

function response(headers: Record<string, string>, body = ''): WebResponse {
  return {
    request: { method: 'GET', url: 'http://shop.test/', headers: {} },
    url: 'http://shop.test/',
    status: 200,
    headers: { 'content-type': 'text/html', ...headers },
    body,
    truncated: false,
    timeMs: 1,
  };
}

const byName = (res: WebResponse): Record<string, { version?: string; cpe?: string }> =>
  Object.fromEntries(
    detectTechnologies(res).map((t) => [t.name, { ...(t.version ? { version: t.version } : {}), ...(t.cpe ? { cpe: t.cpe } : {}) }]),
  );

describe('detectTechnologies', () => {
  it('reads server banners with versions and CPE 2.3 names', () => {
    expect(byName(response({ server: 'nginx/1.22.1' }))).toEqual({
      nginx: { version: '1.22.1', cpe: 'cpe:2.3:a:nginx:nginx:1.22.1:*:*:*:*:*:*:*' },
    });
    expect(byName(response({ server: 'Apache/2.4.57 (Debian) OpenSSL/3.0.11', 'x-powered-by': 'PHP/8.2.7' }))).toEqual({
      'Apache HTTP Server': { version: '2.4.57', cpe: 'cpe:2.3:a:apache:http_server:2.4.57:*:*:*:*:*:*:*' },
      OpenSSL: { version: '3.0.11', cpe: 'cpe:2.3:a:openssl:openssl:3.0.11:*:*:*:*:*:*:*' },
      PHP: { version: '8.2.7', cpe: 'cpe:2.3:a:php:php:8.2.7:*:*:*:*:*:*:*' },
    });
    expect(byName(response({ server: 'Apache-Coyote/1.1' }))).toEqual({
      'Apache Tomcat': { version: '1.1', cpe: 'cpe:2.3:a:apache:tomcat:1.1:*:*:*:*:*:*:*' },
    });
    expect(byName(response({ server: 'Microsoft-IIS/10.0', 'x-aspnet-version': '4.0.30319', 'x-powered-by': 'ASP.NET' }))).toMatchObject({
      'Microsoft IIS': { version: '10.0' },
      'ASP.NET': { version: '4.0.30319', cpe: 'cpe:2.3:a:microsoft:asp.net:4.0.30319:*:*:*:*:*:*:*' },
    });
    expect(byName(response({ server: 'nginx' }))).toEqual({ nginx: { cpe: 'cpe:2.3:a:nginx:nginx:*:*:*:*:*:*:*:*' } });
  });

  it('reads generator tags, session cookies and page markers', () => {
    expect(byName(response({}, '<meta name="generator" content="WordPress 6.4.2"><link href="/wp-content/themes/x.css">'))).toEqual({
      WordPress: { version: '6.4.2', cpe: 'cpe:2.3:a:wordpress:wordpress:6.4.2:*:*:*:*:*:*:*' },
    });
    expect(byName(response({}, '<meta name="Generator" content="Drupal 10 (https://www.drupal.org)">')).Drupal).toEqual({
      version: '10',
      cpe: 'cpe:2.3:a:drupal:drupal:10:*:*:*:*:*:*:*',
    });
    expect(Object.keys(byName(response({ 'set-cookie': 'JSESSIONID=abc; Path=/\nlaravel_session=xyz; HttpOnly' }))).sort()).toEqual([
      'Java Servlet',
      'Laravel',
    ]);
    expect(byName(response({ 'set-cookie': 'connect.sid=s%3Aabc' }))).toEqual({
      Express: { cpe: 'cpe:2.3:a:expressjs:express:*:*:*:*:*:*:*:*' },
    });
    expect(byName(response({}, '<app-root ng-version="15.2.9"></app-root>')).Angular).toEqual({
      version: '15.2.9',
      cpe: 'cpe:2.3:a:angular:angular:15.2.9:*:*:*:*:*:*:*',
    });
    expect(detectTechnologies(response({}, '<p>plain page</p>'))).toEqual([]);
    expect(byName(response({}, '<script src="/js/jquery-1.8.3.min.js"></script>')).jQuery).toEqual({
      version: '1.8.3',
      cpe: 'cpe:2.3:a:jquery:jquery:1.8.3:*:*:*:*:*:*:*',
    });
  });
});

describe('JavaScript libraries', () => {
  it('come from file names, CDN paths and content', () => {
    expect(librariesFromUrl('http://shop.test/js/jquery-1.8.3.min.js').map((l) => `${l.name} ${l.version}`)).toEqual(['jQuery 1.8.3']);
    expect(librariesFromUrl('https://cdnjs.cloudflare.com/ajax/libs/jquery/3.4.1/jquery.min.js').map((l) => l.version)).toEqual(['3.4.1']);
    expect(librariesFromUrl('http://shop.test/js/bootstrap-3.3.7.min.js').map((l) => `${l.name} ${l.version}`)).toEqual([
      'Bootstrap 3.3.7',
    ]);
    expect(librariesFromUrl('http://shop.test/js/app.js')).toEqual([]);
    expect(
      librariesFromContent('/**\n * @license AngularJS v1.5.8\n * (c) 2010-2016 Google, Inc.').map((l) => `${l.name} ${l.version}`),
    ).toEqual(['AngularJS 1.5.8']);
    expect(
      librariesFromContent("/**\n * @license\n * Lodash <https://lodash.com/>\n */\n;(function(){var VERSION = '4.17.4';").map(
        (l) => `${l.name} ${l.version}`,
      ),
    ).toEqual(['Lodash 4.17.4']);
    expect(librariesFromContent('/*!\n * Knockout JavaScript library v3.4.2\n').map((l) => `${l.name} ${l.version}`)).toEqual([
      'Knockout 3.4.2',
    ]);
    expect(librariesFromContent('function add(a, b) { return a + b; }')).toEqual([]);
  });

  it('are matched to the vulnerable ranges', () => {
    expect(libraryVulnerabilities('jquery', '1.8.3')?.cves).toEqual(
      expect.arrayContaining(['CVE-2015-9251', 'CVE-2019-11358', 'CVE-2020-11023']),
    );
    expect(libraryVulnerabilities('jquery', '3.4.1')?.cves).toEqual(['CVE-2020-11022', 'CVE-2020-11023']);
    expect(libraryVulnerabilities('jquery', '3.7.1')).toBeNull();
    expect(libraryVulnerabilities('lodash', '4.17.4')?.cves).toEqual(expect.arrayContaining(['CVE-2019-10744']));
    expect(libraryVulnerabilities('lodash', '4.18.0')).toBeNull(); // 4.17.21 has 2025-2026 advisories in the data set
    expect(JS_LIBRARY_SOURCE).toMatch(/Retire\.js .*commit [0-9a-f]{40}/);
  });

  it('compare versions as Retire.js does', () => {
    expect(isAtOrAbove('1.12.4', '1.9.0')).toBe(true);
    expect(isAtOrAbove('1.9.0', '1.12.4')).toBe(false);
    expect(isAtOrAbove('3.0.0', '3.0.0-rc1')).toBe(true);
    expect(isAtOrAbove('3.0.0-beta1', '3.0.0')).toBe(false);
    expect(isAtOrAbove('2.2', '2.2.0')).toBe(true);
  });
});
