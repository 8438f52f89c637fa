// CRLF / HTTP header injection: carriage return and line feed in the value start a new response header
// (X-Bwk-Injected with a unique marker) — response splitting, cookie setting, cache poisoning.
import { attempt, marker, pointFinding } from '../../inject.ts';
import type { WebTest } from '../../types.ts';

export const crlfInjection: WebTest = {
  id: 'web-crlf',
  name: 'CRLF injection (HTTP response header injection)',
  category: 'crlf-injection',
  severity: 2,
  cwe: ['CWE-113', 'CWE-93'],
  owasp: 'A03:2021',
  description:
    'Line breaks in the value are written into a response header, so an attacker adds headers of their own (cookies, ' +
    'redirects, cache control) or a whole response body.',
  solution:
    "Reject or encode CR and LF in every value written to a header (use the framework's header functions, which refuse " +
    'them); encode values put in Location and Set-Cookie.',
  references: ['https://owasp.org/www-community/vulnerabilities/CRLF_Injection'],
  kind: 'active',
  async point(point, ctx) {
    const m = marker();
    for (const brk of ['\r\n', '\n', '\r', '\u560d\u560a']) {
      const payload = `${point.value}${brk}X-Bwk-Injected: ${m}`;
      const res = await attempt(point, payload, ctx);
      if (res?.headers['x-bwk-injected']?.includes(m))
        return [
          pointFinding('web-crlf', point, res, {
            payload,
            proof: `X-Bwk-Injected: ${m}`,
            around: m,
            how: 'injected header in the response',
            confidence: 'confirmed',
          }),
        ].map((f) => ({
          ...f,
          evidence: {
            ...f.evidence,
            response: `HTTP ${res.status}\n${Object.entries(res.headers)
              .map(([k, v]) => `${k}: ${v}`)
              .join('\n')}`.slice(0, 800),
          },
        }));
    }
    return [];
  },
};
