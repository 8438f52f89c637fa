// Virtual hosts of a web scan: names asked on the target's address through the Host header; those with a site of
// their own are crawled and tested as sites of the scan.
import { randomBytes } from 'node:crypto';
import { AbortedError } from '../../net/limits.ts';
import type { ScanHttpClient } from '../http.ts';
import type { WebResponse, WebScanSpec } from '../types.ts';
import type { Scope } from './scope.ts';

/**
 * Virtual hosts: each name is asked on the target's address (Host header); one whose answer differs from the default
 * site's (status, title, size) has a site of its own and is crawled and tested as such.
 */
export async function findVhosts(
  spec: WebScanSpec,
  client: ScanHttpClient,
  scope: Scope,
  base: WebResponse,
  found: (v: { host: string; origin: string; url: string }) => void,
): Promise<void> {
  const target = new URL(spec.target);
  if (!spec.scope.vhosts?.length) return;
  // What the server answers for a name it does not know: a strict server (404, 421) answers every unknown name so, and
  // a name answered the same way has no site of its own either.
  const canary = new URL(spec.target);
  canary.hostname = `bulwark-${randomBytes(4).toString('hex')}.invalid`;
  client.hostMap.set(canary.host, target.host);
  const unknown = await client.send({ method: 'GET', url: canary.href, outOfScope: true }).catch((err: unknown) => {
    if (err instanceof AbortedError) throw err;
    return null;
  });
  client.hostMap.delete(canary.host);
  for (const name of spec.scope.vhosts) {
    const v = new URL(spec.target);
    v.hostname = name.trim().toLowerCase();
    if (!v.hostname || v.host === target.host) continue;
    client.hostMap.set(v.host, target.host);
    let res: WebResponse;
    try {
      res = await client.send({ method: 'GET', url: v.href, outOfScope: true });
    } catch (err) {
      if (err instanceof AbortedError) throw err;
      client.hostMap.delete(v.host);
      continue;
    }
    if (!differs(base, res) || (unknown && !differs(unknown, res))) {
      client.hostMap.delete(v.host);
      continue;
    }
    scope.addHost(v.host);
    found({ host: v.hostname, origin: v.origin, url: v.href });
  }
}

function differs(a: WebResponse, b: WebResponse): boolean {
  if (a.status !== b.status) return true;
  const title = (r: WebResponse): string => /<title[^>]*>([^<]*)/i.exec(r.body)?.[1]?.trim() ?? '';
  if (title(a) !== title(b)) return true;
  const la = a.body.length;
  const lb = b.body.length;
  return Math.abs(la - lb) / Math.max(1, la, lb) > 0.1;
}
