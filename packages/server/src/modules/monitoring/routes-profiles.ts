// HTTP routes of monitoring profiles (feature-areas §7 cm/profiles/; need continuous-monitoring and the monitoring
// permission): list, one, create 201, change 200 (PUT whole or PATCH some fields), delete 204 (its alerts and states go
// with it), and "check now". A profile watches assets across the organisation, so a member of a LIMITED team may read
// profiles (seeing only its assets) but not create, change, delete or check them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { monitoringCheckResult, monitoringProfile, monitoringProfileInput } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { boolParam, idParams, ordering, paged, pagedSchema, pageQuery, parseInput, patchBody, searchParam } from '../../http/list.ts';
import { scopeOfCaller } from '../../tenancy/visibility.ts';
import { runProfileCheck } from './check.ts';
import { deleteProfile, inputOf, saveProfile } from './profiles.ts';
import { getProfile, listProfiles, PROFILE_ORDERING } from './profiles-read-model.ts';

const tags = ['monitoring'];
const flag = 'continuous-monitoring' as const;
const listQuery = pageQuery.extend({ search: searchParam, active: boolParam, ordering: ordering(PROFILE_ORDERING, 'name') });
const BASE = '/api/cm/profiles/';

export const LIMITED_PROFILES =
  'Monitoring profiles watch assets across the organisation: a member of a team limited to some assets cannot change or run them.';
export const PROFILE_INACTIVE = 'This profile is paused: make it active to run its check.';

export function monitoringProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Changing or checking a profile needs sight of every asset. */
  const unlimited = async (request: FastifyRequest) => {
    const auth = authOf(request);
    const scope = await scopeOfCaller(ctx.db, auth);
    if (scope.limitedToTags !== null) throw forbidden(LIMITED_PROFILES);
    return { auth, scope };
  };

  r.get(
    BASE,
    {
      config: { access: 'monitoring:read', flag },
      schema: { tags, summary: 'Monitoring profiles, paged', querystring: listQuery, response: { 200: pagedSchema(monitoringProfile) } },
    },
    async (request) => {
      const { page, page_size, search, active, ordering: o } = request.query;
      const scope = await scopeOfCaller(ctx.db, authOf(request));
      const { count, results } = await listProfiles(ctx.db, scope, {
        page,
        pageSize: page_size,
        search,
        active,
        ordering: o.key,
        descending: o.descending,
      });
      return paged(request, page, page_size, count, results);
    },
  );
  r.post(
    BASE,
    {
      config: { access: 'monitoring:create', flag },
      schema: { tags, summary: 'Add a monitoring profile', body: monitoringProfileInput, response: { 201: monitoringProfile } },
    },
    async (request, reply) => {
      const { auth } = await unlimited(request);
      return reply.code(201).send(await saveProfile(ctx, auth.customer.id, request.body, auth.user.id));
    },
  );
  r.get(
    `${BASE}:id/`,
    {
      config: { access: 'monitoring:read', flag },
      schema: { tags, summary: 'One monitoring profile', params: idParams, response: { 200: monitoringProfile } },
    },
    async (request) => {
      const found = await getProfile(ctx.db, await scopeOfCaller(ctx.db, authOf(request)), request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );
  const change = async (request: FastifyRequest, id: number, body: Record<string, unknown>, whole: boolean) => {
    const { auth, scope } = await unlimited(request);
    const current = await getProfile(ctx.db, scope, id);
    if (!current) throw notFound();
    const merged = whole ? body : { ...inputOf(current), ...body };
    return saveProfile(ctx, auth.customer.id, parseInput(monitoringProfileInput, merged), auth.user.id, id);
  };
  r.put(
    `${BASE}:id/`,
    {
      config: { access: 'monitoring:update', flag },
      schema: { tags, summary: 'Change a monitoring profile', params: idParams, body: patchBody, response: { 200: monitoringProfile } },
    },
    async (request) => change(request, request.params.id, request.body, true),
  );
  r.patch(
    `${BASE}:id/`,
    {
      config: { access: 'monitoring:update', flag },
      schema: {
        tags,
        summary: 'Change some fields of a monitoring profile',
        params: idParams,
        body: patchBody,
        response: { 200: monitoringProfile },
      },
    },
    async (request) => change(request, request.params.id, request.body, false),
  );
  r.delete(
    `${BASE}:id/`,
    {
      config: { access: 'monitoring:delete', flag },
      schema: { tags, summary: 'Delete a monitoring profile with its alerts', params: idParams },
    },
    async (request, reply) => {
      const { auth } = await unlimited(request);
      await deleteProfile(ctx.db, auth.customer.id, request.params.id);
      return reply.code(204).send();
    },
  );
  r.post(
    `${BASE}:id/check/`,
    {
      config: { access: 'monitoring:execute', flag },
      schema: {
        tags,
        summary: "Run the profile's own check now: look at the watched assets, compare, raise, update and resolve alerts",
        params: idParams,
        body: z.object({}).passthrough().optional(),
        response: { 200: monitoringCheckResult },
      },
    },
    async (request) => {
      const { auth, scope } = await unlimited(request);
      const profile = await getProfile(ctx.db, scope, request.params.id);
      if (!profile) throw notFound();
      if (!profile.active) throw conflict({ active: [PROFILE_INACTIVE] });
      return runProfileCheck(ctx, auth.customer.id, profile.id, ctx.clock());
    },
  );
}
