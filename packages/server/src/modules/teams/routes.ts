// HTTP routes of teams (feature-areas §7 Teams, superuser only): teams/teams/ list (members filter as ids), create 201,
// change 200 (PUT or PATCH), delete 204; a team's members (mode_all: every user with whether each is a member); and
// teams_basics/ for pickers.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { team, teamBasic, teamInput, teamMember } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import {
  boolParam,
  idParam,
  idParams,
  listParam,
  ordering,
  paged,
  pagedSchema,
  pageQuery,
  parseInput,
  patchBody,
  searchParam,
} from '../../http/list.ts';
import { getTeam, listTeams, teamBasics, teamMembers } from './repo.ts';
import { deleteTeam, saveTeam } from './service.ts';

const tags = ['teams'];
const listQuery = pageQuery.extend({ search: searchParam, members: listParam(idParam, 100), ordering: ordering(['name'], 'name') });

export function teamRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/teams/teams/',
    {
      config: { access: 'superuser' },
      schema: {
        tags,
        summary: 'Teams, paged (members: teams with these users)',
        querystring: listQuery,
        response: { 200: pagedSchema(team) },
      },
    },
    async (request) => {
      const { page, page_size, search, members, ordering: o } = request.query;
      const { count, results } = await listTeams(ctx.db, authOf(request).customer.id, {
        page,
        pageSize: page_size,
        search,
        members,
        descending: o.descending,
      });
      return paged(request, page, page_size, count, results);
    },
  );
  r.post(
    '/api/teams/teams/',
    { config: { access: 'superuser' }, schema: { tags, summary: 'Add a team', body: teamInput, response: { 201: team } } },
    async (request, reply) => reply.code(201).send(await saveTeam(ctx.db, authOf(request).customer.id, request.body)),
  );
  r.get(
    '/api/teams/teams/:id/',
    { config: { access: 'superuser' }, schema: { tags, summary: 'One team', params: idParams, response: { 200: team } } },
    async (request) => {
      const found = await getTeam(ctx.db, authOf(request).customer.id, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );
  const change = async (customerId: number, id: number, body: Record<string, unknown>, whole: boolean) => {
    const current = await getTeam(ctx.db, customerId, id);
    if (!current) throw notFound();
    const { id: _id, created: _created, ...fields } = current;
    return saveTeam(ctx.db, customerId, parseInput(teamInput, whole ? body : { ...fields, ...body }), id);
  };
  r.put(
    '/api/teams/teams/:id/',
    {
      config: { access: 'superuser' },
      schema: { tags, summary: 'Change a team', params: idParams, body: patchBody, response: { 200: team } },
    },
    async (request) => change(authOf(request).customer.id, request.params.id, request.body, true),
  );
  r.patch(
    '/api/teams/teams/:id/',
    {
      config: { access: 'superuser' },
      schema: { tags, summary: 'Change some fields of a team', params: idParams, body: patchBody, response: { 200: team } },
    },
    async (request) => change(authOf(request).customer.id, request.params.id, request.body, false),
  );
  r.delete(
    '/api/teams/teams/:id/',
    { config: { access: 'superuser' }, schema: { tags, summary: 'Delete a team', params: idParams } },
    async (request, reply) => {
      await deleteTeam(ctx.db, authOf(request).customer.id, request.params.id);
      return reply.code(204).send();
    },
  );
  r.get(
    '/api/teams/teams/:id/members/',
    {
      config: { access: 'superuser' },
      schema: {
        tags,
        summary: "A team's members; with mode_all=true every user of the customer, each saying whether it is a member",
        params: idParams,
        querystring: z.object({ mode_all: boolParam }),
        response: { 200: z.array(teamMember) },
      },
    },
    async (request) => {
      const customerId = authOf(request).customer.id;
      if (!(await getTeam(ctx.db, customerId, request.params.id))) throw notFound();
      return teamMembers(ctx.db, customerId, request.params.id, request.query.mode_all ?? false);
    },
  );
  r.get(
    '/api/teams_basics/',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Every team of the customer: id and name', response: { 200: z.array(teamBasic) } },
    },
    async (request) => teamBasics(ctx.db, authOf(request).customer.id),
  );
}
