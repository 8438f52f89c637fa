// HTTP routes of tickets (feature-areas §7 remediation/tickets/): the list and create, one ticket by numeric id or
// uuid (read, PUT/PATCH through the one change path, delete), its related tickets, subtasks, assets and
// vulnerabilities, bulk subtask update and delete, comments, history, watchers, fixes grouped,
// create-ticket-from-vuln/{id}/ and the validity check. Guarded by the `tickets` permission; every read within the
// caller's AssetScope (another customer's ticket, or one a LIMITED member cannot see, is a 404). The API serves
// unified and legacy tickets alike (legacy_type / legacy_status in every row), whatever `unified-remediation` says.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessAllows,
  invalidTicketNumberMessage,
  parseAccess,
  MESSAGES,
  subtaskBulkDeleteInput,
  subtaskBulkResult,
  subtaskBulkUpdateInput,
  ticket,
  ticketCommentInput,
  ticketCreateInput,
  ticketCreateResult,
  ticketEvent,
  ticketFixes,
  ticketFromVulnInput,
  ticketSubtask,
  ticketUpdateInput,
  ticketValidity,
  ticketWatcherInput,
  ticketWatchers,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { authOf, subjectOf } from '../../http/guards.ts';
import { idParams, paged, pagedSchema, pageQuery } from '../../http/list.ts';
import { scopeOfCaller, type AssetScope } from '../../tenancy/visibility.ts';
import { changeTicket } from './change.ts';
import {
  getTicket,
  getTickets,
  listSubtasks,
  listTickets,
  relatedTickets,
  resolveTicketId,
  subtasksWithin,
  ticketAssets,
  ticketFixesGrouped,
  ticketHistory,
  ticketIssues,
  ticketListQuery,
  ticketNumberValid,
  ticketWatcherList,
} from './read-model.ts';
import { createTicketFromFinding, createTickets, deleteSubtasks, deleteTicket, setWatcher, updateSubtasks } from './service.ts';

const tags = ['tickets'];
const BASE = '/api/remediation/tickets/';
const READ = 'tickets:read' as const;
const CREATE = 'tickets:create' as const;
const UPDATE = 'tickets:update' as const;
const DELETE = 'tickets:delete' as const;
const refParams = z.object({ id: z.string().max(64) });
const assetRow = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  risk_score: z.number(),
  findings: z.number().int(),
  open_findings: z.number().int(),
});
const issueRow = z.object({
  id: z.number().int(),
  hid: z.string(),
  name: z.string(),
  severity: z.number().int(),
  risk_score: z.number(),
  findings: z.number().int(),
  open_findings: z.number().int(),
});

