// Security headers and cookies, read from the responses the scan received: insecure session cookies, clickjacking,
// missing CSP, HSTS and X-Content-Type-Options (each once per site), mixed content, and password fields that
// autocomplete or travel over plain HTTP.
import type { WebFinding, WebResponse, WebTest } from '../../types.ts';
import { finding, htmlForms, isHtml, isJavaScript, isSessionCookie, once, originOf, setCookies } from './support.ts';

const ok = (res: WebResponse): boolean => res.status >= 200 && res.status < 300;
const https = (res: WebResponse): boolean => res.url.startsWith('https:');

const insecureCookies: WebTest = {
  id: 'web-cookie-insecure',
  name: 'Session cookie without secure attributes',
  category: 'cookies',
  severity: 1,
  cwe: ['CWE-614', 'CWE-1004', 'CWE-1275'],
  owasp: 'A05:2021',
  description:
    'A session cookie is set without Secure on an HTTPS site (it is also sent over plain HTTP), without HttpOnly (scripts, and so XSS, can read it), or with SameSite=None but without Secure (browsers refuse it).',
  solution: 'Set session cookies with Secure, HttpOnly and SameSite=Lax (or Strict).',
  references: [
    'https://developer.mozilla.org/en-US/docs/Web/HTTP/Cookies#restrict_access_to_cookies',
    'https://owasp.org/www-community/controls/SecureCookieAttribute',
  ],
  kind: 'passive',
  response(res, ctx) {
    const out: WebFinding[] = [];
    for (const c of setCookies(res)) {
      if (!isSessionCookie(c)) continue;
      const problems: [string, string][] = [];
      if (https(res) && !c.secure) problems.push(['secure', 'without Secure on an HTTPS site']);
      if (!c.httpOnly) problems.push(['httponly', 'without HttpOnly']);
      if (c.sameSite === 'none' && !c.secure) problems.push(['samesite', 'SameSite=None without Secure']);
      // One finding per cookie (a finding is one issue at one URL and parameter), naming every missing attribute.
      const fresh = problems.filter(([key]) => once(ctx, `web-cookie-insecure ${originOf(res.url)} ${c.name} ${key}`));
      if (!fresh.length) continue;
      out.push(
        finding({
          test: 'web-cookie-insecure',
          res,
          name: `Session cookie ${c.name} ${fresh.map(([, what]) => what).join('; ')}`,
          severity: fresh.some(([key]) => key === 'secure') ? 2 : 1,
          proof: `set-cookie: ${c.line.replace(/=([^;]{4})[^;]*/, '=$1…')}`,
          how: 'Set-Cookie attributes',
          parameter: c.name,
          location: 'cookie',
        }),
      );
    }
    return out;
  },
};

const frameAncestors = (res: WebResponse): boolean => /(^|;)\s*frame-ancestors\s/i.test(res.headers['content-security-policy'] ?? '');

const clickjacking: WebTest = {
  id: 'web-clickjacking',
  name: 'Clickjacking: page can be framed',
  category: 'clickjacking',
  severity: 1,
  cwe: ['CWE-1021'],
  owasp: 'A04:2021',
  description:
    'HTML pages are served without X-Frame-Options nor a CSP frame-ancestors directive, so another site can frame them and trick users into clicks.',
  solution: "Send Content-Security-Policy: frame-ancestors 'self' (or X-Frame-Options: DENY / SAMEORIGIN) with every page.",
  references: ['https://cheatsheetseries.owasp.org/cheatsheets/Clickjacking_Defense_Cheat_Sheet.html'],
  kind: 'passive',
  response(res, ctx) {
    if (!ok(res) || !isHtml(res) || res.headers['x-frame-options'] || frameAncestors(res)) return [];
    if (!once(ctx, `web-clickjacking ${originOf(res.url)}`)) return [];
    return [
      finding({
        test: 'web-clickjacking',
        res,
        proof: 'no X-Frame-Options, no CSP frame-ancestors',
        how: 'response headers (reported once per site)',
      }),
    ];
  },
};

