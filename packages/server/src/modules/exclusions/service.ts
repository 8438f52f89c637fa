// The rules of exceptions: a value is stored in canonical form (IP text as RFC 5952, a network on its network address,
// host names in lower case, URLs as the URL parser writes them) with its first and last address for ranges; an expiry
// must lie ahead of the clock; an issue must be the customer's. Deleting is final (scans and rules read the table live).
import type { ExclusionKind } from '@bulwark/core';
import type { z } from 'zod';
import type { exclusionInput } from '@bulwark/core';
import { formatIp, parseTarget, TargetError } from '@bulwark/scanner';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { deleteExclusion, getExclusion, insertExclusion, issueExists } from './repo.ts';

type ExclusionValues = z.output<typeof exclusionInput>;

/** The canonical text of a value of a kind, and its first and last address (null for host names and URLs). */
export function canonicalExclusion(kind: ExclusionKind, value: string): { value: string; first: string | null; last: string | null } {
  if (kind === 'url') return { value: new URL(value).toString(), first: null, last: null };
  if (kind === 'hostname') return { value: value.toLowerCase().replace(/\.$/, ''), first: null, last: null };
  // Numeric kinds: the scanner's own parser, so what is stored is exactly what a scan leaves out (whole networks:
  // excluding a /24 excludes its network and broadcast addresses too).
  let parsed;
  try {
    parsed = parseTarget(value, true);
  } catch (err) {
    if (err instanceof TargetError) throw badRequest({ value: [err.message] });
    throw err;
  }
  if (parsed.kind !== 'interval') throw badRequest({ value: ['Enter an IP address, range or network.'] });
  const first = formatIp(parsed.family, parsed.start);
  const last = formatIp(parsed.family, parsed.end);
  if (kind === 'address') return { value: first, first, last };
  if (kind === 'network')
    return {
      value: `${first}/${value
        .split('/')[1]!
        .trim()
        .replace(/^0+(?=\d)/, '')}`,
      first,
      last,
    };
  return { value: `${first}-${last}`, first, last };
}

export async function createExclusion(db: Db, customerId: number, userId: number, input: ExclusionValues, now: Date) {
  const errors: Record<string, string[]> = {};
  let expiresAt: Date | null = null;
  if (input.expires_at !== null) {
    expiresAt = new Date(input.expires_at);
    if (expiresAt <= now) errors.expires_at = ['The expiry must be in the future.'];
  }
  if (input.issue_id !== null && !(await issueExists(db, customerId, input.issue_id)))
    errors.issue_id = [`Invalid pk "${input.issue_id}" - object does not exist.`];
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  const canonical = canonicalExclusion(input.kind, input.value);
  const id = await insertExclusion(
    db,
    customerId,
    {
      kind: input.kind,
      ...canonical,
      port: input.port,
      testId: input.test_id,
      issueId: input.issue_id,
      reason: input.reason,
      expiresAt,
      createdBy: userId,
    },
    now,
  );
  return (await getExclusion(db, customerId, id, now))!;
}

export async function removeExclusion(db: Db, customerId: number, id: number): Promise<void> {
  if (!(await deleteExclusion(db, customerId, id))) throw notFound();
}