export function ticketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const scopeFor = (request: FastifyRequest) => scopeOfCaller(ctx.db, authOf(request));

  /** The ticket the path names within the caller's scope, or a 404. */
  async function ticketOf(request: FastifyRequest, ref: string): Promise<{ scope: AssetScope; id: number }> {
    const scope = await scopeFor(request);
    const id = await resolveTicketId(ctx.db, scope, ref);
    if (id === null) throw notFound();
    return { scope, id };
  }
  async function answer(scope: AssetScope, id: number) {
    const found = await getTicket(ctx.db, scope, id, ctx.clock());
    if (!found) throw notFound();
    return found;
  }

  r.get(
    BASE,
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Tickets, server-paged, with the list filters',
        querystring: ticketListQuery,
        response: { 200: pagedSchema(ticket) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const scope = await scopeFor(request);
      const q = request.query;
      const page = await listTickets(ctx.db, scope, q, auth.user.id, ctx.clock());
      return paged(request, q.page, q.page_size, page.count, page.results);
    },
  );

  r.post(
    BASE,
    {
      config: { access: CREATE },
      schema: {
        tags,
        summary: 'Open tickets from finding ids, an issue, an asset or a vulnerability-list filter, grouped as asked',
        body: ticketCreateInput,
        response: { 201: ticketCreateResult },
      },
    },
    async (request, reply) => {
      const scope = await scopeFor(request);
      const made = await createTickets(ctx, scope, authOf(request).user.id, request.body);
      const created = await getTickets(ctx.db, scope, made.ids, ctx.clock());
      return reply.code(201).send({ created, skipped: made.skipped });
    },
  );

  r.post(
    `${BASE}create-ticket-from-vuln/:id/`,
    {
      config: { access: CREATE },
      schema: {
        tags,
        summary: "One finding's ticket (the id is the finding's); 409 when it is already on an open ticket",
        params: idParams,
        body: ticketFromVulnInput.nullish(),
        response: { 201: ticket },
      },
    },
    async (request, reply) => {
      const scope = await scopeFor(request);
      const id = await createTicketFromFinding(ctx, scope, authOf(request).user.id, request.params.id, request.body ?? {});
      if (id === null) throw notFound();
      return reply.code(201).send(await answer(scope, id));
    },
  );

  r.get(
    `${BASE}validity/:number/`,
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Ticket validity check: valid when the customer has an open ticket of that number',
        params: z.object({ number: z.string().max(64) }),
        response: { 200: ticketValidity },
      },
    },
    async (request) => {
      const value = request.params.number;
      if (!/^\d{1,9}$/.test(value)) throw badRequest({ number: [invalidTicketNumberMessage(value)] });
      const valid = await ticketNumberValid(ctx.db, await scopeFor(request), Number(value));
      return {
        number: value,
        validity: valid ? ('valid' as const) : ('not_valid' as const),
        message: valid ? MESSAGES.tickets.valid : MESSAGES.tickets.notValid,
      };
    },
  );

  r.get(
    `${BASE}:id/`,
    {
      config: { access: READ },
      schema: { tags, summary: 'One ticket (numeric id or uuid)', params: refParams, response: { 200: ticket } },
    },
    async (request) => {
      const { scope, id } = await ticketOf(request, request.params.id);
      return answer(scope, id);
    },
  );

  for (const method of ['put', 'patch'] as const)
    r[method](
      `${BASE}:id/`,
      {
        config: { access: UPDATE },
        schema: {
          tags,
          summary: 'Change a ticket: fields, status (through the transition rules), a comment with it',
          params: refParams,
          body: ticketUpdateInput,
          response: { 200: ticket },
        },
      },
      async (request) => {
        const { scope, id } = await ticketOf(request, request.params.id);
        const { comment, ...fields } = request.body;
        const outcome = await changeTicket(
          ctx,
          scope.customerId,
          id,
          { ...fields, comment: comment ?? null },
          { userId: authOf(request).user.id, source: 'user' },
        );
        if (outcome === 'not_found') throw notFound();
        return answer(scope, id);
      },
    );

  r.delete(
    `${BASE}:id/`,
    { config: { access: DELETE }, schema: { tags, summary: 'Delete a ticket (its findings may be ticketed again)', params: refParams } },
    async (request, reply) => {
      const { scope, id } = await ticketOf(request, request.params.id);
      if (!(await deleteTicket(ctx, scope.customerId, id))) throw notFound();
      return reply.code(204).send();
    },
  );

  r.get(
    `${BASE}:id/related/`,
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Tickets sharing an asset or a vulnerability with this one',
        params: refParams,
        response: { 200: z.array(ticket) },
      },
    },
    async (request) => {
      const { scope, id } = await ticketOf(request, request.params.id);
      return relatedTickets(ctx.db, scope, id, ctx.clock());
    },
  );

  r.get(
    `${BASE}:id/subtasks/`,
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Its subtasks (one per finding), the riskiest first',
        params: refParams,
        querystring: pageQuery,
        response: { 200: pagedSchema(ticketSubtask) },
      },
    },
    async (request) => {
      const { scope, id } = await ticketOf(request, request.params.id);
      const { page, page_size } = request.query;
      const found = await listSubtasks(ctx.db, scope, id, page, page_size);
      return paged(request, page, page_size, found.count, found.results);
    },
  );

  r.get(
    `${BASE}:id/asset/`,
    { config: { access: READ }, schema: { tags, summary: 'Its assets', params: refParams, response: { 200: z.array(assetRow) } } },
    async (request) => {
      const { scope, id } = await ticketOf(request, request.params.id);
      return ticketAssets(ctx.db, scope, id);
    },
  );

  r.get(
    `${BASE}:id/vulnerability/`,
    {
      config: { access: READ },
      schema: { tags, summary: 'Its vulnerabilities (issues)', params: refParams, response: { 200: z.array(issueRow) } },
    },
    async (request) => {
      const { scope, id } = await ticketOf(request, request.params.id);
      return ticketIssues(ctx.db, scope, id);
    },
  );

  r.post(
    `${BASE}:id/subtask-update/`,
    {
      config: { access: UPDATE },
      schema: {
        tags,
        summary: 'Set the status of subtasks in bulk',
        params: refParams,
        body: subtaskBulkUpdateInput,
        response: { 200: subtaskBulkResult },
      },
    },
    async (request) => {
      const { scope, id } = await ticketOf(request, request.params.id);
      const ids = await subtasksWithin(ctx.db, scope, id, request.body.ids);
      return { count: await updateSubtasks(ctx, scope.customerId, id, ids, request.body.status, authOf(request).user.id) };
    },
  );

  r.post(
    `${BASE}:id/subtask-delete/`,
    {
      config: { access: UPDATE },
      schema: {
        tags,
        summary: 'Remove subtasks in bulk',
        params: refParams,
        body: subtaskBulkDeleteInput,
        response: { 200: subtaskBulkResult },
      },
    },
    async (request) => {
      const { scope, id } = await ticketOf(request, request.params.id);
      const ids = await subtasksWithin(ctx.db, scope, id, request.body.ids);
      return { count: await deleteSubtasks(ctx, scope.customerId, id, ids, authOf(request).user.id) };
    },
  );

  r.get(
    `${BASE}:id/comments/`,
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Its comments, newest first',
        params: refParams,
        querystring: pageQuery,
        response: { 200: pagedSchema(ticketEvent) },
      },
    },
    async (request) => {
      const { id } = await ticketOf(request, request.params.id);
      const { page, page_size } = request.query;
      const found = await ticketHistory(ctx.db, id, page, page_size, true);
      return paged(request, page, page_size, found.count, found.results);
    },
  );

  r.post(
    `${BASE}:id/comments/`,
    {
      config: { access: UPDATE },
      schema: { tags, summary: 'Comment on a ticket', params: refParams, body: ticketCommentInput, response: { 201: ticketEvent } },
    },
    async (request, reply) => {
      const { id } = await ticketOf(request, request.params.id);
      const auth = authOf(request);
      await changeTicket(ctx, auth.customer.id, id, { comment: request.body.comment }, { userId: auth.user.id, source: 'user' });
      const latest = await ticketHistory(ctx.db, id, 1, 1, true);
      return reply.code(201).send(latest.results[0]!);
    },
  );

  r.get(
    `${BASE}:id/history/`,
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Its history: every change, comment, re-test and sync (who, when, what), newest first',
        params: refParams,
        querystring: pageQuery,
        response: { 200: pagedSchema(ticketEvent) },
      },
    },
    async (request) => {
      const { id } = await ticketOf(request, request.params.id);
      const { page, page_size } = request.query;
      const found = await ticketHistory(ctx.db, id, page, page_size);
      return paged(request, page, page_size, found.count, found.results);
    },
  );

  r.get(
    `${BASE}:id/watchers/`,
    { config: { access: READ }, schema: { tags, summary: 'Who watches it', params: refParams, response: { 200: ticketWatchers } } },
    async (request) => {
      const { id } = await ticketOf(request, request.params.id);
      return { watchers: await ticketWatcherList(ctx.db, id) };
    },
  );

  for (const [method, watching] of [
    ['post', true],
    ['delete', false],
  ] as const)
    r[method](
      `${BASE}:id/watchers/`,
      {
        config: { access: READ, audit: false },
        schema: {
          tags,
          summary: watching ? 'Watch it (yourself, or name a user)' : 'Stop watching it (yourself, or name a user)',
          params: refParams,
          body: ticketWatcherInput.nullish(),
          querystring: z.object({ user: z.coerce.number().int().positive().optional() }),
          response: { 200: ticketWatchers },
        },
      },
      async (request) => {
        const { id } = await ticketOf(request, request.params.id);
        const auth = authOf(request);
        const userId = request.body?.user ?? request.query.user ?? auth.user.id;
        // Watching yourself needs only read; making someone else watch (or stop) is a change of the ticket.
        if (userId !== auth.user.id && !canUpdate(auth)) throw forbidden();
        await setWatcher(ctx, auth.customer.id, id, userId, watching);
        return { watchers: await ticketWatcherList(ctx.db, id) };
      },
    );

  r.get(
    `${BASE}:id/fixes/`,
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Fixes grouped: the upgrades and solutions that close the most risk first',
        params: refParams,
        response: { 200: ticketFixes },
      },
    },
    async (request) => {
      const { scope, id } = await ticketOf(request, request.params.id);
      return { results: await ticketFixesGrouped(ctx.db, scope, id) };
    },
  );
}

/** Whether the caller may change tickets (the rule of `tickets:update`). */
function canUpdate(auth: ReturnType<typeof authOf>): boolean {
  return accessAllows(subjectOf(auth), parseAccess(UPDATE)!);
}
