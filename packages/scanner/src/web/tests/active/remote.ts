// Server-side request forgery and remote file inclusion: a URL of the probe's out-of-band listener is sent in
// URL-like parameters; the target calling it back proves the server fetches what it is given (SSRF), and the
// listener's answer running as code in the page proves it includes it (RFI): the answer is a PHP block whose output (a
// product) its source does not hold, so a page that only shows what it fetched (a file viewer, a proxy) is SSRF, never
// RFI. Without a listener nothing is claimed.
import { inject, normalise, pointFinding, urlLike } from '../../inject.ts';
import { oobExecMarker } from '../../oob.ts';
import type { InsertionPoint, WebFinding, WebTest, WebTestContext } from '../../types.ts';

/** How long to wait for a callback after the answer (a fetch may happen in the background). */
const CALLBACK_WAIT_MS = 2000;

async function callback(test: 'web-ssrf' | 'web-rfi', point: InsertionPoint, ctx: WebTestContext): Promise<WebFinding[]> {
  if (!ctx.oob || !urlLike(point)) return [];
  const { token, url } = ctx.oob.url();
  const res = await inject(point, url, ctx);
  const call = await ctx.oob.called(token, CALLBACK_WAIT_MS);
  if (!call) return [];
  if (test === 'web-rfi') {
    // Only the answer's output counts; its source (shown by a viewer) and the URL itself never hold the product.
    const ran = oobExecMarker(token);
    if (!normalise(res.body, url).includes(ran)) return [];
    return [
      pointFinding(test, point, res, {
        payload: url,
        proof: `the listener's answer ran as code: its output ${ran} is in the page; callback from ${call.from}`,
        around: ran,
        how: `remote code included and run; callback received from ${call.from}`,
        confidence: 'confirmed',
      }),
    ];
  }
  return [
    pointFinding(test, point, res, {
      payload: url,
      proof: `${call.from} requested ${url}:\n${call.request.slice(0, 300)}`,
      around: '',
      how: `callback received from ${call.from}`,
      confidence: 'confirmed',
    }),
  ];
}

export const ssrf: WebTest = {
  id: 'web-ssrf',
  name: 'Server-side request forgery',
  category: 'ssrf',
  severity: 3,
  cwe: ['CWE-918'],
  owasp: 'A10:2021',
  description:
    'The server requests a URL given in the parameter: an attacker makes it call internal services, cloud metadata ' +
    'addresses or other hosts it can reach and the attacker cannot.',
  solution:
    'Fetch only from an allow-list of hosts (checked after resolving, on every redirect), block private, loopback and ' +
    'link-local addresses, and do not return the fetched content or errors verbatim.',
  references: [
    'https://owasp.org/Top10/A10_2021-Server-Side_Request_Forgery_%28SSRF%29/',
    'https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html',
  ],
  kind: 'active',
  point: (point, ctx) => callback('web-ssrf', point, ctx),
};

export const rfi: WebTest = {
  id: 'web-rfi',
  name: 'Remote file inclusion',
  category: 'file-inclusion',
  severity: 4,
  cwe: ['CWE-98'],
  owasp: 'A03:2021',
  description:
    'The application fetches a URL given in the parameter and includes its content in the page (or runs it as code): ' +
    'an attacker serves the content.',
  solution: 'Never include files or content by a request value; map values to an allow-list. In PHP turn allow_url_include off.',
  references: [
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/11.2-Testing_for_Remote_File_Inclusion',
  ],
  kind: 'active',
  point: (point, ctx) => callback('web-rfi', point, ctx),
};
