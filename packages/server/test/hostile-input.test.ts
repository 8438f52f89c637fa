// Hostile input on every operation of the OpenAPI document: malformed ids, query strings and bodies, sent by callers
// who pass every access check (the admin; a throwaway user for its own password and second factor; a registered
// remote probe for the probe-agent API). Nothing may answer 5xx, every 400 must be a readable error keyed by field,
// no write may succeed with input that breaks its declared schema, and no application table may change.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanTasks, users } from '../src/db/schema/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type Reply, type TestApp } from './helpers/app.ts';
import {
  PATH_ID_VARIANTS,
  PATH_STRING_VARIANTS,
  example,
  fieldVariants,
  queryVariants,
  wholeBodyVariants,
  type BodyVariant,
  type JsonSchema,
} from './helpers/hostile-inputs.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

interface Parameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}
interface OperationDoc {
  'x-access'?: string;
  parameters?: Parameter[];
  requestBody?: { content?: { 'application/json'?: { schema?: JsonSchema } } };
}
interface Operation {
  method: string;
  path: string;
  access: string;
  params: Parameter[];
  body: JsonSchema | undefined;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Operations not sent hostile input, each with the reason. */
const SKIPPED: Record<string, string> = {
  'POST /api/auth/logout/': "ends the caller's session and reads no input at all (no id, query or body): nothing hostile to send",
};

/** Routes about the caller's own password, second factor and session go to a throwaway user, so the admin stays in. */
const OWN_ACCOUNT = /^\/api\/(user\/two-factor\/|user\/change-password\/|auth\/set-phone-number\/|auth\/renew-session\/)/;
/** Public routes that only read: sent as the admin. Other public routes (sign-in, resets, registration): anonymously. */
const PUBLIC_READS = new Set(['/api/check-authentication/', '/api/feature-flags/']);

/** Fields an opaque PATCH (one taking any object, merged into the object) overrides whatever the body says. */
const PATCH_SETS: Record<string, string[]> = { '/api/scan/nscans/{id}/': ['start'] };

/**
 * Tables that change with any request (sessions, rate limits, sign-in and audit trails), or on the clock (housekeeping,
 * every quarter hour, writes today's exposure snapshot whatever the requests), left out of "nothing written".
 * pg-boss keeps its jobs in its own schema, outside `public`; job_progress stays in: no hostile request may queue a job.
 */
const VOLATILE_TABLES = ['sessions', 'rate_limits', 'auth_events', 'audit_events', 'exposure_snapshots'];

/** Rows a read writes by design, left out of "nothing written": GET /api/sso/generatessotoken/ issues an SSO token. */
const ROWS_WRITTEN_BY_READS: Record<string, string> = { one_time_tokens: "kind <> 'sso'" };

const QUERY_CAP = 60;
const FIELD_CAP = 80;

type Snapshot = Map<string, { rows: number; digest: string }>;

/** Rows and a digest of the contents of every application table in the public schema. */
async function snapshot(t: TestApp): Promise<Snapshot> {
  const { rows: tables } = await t.ctx.database.sql.executeSql(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Snapshot = new Map();
  for (const { table_name: name } of tables as { table_name: string }[]) {
    if (VOLATILE_TABLES.includes(name)) continue;
    const { rows } = await t.ctx.database.sql.executeSql(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS digest FROM "${name}" x WHERE ${ROWS_WRITTEN_BY_READS[name] ?? 'true'}`,
    );
    const row = rows[0] as { rows: number; digest: string };
    out.set(name, { rows: Number(row.rows), digest: row.digest });
  }
  return out;
}

/** A person-readable 400: an object of `field: [message, ...]`, or a `detail` message. */
function readableError(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const entries = Object.entries(body);
  return (
    entries.length > 0 &&
    entries.every(([k, v]) =>
      k === 'detail'
        ? typeof v === 'string' && v.length > 0
        : Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string' && m.trim().length > 0),
    )
  );
}

const snippet = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

describe('hostile input', () => {
  let t: TestApp;
  let admin: Client;
  let own: Client;
  let agent: Client;
  let agentAuth: Record<string, string>;
  let ops: Operation[];
  /** Real objects of the admin's customer, so body variants reach handlers that load the object first. */
  let fixtures: [RegExp, string][];

  beforeAll(async () => {
    // No built-in probe: nothing scans in the background and changes tables while the test counts them.
    t = await startTestApp('pglite', { BULWARK_BUILTIN_PROBE: 'off' });
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const [adminRow] = await t.ctx.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    const throwaway = await t.user({ email: 'hostile-own-account@example.com' });
    own = await signedIn(t, 'hostile-own-account@example.com');

    const created = async (url: string, body: unknown) => {
      const r = await admin.post<{ id: number; registration?: { token: string } }>(url, body);
      expect(r.status, `${url}: ${JSON.stringify(r.body)}`).toBe(201);
      return r.body;
    };
    const host = await created('/api/scan/hosts/', { host: 'hostile.example.com' });
    const range = await created('/api/scan/ipranges/', { iprange: '10.77.0.0/24' });
    const profile = await created('/api/scan/nprofiles/', { name: 'Hostile profile' });
    const probe = await created('/api/probe/probes/', { name: 'Hostile probe' });
    const group = await created('/api/probe/probe-groups/', { name: 'Hostile group', probes: [] });
    const scan = await created('/api/scan/nscans/', { name: 'Hostile scan', profile: profile.id, targets: ['127.0.0.1'], start: false });

    // The remote probe registers, so the probe-agent API takes its calls.
    agent = t.client('127.0.66.1');
    const reg = await agent.post<{ probe_id: number; secret: string }>('/api/probe-agent/register/', { token: probe.registration!.token });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    agentAuth = { authorization: `Probe ${reg.body.probe_id}:${reg.body.secret}` };

    // A run with a task for that probe, force-cancelled so nothing moves while the tables are compared.
    const runScan = await created('/api/scan/nscans/', {
      name: 'Hostile run',
      profile: profile.id,
      targets: ['127.0.0.1'],
      node: probe.id,
    });
    const runs = await admin.get<{ results: { id: number }[] }>(`/api/scan/nruns/?scan=${runScan.id}`);
    const run = runs.body.results[0]!;
    const cancelled = await admin.post(`/api/scan/nruns/${run.id}/cancel/force/`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBeLessThan(300);
    const [task] = await t.ctx.db.select().from(scanTasks).where(eq(scanTasks.runId, run.id));

    fixtures = [
      [/^\/api\/scan\/hosts\//, String(host.id)],
      [/^\/api\/scan\/ipranges\//, String(range.id)],
      [/^\/api\/scan\/nprofiles\//, String(profile.id)],
      [/^\/api\/probe\/probes\//, String(probe.id)],
      [/^\/api\/probe\/probe-groups\//, String(group.id)],
      [/^\/api\/scan\/nscans\//, String(scan.id)],
      [/^\/api\/scan\/nruns\//, String(run.id)],
      [/^\/api\/probe-agent\/tasks\//, String(task?.id ?? 1)],
      [/^\/api\/user\/profile\//, String(throwaway.id)],
      [/^\/api\/customer\//, String(adminRow!.customerId)],
    ];

    const doc = (await admin.get<{ paths: Record<string, Record<string, OperationDoc>> }>('/api/schema/')).body;
    ops = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const m of METHODS) {
        const op = item[m];
        if (!op) continue;
        ops.push({
          method: m.toUpperCase(),
          path,
          access: op['x-access'] ?? '',
          params: op.parameters ?? [],
          body: op.requestBody?.content?.['application/json']?.schema,
        });
      }
    }
  });
  afterAll(() => t?.close());

  /** The value of a path parameter that names a real object (or a harmless stand-in). */
  function realParam(path: string, name: string): string {
    if (name === 'id') return fixtures.find(([re]) => re.test(path))?.[1] ?? '1';
    return name === 'token' ? 'x'.repeat(20) : 'MQ';
  }
  const fill = (path: string, override: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => override[name] ?? realParam(path, name));

  /** The fields of a PATCH that takes any object and validates it merged into the object: those of its PUT or POST. */
  function fieldsOf(op: Operation): JsonSchema | undefined {
    if (!op.body) return undefined;
    if (op.body.properties && Object.keys(op.body.properties).length) return op.body;
    const sibling =
      ops.find((o) => o.path === op.path && o.method === 'PUT') ??
      ops.find((o) => o.path === op.path.replace(/\{id\}\/$/, '') && o.method === 'POST');
    if (!sibling?.body?.properties) return undefined;
    // Fields the PATCH sets itself whatever the body says (a scan's PATCH never starts it).
    const own = Object.entries(sibling.body.properties).filter(([k]) => !(PATCH_SETS[op.path] ?? []).includes(k));
    return { ...sibling.body, properties: Object.fromEntries(own) };
  }

  it('finds every operation, and each skip names a real one', () => {
    expect(ops.length).toBeGreaterThan(80);
    for (const key of Object.keys(SKIPPED)) expect(ops.map((o) => `${o.method} ${o.path}`)).toContain(key);
  });

  it('answers no 5xx, only readable 400s, accepts no invalid write and changes no table', { timeout: 300_000 }, async () => {
    const before = await snapshot(t);
    const serverErrors: string[] = [];
    const unreadable: string[] = [];
    const acceptedWrites: string[] = [];
    let requests = 0;
    let covered = 0;

    for (const op of ops) {
      if (SKIPPED[`${op.method} ${op.path}`]) continue;
      covered++;
      let client: Client;
      let headers: Record<string, string> = {};
      if (op.access === 'probe-agent') {
        client = agent;
        headers = agentAuth;
      } else if (OWN_ACCOUNT.test(op.path)) client = own;
      else if (op.access === 'public' && !PUBLIC_READS.has(op.path)) client = await anonymous(t, `127.0.77.${covered}`);
      else client = admin;

      const isWrite = WRITES.has(op.method);
      const fields = fieldsOf(op);
      const base = (op.method === 'PATCH' ? {} : (example(fields ?? {}) ?? {})) as Record<string, unknown>;
      const sends: { label: string; url: string; body?: BodyVariant }[] = [];
      const baseBody: BodyVariant | undefined = op.body
        ? { label: 'base', body: JSON.stringify(base), contentType: 'application/json' }
        : undefined;

      // Path parameters, one at a time; writes carry an otherwise plausible body, so the id is what they get wrong.
      for (const p of op.params.filter((x) => x.in === 'path')) {
        const variants = p.schema?.type === 'integer' ? PATH_ID_VARIANTS : PATH_STRING_VARIANTS;
        for (const v of variants) sends.push({ label: `${p.name}: ${v.label}`, url: fill(op.path, { [p.name]: v.raw }), body: baseBody });
      }
      if (!isWrite) {
        const names = op.params.filter((x) => x.in === 'query').map((x) => x.name);
        for (const v of queryVariants(names, QUERY_CAP)) sends.push({ label: `query ${v.label}`, url: `${fill(op.path)}?${v.query}` });
      } else {
        for (const v of wholeBodyVariants(op.body)) sends.push({ label: `body ${v.label}`, url: fill(op.path), body: v });
        if (fields)
          for (const v of fieldVariants(fields, base, FIELD_CAP)) sends.push({ label: `body ${v.label}`, url: fill(op.path), body: v });
      }

      for (const req of sends) {
        requests++;
        let r: Reply<unknown>;
        try {
          r = await client.request<unknown>(
            op.method,
            req.url,
            req.body?.body,
            req.body ? { ...headers, 'content-type': req.body.contentType } : headers,
          );
        } catch (err) {
          serverErrors.push(`${op.method} ${op.path} [${req.label}]: the request threw ${String(err)}`);
          continue;
        }
        const what = () =>
          `${op.method} ${snippet(req.url, 100)} [${req.label}]${req.body ? ` body ${snippet(req.body.body, 80)}` : ''} → ${r.status} ${snippet(
            typeof r.body === 'string' ? r.body : JSON.stringify(r.body),
            200,
          )}`;
        if (r.status >= 500) serverErrors.push(what());
        else if (r.status === 400 && !readableError(r.body)) unreadable.push(what());
        if (isWrite && r.status >= 200 && r.status < 300) acceptedWrites.push(what());
      }
    }
    const after = await snapshot(t);
    const changed: string[] = [];
    for (const [name, b] of before) {
      const a = after.get(name);
      if (!a || a.rows !== b.rows) changed.push(`${name}: ${b.rows} rows before, ${a?.rows ?? 'none'} after`);
      else if (a.digest !== b.digest) changed.push(`${name}: same ${a.rows} rows, changed contents`);
    }
    for (const name of after.keys()) if (!before.has(name)) changed.push(`${name}: a new table`);

    console.info(`hostile input: ${requests} requests to ${covered} of ${ops.length} operations`);
    expect(requests).toBeGreaterThan(2000);
    expect.soft(serverErrors, 'operations that answered 5xx to hostile input').toEqual([]);
    expect.soft(unreadable, '400 answers that are not {field: [message]} or {detail}').toEqual([]);
    expect.soft(acceptedWrites, 'writes that accepted input breaking their declared schema').toEqual([]);
    expect.soft(changed, 'application tables changed by hostile input').toEqual([]);
  });
});
