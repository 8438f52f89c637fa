// Server-side sessions in an HttpOnly `sessionid` cookie, and CSRF: a `csrftoken` cookie echoed in `X-CSRFToken`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { customers, sessions, users } from '../db/schema/index.ts';
import { randomToken, safeEqual, sha256 } from '../lib/secrets.ts';
import { ApiError } from './errors.ts';
// The cookie parser's decorations (request.cookies, reply.setCookie), registered in app.ts.
import type {} from '@fastify/cookie';

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';

export type UserRow = typeof users.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export interface Auth {
  session: SessionRow;
  user: UserRow;
  customer: CustomerRow;
  /**
   * Set when the caller came with `Authorization: Token …` (modules/public-api): then `session` is a stand-in, `user`
   * carries the token's permissions (never more than the owner's, never a superuser) and session-only routes refuse.
   */
  token?: ApiTokenAuth;
}

export interface ApiTokenAuth {
  id: number;
  name: string;
  /** `bwk_<public id>`, safe to log. */
  prefix: string;
}

/** `Authorization: Token …`: the public API's scheme; such a request is authenticated by its token, never by cookies. */
export function hasTokenHeader(request: FastifyRequest): boolean {
  const header = request.headers.authorization;
  return typeof header === 'string' && /^Token\s/i.test(header);
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function secure(ctx: AppContext, request: FastifyRequest): boolean {
  if (ctx.config.secureCookies === 'auto') return request.protocol === 'https';
  return ctx.config.secureCookies === 'true';
}

/** The session query of a database, built once: see `loadAuth`. */
function authQuery(db: Db) {
  return db
    .select({ session: sessions, user: users, customer: customers })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare(''); // No name: an unnamed statement on PostgreSQL, as an unprepared query sends (poolers keep working).
}
const authQueries = new WeakMap<Db, ReturnType<typeof authQuery>>();

/**
 * The signed-in caller of a request, every API request. The query is built once per database and reused: building it
 * (three tables' columns through the query builder) cost over a third of its CPU on PGlite, about a millisecond a
 * request. Placeholders take the values the columns would have encoded: the hash, and the time as an ISO string.
 */
export async function loadAuth(ctx: AppContext, cookieValue: string | undefined): Promise<Auth | null> {
  if (!cookieValue || cookieValue.length > 200) return null;
  let query = authQueries.get(ctx.db);
  if (!query) authQueries.set(ctx.db, (query = authQuery(ctx.db)));
  const rows = await query.execute({ id: sha256(cookieValue), now: sessions.expiresAt.mapToDriverValue(new Date()) });
  const row = rows[0];
  if (!row || !row.user.isActive) return null;
  return row;
}

export function sessionAgeSeconds(auth: Auth | null): number {
  if (!auth) return 0;
  return Math.max(0, Math.floor((auth.session.expiresAt.getTime() - Date.now()) / 1000));
}

/** Sets the session cookie: a browser-session cookie for short sessions, a persistent one for keep_logged_in. */
export function setSessionCookie(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  value: string,
  keepLoggedIn: boolean,
  maxAgeSeconds: number,
): void {
  reply.setCookie(SESSION_COOKIE, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(ctx, request),
    ...(keepLoggedIn ? { maxAge: maxAgeSeconds } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Issues a fresh CSRF token (after sign-in, so a token planted before sign-in is useless). */
export function rotateCsrf(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): void {
  reply.setCookie(CSRF_COOKIE, randomToken(24), { path: '/', httpOnly: false, sameSite: 'lax', secure: secure(ctx, request) });
}

/**
 * API calls made by a user (by session or token), as opposed to probes' and trackers' calls with their own secrets and
 * an identity provider's SAML answer, posted cross-site by the browser and authenticated by its signature (modules/saml).
 */
export function callerAuthenticated(url: string): boolean {
  return (
    url.startsWith('/api/') &&
    !url.startsWith('/api/probe-agent/') &&
    !/^\/api\/trackers\/[a-z]+\/webhook\//.test(url) &&
    !/^\/api\/saml\/[0-9]+\/acs\/(\?|$)/.test(url)
  );
}

export function registerSession(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    // Remote probes authenticate every call with their own secret (modules/probes/agent-auth.ts), trackers' webhooks with
    // their signature (modules/trackers): no cookies, no CSRF.
    if (!callerAuthenticated(request.url)) return;
    // A token request carries no cookies of ours and needs no CSRF (a browser cannot send this header cross-site without
    // a CORS preflight, which Bulwark never grants); the public API's own hook authenticates it.
    if (hasTokenHeader(request)) return;
    const csrfCookie = request.cookies[CSRF_COOKIE];
    if (SAFE_METHODS.has(request.method)) {
      if (!csrfCookie) rotateCsrf(ctx, request, reply);
    } else {
      const header = request.headers[CSRF_HEADER];
      const value = Array.isArray(header) ? header[0] : header;
      if (!csrfCookie || !value || !safeEqual(csrfCookie, value)) {
        throw new ApiError(403, { detail: 'CSRF Failed: CSRF token missing or incorrect.' });
      }
    }
    request.auth = await loadAuth(ctx, request.cookies[SESSION_COOKIE]);
  });
}
