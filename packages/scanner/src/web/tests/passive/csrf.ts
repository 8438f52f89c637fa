// Cross-site request forgery (page test): a state-changing POST form without an anti-CSRF token field, on a site whose
// session cookie a cross-site request carries. The rule: no token and the session cookie has SameSite=None →
// confirmed (every browser sends it cross-site); no token and no SameSite attribute → potential (Chromium treats it as
// Lax, other browsers send it); SameSite=Lax or Strict, a token, or no session cookie at all → nothing.
import type { WebTest } from '../../types.ts';
import { finding, htmlForms, isHtml, isSessionCookie, memory, once, originOf, setCookies, type SetCookie } from './support.ts';

const TOKEN = /csrf|xsrf|token|authenticity|nonce|__requestverificationtoken|form_key|formkey|_wpnonce|antiforgery/i;
const SEARCH = /^(q|s|query|search|keywords?|term)$/i;

/** Session cookies seen per site, with their attributes as last set. */
const sessions = (ctx: Parameters<NonNullable<WebTest['page']>>[1]): Map<string, Map<string, SetCookie>> =>
  memory(ctx, 'web-csrf sessions', () => new Map<string, Map<string, SetCookie>>());

export const csrf: WebTest = {
  id: 'web-csrf',
  name: 'Cross-site request forgery',
  category: 'csrf',
  severity: 2,
  cwe: ['CWE-352'],
  owasp: 'A01:2021',
  description:
    'A form that changes state is posted without an anti-CSRF token, and the session cookie goes along with cross-site requests: another site can make a signed-in user submit it.',
  solution:
    'Add a per-session anti-CSRF token to every state-changing form and check it, and set the session cookie with SameSite=Lax or Strict.',
  references: ['https://cheatsheetseries.owasp.org/cheatsheets/Cross-Site_Request_Forgery_Prevention_Cheat_Sheet.html'],
  kind: 'passive',
  response(res, ctx) {
    const site = originOf(res.url);
    for (const c of setCookies(res)) {
      if (!isSessionCookie(c)) continue;
      let m = sessions(ctx).get(site);
      if (!m) sessions(ctx).set(site, (m = new Map()));
      m.set(c.name, c);
    }
    return [];
  },
  async page(page, ctx) {
    const res = page.response;
    if (res.status !== 200 || !isHtml(res) || !/<form/i.test(res.body)) return [];
    const cookies = [...(sessions(ctx).get(originOf(res.url))?.values() ?? [])];
    if (!cookies.length || cookies.some((c) => c.sameSite === 'lax' || c.sameSite === 'strict')) return [];
    const confirmed = cookies.some((c) => c.sameSite === 'none');
    const out = [];
    for (const form of htmlForms(res.body, res.url)) {
      if (form.method !== 'POST' || originOf(form.action) !== originOf(res.url)) continue;
      const visible = form.fields.filter((f) => !['hidden', 'submit', 'button', 'image', 'reset'].includes(f.type));
      if (!visible.length || (visible.length === 1 && SEARCH.test(visible[0]!.name))) continue;
      // A sign-in form is not state-changing for a signed-in user (login CSRF is a matter of its own).
      if (visible.some((f) => f.type === 'password') && visible.length <= 2) continue;
      if (form.fields.some((f) => TOKEN.test(f.name))) continue;
      const action = new URL(form.action);
      if (!once(ctx, `web-csrf ${action.origin}${action.pathname}`)) continue;
      out.push(
        finding({
          test: 'web-csrf',
          res,
          needle: form.tag,
          url: form.action,
          confidence: confirmed ? 'confirmed' : 'potential',
          proof: `POST form to ${action.pathname} (fields ${form.fields.map((f) => f.name).join(', ')}) has no anti-CSRF token; session cookie ${cookies
            .map((c) => `${c.name} SameSite=${c.sameSite || '(not set)'}`)
            .join(', ')}`,
          how: confirmed
            ? 'no token field and the session cookie is SameSite=None: every browser sends it cross-site'
            : 'no token field and the session cookie has no SameSite attribute: browsers other than Chromium send it cross-site',
        }),
      );
    }
    return out;
  },
};
