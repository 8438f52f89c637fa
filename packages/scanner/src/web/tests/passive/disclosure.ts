// Information disclosure read from the responses: debug pages and error consoles (Werkzeug, Django DEBUG, Laravel
// Ignition / Whoops, Symfony profiler), phpinfo() pages and directory listings (Apache, nginx, lighttpd, IIS, Python,
// Tomcat, Node's serve-index). Each pattern asks for the page's own structure, not a word that ordinary text can have.
import type { WebResponse, WebTest } from '../../types.ts';
import { finding, isHtml, once, originOf } from './support.ts';

const DEBUG_PAGES: { label: string; severity: 2 | 3 | 4; test(res: WebResponse): RegExp | null }[] = [
  {
    label: 'Werkzeug interactive debugger',
    severity: 3,
    test: (r) =>
      /__debugger__|<title>[^<]*\/\/ Werkzeug Debugger<\/title>/.test(r.body) && /Traceback|EVALEX/.test(r.body)
        ? /Werkzeug Debugger|__debugger__/
        : null,
  },
  {
    label: 'Django debug page (DEBUG = True)',
    severity: 2,
    test: (r) =>
      /You(?:'|&#x27;|&#39;)re seeing this error because you have <code>DEBUG = True<\/code>/.test(r.body) ? /DEBUG = True/ : null,
  },
  {
    label: 'Laravel Ignition error page',
    severity: 2,
    test: (r) =>
      /(?:window\.ignite|ignition-(?:script|styles)|"Illuminate\\\\|Facade\\\\Ignition|spatie\/laravel-ignition)/.test(r.body)
        ? /ignite|Ignition|Illuminate/
        : null,
  },
  {
    label: 'Whoops error page',
    severity: 2,
    test: (r) => (/<title>Whoops! There was an error\.<\/title>|class="Whoops container"/.test(r.body) ? /Whoops/ : null),
  },
  {
    label: 'Symfony profiler',
    severity: 2,
    test: (r) =>
      r.headers['x-debug-token-link'] || /<div[^>]+class="sf-toolbar|Symfony Profiler<\/title>/.test(r.body)
        ? /sf-toolbar|Symfony Profiler/
        : null,
  },
];

const debugPages: WebTest = {
  id: 'web-debug-page',
  name: 'Debug page or error console exposed',
  category: 'information-disclosure',
  severity: 3,
  cwe: ['CWE-489', 'CWE-215'],
  owasp: 'A05:2021',
  description:
    'The application runs in debug mode: error pages show source code, settings and stack traces, and some (the Werkzeug console) run code typed into them.',
  solution:
    'Turn off debug mode in production (Flask/Werkzeug debug=False, Django DEBUG = False, Laravel APP_DEBUG=false, Symfony APP_ENV=prod).',
  references: ['https://cwe.mitre.org/data/definitions/489.html'],
  kind: 'passive',
  response(res, ctx) {
    if (!isHtml(res) && !res.headers['x-debug-token-link']) return [];
    for (const d of DEBUG_PAGES) {
      const needle = d.test(res);
      if (!needle || !once(ctx, `web-debug-page ${originOf(res.url)} ${d.label}`)) continue;
      return [
        finding({
          test: 'web-debug-page',
          res,
          needle,
          name: `${d.label} exposed`,
          severity: d.severity,
          proof: d.label,
          how: 'the debug page’s markup',
        }),
      ];
    }
    return [];
  },
};

const phpinfo: WebTest = {
  id: 'web-phpinfo',
  name: 'phpinfo() page exposed',
  category: 'information-disclosure',
  severity: 2,
  cwe: ['CWE-200'],
  owasp: 'A05:2021',
  description: 'A phpinfo() page shows the PHP version, modules, settings, paths and environment variables (sometimes secrets).',
  solution: 'Remove the phpinfo() page from the server.',
  references: ['https://www.php.net/manual/en/function.phpinfo.php'],
  kind: 'passive',
  response(res, ctx) {
    if (res.status !== 200 || !isHtml(res)) return [];
    const title = /<title>phpinfo\(\)<\/title>/i.test(res.body);
    const table =
      /<h1 class="p">PHP Version [\d.]+<\/h1>/.test(res.body) &&
      /<td class="e">(?:System|Configure Command|Server API) ?<\/td>/.test(res.body);
    if (!(title || table) || !/PHP Version/.test(res.body) || !once(ctx, `web-phpinfo ${res.url}`)) return [];
    const version = /PHP Version ([\d.]+)/.exec(res.body)?.[1];
    return [
      finding({
        test: 'web-phpinfo',
        res,
        needle: /PHP Version/,
        proof: `phpinfo() output${version ? `, PHP ${version}` : ''}`,
        how: 'the phpinfo() page layout',
      }),
    ];
  },
};

/** Directory listings by the server that makes them; each needs the heading and the listing's own markup. */
const LISTINGS: { server: string; re: RegExp }[] = [
  // nginx autoindex: <h1>Index of /files/</h1><hr><pre><a href="../">../</a>
  { server: 'nginx', re: /<h1>Index of [^<]*<\/h1>\s*<hr>\s*<pre>\s*<a href="\.\.\/">\.\.\/<\/a>/i },
  // Apache mod_autoindex: <h1>Index of /x</h1> with "Parent Directory" or the Name / Last modified columns.
  { server: 'Apache', re: /<h1>Index of [^<]*<\/h1>[\s\S]{0,2000}?(?:>\s*Parent Directory\s*<|<a href="\?C=N;O=D">Name<\/a>)/i },
  { server: 'lighttpd', re: /<h2>Index of [^<]*<\/h2>\s*<div class="list">/i },
  { server: 'IIS', re: /<pre><A HREF="[^"]*">\[To Parent Directory\]<\/A>|<H1>[^<]* - \/[^<]*<\/H1><hr>\s*<pre>/ },
  { server: 'Python http.server', re: /<title>Directory listing for \/[^<]*<\/title>/ },
  { server: 'Tomcat', re: /<title>Directory Listing For \[?\/[^<]*<\/title>/ },
  { server: 'Node serve-index', re: /<title>listing directory \/[^<]*<\/title>/ },
  // Generic "Index of /" pages (Caddy, Jetty …): the title and a parent link.
  { server: 'web server', re: /<title>Index of \/[^<]*<\/title>[\s\S]{0,3000}?<a href="(?:\.\.\/?|\/[^"]*\/\.\.\/?)"/i },
];

const directoryListing: WebTest = {
  id: 'web-directory-listing',
  name: 'Directory listing',
  category: 'directory-listing',
  severity: 2,
  cwe: ['CWE-548'],
  owasp: 'A01:2021',
  description: 'The server lists the files of a directory, showing files that were never linked (backups, configuration, uploads).',
  solution:
    'Turn off automatic indexes (nginx autoindex off; Apache Options -Indexes; IIS directoryBrowse enabled="false") or add an index page.',
  references: ['https://cwe.mitre.org/data/definitions/548.html'],
  kind: 'passive',
  response(res, ctx) {
    if (res.status !== 200 || !isHtml(res)) return [];
    for (const l of LISTINGS) {
      const m = l.re.exec(res.body);
      if (!m) continue;
      const dir = new URL(res.url);
      if (!once(ctx, `web-directory-listing ${dir.origin}${dir.pathname}`)) return [];
      return [
        finding({
          test: 'web-directory-listing',
          res,
          needle: m[0],
          proof: `${l.server} directory listing of ${dir.pathname}`,
          how: `the ${l.server} listing’s markup`,
        }),
      ];
    }
    return [];
  },
};

export const DISCLOSURE_TESTS: WebTest[] = [debugPages, phpinfo, directoryListing];
