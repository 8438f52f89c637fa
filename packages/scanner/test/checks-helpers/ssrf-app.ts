// Test fixture: a camera-like web application with a blind SSRF (it fetches, server-side, the notification address a
// client posts, and answers the same whatever came of it) and its fixed twin that never fetches. Both only ever fetch
// loopback addresses, so a test cannot send traffic elsewhere.
import http from 'node:http';

export interface SsrfApp {
  handler: http.RequestListener;
  /** Addresses the application fetched, in order. */
  fetched: string[];
}

/** `vulnerable` false: the fixed twin, which checks the address against its own list and fetches nothing. */
export function ssrfApp(vulnerable: boolean): SsrfApp {
  const fetched: string[] = [];
  const handler: http.RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method !== 'POST' || url.pathname !== '/cps/test_backup_server') {
      res.writeHead(404).end('not found');
      return;
    }
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      let doc: { ipnotify_address?: unknown; test_debug?: unknown };
      try {
        doc = JSON.parse(body) as typeof doc;
      } catch {
        res.writeHead(400).end('bad json');
        return;
      }
      const answer = () => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"result":"queued"}');
      const address = String(doc.ipnotify_address ?? '');
      let target: URL | undefined;
      try {
        target = new URL(address);
      } catch {
        target = undefined;
      }
      if (!vulnerable || !target || !/^127\./.test(target.hostname)) return answer();
      fetched.push(address);
      const get = http.get(target, { headers: { 'User-Agent': 'targa-notify/1.0' } }, (r) => {
        r.resume();
        // With test_debug the test is synchronous: the answer comes after the fetch.
        if (doc.test_debug === true) r.on('end', answer);
      });
      get.on('error', () => (doc.test_debug === true ? answer() : undefined));
      // Blind: the answer says nothing about the fetch, which otherwise happens after it (as a notification job would).
      if (doc.test_debug !== true) answer();
    });
  };
  return { handler, fetched };
}
