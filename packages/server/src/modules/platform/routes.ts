// Platform operators' routes: the installation's customers (list, one, create, change tier, licence and flags).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { platformCustomer, platformCustomerInput, platformCustomerPatch } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { idParams, pageQuery, paged, pagedSchema, searchParam } from '../../http/list.ts';
import { createCustomer, getCustomer, listCustomers, updateCustomer } from './service.ts';

const tags = ['platform'];
const access = 'operator' as const;

export function platformRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/platform/customers/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The installation’s customers with their tier, licence, flags and user counts (platform operators)',
        querystring: pageQuery.extend({ search: searchParam }),
        response: { 200: pagedSchema(platformCustomer) },
      },
    },
    async (request) => {
      const { page, page_size, search } = request.query;
      const { count, rows } = await listCustomers(ctx.db, { page, pageSize: page_size, search });
      return paged(request, page, page_size, count, rows);
    },
  );

  r.post(
    '/api/platform/customers/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Create a customer (platform operators); its first user is created with `bulwark user create --customer`',
        body: platformCustomerInput,
        response: { 201: platformCustomer },
      },
    },
    async (request, reply) => reply.code(201).send(await createCustomer(ctx.db, request.body)),
  );

  r.get(
    '/api/platform/customers/:id/',
    {
      config: { access },
      schema: { tags, summary: 'One customer (platform operators)', params: idParams, response: { 200: platformCustomer } },
    },
    async (request) => {
      const found = await getCustomer(ctx.db, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  r.patch(
    '/api/platform/customers/:id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Change a customer’s name, subscription tier, licence end date or feature flags (platform operators)',
        params: idParams,
        body: platformCustomerPatch,
        response: { 200: platformCustomer },
      },
    },
    async (request) => {
      const updated = await updateCustomer(ctx.db, request.params.id, request.body);
      if (!updated) throw notFound();
      return updated;
    },
  );
}
