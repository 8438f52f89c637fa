// GET/PUT/PATCH `app1/customer/{customerId}/{type}/` (feature-areas §7) for one integration: its settings with secrets
// masked, PUT replacing and PATCH merging (a masked secret keeps the stored one); superusers of the customer only, and
// another customer's id is answered as one that does not exist.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INTEGRATION_TYPE_LABELS, integrationSettings, integrationSettingsInput, type SettingsIntegration } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { getSettings, saveSettings } from './settings.ts';

const tags = ['integrations'];
export const customerParams = z.object({ customerId: z.coerce.number().int().positive() });

/** The caller's own customer; another id is answered as one that does not exist. */
export function ownCustomer(request: FastifyRequest, id: number): number {
  const auth = authOf(request);
  if (id !== auth.customer.id) throw notFound();
  return auth.customer.id;
}

export function integrationSettingsRoutes(app: FastifyInstance, ctx: AppContext, type: SettingsIntegration): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const label = INTEGRATION_TYPE_LABELS[type];
  const path = `/api/app1/customer/:customerId/${type}/`;
  r.get(
    path,
    {
      config: { access: 'superuser' },
      schema: { tags, summary: `${label} settings (secrets masked)`, params: customerParams, response: { 200: integrationSettings } },
    },
    (request) => getSettings(ctx.db, ownCustomer(request, request.params.customerId), type),
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
          body: integrationSettingsInput,
          response: { 200: integrationSettings },
        },
      },
      (request) => saveSettings(ctx.db, ctx.secrets, ownCustomer(request, request.params.customerId), type, request.body, merge),
    );
  }
}
