// Open redirect: a redirect-like parameter given an outside host (bwk-redirect.invalid, a name that never resolves;
// it is never requested) sends the browser there by the Location header, a meta refresh or a script. The outside
// address may carry the parameter's original value, which passes an allow-list that only checks for its presence.
import { attempt, marker, pointFinding, URL_PARAM } from '../../inject.ts';
import type { WebTest } from '../../types.ts';

export const REDIRECT_HOST = 'bwk-redirect.invalid';

const hostOf = (target: string, base: string): string | null => {
  try {
    return new URL(target.trim(), base).hostname.toLowerCase();
  } catch {
    return null;
  }
};

/**
 * Outside addresses that still carry the parameter's original value (a URL or a site path), for an allow-list that
 * only asks whether the value contains, or starts with, an allowed address. The original sits in the query, the
 * fragment or the user name, never in the host, so the browser still goes to REDIRECT_HOST (hostOf decides).
 */
function carrying(original: string, m: string): string[] {
  if (!/^(https?:)?\/\/|^\/[^/]/i.test(original)) return [];
  const out = [`http://${REDIRECT_HOST}/${m}?${original}`, `http://${REDIRECT_HOST}/${m}#${original}`];
  const scheme = /^(https?:)?\/\//i.exec(original)?.[0];
  if (scheme) {
    // Only the allowed host goes before "@" (its path would turn the "@" into a path character and keep its host).
    const allowed = hostOf(original, 'http://placeholder.invalid/');
    if (allowed) out.push(`${scheme}${allowed}@${REDIRECT_HOST}/${m}`);
  }
  return out;
}

export const openRedirect: WebTest = {
  id: 'web-open-redirect',
  name: 'Open redirect',
  category: 'open-redirect',
  severity: 2,
  cwe: ['CWE-601'],
  owasp: 'A01:2021',
  description:
    "The application redirects to any address given in the parameter: a link on the site's own domain sends users to " +
    "an attacker's page (phishing, stolen OAuth codes).",
  solution:
    'Redirect only to relative paths of the site (starting with a single "/", not "//" or "/\\") or to an allow-list of ' +
    'hosts; map return addresses to identifiers where possible.',
  references: ['https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html'],
  kind: 'active',
  async point(point, ctx) {
    // Redirect-like names, and values that are URLs or site paths (a return address is often a local path).
    if (!URL_PARAM.test(point.name) && !/^(https?:)?\/\/|^\/[^/]/i.test(point.value)) return [];
    const m = marker();
    for (const payload of [
      `http://${REDIRECT_HOST}/${m}`,
      `//${REDIRECT_HOST}/${m}`,
      `/\\${REDIRECT_HOST}/${m}`,
      `https:${REDIRECT_HOST}/${m}`,
      ...carrying(point.value, m),
    ]) {
      const res = await attempt(point, payload, ctx);
      if (!res) continue;
      const finding = (proof: string, how: string, confirmed: boolean) =>
        pointFinding('web-open-redirect', point, res, {
          payload,
          proof,
          around: REDIRECT_HOST,
          how,
          confidence: confirmed ? 'confirmed' : 'potential',
        });
      const location = res.headers.location;
      if (res.status >= 300 && res.status < 400 && location && hostOf(location, res.url) === REDIRECT_HOST)
        return [finding(`Location: ${location}`, 'Location header points to the injected host', true)];
      const meta = /<meta[^>]+http-equiv\s*=\s*["']?refresh["']?[^>]*content\s*=\s*["']?\s*\d+\s*;\s*url\s*=\s*([^"'>\s]+)/i.exec(res.body);
      if (meta && hostOf(meta[1]!, res.url) === REDIRECT_HOST) return [finding(meta[0], 'meta refresh points to the injected host', true)];
      const js =
        /(?:window\.|document\.|top\.)?location(?:\.href)?\s*=\s*["'`]([^"'`]+)["'`]|location\.(?:replace|assign)\(\s*["'`]([^"'`]+)/.exec(
          res.body,
        );
      const jsTarget = js?.[1] ?? js?.[2];
      if (js && jsTarget && hostOf(jsTarget, res.url) === REDIRECT_HOST)
        return [finding(js[0], 'a script sends the browser to the injected host', false)];
    }
    return [];
  },
};
