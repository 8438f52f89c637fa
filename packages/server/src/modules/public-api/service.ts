// The rules of the public API: what a token may hold (the owner's own permissions, administration areas excepted),
// how one is made (a 256-bit secret shown once, only its SHA-256 kept, an expiry of at most a year) and how a request
// carrying one becomes the same `Auth` a session gives, with the token's permissions narrowed to what the owner holds at
// the moment of the call. Never sees HTTP beyond the header's text.
import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_PREFIX,
  API_TOKEN_RESOURCES,
  PERMISSION_ACTIONS,
  isSuperuser,
  type ApiToken,
  type PermissionAction,
  type PermissionResource,
  type PublicApiConfig,
  apiTokenInput,
} from '@bulwark/core';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest, type FieldErrors } from '../../http/errors.ts';
import type { Auth, UserRow } from '../../http/session.ts';
import { consume } from '../../http/rate-limit.ts';
import { randomToken, safeEqual, sha256 } from '../../lib/secrets.ts';
import { findTokenByPublicId, getSettings, insertToken, noteUse, USE_NOTED_MS, type ApiTokenRow } from './repo.ts';

type Permissions = Record<string, string[]>;
const DAY = 86_400_000;
const WINDOW_SECONDS = 60;
/** `bwk_` + 12 hex characters (public id) + `_` + 43 base64url characters (256-bit secret). */
const TOKEN_PATTERN = /^bwk_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export const INVALID_TOKEN = 'Invalid token.';
export const EXPIRED_TOKEN = 'This token has expired.';
export const OWNER_INACTIVE = 'The owner of this token is deactivated.';
export const PUBLIC_API_INACTIVE = 'The public API is not active for this organisation; a superuser can activate it.';

/** What the owner holds now, as a token sees it: a superuser holds every token resource; administration never. */
export function ownerPermissions(owner: Pick<UserRow, 'isSuperuser' | 'customerAdmin' | 'permissions'>): Permissions {
  const all = isSuperuser({ is_superuser: owner.isSuperuser, customer_admin: owner.customerAdmin });
  const out: Permissions = {};
  for (const r of API_TOKEN_RESOURCES) {
    const list = all
      ? [...PERMISSION_ACTIONS]
      : (owner.permissions[r] ?? []).filter((a) => (PERMISSION_ACTIONS as readonly string[]).includes(a));
    // Any other action needs read (core/access.ts), so a list without it grants nothing.
    if (list.includes('read')) out[r] = PERMISSION_ACTIONS.filter((a) => list.includes(a));
  }
  return out;
}

/** The token's permissions within the owner's current ones: a permission the owner lost, the token lost too. */
export function intersect(token: Permissions, owner: Permissions): Permissions {
  const out: Permissions = {};
  for (const [r, actions] of Object.entries(token)) {
    const held = owner[r];
    if (!held) continue;
    const both = actions.filter((a) => held.includes(a));
    if (both.includes('read')) out[r] = both;
  }
  return out;
}

/** The chosen permissions, checked against the owner's: unknown names, administration areas and more than one holds are refused. */
export function checkPermissions(chosen: Record<string, string[]>, owner: Permissions): Permissions {
  const problems: string[] = [];
  const out: Permissions = {};
  for (const [r, actions] of Object.entries(chosen)) {
    if (actions.length === 0) continue;
    if (!(API_TOKEN_RESOURCES as readonly string[]).includes(r)) {
      problems.push(`${r} is not an area a token can hold.`);
      continue;
    }
    const unknown = actions.filter((a) => !(PERMISSION_ACTIONS as readonly string[]).includes(a));
    if (unknown.length > 0) {
      problems.push(`${unknown.join(', ')} is not an action (${PERMISSION_ACTIONS.join(', ')}).`);
      continue;
    }
    // A non-read action needs read, as in a user's map: it is added rather than refused.
    const wanted = PERMISSION_ACTIONS.filter((a) => a === 'read' || actions.includes(a));
    const lacking = wanted.filter((a) => !(owner[r] ?? []).includes(a));
    if (lacking.length > 0) {
      problems.push(`You do not hold ${lacking.join(', ')} on ${r}; a token can only hold your own permissions.`);
      continue;
    }
    out[r as PermissionResource] = wanted as PermissionAction[];
  }
  if (problems.length > 0) throw badRequest({ permissions: problems });
  if (Object.keys(out).length === 0) throw badRequest({ permissions: ['Choose at least one permission.'] });
  return out;
}

export function prefixOf(publicId: string): string {
  return `${API_TOKEN_PREFIX}${publicId}`;
}

export function toApiToken(row: ApiTokenRow, userEmail: string, callerId: number, now: Date): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: prefixOf(row.publicId),
    permissions: row.permissions,
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now.getTime(),
    rate_limit: row.rateLimit,
    created: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    last_used_ip: row.lastUsedIp,
    user: row.userId,
    user_email: userEmail,
    mine: row.userId === callerId,
  };
}

export async function publicApiConfig(ctx: AppContext, customerId: number): Promise<PublicApiConfig> {
  const s = await getSettings(ctx.db, customerId);
  return {
    active: s.active,
    state: s.active ? 'active' : 'inactive',
    changed_at: s.changedAt?.toISOString() ?? null,
    changed_by_email: s.changedByEmail,
    header: 'Authorization: Token <token>',
    default_rate_limit: apiTokenInput.shape.rate_limit.parse(undefined),
    max_expiry_days: API_TOKEN_MAX_DAYS,
    token_resources: [...API_TOKEN_RESOURCES],
  };
}

