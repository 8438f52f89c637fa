// Schemas of the public API calls (feature-areas §3 "Public API token", §4, §7 Public API): the customer's switch
// (config, activate, deactivate) and personal API tokens in the manner of GitHub's fine-grained tokens: a name, an
// expiry, permissions chosen from the owner's own, a rate limit, the secret shown once, the prefix afterwards.
import { z } from 'zod';
import { PERMISSION_ACTIONS, PERMISSION_RESOURCES, type PermissionResource } from '../permissions.ts';
import { SUPERUSER_RESOURCES } from '../roles.ts';
import { PUBLIC_API_STATES } from '../codes/admin.ts';
import { blank } from './fields.ts';

/** Every token starts with this, so secret scanners and people recognise one. */
export const API_TOKEN_PREFIX = 'bwk_';
/** The header a token travels in: `Authorization: Token bwk_…`. */
export const API_TOKEN_SCHEME = 'Token';
/** Expiry choices the screen offers (days from now); a custom date is allowed up to the maximum. */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
/** No token lives longer than this: a forgotten token dies by itself (there is no "never"). */
export const API_TOKEN_MAX_DAYS = 366;
export const API_TOKEN_DEFAULT_RATE_LIMIT = 600;
export const API_TOKEN_MAX_RATE_LIMIT = 6000;

/**
 * Resources a token may hold: everything but the administration areas, whose routes are for superusers (§6) and a
 * token never acts as a superuser.
 */
export const API_TOKEN_RESOURCES: readonly PermissionResource[] = PERMISSION_RESOURCES.filter((r) => !SUPERUSER_RESOURCES.includes(r));

export const apiTokenInput = z.object({
  name: z.string({ error: 'This field is required.' }).trim().min(1, blank).max(100, 'Ensure this field has no more than 100 characters.'),
  expires_at: z.iso.datetime({ offset: true, error: 'Enter a valid date and time.' }),
  permissions: z.record(z.string(), z.array(z.string()).max(PERMISSION_ACTIONS.length * 2), {
    error: 'Choose the permissions as a map of area to actions.',
  }),
  rate_limit: z
    .number({ error: 'Enter a whole number of requests a minute.' })
    .int('Enter a whole number of requests a minute.')
    .min(1, 'Ensure this value is at least 1.')
    .max(API_TOKEN_MAX_RATE_LIMIT, `Ensure this value is at most ${API_TOKEN_MAX_RATE_LIMIT}.`)
    .default(API_TOKEN_DEFAULT_RATE_LIMIT),
});
export type ApiTokenInput = z.input<typeof apiTokenInput>;

export const apiToken = z.object({
  id: z.number(),
  name: z.string(),
  /** `bwk_<public id>`: what identifies the token once its secret is gone. */
  prefix: z.string(),
  permissions: z.record(z.string(), z.array(z.string())),
  expires_at: z.string(),
  expired: z.boolean(),
  rate_limit: z.number(),
  created: z.string(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  user: z.number(),
  user_email: z.string(),
  /** The caller's own token (the list shows every token of the organisation to its superusers). */
  mine: z.boolean(),
});
export type ApiToken = z.infer<typeof apiToken>;

/** The answer to a create: the token with its secret, shown this once. */
export const apiTokenCreated = apiToken.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreated>;

export const publicApiConfig = z.object({
  active: z.boolean(),
  state: z.enum(PUBLIC_API_STATES),
  changed_at: z.string().nullable(),
  changed_by_email: z.string().nullable(),
  /** How to send a token. */
  header: z.string(),
  default_rate_limit: z.number(),
  max_expiry_days: z.number(),
  /** Resources a token may hold (the caller's own permissions narrow them further). */
  token_resources: z.array(z.string()),
});
export type PublicApiConfig = z.infer<typeof publicApiConfig>;
