// Server-side template injection: template expressions of the common engines (Jinja2/Twig {{ }}, JSP/Freemarker/
// Thymeleaf ${ }, ERB/EJS <%= %>, Ruby/Pug #{ }, Smarty { }, Razor @( )) multiplying two random numbers; the product
// on the page proves the server evaluated it; a second pair confirms. A form that
// stores the value and redirects (post/redirect/get) shows it only on the next page, so that page is read as well.
import { excerpt, requestText } from '../../http.ts';
import { attempt, factors, inject, pointFinding } from '../../inject.ts';
import type { WebEvidence, WebResponse, WebTest, WebTestContext } from '../../types.ts';

const SYNTAXES: { engine: string; make: (e: string) => string }[] = [
  { engine: 'Jinja2/Twig/Handlebars-like', make: (e) => `{{${e}}}` },
  { engine: 'Freemarker/JSP EL/Velocity', make: (e) => `\${${e}}` },
  { engine: 'ERB/EJS/ASP', make: (e) => `<%= ${e} %>` },
  { engine: 'Ruby/Pug/Slim', make: (e) => `#{${e}}` },
  { engine: 'Thymeleaf', make: (e) => `[[\${${e}}]]` },
  { engine: 'Spring/Thymeleaf', make: (e) => `*{${e}}` },
  { engine: 'Smarty', make: (e) => `{${e}}` },
  { engine: 'Razor', make: (e) => `@(${e})` },
];

/**
 * Where a redirect answer sends the browser with a GET: 301, 302 and 303 only (a browser re-sends a POST on 307 and
 * 308, so a GET there is not the page the user sees), one hop, in the scan's scope.
 */
function nextPageUrl(res: WebResponse, ctx: WebTestContext): string | null {
  if (![301, 302, 303].includes(res.status) || !res.headers.location) return null;
  try {
    const url = new URL(res.headers.location.trim(), res.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return ctx.client.inScope(url.toString()) ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The page the redirect leads to, read in the scan's session; null when the answer is no redirect or it fails. */
async function nextPage(res: WebResponse, ctx: WebTestContext): Promise<WebResponse | null> {
  const url = nextPageUrl(res, ctx);
  if (!url) return null;
  try {
    return await ctx.client.send({ method: 'GET', url });
  } catch (e) {
    if (ctx.signal.aborted) throw e;
    return null;
  }
}

/**
 * The product is on the page. The expression's own text may be there too: a page can show the value both evaluated
 * and as typed (Juice Shop's /profile puts the username in its heading, evaluated, and in a field's value, raw). The
 * product of two random four-digit numbers is never part of that text, and a second pair confirms.
 */
const evaluated = (body: string, product: string): boolean => body.includes(product);

export const ssti: WebTest = {
  id: 'web-ssti',
  name: 'Server-side template injection',
  category: 'template-injection',
  severity: 4,
  cwe: ['CWE-1336', 'CWE-94'],
  owasp: 'A03:2021',
  description:
    'The value is rendered as part of a server-side template, so template expressions in it run on the server: an ' +
    'attacker reads data and, with most engines, runs code.',
  solution:
    'Pass values to templates as data, never as template source; use a sandboxed engine with auto-escaping where ' +
    'users must write templates.',
  references: [
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/18-Testing_for_Server-side_Template_Injection',
  ],
  kind: 'active',
  async point(point, ctx) {
    const base = await inject(point, point.value, ctx);
    // The next page is read only when the original value redirects too: that page with the original value stored is
    // the baseline a product on it must be new against (a page full of numbers may hold it by chance).
    const baseNext = await nextPage(base, ctx);
    /** The answer showing the product evaluated: the injected request's own, else the page its redirect leads to. */
    const shown = async (res: WebResponse | null, product: string): Promise<WebResponse | null> => {
      if (!res) return null;
      if (evaluated(res.body, product)) return res;
      if (!baseNext) return null;
      const next = await nextPage(res, ctx);
      return next && evaluated(next.body, product) ? next : null;
    };
    for (const s of SYNTAXES) {
      const f1 = factors();
      if (base.body.includes(f1.product) || baseNext?.body.includes(f1.product)) continue;
      const expr1 = `${f1.a}*${f1.b}`;
      const p1 = point.value + s.make(expr1);
      const r1 = await attempt(point, p1, ctx);
      const page1 = await shown(r1, f1.product);
      if (!r1 || !page1) continue;
      const f2 = factors();
      if (base.body.includes(f2.product) || baseNext?.body.includes(f2.product)) continue;
      const expr2 = `${f2.a}*${f2.b}`;
      const page2 = await shown(await attempt(point, point.value + s.make(expr2), ctx), f2.product);
      if (!page2) continue;
      const proof = `${s.make(expr1)} rendered as ${f1.product} (${s.engine} syntax); ${s.make(expr2)} as ${f2.product}`;
      const finding = pointFinding('web-ssti', point, r1, {
        payload: p1,
        proof,
        around: f1.product,
        how: 'template expression evaluated by the server',
        confidence: 'confirmed',
      });
      if (page1 === r1) return [finding];
      // Shown only after the redirect: the evidence is the injected request and the page the product appeared on.
      const evidence: WebEvidence = {
        request: `${requestText(r1)}\n\n(answered ${r1.status} Location: ${r1.headers.location ?? ''})\n\n${requestText(page1)}`,
        response: `${page1.url}:\n${excerpt(page1.body, f1.product, 200)}`,
        proof: `${proof}; shown on ${page1.url}, where the answer to the injected request redirects`,
        how: 'template expression evaluated by the server, shown on the page the answer redirects to',
      };
      return [{ ...finding, evidence }];
    }
    return [];
  },
};
