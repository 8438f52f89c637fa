// Host names of a domain from a certificate-transparency search with crt.sh's JSON interface
// (`<url>?q=%25.<domain>&output=json`: an array of certificates, each with `common_name` and `name_value`, the
// latter the certificate's names one per line). Wildcards count for the name under them; names outside the domain
// are dropped. The answer is read up to a size limit, so a huge domain cannot exhaust the server.
import { isUnderDomain, normaliseDomain } from '@bulwark/core';

export interface CtOptions {
  timeoutMs: number;
  /** The largest answer read, in bytes. */
  maxBytes?: number;
  signal?: AbortSignal;
}

export class CtError extends Error {}

/** The search URL of a domain: the source's URL with crt.sh's query (`%25` is the `%` wildcard). */
export function ctSearchUrl(base: string, domain: string): string {
  return `${base}?q=%25.${encodeURIComponent(domain)}&output=json`;
}

/** A name as a certificate carries it, as a host name under `domain` (null when it is not one). */
export function certificateName(raw: string, domain: string): string | null {
  const name = normaliseDomain(raw.trim().replace(/^\*\./, ''));
  return name !== null && isUnderDomain(name, domain) ? name : null;
}

async function readLimited(res: Response, maxBytes: number): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new CtError(
        `answered more than ${maxBytes >= 1_048_576 ? `${Math.round(maxBytes / 1_048_576)} MB` : `${Math.round(maxBytes / 1024)} KB`}`,
      );
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The distinct host names the source knows under `domain`; throws CtError with the reason in words. */
export async function ctNames(base: string, domain: string, o: CtOptions): Promise<string[]> {
  const signal = o.signal ? AbortSignal.any([o.signal, AbortSignal.timeout(o.timeoutMs)]) : AbortSignal.timeout(o.timeoutMs);
  let res: Response;
  try {
    res = await fetch(ctSearchUrl(base, domain), { signal, headers: { accept: 'application/json' }, redirect: 'follow' });
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } };
    if (err.name === 'TimeoutError' || err.name === 'AbortError') throw new CtError('did not answer in time');
    throw new CtError(`could not be reached (${err.cause?.code ?? err.message})`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new CtError(`answered HTTP ${res.status}`);
  }
  let entries: unknown;
  try {
    entries = JSON.parse(await readLimited(res, o.maxBytes ?? 50 * 1_048_576));
  } catch (e) {
    if (e instanceof CtError) throw e;
    throw new CtError('answered something other than JSON');
  }
  if (!Array.isArray(entries)) throw new CtError('answered JSON that is not a list of certificates');
  const names = new Set<string>();
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null) continue;
    const e = entry as { common_name?: unknown; name_value?: unknown };
    const raw = [
      typeof e.common_name === 'string' ? e.common_name : '',
      ...(typeof e.name_value === 'string' ? e.name_value.split('\n') : []),
    ];
    for (const r of raw) {
      const name = r ? certificateName(r, domain) : null;
      if (name) names.add(name);
    }
  }
  return [...names].sort();
}
