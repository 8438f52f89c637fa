// CORS misconfiguration (site test): the site is asked with foreign origins (an attacker's, 'null', and one that
// only ends with the site's name); an origin reflected with Access-Control-Allow-Credentials: true lets any site read
// signed-in users' data.
import type { WebFinding, WebResponse, WebTest, WebTestContext } from '../../types.ts';
import { finding, once } from './support.ts';

const EVIL = 'http://bwk-evil.invalid';
const MAX_URLS = 6;

async function ask(ctx: WebTestContext, url: string, origin: string): Promise<WebResponse | null> {
  try {
    return await ctx.client.send({ method: 'GET', url, headers: { origin } });
  } catch {
    return null;
  }
}

export const corsMisconfiguration: WebTest = {
  id: 'web-cors',
  name: 'CORS misconfiguration',
  category: 'cors',
  severity: 3,
  cwe: ['CWE-942', 'CWE-346'],
  owasp: 'A05:2021',
  description:
    'The site answers cross-origin requests from any origin (reflected, or null) and allows credentials, so a page on another site can read what a signed-in user sees.',
  solution:
    'Allow only a fixed list of trusted origins, compared exactly; never reflect the Origin header with credentials, never allow the null origin.',
  references: ['https://portswigger.net/web-security/cors', 'https://developer.mozilla.org/en-US/docs/Web/HTTP/CORS'],
  kind: 'active',
  async site(origin, ctx) {
    const host = new URL(origin).hostname;
    // The home page and a few API-looking URLs of the crawl (JSON answers are what CORS protects).
    const urls = [`${origin}/`];
    for (const e of ctx.sitemap())
      if (urls.length < MAX_URLS && e.url.startsWith(origin) && /json/.test(e.contentType) && !urls.includes(e.url)) urls.push(e.url);
    const probes: { origin: string; what: string }[] = [
      { origin: EVIL, what: 'an arbitrary origin' },
      { origin: 'null', what: 'the null origin (sandboxed frames, file: pages)' },
      { origin: `http://${host}.bwk-evil.invalid`, what: 'an origin that only starts with the site’s name' },
    ];
    const out: WebFinding[] = [];
    for (const url of urls) {
      // One finding per URL (the unit of a finding): the worst answer names it, the proof lists every accepted origin.
      const hits: { res: WebResponse; severity: 0 | 1 | 3; name: string; proof: string }[] = [];
      for (const p of probes) {
        const res = await ask(ctx, url, p.origin);
        if (!res) continue;
        const allow = (res.headers['access-control-allow-origin'] ?? '').trim();
        const creds = /^\s*true\s*$/i.test(res.headers['access-control-allow-credentials'] ?? '');
        if (allow === p.origin)
          hits.push({
            res,
            severity: creds ? 3 : 1,
            name: creds ? `CORS allows ${p.what} with credentials` : `CORS reflects ${p.what}`,
            proof: `Origin: ${p.origin} → access-control-allow-origin: ${allow}${creds ? ', access-control-allow-credentials: true' : ' (no credentials)'}`,
          });
        else if (allow === '*' && creds)
          hits.push({
            res,
            severity: 0,
            name: 'CORS wildcard with credentials (invalid; browsers refuse it)',
            proof: 'access-control-allow-origin: * with access-control-allow-credentials: true',
          });
      }
      if (!hits.length || !once(ctx, `web-cors ${url}`)) continue;
      const worst = hits.reduce((a, b) => (b.severity > a.severity ? b : a));
      out.push(
        finding({
          test: 'web-cors',
          res: worst.res,
          name: worst.name,
          severity: worst.severity,
          proof: [...new Set(hits.map((h) => h.proof))].join('\n'),
          how: 'Access-Control-Allow-* headers answered to a foreign Origin',
          location: 'header',
          parameter: 'Origin',
        }),
      );
    }
    return out;
  },
};
