// Cross-site scripting: reflected (a unique marker first, then payloads made for the place it landed, confirmed by
// execution in the browser) and stored (a marker submitted in a form and found again on the site's pages). DOM-based
// cross-site scripting is xss-dom.ts.
import { attempt, buildRequest, inject, marker, pointFinding } from '../../inject.ts';
import { excerpt, requestText } from '../../http.ts';
import type { InsertionPoint, WebBrowser, WebFinding, WebRequest, WebResponse, WebTest, WebTestContext } from '../../types.ts';
import { contextAt, executableReflection, payloadsFor, type XssContext } from './xss-context.ts';

/** What the three cross-site scripting tests share (xss-dom.ts too). */
export const XSS_COMMON = {
  category: 'xss',
  severity: 3 as const,
  cwe: ['CWE-79'],
  owasp: 'A03:2021' as const,
  solution:
    'Encode every value for the place it is written to (HTML text, attribute, JavaScript string, URL) with the template ' +
    "engine's automatic escaping; never build HTML from strings; set a Content-Security-Policy without unsafe-inline.",
  references: [
    'https://owasp.org/www-community/attacks/xss/',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html',
  ],
  kind: 'active' as const,
};

const isHtml = (res: WebResponse): boolean => /html|xml/i.test(res.headers['content-type'] ?? 'text/html');

/** Loads the request in the browser: did EXEC_HOOK run with the marker? */
async function executes(browser: WebBrowser, req: WebRequest, mark: string): Promise<boolean> {
  const body = typeof req.body === 'string' ? req.body : req.body?.toString('utf8');
  const r = await browser.run({
    url: req.url,
    method: req.method === 'POST' ? 'POST' : 'GET',
    ...(body !== undefined ? { body, contentType: req.headers?.['content-type'] ?? 'application/x-www-form-urlencoded' } : {}),
  });
  return r.executed.includes(mark);
}

function contexts(html: string, mark: string): XssContext[] {
  const out: XssContext[] = [];
  const seen = new Set<string>();
  for (let at = html.indexOf(mark); at >= 0; at = html.indexOf(mark, at + 1)) {
    const c = contextAt(html, at);
    const key = JSON.stringify(c);
    if (!seen.has(key)) out.push(c);
    seen.add(key);
  }
  return out;
}

export const xssReflected: WebTest = {
  ...XSS_COMMON,
  id: 'web-xss-reflected',
  name: 'Cross-site scripting (reflected)',
  description:
    'A value sent in the request is written back into the page without the encoding its place needs, so a link can ' +
    "run an attacker's script in the user's browser, with the user's session.",
  async point(point, ctx) {
    const probe = marker();
    const first = await inject(point, probe, ctx);
    if (!isHtml(first) || !first.body.includes(probe)) return [];
    let potential: WebFinding | null = null;
    for (const c of contexts(first.body, probe)) {
      for (const payload0 of payloadsFor(c, 'MARK')) {
        const mark = marker();
        const payload = payload0.replace('MARK', mark);
        const res = await attempt(point, payload, ctx);
        if (!res) continue;
        if (!executableReflection(res.body, payload)) continue;
        const f = (confidence: WebFinding['confidence'], how: string): WebFinding =>
          pointFinding('web-xss-reflected', point, res, { payload, proof: payload, how, confidence });
        if (ctx.browser) {
          if (await executes(ctx.browser, buildRequest(point, payload), mark)) return [f('confirmed', 'executed in the browser')];
          // A javascript: URL runs on a click the browser may not make: still worth a look.
          if (c.kind === 'attr' && payload.startsWith('javascript:')) potential ??= f('potential', 'returned unencoded in a URL attribute');
        } else potential ??= f('potential', `returned unencoded in ${describe(c)}`);
      }
    }
    return potential ? [potential] : [];
  },
};

function describe(c: XssContext): string {
  switch (c.kind) {
    case 'text':
      return 'the HTML text';
    case 'rawtext':
      return `a <${c.tag}> element`;
    case 'comment':
      return 'an HTML comment';
    case 'attr':
      return `the ${c.name || 'tag'} attribute (${c.quote ? `${c.quote}-quoted` : 'unquoted'})`;
    case 'script':
      return c.quote ? 'a script string' : 'a script';
  }
}

/** Pages to look for a stored marker on: the site map's HTML pages (GET), the form's page and its action. */
function pagesToCheck(point: InsertionPoint, ctx: WebTestContext, max = 25): string[] {
  const urls = new Set<string>();
  if (point.form) urls.add(point.form.page);
  if (point.method.toUpperCase() === 'GET') urls.add(point.url.split('?')[0]!);
  for (const e of ctx.sitemap()) {
    if (urls.size >= max) break;
    if (e.method === 'GET' && e.status < 400 && /html/i.test(e.contentType || 'text/html')) urls.add(e.url);
  }
  return [...urls];
}

async function findOn(urls: string[], needle: string, ctx: WebTestContext): Promise<WebResponse | null> {
  for (const url of urls) {
    if (ctx.signal.aborted) return null;
    const res = await ctx.client.send({ method: 'GET', url });
    if (res.body.includes(needle)) return res;
  }
  return null;
}

export const xssStored: WebTest = {
  ...XSS_COMMON,
  id: 'web-xss-stored',
  name: 'Cross-site scripting (stored)',
  severity: 4,
  description:
    'A value submitted in a form is kept by the application and shown on its pages without encoding, so every user ' +
    "who opens the page runs the attacker's script.",
  async point(point, ctx) {
    // Stored values come from forms that change state.
    if (!point.form || point.method.toUpperCase() !== 'POST' || point.location === 'header' || point.location === 'cookie') return [];
    if (point.form.fields.find((f) => f.name === point.name)?.type === 'file') return [];
    const probe = marker();
    await inject(point, probe, ctx);
    const pages = pagesToCheck(point, ctx);
    const where = await findOn(pages, probe, ctx);
    if (!where) return [];
    const c = contextAt(where.body, where.body.indexOf(probe));
    for (const payload0 of payloadsFor(c, 'MARK')) {
      const mark = marker();
      const payload = payload0.replace('MARK', mark);
      const submitted = await inject(point, payload, ctx);
      const page = await ctx.client.send({ method: 'GET', url: where.url });
      if (!executableReflection(page.body, payload)) continue;
      const finding = (confidence: WebFinding['confidence'], how: string): WebFinding => ({
        ...pointFinding('web-xss-stored', point, submitted, { payload, proof: payload, how, confidence }),
        evidence: {
          request: requestText(submitted),
          response: `${where.url}:\n${excerpt(page.body, payload, 200)}`,
          proof: `${payload} (submitted to ${point.url}, shown on ${where.url})`,
          how,
        },
      });
      if (!ctx.browser) return [finding('potential', `shown unencoded on ${where.url}`)];
      if (await executes(ctx.browser, { method: 'GET', url: where.url }, mark))
        return [finding('confirmed', `executed in the browser on ${where.url}`)];
    }
    return [];
  },
};
