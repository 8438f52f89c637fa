// Platform operators' calls (not in the spec, which shows customers only from inside): the installation's customers with
// their subscription tier, licence end date and feature flags. See docs/permissions.md.
import { z } from 'zod';
import { FEATURE_FLAGS, SUBSCRIPTION_TIERS } from '../permissions.ts';
import { name } from './fields.ts';

const tier = z.union([z.literal(SUBSCRIPTION_TIERS.none), z.literal(SUBSCRIPTION_TIERS.standard), z.literal(SUBSCRIPTION_TIERS.plus)], {
  error: 'Choose a subscription tier: 0 (none), 1 (standard) or 2 (plus).',
});
const licenceEnd = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Enter a date as YYYY-MM-DD.', abort: true })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Enter a real date.')
  .nullable();
const flags = z.array(z.enum(FEATURE_FLAGS, { error: `Choose flags from: ${FEATURE_FLAGS.join(', ')}.` })).max(FEATURE_FLAGS.length);

const concurrency = z
  .number({ error: 'Enter a number from 1 to 1000, or nothing for no limit.' })
  .int('Enter a number from 1 to 1000, or nothing for no limit.')
  .min(1, 'Enter a number from 1 to 1000, or nothing for no limit.')
  .max(1000, 'Enter a number from 1 to 1000, or nothing for no limit.')
  .nullable();

export const platformCustomer = z.object({
  id: z.number().int(),
  name: z.string(),
  subscription_tier: z.number().int(),
  license_end_date: z.string().nullable(),
  days_to_expiration: z.number().int().nullable(),
  feature_flags: z.array(z.string()),
  /** Scan tasks the customer may run at once; null: no limit. */
  max_concurrent_tasks: z.number().int().nullable(),
  users: z.number().int(),
  created: z.string(),
});
export type PlatformCustomer = z.infer<typeof platformCustomer>;

export const platformCustomerInput = z.object({
  name,
  subscription_tier: tier.default(SUBSCRIPTION_TIERS.standard),
  license_end_date: licenceEnd.default(null),
  feature_flags: flags.default([]),
  max_concurrent_tasks: concurrency.default(null),
});
export type PlatformCustomerInput = z.output<typeof platformCustomerInput>;

export const platformCustomerPatch = z.object({
  name: name.optional(),
  subscription_tier: tier.optional(),
  license_end_date: licenceEnd.optional(),
  feature_flags: flags.optional(),
  max_concurrent_tasks: concurrency.optional(),
});
export type PlatformCustomerPatch = z.output<typeof platformCustomerPatch>;