const missingCsp: WebTest = {
  id: 'web-csp-missing',
  name: 'Content Security Policy missing',
  category: 'security-headers',
  severity: 0,
  cwe: ['CWE-693'],
  owasp: 'A05:2021',
  description:
    'HTML pages are served without a Content-Security-Policy header, the browser defence that limits the damage of cross-site scripting.',
  solution:
    "Send a Content-Security-Policy that allows only the site's own scripts (script-src 'self'; object-src 'none'; base-uri 'self').",
  references: ['https://developer.mozilla.org/en-US/docs/Web/HTTP/CSP'],
  kind: 'passive',
  response(res, ctx) {
    if (!ok(res) || !isHtml(res) || res.headers['content-security-policy']) return [];
    if (!once(ctx, `web-csp-missing ${originOf(res.url)}`)) return [];
    return [
      finding({
        test: 'web-csp-missing',
        res,
        proof: 'no Content-Security-Policy header',
        how: 'response headers (reported once per site)',
      }),
    ];
  },
};

const missingHsts: WebTest = {
  id: 'web-hsts-missing',
  name: 'Strict-Transport-Security missing',
  category: 'security-headers',
  severity: 1,
  cwe: ['CWE-319'],
  owasp: 'A02:2021',
  description: 'An HTTPS site does not send Strict-Transport-Security, so a first plain-HTTP visit can be intercepted and downgraded.',
  solution: 'Send Strict-Transport-Security: max-age=31536000; includeSubDomains on HTTPS responses.',
  references: ['https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Strict-Transport-Security'],
  kind: 'passive',
  response(res, ctx) {
    if (!https(res) || !ok(res) || !isHtml(res)) return [];
    const hsts = res.headers['strict-transport-security'];
    if (hsts && !/max-age\s*=\s*0\b/i.test(hsts)) return [];
    if (!once(ctx, `web-hsts-missing ${originOf(res.url)}`)) return [];
    return [
      finding({
        test: 'web-hsts-missing',
        res,
        proof: hsts ? `strict-transport-security: ${hsts}` : 'no Strict-Transport-Security header',
        how: 'response headers (reported once per site)',
      }),
    ];
  },
};

const missingNosniff: WebTest = {
  id: 'web-xcto-missing',
  name: 'X-Content-Type-Options missing',
  category: 'security-headers',
  severity: 0,
  cwe: ['CWE-693'],
  owasp: 'A05:2021',
  description:
    'Pages or scripts are served without X-Content-Type-Options: nosniff, so browsers may guess a different content type than declared.',
  solution: 'Send X-Content-Type-Options: nosniff with every response.',
  references: ['https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/X-Content-Type-Options'],
  kind: 'passive',
  response(res, ctx) {
    if (!ok(res) || !(isHtml(res) || isJavaScript(res)) || /nosniff/i.test(res.headers['x-content-type-options'] ?? '')) return [];
    if (!once(ctx, `web-xcto-missing ${originOf(res.url)}`)) return [];
    return [
      finding({
        test: 'web-xcto-missing',
        res,
        proof: 'no X-Content-Type-Options: nosniff',
        how: 'response headers (reported once per site)',
      }),
    ];
  },
};

