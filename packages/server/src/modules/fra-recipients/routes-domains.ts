// HTTP routes of phishing domains (fra/domains/: list, one, create 201, PUT/PATCH 200, delete 204, and check/ — the
// DNS check, stored on the domain) and their categories (fra/domain-categories/). Domains are not assets, so the
// phishing permission alone decides (a LIMITED member may manage them like anyone with the permission).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOMAIN_PURPOSES, domain, domainCategory, domainCategoryInput, domainInput, type Domain } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParam, idParams, ordering, paged, pagedSchema, pageQuery, parseInput, patchBody, searchParam } from '../../http/list.ts';
import { checkDomainDns } from './dns-check.ts';
import {
  deleteCategory,
  deleteDomain,
  DOMAIN_ORDERING,
  getCategory,
  getDomain,
  listCategories,
  listDomains,
  saveCategory,
  saveDomain,
  storeDnsCheck,
} from './domains.ts';

const tags = ['phishing'];
const DOMAINS = '/api/fra/domains/';
const CATEGORIES = '/api/fra/domain-categories/';
const domainQuery = pageQuery.extend({
  search: searchParam,
  category: idParam.optional(),
  purpose: z.enum(DOMAIN_PURPOSES, { error: `Choose from: ${DOMAIN_PURPOSES.join(', ')}.` }).optional(),
  ordering: ordering(DOMAIN_ORDERING, 'name'),
});
const inputOf = (d: Domain) => ({ name: d.name, category: d.category?.id ?? null, purpose: d.purpose, dkim_selector: d.dkim_selector });

export function domainRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const customerOf = (request: Parameters<typeof authOf>[0]) => authOf(request).customer.id;

  r.get(
    DOMAINS,
    {
      config: { access: 'phishing:read' },
      schema: { tags, summary: 'Sender and landing-page domains, paged', querystring: domainQuery, response: { 200: pagedSchema(domain) } },
    },
    async (request) => {
      const { page, page_size, ordering: o, search, category, purpose } = request.query;
      const { count, results } = await listDomains(ctx.db, customerOf(request), {
        page,
        pageSize: page_size,
        search,
        category,
        purpose,
        ordering: o.key,
        descending: o.descending,
      });
      return paged(request, page, page_size, count, results);
    },
  );
  r.post(
    DOMAINS,
    { config: { access: 'phishing:create' }, schema: { tags, summary: 'Add a domain', body: patchBody, response: { 201: domain } } },
    async (request, reply) => {
      const auth = authOf(request);
      return reply.code(201).send(await saveDomain(ctx.db, auth.customer.id, parseInput(domainInput, request.body), auth.user.id));
    },
  );
  r.get(
    `${DOMAINS}:id/`,
    { config: { access: 'phishing:read' }, schema: { tags, summary: 'One domain', params: idParams, response: { 200: domain } } },
    async (request) => (await getDomain(ctx.db, customerOf(request), request.params.id)) ?? Promise.reject(notFound()),
  );
  for (const method of ['put', 'patch'] as const)
    r[method](
      `${DOMAINS}:id/`,
      {
        config: { access: 'phishing:update' },
        schema: { tags, summary: 'Change a domain', params: idParams, body: patchBody, response: { 200: domain } },
      },
      async (request) => {
        const auth = authOf(request);
        const current = await getDomain(ctx.db, auth.customer.id, request.params.id);
        if (!current) throw notFound();
        const body = method === 'put' ? request.body : { ...inputOf(current), ...request.body };
        return saveDomain(ctx.db, auth.customer.id, parseInput(domainInput, body), auth.user.id, current.id);
      },
    );
  r.delete(
    `${DOMAINS}:id/`,
    { config: { access: 'phishing:delete' }, schema: { tags, summary: 'Delete a domain', params: idParams } },
    async (request, reply) => {
      if (!(await deleteDomain(ctx.db, customerOf(request), request.params.id))) throw notFound();
      return reply.code(204).send();
    },
  );
  r.post(
    `${DOMAINS}:id/check/`,
    {
      config: { access: 'phishing:execute' },
      schema: {
        tags,
        summary: "Check the domain's DNS (MX, SPF, DKIM, DMARC): will mail sent in its name get through?",
        params: idParams,
        body: z.object({}).passthrough().optional(),
        response: { 200: domain },
      },
    },
    async (request) => {
      const customerId = customerOf(request);
      const current = await getDomain(ctx.db, customerId, request.params.id);
      if (!current) throw notFound();
      const dns = await checkDomainDns(current.name, current.dkim_selector, {
        dnsServers: ctx.config.monitoring.dnsServers,
        heloName: ctx.config.monitoring.heloName,
        now: ctx.clock(),
      });
      return (await storeDnsCheck(ctx.db, customerId, current.id, dns)) ?? Promise.reject(notFound());
    },
  );

  r.get(
    CATEGORIES,
    {
      config: { access: 'phishing:read' },
      schema: {
        tags,
        summary: 'Domain categories with how many domains each has',
        querystring: pageQuery.extend({ search: searchParam }),
        response: { 200: pagedSchema(domainCategory) },
      },
    },
    async (request) => {
      const { page, page_size, search } = request.query;
      const { count, results } = await listCategories(ctx.db, customerOf(request), { page, pageSize: page_size, search });
      return paged(request, page, page_size, count, results);
    },
  );
  r.post(
    CATEGORIES,
    {
      config: { access: 'phishing:create' },
      schema: { tags, summary: 'Add a domain category', body: patchBody, response: { 201: domainCategory } },
    },
    async (request, reply) =>
      reply.code(201).send(await saveCategory(ctx.db, customerOf(request), parseInput(domainCategoryInput, request.body).name)),
  );
  r.get(
    `${CATEGORIES}:id/`,
    {
      config: { access: 'phishing:read' },
      schema: { tags, summary: 'One domain category', params: idParams, response: { 200: domainCategory } },
    },
    async (request) => (await getCategory(ctx.db, customerOf(request), request.params.id)) ?? Promise.reject(notFound()),
  );
  for (const method of ['put', 'patch'] as const)
    r[method](
      `${CATEGORIES}:id/`,
      {
        config: { access: 'phishing:update' },
        schema: { tags, summary: 'Rename a domain category', params: idParams, body: patchBody, response: { 200: domainCategory } },
      },
      async (request) => {
        const customerId = customerOf(request);
        if (!(await getCategory(ctx.db, customerId, request.params.id))) throw notFound();
        return saveCategory(ctx.db, customerId, parseInput(domainCategoryInput, request.body).name, request.params.id);
      },
    );
  r.delete(
    `${CATEGORIES}:id/`,
    {
      config: { access: 'phishing:delete' },
      schema: { tags, summary: 'Delete a domain category (its domains stay, uncategorised)', params: idParams },
    },
    async (request, reply) => {
      if (!(await deleteCategory(ctx.db, customerOf(request), request.params.id))) throw notFound();
      return reply.code(204).send();
    },
  );
}