/** Makes a token for the signed-in caller; the answer holds the secret, which is never stored. */
export async function createToken(
  ctx: AppContext,
  auth: Auth,
  input: z.output<typeof apiTokenInput>,
): Promise<ApiToken & { token: string }> {
  if (auth.session.impersonated) throw new ApiError(403, { detail: 'API tokens cannot be created in an impersonated session.' });
  if (!(await getSettings(ctx.db, auth.customer.id)).active)
    throw new ApiError(409, { non_field_errors: ['Activate the public API before creating tokens.'] });
  const now = ctx.clock();
  const expiresAt = new Date(input.expires_at);
  const errors: FieldErrors = {};
  if (expiresAt.getTime() <= now.getTime()) errors.expires_at = ['Choose an expiry in the future.'];
  else if (expiresAt.getTime() > now.getTime() + API_TOKEN_MAX_DAYS * DAY)
    errors.expires_at = [`A token can live at most ${API_TOKEN_MAX_DAYS} days.`];
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  const permissions = checkPermissions(input.permissions, ownerPermissions(auth.user));
  const publicId = randomBytes(6).toString('hex');
  const secret = randomToken(32);
  const row = await insertToken(ctx.db, {
    customerId: auth.customer.id,
    userId: auth.user.id,
    name: input.name,
    publicId,
    secretHash: sha256(secret),
    permissions,
    expiresAt,
    rateLimit: input.rate_limit,
    createdAt: now,
  });
  return { ...toApiToken(row, auth.user.email, auth.user.id, now), token: `${prefixOf(publicId)}_${secret}` };
}

const refuse = (status: 401 | 403, detail: string, code: string) => new ApiError(status, { detail, code });

/** Counts the request in the token's one-minute window (the app's limiter, on the app's clock); 429 past its limit. */
async function limitToken(ctx: AppContext, token: ApiTokenRow, now: Date): Promise<void> {
  try {
    await consume(ctx.db, [{ key: `api-token:${token.id}`, max: token.rateLimit, windowSeconds: WINDOW_SECONDS }], now);
  } catch (e) {
    if (!(e instanceof ApiError) || e.statusCode !== 429) throw e;
    const wait = Number(e.headers['retry-after']);
    throw new ApiError(
      429,
      {
        detail: `This token may make ${token.rateLimit} requests a minute. Try again in ${wait} second${wait === 1 ? '' : 's'}.`,
        code: 'token_rate_limited',
      },
      { 'retry-after': String(wait) },
    );
  }
}

/**
 * The caller of a request that came with `Authorization: Token <token>`, as the `Auth` a session gives: the owner,
 * stripped of superuser and operator standing, holding the token's permissions within the owner's current ones.
 * Refuses (401) a malformed, unknown, deleted or expired token and one whose owner is deactivated; (403) every token
 * while the customer's public API is inactive; (429) past the token's requests a minute. The token's last use is noted
 * at most once a minute, so its row is not written on every request.
 */
export async function authenticateToken(ctx: AppContext, header: string, ip: string): Promise<Auth> {
  const match = TOKEN_PATTERN.exec(header.replace(/^Token\s+/i, '').trim());
  if (!match) throw refuse(401, INVALID_TOKEN, 'token_invalid');
  const [, publicId, secret] = match;
  const found = await findTokenByPublicId(ctx.db, publicId!);
  // The hash compare runs whether or not the row exists, so timing tells nothing about which public ids exist.
  const matches = safeEqual(sha256(secret!), found?.token.secretHash ?? '0'.repeat(64));
  if (!found || !matches) throw refuse(401, INVALID_TOKEN, 'token_invalid');
  const now = ctx.clock();
  if (found.token.expiresAt.getTime() <= now.getTime()) throw refuse(401, EXPIRED_TOKEN, 'token_expired');
  if (!found.user.isActive) throw refuse(401, OWNER_INACTIVE, 'token_owner_inactive');
  if (!found.active) throw refuse(403, PUBLIC_API_INACTIVE, 'public_api_inactive');
  const lastUsed = found.token.lastUsedAt?.getTime();
  if (lastUsed === undefined || now.getTime() - lastUsed >= USE_NOTED_MS) await noteUse(ctx.db, found.token.id, now, ip);
  await limitToken(ctx, found.token, now);
  const owner = found.user;
  return {
    user: {
      ...owner,
      isSuperuser: false,
      customerAdmin: false,
      platformOperator: false,
      permissions: intersect(found.token.permissions, ownerPermissions(owner)),
    },
    customer: found.customer,
    // A stand-in: no session row exists, so whatever a handler does with its id touches nothing.
    session: {
      id: '',
      userId: owner.id,
      keepLoggedIn: false,
      impersonated: false,
      impersonationSource: null,
      expiresAt: found.token.expiresAt,
      createdAt: found.token.createdAt,
      lastSeenAt: now,
      ip,
      userAgent: null,
    },
    token: { id: found.token.id, name: found.token.name, prefix: prefixOf(found.token.publicId) },
  };
}