/** Resources a secure page loads over plain HTTP: active ones (scripts, frames, style sheets) can rewrite the page. */
const MIXED = /<(script|iframe|frame|embed|object|link|img|audio|video|source)\b[^>]*?\s(src|href|data)\s*=\s*["']?(http:\/\/[^"'\s>]+)/gi;

const mixedContent: WebTest = {
  id: 'web-mixed-content',
  name: 'Mixed content',
  category: 'transport',
  severity: 2,
  cwe: ['CWE-319'],
  owasp: 'A02:2021',
  description:
    'An HTTPS page loads resources over plain HTTP; a network attacker can replace them (a script or style sheet takes over the page).',
  solution: 'Load every resource over HTTPS (or protocol-relative), and send Content-Security-Policy: upgrade-insecure-requests.',
  references: ['https://developer.mozilla.org/en-US/docs/Web/Security/Mixed_content'],
  kind: 'passive',
  response(res, ctx) {
    if (!https(res) || !isHtml(res)) return [];
    const found = [...res.body.matchAll(MIXED)].filter(
      (m) => m[1]!.toLowerCase() !== 'link' || /stylesheet|icon|preload|modulepreload/i.test(m[0]),
    );
    if (!found.length || !once(ctx, `web-mixed-content ${res.url}`)) return [];
    const active = found.find((m) => /^(script|iframe|frame|embed|object|link)$/i.test(m[1]!));
    const first = active ?? found[0]!;
    return [
      finding({
        test: 'web-mixed-content',
        res,
        needle: first[0],
        severity: active ? 2 : 1,
        proof: `${first[1]!.toLowerCase()} loaded from ${first[3]}`,
        how: active ? 'active mixed content (script, frame or style sheet over HTTP)' : 'passive mixed content (media over HTTP)',
      }),
    ];
  },
};

const passwordAutocomplete: WebTest = {
  id: 'web-password-autocomplete',
  name: 'Password field with autocomplete',
  category: 'authentication',
  severity: 0,
  cwe: ['CWE-522'],
  owasp: 'A07:2021',
  description: 'A password field lets the browser remember the password; on a shared computer the next user can sign in.',
  solution: 'Set autocomplete="new-password" on registration and change forms; a password manager is otherwise fine on personal devices.',
  references: ['https://developer.mozilla.org/en-US/docs/Web/Security/Practical_implementation_guides/Turning_off_form_autocompletion'],
  kind: 'passive',
  response(res, ctx) {
    if (!ok(res) || !isHtml(res) || !/type\s*=\s*["']?password/i.test(res.body)) return [];
    for (const form of htmlForms(res.body, res.url)) {
      const formOff = /\sautocomplete\s*=\s*["']?off/i.test(form.tag);
      const pw = form.fields.find((f) => f.type === 'password' && !formOff && !['off', 'new-password'].includes(f.autocomplete ?? ''));
      if (!pw || !once(ctx, `web-password-autocomplete ${originOf(res.url)}`)) continue;
      return [
        finding({
          test: 'web-password-autocomplete',
          res,
          needle: new RegExp(`<input[^>]*name\\s*=\\s*["']?${pw.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i'),
          proof: `password field ${pw.name} without autocomplete="off" or "new-password"`,
          how: 'form markup (reported once per site)',
          parameter: pw.name,
          location: 'body',
        }),
      ];
    }
    return [];
  },
};

const passwordOverHttp: WebTest = {
  id: 'web-password-http',
  name: 'Password sent over plain HTTP',
  category: 'transport',
  severity: 3,
  cwe: ['CWE-319', 'CWE-523'],
  owasp: 'A02:2021',
  description:
    'A form with a password field is served over HTTP or submits to an HTTP address, so the password crosses the network in clear text.',
  solution: 'Serve the whole site over HTTPS, redirect HTTP to HTTPS and post forms to https:// addresses only.',
  references: ['https://owasp.org/www-community/vulnerabilities/Insecure_Transport'],
  kind: 'passive',
  response(res, ctx) {
    if (!ok(res) || !isHtml(res) || !/type\s*=\s*["']?password/i.test(res.body)) return [];
    for (const form of htmlForms(res.body, res.url)) {
      if (!form.fields.some((f) => f.type === 'password')) continue;
      const plainPage = !https(res);
      const plainAction = form.action.startsWith('http:');
      if (!plainPage && !plainAction) continue;
      if (!once(ctx, `web-password-http ${form.action}`)) continue;
      return [
        finding({
          test: 'web-password-http',
          res,
          needle: form.tag,
          proof: plainPage ? `password form on ${res.url} (HTTP)` : `password form posts to ${form.action} (HTTP)`,
          how: 'form markup and the page address',
        }),
      ];
    }
    return [];
  },
};

export const HEADER_TESTS: WebTest[] = [
  insecureCookies,
  clickjacking,
  missingCsp,
  missingHsts,
  missingNosniff,
  mixedContent,
  passwordAutocomplete,
  passwordOverHttp,
];
