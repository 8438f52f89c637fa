// Writes an audit event for every successful create, update, delete or action through the API, from the route's
// declared access (http/access.ts), so a new route is audited without writing anything. Sign-in events have their own
// log (modules/auth/audit.ts). Reads are never audited as writes: a POST whose access is a read permission (previews,
// counts), a route declaring `config.audit: false`, or a request its handler marks with `notAWrite` (the asset import's
// preview) writes no row. A failing audit write is logged, never shown to the caller.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseAccess } from '@bulwark/core';
import type { AppContext } from '../context.ts';
import { auditEvents } from '../db/schema/index.ts';
// The `access` route option every route declares (declared with the guard).
import type {} from './access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route only reads (a preview through POST), so it is not audited. */
    audit?: false;
  }
}

const READS = new WeakSet<FastifyRequest>();

/** Marks a request that changed nothing (e.g. a preview run through a create route), so no audit event is written. */
export function notAWrite(request: FastifyRequest): void {
  READS.add(request);
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const METHOD_ACTION: Record<string, string> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };
/** Field names whose values never reach the log. */
const SECRET = /pass|secret|token|key|otp|credential|cookie/i;
const MAX_STRING = 200;
const MAX_ITEMS = 20;
const MAX_SUMMARY = 4000;

function summariseValue(key: string, value: unknown, depth: number): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (SECRET.test(key)) return '********';
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) {
    if (value.length > MAX_ITEMS || depth > 1) return `[${value.length} items]`;
    return value.map((v) => summariseValue(key, v, depth + 1));
  }
  if (typeof value === 'object') {
    if (depth > 1) return '{…}';
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, summariseValue(k, v, depth + 1)]));
  }
  return String(value);
}

/** The request body as a short summary: secrets masked, long strings and lists cut. */
export function summariseChange(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const summary = summariseValue('', body, 0) as Record<string, unknown>;
  const text = JSON.stringify(summary);
  return text.length > MAX_SUMMARY ? { fields: Object.keys(summary) } : summary;
}

function objectId(request: FastifyRequest): string | null {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const values = Object.entries(params)
    .filter(([k]) => k !== 'token' && k !== 'uid')
    .map(([, v]) => String(v));
  return values.length > 0 ? values.join('/') : null;
}

/** The id a create answered with, for its audit event. */
function createdId(payload: unknown): string | null {
  if (typeof payload !== 'string' || payload.length > 65_536) return null;
  try {
    const id = (JSON.parse(payload) as { id?: unknown } | null)?.id;
    return typeof id === 'number' || typeof id === 'string' ? String(id) : null;
  } catch {
    return null;
  }
}

export function registerAuditLog(app: FastifyInstance, ctx: AppContext): void {
  // onSend, not onResponse: the event is stored before the caller sees the change succeed, so a client that reads the
  // log right after its change finds it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!WRITES.has(request.method) || reply.statusCode >= 400 || READS.has(request)) return payload;
    if (request.routeOptions.config?.audit === false) return payload;
    const access = request.routeOptions.config?.access;
    const auth = request.auth;
    if (!access || !auth) return payload;
    const rule = parseAccess(access);
    if (!rule || rule.kind === 'public' || rule.kind === 'probe-agent') return payload;
    if (rule.kind === 'permission' && rule.action === 'read') return payload;
    const tag = (request.routeOptions.schema?.tags as string[] | undefined)?.[0] ?? 'account';
    try {
      await ctx.db.insert(auditEvents).values({
        customerId: rule.kind === 'operator' ? null : auth.customer.id,
        userId: auth.user.id,
        // A token's calls name the token, so the log tells a script from its owner.
        actor: auth.token ? `token ${auth.token.name} (${auth.token.prefix}) of ${auth.user.email}` : auth.user.email,
        impersonated: auth.session.impersonated,
        impersonationSource: auth.session.impersonationSource,
        resource: rule.kind === 'permission' ? rule.resource! : tag,
        action: rule.kind === 'permission' ? rule.action! : (METHOD_ACTION[request.method] ?? 'update'),
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        objectId: objectId(request) ?? (request.method === 'POST' ? createdId(payload) : null),
        status: reply.statusCode,
        summary: summariseChange(request.body),
        ip: request.ip,
      });
    } catch (err) {
      request.log.error({ err }, 'could not write the audit event');
    }
    return payload;
  });
}
