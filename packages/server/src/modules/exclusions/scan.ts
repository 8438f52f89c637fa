// What scans honour: the customer's unexpired exceptions that name a place (no test, no issue), as the scanner's task
// spec carries them — address, range, network and host-name exceptions for network scans (with a port: only that port
// is left alone), and for a web scan exclude patterns of its crawl scope: URL exceptions, and the host of the web
// application when an address or host-name exception names it.
import { EXCLUSION_ADDRESS_KINDS } from '@bulwark/core';
import { parseIp, parseTarget, type ScanException } from '@bulwark/scanner';
import type { Db, Tx } from '../../db/client.ts';
import { scopeExclusions } from './repo.ts';

/** The exceptions a network task leaves out, read when the task is handed to its probe (so a new one counts at once). */
export async function networkScanExceptions(db: Db | Tx, customerId: number, now: Date): Promise<ScanException[]> {
  const rows = await scopeExclusions(db, customerId, now, EXCLUSION_ADDRESS_KINDS);
  return rows.map((r) => ({ id: r.id, value: r.value, ...(r.port !== null ? { port: r.port } : {}) }));
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Whether an address or host-name exception names the host (and port) of a web application's URL. */
function coversHost(e: { kind: string; value: string; port: number | null }, url: URL): boolean {
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (e.port !== null && e.port !== port) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (e.kind === 'hostname') return host === e.value || host === `${e.value}.`;
  const ip = parseIp(host);
  if (!ip) return false;
  try {
    const range = parseTarget(e.value, true);
    return range.kind === 'interval' && range.family === ip.family && ip.value >= range.start && ip.value <= range.end;
  } catch {
    return false;
  }
}

/**
 * The web scope's exclude patterns (case-insensitive regular expressions over the full URL) for a web task of
 * `target`: a URL that starts with an excepted URL is never requested, nor is anything on the target's host when an
 * address or host-name exception names it (then the start URL itself is out of scope and the run says so).
 */
export async function webScanExcludePatterns(db: Db | Tx, customerId: number, now: Date, target: string): Promise<string[]> {
  const rows = await scopeExclusions(db, customerId, now, ['url', ...EXCLUSION_ADDRESS_KINDS]);
  let url: URL | null = null;
  try {
    url = new URL(target);
  } catch {
    url = null;
  }
  const patterns: string[] = [];
  for (const r of rows) {
    if (r.kind === 'url') patterns.push(`^${escapeRegExp(r.value)}`);
    else if (url && coversHost(r, url)) patterns.push(`^${escapeRegExp(`${url.protocol}//${url.host}`)}(?:[/?#]|$)`);
  }
  return patterns;
}
