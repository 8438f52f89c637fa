// HTTP methods (site test): OPTIONS announcing PUT or DELETE, TRACE echoing the request (cross-site tracing), and PUT
// actually storing a file (a harmless marker under a random name, fetched back, then deleted).
import type { WebFinding, WebRequest, WebResponse, WebTest, WebTestContext } from '../../types.ts';
import { finding, once, randomName } from './support.ts';

async function send(ctx: WebTestContext, req: WebRequest): Promise<WebResponse | null> {
  try {
    return await ctx.client.send(req);
  } catch {
    return null;
  }
}

export const httpMethods: WebTest = {
  id: 'web-http-methods',
  name: 'Dangerous HTTP methods enabled',
  category: 'http-methods',
  severity: 1,
  cwe: ['CWE-650', 'CWE-693'],
  owasp: 'A05:2021',
  description:
    'The server accepts methods a site does not need: TRACE echoes requests (with their cookies) back, PUT and DELETE can write or remove files on the server.',
  solution:
    'Allow only GET, HEAD and POST (and the methods the API uses) in the server; disable TRACE (Apache TraceEnable off) and WebDAV.',
  references: [
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/02-Configuration_and_Deployment_Management_Testing/06-Test_HTTP_Methods',
  ],
  kind: 'active',
  async site(origin, ctx) {
    const out: WebFinding[] = [];
    const root = `${origin}/`;
    const options = await send(ctx, { method: 'OPTIONS', url: root });
    const allow = `${options?.headers.allow ?? ''},${options?.headers.public ?? ''}`.toUpperCase();
    const announced = ['PUT', 'DELETE', 'TRACE', 'CONNECT', 'PROPFIND'].filter((m) => new RegExp(`(^|[,\\s])${m}([,\\s]|$)`).test(allow));
    if (options && options.status < 400 && announced.length && once(ctx, `web-http-methods ${origin} options`))
      out.push(
        finding({
          test: 'web-http-methods',
          res: options,
          confidence: 'potential',
          name: `HTTP methods announced: ${announced.join(', ')}`,
          proof: `allow: ${options.headers.allow ?? options.headers.public}`,
          how: 'the OPTIONS answer lists them (not tried)',
        }),
      );
    const marker = randomName();
    const trace = await send(ctx, { method: 'TRACE', url: root, headers: { 'x-bwk-trace': marker } });
    if (trace && trace.status === 200 && trace.body.includes(marker) && once(ctx, `web-http-methods ${origin} trace`))
      out.push(
        finding({
          test: 'web-http-methods',
          res: trace,
          needle: marker,
          name: 'HTTP TRACE enabled',
          proof: `TRACE echoed the header x-bwk-trace: ${marker}`,
          how: 'the request came back in the answer',
        }),
      );
    const fileUrl = `${origin}/${marker}.txt`;
    const content = `bulwark ${marker}`;
    const put = await send(ctx, { method: 'PUT', url: fileUrl, body: content, headers: { 'content-type': 'text/plain' } });
    if (put && put.status >= 200 && put.status < 300) {
      const back = await send(ctx, { method: 'GET', url: fileUrl });
      if (back && back.status === 200 && back.body.includes(content) && once(ctx, `web-http-methods ${origin} put`)) {
        // The marker is removed again; whether DELETE works is part of the evidence.
        const del = await send(ctx, { method: 'DELETE', url: fileUrl });
        const gone = del && del.status < 300 ? await send(ctx, { method: 'GET', url: fileUrl }) : null;
        const deleted = !!gone && gone.status === 404;
        out.push(
          finding({
            test: 'web-http-methods',
            res: put,
            severity: 3,
            name: deleted ? 'HTTP PUT and DELETE allowed' : 'HTTP PUT allowed',
            proof: `PUT ${new URL(fileUrl).pathname} stored the marker; GET returned it${deleted ? '; DELETE removed it' : ''}`,
            how: 'a marker file written, read back' + (deleted ? ' and deleted' : ''),
          }),
        );
      }
    }
    return out;
  },
};
