// Who is calling the probe-agent API: `Authorization: Probe <id>:<secret>`, checked against the stored SHA-256 of the
// secret in constant time. Probe calls carry no session and no CSRF token (a cookie-less client cannot be forged into).
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { probes } from '../../db/schema/index.ts';
import { unauthorized } from '../../http/errors.ts';
import { safeEqual, sha256 } from '../../lib/secrets.ts';
import type { ProbeRow } from './repo.ts';

const HEADER = /^Probe ([0-9]{1,10}):([A-Za-z0-9_-]{1,200})$/;
const INVALID = 'Invalid probe credentials.';

/** The registered probe the request authenticates as; 401 otherwise. */
export async function authenticateProbe(ctx: AppContext, request: FastifyRequest): Promise<ProbeRow> {
  const header = request.headers.authorization;
  if (!header) throw unauthorized();
  const m = HEADER.exec(header);
  if (!m) throw unauthorized(INVALID);
  const [row] = await ctx.db
    .select()
    .from(probes)
    .where(eq(probes.id, Number(m[1])));
  // Hash even when the probe is unknown, so the answer takes as long either way.
  const given = sha256(m[2]!);
  if (!row?.secretHash || !safeEqual(given, row.secretHash)) throw unauthorized(INVALID);
  return row;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The probe a probe-agent call authenticated as. */
    probe?: ProbeRow;
  }
}

/** The probe-agent routes' own access check, run before their input is read (as http/access.ts does for sessions). */
export const probeAuth =
  (ctx: AppContext): preValidationAsyncHookHandler =>
  async (request) => {
    request.probe = await authenticateProbe(ctx, request);
  };

/** The probe of a route guarded by probeAuth. */
export function probeOf(request: FastifyRequest): ProbeRow {
  if (!request.probe) throw unauthorized();
  return request.probe;
}
