// HTTP routes of cloud scanning: cloud/supported-regions/{x}/ (the provider's regions: aws, azure, oracle, google or
// the §3 code), cloud/cloud_basics/ (the profiles for pickers) and the control catalogue cloud/controls/ (?provider=,
// ?search=) with cloud/controls/{id}/, read from the scanner's providers. Every route needs the cloud-scanning flag.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLOUD_PROVIDER,
  CLOUD_PROVIDER_KEYS,
  cloudBasics,
  cloudControl,
  cloudProviderKeyOf,
  cloudRegionList,
  type CloudControlItem,
  type CloudProviderKey,
} from '@bulwark/core';
import { CLOUD_PROVIDERS, cloudControls, type CloudControlInfo } from '@bulwark/scanner';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { cloudBasicsOf } from './info-basics.ts';

const tags = ['cloud scanning'];
const access = { access: 'cloud_scans:read', flag: 'cloud-scanning' } as const;

/** A provider named by key or by its §3 code ('aws' or '0'); null for any other. */
export function providerOf(x: string): CloudProviderKey | null {
  const key = x.trim().toLowerCase();
  if ((CLOUD_PROVIDER_KEYS as readonly string[]).includes(key)) return key as CloudProviderKey;
  if (!/^\d+$/.test(key)) return null;
  const code = Number(key);
  return Object.values(CLOUD_PROVIDER).some((c) => c === code) ? cloudProviderKeyOf(code as 0 | 1 | 3 | 4) : null;
}

/** A catalogue control as the API answers it. */
export const toCloudControl = (c: CloudControlInfo): CloudControlItem => ({
  id: c.id,
  provider: CLOUD_PROVIDER[c.provider],
  benchmark: c.benchmark,
  reference: c.reference,
  title: c.title,
  description: c.description,
  solution: c.solution,
  severity: c.severity,
  service: c.service,
  resource_type: c.resourceType,
});

const controlQuery = z.object({
  provider: z
    .string()
    .max(20)
    .optional()
    .refine((v) => v === undefined || providerOf(v) !== null, 'Choose a provider: aws, azure, oracle, google or its code (0, 1, 3, 4).'),
  search: z.string().trim().max(200, 'Ensure this field has no more than 200 characters.').optional(),
});

export function cloudInfoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/cloud/supported-regions/:provider/',
    {
      config: access,
      schema: {
        tags,
        summary: 'The regions a provider offers ({provider}: aws, azure, oracle, google or its code 0, 1, 3, 4)',
        params: z.object({ provider: z.string().max(20) }),
        response: { 200: cloudRegionList },
      },
    },
    async (request) => {
      const key = providerOf(request.params.provider);
      if (!key) throw notFound();
      return { provider: CLOUD_PROVIDER[key], results: CLOUD_PROVIDERS[key].regions.map((x) => ({ id: x.id, label: x.label })) };
    },
  );

  r.get(
    '/api/cloud/cloud_basics/',
    {
      config: access,
      schema: { tags, summary: 'The customer’s cloud profiles for pickers: id, name and provider', response: { 200: cloudBasics } },
    },
    async (request) => cloudBasicsOf(ctx.db, authOf(request).customer.id),
  );

  r.get(
    '/api/cloud/controls/',
    {
      config: access,
      schema: {
        tags,
        summary: 'The cloud control catalogue (CIS Foundations benchmark recommendations), by provider; search in id, title and reference',
        querystring: controlQuery,
        response: { 200: z.array(cloudControl) },
      },
    },
    async (request) => {
      const { provider, search } = request.query;
      const key = provider === undefined ? null : providerOf(provider);
      const words = (search ?? '').toLowerCase();
      return cloudControls()
        .filter((c) => key === null || c.provider === key)
        .filter(
          (c) => words === '' || [c.id, c.title, c.reference, c.service, c.benchmark].some((field) => field.toLowerCase().includes(words)),
        )
        .map(toCloudControl);
    },
  );

  r.get(
    '/api/cloud/controls/:id/',
    {
      config: access,
      schema: {
        tags,
        summary: 'One cloud control of the catalogue',
        params: z.object({ id: z.string().max(200) }),
        response: { 200: cloudControl },
      },
    },
    async (request) => {
      const control = cloudControls().find((c) => c.id === request.params.id);
      if (!control) throw notFound();
      return toCloudControl(control);
    },
  );
}
