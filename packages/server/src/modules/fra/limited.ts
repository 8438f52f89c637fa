// The guard of phishing writes: recipients, assessments and schedules reach people across the organisation, so a
// member of a LIMITED team may read them (limited to its tags) but not change them.
import type { FastifyRequest } from 'fastify';
import { LIMITED_PHISHING_WRITES } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { scopeOfCaller } from '../../tenancy/visibility.ts';

/** The caller, when it sees every recipient; 403 for a LIMITED member. */
export async function unlimitedCaller(ctx: AppContext, request: FastifyRequest) {
  const auth = authOf(request);
  const scope = await scopeOfCaller(ctx.db, auth);
  if (scope.limitedToTags !== null) throw forbidden(LIMITED_PHISHING_WRITES);
  return auth;
}
