// HTTP routes of the ticketing integrations: GET/PUT/PATCH `app1/customer/{customerId}/{jira|servicenow|topdesk}/`
// with `test-connection/` and `test-ticket/` (feature-areas §7, §8's messages; superusers of the customer only), the
// integrations' sync state and delivery log, a ticket's links (state per tracker; link and push), and the trackers'
// webhook calls (no session and no CSRF: the tracker's signature or secret is the credential).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  connectionFailedMessage,
  connectionSucceededMessage,
  ticketSyncInput,
  ticketSyncLink,
  TRACKER_DELIVERY_STATES,
  TRACKER_LABELS,
  TRACKER_SETTINGS_SCHEMAS,
  TRACKERS,
  trackerDelivery,
  trackerSyncState,
  trackerTestTicket,
  type Tracker,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest, notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParam, listParam, paged, pagedSchema, pageQuery } from '../../http/list.ts';
import { scopeOfCaller } from '../../tenancy/visibility.ts';
import { customerParams, ownCustomer } from '../notifications/index.ts';
import { TrackerError } from './adapter.ts';
import { listTrackerDeliveries } from './deliveries.ts';
import { integrationStates, linkAndPush, ticketLinksOf } from './links.ts';
import { resolveTicketId } from '../tickets/index.ts';
import { getTrackerSettings, saveTrackerSettings, type TrackerSettingsInput } from './settings.ts';
import { receiveWebhook } from './sync.ts';
import { testConnection, testTicket } from './testing.ts';

const tags = ['integrations'];
const trackerParams = z.object({ tracker: z.enum(TRACKERS) });
const deliveryQuery = pageQuery.extend({
  state: listParam(z.enum(TRACKER_DELIVERY_STATES, { error: `Choose from: ${TRACKER_DELIVERY_STATES.join(', ')}.` }), 3),
  ticket: idParam.optional(),
});
const ticketParams = z.object({ id: z.string().max(40) });
const failure = (label: string, reason: string) =>
  new ApiError(400, { non_field_errors: [connectionFailedMessage(label)], detail: `${connectionFailedMessage(label)} ${reason}` });

