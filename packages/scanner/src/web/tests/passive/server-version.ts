// Version disclosure: Server, X-Powered-By and X-AspNet-Version headers naming a product with its version (info, once
// per site and header). The technologies found carry CPE names so the server matches CVEs on them.
import { bannerTechnologies } from '../../technologies.ts';
import type { WebFinding, WebTest } from '../../types.ts';
import { finding, once, originOf } from './support.ts';

export const serverVersion: WebTest = {
  id: 'web-server-version',
  name: 'Server version disclosed',
  category: 'information-disclosure',
  severity: 0,
  cwe: ['CWE-497'],
  owasp: 'A05:2021',
  description:
    'Response headers name the server or framework with its exact version, which tells an attacker which known vulnerabilities to try.',
  solution:
    'Hide versions: server_tokens off (nginx), ServerTokens Prod and ServerSignature Off (Apache), expose_php = Off (PHP), remove X-Powered-By and X-AspNet-Version.',
  references: [
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/01-Information_Gathering/02-Fingerprint_Web_Server',
  ],
  kind: 'passive',
  response(res, ctx) {
    const out: WebFinding[] = [];
    for (const h of ['server', 'x-powered-by', 'x-aspnet-version', 'x-aspnetmvc-version']) {
      const v = res.headers[h];
      if (!v) continue;
      const versioned = h.startsWith('x-aspnet') ? /\d/.test(v) : bannerTechnologies(h, v).some((t) => t.version);
      if (!versioned || !once(ctx, `web-server-version ${originOf(res.url)} ${h}`)) continue;
      out.push(
        finding({
          test: 'web-server-version',
          res,
          proof: `${h}: ${v}`,
          how: 'response header with a version',
          parameter: h,
          location: 'header',
        }),
      );
    }
    return out;
  },
};
