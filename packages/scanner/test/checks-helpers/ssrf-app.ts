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
      let address = '';
      try {
        address = String((JSON.parse(body) as { ipnotify_address?: unknown }).ipnotify_address ?? '');
      } catch {
        res.writeHead(400).end('bad json');
        return;
      }
      // Blind: the answer says nothing about the fetch, which happens after it (as a notification job would).
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"result":"queued"}');
      if (!vulnerable) return;
      let target: URL;
      try {
        target = new URL(address);
      } catch {
        return;
      }
      if (!/^127\./.test(target.hostname)) return;
      fetched.push(address);
      http.get(target, { headers: { 'User-Agent': 'targa-notify/1.0' } }, (r) => r.resume()).on('error', () => {});
    });
  };
  return { handler, fetched };
}