export function trackerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const tracker of TRACKERS) {
    const label = TRACKER_LABELS[tracker];
    const path = `/api/app1/customer/:customerId/${tracker}/`;
    const { answer, input } = TRACKER_SETTINGS_SCHEMAS[tracker];
    r.get(
      path,
      {
        config: { access: 'superuser' },
        schema: { tags, summary: `${label} settings (secrets masked)`, params: customerParams, response: { 200: answer } },
      },
      (request) => getTrackerSettings(ctx.db, ownCustomer(request, request.params.customerId), tracker),
    );
    for (const [method, merge] of [
      ['put', false],
      ['patch', true],
    ] as const) {
      r[method](
        path,
        {
          config: { access: 'superuser' },
          schema: {
            tags,
            summary: merge ? `Change part of the ${label} settings` : `Set the ${label} settings (a masked secret keeps the stored one)`,
            params: customerParams,
            body: input,
            response: { 200: answer },
          },
        },
        (request) =>
          saveTrackerSettings(
            ctx.db,
            ctx.secrets,
            ownCustomer(request, request.params.customerId),
            tracker,
            request.body as TrackerSettingsInput,
            merge,
            ctx.clock(),
          ),
      );
    }
    r.post(
      `${path}test-connection/`,
      {
        config: { access: 'superuser' },
        schema: {
          tags,
          summary: `Sign in to ${label} with the saved settings (and find the project or table)`,
          params: customerParams,
          response: { 200: z.object({ detail: z.string() }) },
        },
      },
      async (request) => {
        const result = await testConnection(ctx, ownCustomer(request, request.params.customerId), tracker);
        if (!result.ok) throw failure(label, result.error);
        return { detail: connectionSucceededMessage(label) };
      },
    );
    r.post(
      `${path}test-ticket/`,
      {
        config: { access: 'superuser' },
        schema: {
          tags,
          summary: `Create a test issue in ${label} with the saved settings; answers its key and address`,
          params: customerParams,
          response: { 201: trackerTestTicket },
        },
      },
      async (request, reply) => {
        const result = await testTicket(ctx, ownCustomer(request, request.params.customerId), tracker, authOf(request).user.email);
        if (!result.ok) throw failure(label, result.error);
        return reply.code(201).send({ detail: connectionSucceededMessage(label), key: result.key, url: result.url });
      },
    );
  }

  r.get(
    '/api/trackers/',
    {
      config: { access: 'tickets:read' },
      schema: {
        tags,
        summary: 'Each ticketing integration: enabled, sync state and last error',
        response: { 200: z.array(trackerSyncState) },
      },
    },
    (request) => integrationStates(ctx, authOf(request).customer.id),
  );

  r.get(
    '/api/trackers/:tracker/deliveries/',
    {
      config: { access: 'superuser' },
      schema: {
        tags,
        summary: "The tracker's delivery log: every call (create, update, comment, transition) and how it went, newest first",
        params: trackerParams,
        querystring: deliveryQuery,
        response: { 200: pagedSchema(trackerDelivery) },
      },
    },
    async (request) => {
      const { page, page_size, state, ticket } = request.query;
      const { count, rows } = await listTrackerDeliveries(ctx.db, authOf(request).customer.id, request.params.tracker, {
        page,
        pageSize: page_size,
        state,
        ticket,
      });
      return paged(request, page, page_size, count, rows);
    },
  );

  r.get(
    '/api/remediation/tickets/:id/sync/',
    {
      config: { access: 'tickets:read' },
      schema: {
        tags,
        summary: "A ticket's issues in the trackers, with each link's sync state",
        params: ticketParams,
        response: { 200: z.array(ticketSyncLink) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const id = await resolveTicketId(ctx.db, await scopeOfCaller(ctx.db, auth), request.params.id);
      if (id === null) throw notFound();
      return ticketLinksOf(ctx.db, auth.customer.id, id);
    },
  );

  r.post(
    '/api/remediation/tickets/:id/sync/',
    {
      config: { access: 'tickets:update' },
      schema: {
        tags,
        summary: 'Link a ticket to a tracker and push it (its issue is created there)',
        params: ticketParams,
        body: ticketSyncInput,
        response: { 202: z.array(ticketSyncLink) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const id = await resolveTicketId(ctx.db, await scopeOfCaller(ctx.db, auth), request.params.id);
      if (id === null) throw notFound();
      const tracker: Tracker = request.body.tracker;
      const settings = await getTrackerSettings(ctx.db, auth.customer.id, tracker);
      if (!settings.enabled) throw badRequest({ tracker: [`${TRACKER_LABELS[tracker]} is not enabled.`] });
      await linkAndPush(ctx, auth.customer.id, id, tracker);
      return reply.code(202).send(await ticketLinksOf(ctx.db, auth.customer.id, id));
    },
  );

  // The trackers' webhook calls: the raw body is kept for the signature check, in a scope of its own.
  app.register(async (scope) => {
    scope.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/trackers/:tracker/webhook/:customerId/',
      {
        // No session and no CSRF token: the tracker's signature (Jira's X-Hub-Signature HMAC) or secret is checked.
        config: { access: 'public' },
        schema: {
          tags,
          summary: "A tracker's webhook: the issues it names are read and their changes applied here once",
          params: trackerParams.extend({ customerId: idParam }),
          response: { 200: z.object({ applied: z.number().int() }) },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        try {
          const applied = await receiveWebhook(ctx, request.params.customerId, request.params.tracker, request.headers, raw);
          if (applied === null) throw notFound();
          return { applied };
        } catch (err) {
          if (err instanceof TrackerError && (err.status === 401 || err.status === 400))
            throw new ApiError(err.status, { detail: err.message });
          throw err;
        }
      },
    );
  });
}
