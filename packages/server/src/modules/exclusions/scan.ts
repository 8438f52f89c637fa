// What scans honour: the customer's unexpired exceptions that name a place (no test, no issue), as the scanner's task
// spec carries them — address, range, network and host-name exceptions for network scans (with a port: only that port
// is left alone), URL exceptions as exclude patterns of a web scan's crawl scope.
import { EXCLUSION_ADDRESS_KINDS } from '@bulwark/core';
import type { ScanException } from '@bulwark/scanner';
import type { Db, Tx } from '../../db/client.ts';
import { scopeExclusions } from './repo.ts';

/** The exceptions a network task leaves out, read when the task is handed to its probe (so a new one counts at once). */
export async function networkScanExceptions(db: Db | Tx, customerId: number, now: Date): Promise<ScanException[]> {
  const rows = await scopeExclusions(db, customerId, now, EXCLUSION_ADDRESS_KINDS);
  return rows.map((r) => ({ id: r.id, value: r.value, ...(r.port !== null ? { port: r.port } : {}) }));
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The web scope's exclude patterns for the customer's URL exceptions: a URL that starts with an excepted URL is
 * never requested (the scope's patterns are case-insensitive regular expressions over the full URL).
 */
export async function webScanExcludePatterns(db: Db | Tx, customerId: number, now: Date): Promise<string[]> {
  const rows = await scopeExclusions(db, customerId, now, ['url']);
  return rows.map((r) => `^${escapeRegExp(r.value)}`);
}
