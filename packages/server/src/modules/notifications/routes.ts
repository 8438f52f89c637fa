// HTTP routes of the notification integrations (feature-areas §7: GET/PUT/PATCH `app1/customer/{customerId}/{type}/`
// and `test-connection/`, with §8's messages) for e-mail, Slack, Teams and webhooks — superusers of the customer
// only — and the delivery log.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  connectionFailedMessage,
  connectionSucceededMessage,
  MAIL_KEPT_IN_OUTBOX_MESSAGE,
  DELIVERY_CHANNELS,
  DELIVERY_STATES,
  INTEGRATION_TYPE_LABELS,
  NOTIFICATION_INTEGRATIONS,
  notificationDelivery,
  type NotificationIntegration,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { listParam, paged, pagedSchema, pageQuery } from '../../http/list.ts';
import { DeliveryError, hostOf, sendThrough } from './channels.ts';
import { listDeliveries, recordTest } from './deliveries.ts';
import { openSettings } from './settings.ts';
import { customerParams, integrationSettingsRoutes, ownCustomer } from './settings-routes.ts';

const tags = ['integrations'];
const deliveryQuery = pageQuery.extend({
  state: listParam(z.enum(DELIVERY_STATES, { error: `Choose from: ${DELIVERY_STATES.join(', ')}.` }), 3),
  channel: listParam(z.enum(DELIVERY_CHANNELS, { error: `Choose from: ${DELIVERY_CHANNELS.join(', ')}.` }), 5),
});

export function notificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const customerOf = ownCustomer;
  const deps = () => ({ mailer: ctx.mailer, mailFrom: ctx.config.mailFrom, slackApiUrl: ctx.config.slackApiUrl });

  for (const type of NOTIFICATION_INTEGRATIONS) {
    const label = INTEGRATION_TYPE_LABELS[type];
    const path = `/api/app1/customer/:customerId/${type}/`;
    integrationSettingsRoutes(app, ctx, type);
    r.post(
      `${path}test-connection/`,
      {
        config: { access: 'superuser' },
        schema: {
          tags,
          summary: `Send a test message through the saved ${label} settings (e-mail: to the caller)`,
          params: customerParams,
          response: { 200: z.object({ detail: z.string(), delivered: z.enum(['sent', 'stored']) }) },
        },
      },
      async (request) => {
        const customerId = customerOf(request, request.params.customerId);
        const settings = await openSettings(ctx.db, ctx.secrets, customerId, type);
        const target =
          type === 'email'
            ? authOf(request).user.email
            : typeof settings?.fields.url === 'string' && settings.fields.url
              ? hostOf(settings.fields.url)
              : type;
        let outcome: 'sent' | 'stored';
        try {
          outcome = await sendThrough(
            type as NotificationIntegration,
            settings,
            {
              event: 'test',
              title: 'Bulwark test message',
              lines: [`This is a test of the ${label} integration, sent by ${authOf(request).user.email}.`],
              facts: [],
              link: ctx.config.publicUrl,
              to: [authOf(request).user.email],
            },
            deps(),
          );
        } catch (err) {
          const reason = err instanceof DeliveryError ? err.message : 'an unexpected error';
          await recordTest(ctx.db, customerId, type, target, reason);
          throw new ApiError(400, {
            non_field_errors: [connectionFailedMessage(label)],
            detail: `${connectionFailedMessage(label)} ${capitalise(reason)}.`,
          });
        }
        await recordTest(ctx.db, customerId, type, target, null, outcome);
        // Nothing left the machine: say where the message went instead of claiming success.
        if (outcome === 'stored') return { detail: MAIL_KEPT_IN_OUTBOX_MESSAGE, delivered: outcome };
        return { detail: connectionSucceededMessage(label), delivered: outcome };
      },
    );
  }

  r.get(
    '/api/notifications/deliveries/',
    {
      config: { access: 'superuser' },
      schema: {
        tags,
        summary: 'The delivery log: every notification and how it went, newest first',
        querystring: deliveryQuery,
        response: { 200: pagedSchema(notificationDelivery) },
      },
    },
    async (request) => {
      const { page, page_size, state, channel } = request.query;
      const { count, rows } = await listDeliveries(ctx.db, authOf(request).customer.id, { page, pageSize: page_size, state, channel });
      return paged(request, page, page_size, count, rows);
    },
  );
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
