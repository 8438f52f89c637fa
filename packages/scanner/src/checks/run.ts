// Runs templates against a host's open ports (http on web services, ssl on TLS ports, network on their ports/services) and returns Findings.
import type { Finding, HostResult, PortResult } from '../types.ts';
import { runHttp } from './http.ts';
import type { Value } from './dsl.ts';
import { fillTemplate } from './expr.ts';
import { runOperators, type OperatorResult, type ResponseView } from './match.ts';
import { runNetwork } from './network.ts';
import { runSsl } from './ssl.ts';
import { variables, type CheckTarget } from './target.ts';
import { detectWebTechnologies, matchesTechnologies, needsTechnologies, portTechnologies, redundantDetection } from './technologies.ts';
import { readsInteraction } from './parse-util.ts';
import type { CheckTemplate, Operators } from './types.ts';

export interface RunChecksOptions {
  signal?: AbortSignal;
  /** Per connection/request, default 5000 ms. */
  timeoutMs?: number;
  /** Template × port jobs at once, default 8. */
  concurrency?: number;
  /** Ports to treat as HTTP even without service information (TLS when the port's service says so, or listed in tlsPorts). */
  httpPorts?: number[];
  /** Ports to treat as TLS even without service information. */
  tlsPorts?: number[];
  /**
   * Tests the profile names one by one (plus_tests): a community web template named there runs on every web port;
   * the others run only where one of their tags names a technology found on the port.
   */
  namedTests?: ReadonlySet<string>;
  /** Called for a template that failed on a port (connection refused, timeout …); such a job yields no finding. */
  onError?: (template: CheckTemplate, port: number, error: Error) => void;
  /**
   * The scan's callback listener: community templates with {{interactsh-url}} (out-of-band parts) run only with it.
   * Without it they are left out, as Nuclei leaves them out without an interactsh server.
   */
  oob?: CheckCallbacks;
}

/** The part of the web scan's out-of-band listener (web/oob.ts) the checks use. */
export interface CallbackListener {
  url(): { token: string; url: string };
  called(token: string, waitMs?: number): Promise<{ from: string; request: string } | null>;
}

export interface CheckCallbacks {
  listener: CallbackListener;
  /** The address the target calls back on (the probe's address on the route to it); default: the listener's own. */
  callbackHost?: (targetAddress: string) => string | Promise<string>;
  /** How long a run waits for the callback after its last request, default 2000 ms. */
  waitMs?: number;
}

export const HTTP_SERVICES = ['http', 'https', 'http-alt', 'https-alt', 'http-proxy', 'ssl/http', 'ssl/https', 'http-mgmt'];
const TLS_SERVICES = ['https', 'https-alt', 'ssl', 'tls', 'imaps', 'pop3s', 'smtps', 'ldaps', 'ftps'];

const isOpen = (p: PortResult) => p.state === 'open' || (p.protocol === 'udp' && p.state === 'open|filtered');

function isTls(p: PortResult, o: RunChecksOptions): boolean {
  const n = p.service?.name ?? '';
  return !!p.service?.tls || TLS_SERVICES.includes(n) || n.startsWith('ssl/') || !!o.tlsPorts?.includes(p.port);
}

/** Does this template run on this port? */
export function applies(t: CheckTemplate, p: PortResult, o: RunChecksOptions = {}): boolean {
  if (!isOpen(p)) return false;
  const name = p.service?.name ?? '';
  const own = t.bulwark.services;
  if (t.http.length) {
    if (p.protocol !== 'tcp') return false;
    if (own.length)
      return (
        own.includes(name) || (own.includes('https') && isTls(p, o) && (HTTP_SERVICES.includes(name) || !!o.httpPorts?.includes(p.port)))
      );
    return HTTP_SERVICES.includes(name) || !!o.httpPorts?.includes(p.port);
  }
  if (t.ssl.length) return p.protocol === 'tcp' && isTls(p, o) && (!own.length || own.includes(name));
  return t.network.some((r) => {
    const udp = r.hosts.some((h) => h.startsWith('udp://'));
    if ((p.protocol === 'udp') !== udp) return false;
    return r.ports.includes(p.port) || own.includes(name);
  });
}

function evidence(where: string, r: OperatorResult): string {
  const parts = [where];
  if (r.matches.length) parts.push(`matched: ${[...new Set(r.matches)].join(' | ')}`);
  for (const [k, v] of Object.entries(r.extracted)) parts.push(`${k}: ${v.join(', ')}`);
  return parts
    .join('; ')
    .replace(/[^\x20-\x7e]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : '.'))
    .slice(0, 2000);
}

/** The run's variables: the target's, then the template's `variables` in order (each may use those before it). */
function runEnv(t: CheckTemplate, target: CheckTarget, extra: Record<string, Value>): Record<string, Value> {
  const env: Record<string, Value> = { ...variables(target), ...extra };
  for (const [k, v] of t.variables) env[k] = fillTemplate(v, env);
  return env;
}

/** Matches one response; named extractors' first values join the run's variables for the requests after it. */
function operate(req: Operators, view: ResponseView, env: Record<string, Value>): OperatorResult {
  for (const [k, v] of Object.entries(env)) if (!(k in view.env)) view.env[k] = v;
  const r = runOperators(req, view);
  for (const x of req.extractors) if (x.name && view.env[x.name] !== undefined) env[x.name] = view.env[x.name];
  return r;
}

/** One template on one port: the first matching response becomes the finding. */
async function runOne(
  t: CheckTemplate,
  target: CheckTarget,
  oob?: CheckCallbacks,
): Promise<Finding | null | { later: Promise<Finding | null> }> {
  const cb = t.interactsh && oob ? await callbackFor(oob, target) : undefined;
  const env = runEnv(t, target, cb?.env ?? {});
  const found = (where: string, r: OperatorResult): Finding => ({
    check: t.id,
    name: t.info.name,
    severity: t.info.severity,
    confidence: t.bulwark.confidence,
    port: target.port,
    protocol: target.protocol,
    evidence: evidence(where, r),
    cve: [...t.info.cve],
  });
  // Responses whose match may still change when the callback arrives (matchers on interactsh parts), newest last.
  const pending: { req: Operators; view: ResponseView; where: string }[] = [];
  const check = async (req: Operators, view: ResponseView, where: string): Promise<Finding | null> => {
    if (cb && readsInteraction(req)) {
      await cb.seen(env, 0);
      pending.push({ req, view, where });
      if (pending.length > MAX_PENDING) pending.shift();
    }
    const r = operate(req, view, env);
    return r.matched ? found(cb?.where(env, where) ?? where, r) : null;
  };
  for (const req of t.http) {
    for await (const ex of runHttp(req, target, env)) {
      const f = await check(req, ex.view, ex.url);
      if (f) return f;
    }
  }
  for (const req of t.network) {
    for await (const ex of runNetwork(req, target, env)) {
      const f = await check(req, ex.view, ex.address);
      if (f) return f;
    }
  }
  // The target may call back after answering: one bounded wait per run, then the responses are matched again. The
  // wait is handed back (`later`) so it holds no worker: thousands of runs may wait at once for nothing but time.
  if (cb && pending.length && env.interactsh_protocol === undefined) {
    const later = cb.seen(env, oob?.waitMs ?? 2000).then((seen) => {
      for (const p of seen ? pending : []) {
        const r = operate(p.req, p.view, env);
        if (r.matched) return found(cb.where(env, p.where), r);
      }
      return null;
    });
    return { later };
  }
  for (const req of t.ssl) {
    const ex = await runSsl(req, target, env);
    if (!ex) continue;
    const r = operate(req, ex.view, env);
    if (r.matched) return found(ex.address, r);
  }
  return null;
}

/** At most this many responses of a run are kept for matching again once the callback arrives. */
const MAX_PENDING = 16;

/**
 * A run's callback URL: a fresh token on the scan's listener, reached at the probe's address on the route to the
 * target. {{interactsh-url}} is host:port/token without scheme, as Nuclei inserts it. A target that cannot reach that
 * address (a remote probe behind NAT, a filtering firewall) simply never calls: the template does not match.
 */
async function callbackFor(oob: CheckCallbacks, target: CheckTarget) {
  const { token, url } = oob.listener.url();
  const u = new URL(url);
  const host = oob.callbackHost ? await oob.callbackHost(target.address) : u.hostname;
  const hostPort = `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${u.port}`;
  const filled = `${hostPort}/${token}`;
  return {
    env: { 'interactsh-url': filled, interactsh_url: filled } as Record<string, Value>,
    /** Waits up to `waitMs` for the call; once seen, its record fills the interactsh parts of the run. */
    async seen(env: Record<string, Value>, waitMs: number): Promise<boolean> {
      if (env.interactsh_protocol !== undefined) return true;
      const call = await oob.listener.called(token, waitMs);
      if (!call) return false;
      Object.assign(env, { interactsh_protocol: 'http', interactsh_request: call.request, interactsh_ip: call.from });
      return true;
    },
    where: (env: Record<string, Value>, where: string) =>
      env.interactsh_ip === undefined ? where : `${where} (called back from ${String(env.interactsh_ip)})`,
  };
}

/** The port's technologies: identification's, and its front page's; kept on the port's service for the record. */
async function technologiesOf(p: PortResult, target: CheckTarget): Promise<Set<string>> {
  const found = portTechnologies(p);
  for (const t of await detectWebTechnologies(target)) found.add(t);
  if (p.service) p.service.extra = { ...p.service.extra, technologies: [...found].sort() };
  return found;
}

export async function runChecks(templates: CheckTemplate[], host: HostResult, options: RunChecksOptions = {}): Promise<Finding[]> {
  const jobs: { t: CheckTemplate; target: CheckTarget }[] = [];
  for (const p of host.ports) {
    const target: CheckTarget = {
      address: host.address,
      name: host.hostnames[0] ?? host.address,
      port: p.port,
      protocol: p.protocol,
      tls: isTls(p, options),
      timeoutMs: options.timeoutMs ?? 5000,
      signal: options.signal,
    };
    let technologies: Set<string> | undefined;
    let products: Set<string> | undefined;
    const productsOf = () => (products ??= portTechnologies(p, true));
    for (const t of templates) {
      if (t.interactsh && !options.oob) continue;
      if (!applies(t, p, options) || redundantDetection(t, productsOf, options.namedTests)) continue;
      if (needsTechnologies(t, options.namedTests)) {
        technologies ??= await technologiesOf(p, target);
        if (!matchesTechnologies(t, technologies)) continue;
      }
      jobs.push({ t, target });
    }
  }
  const findings: (Finding | null)[] = new Array(jobs.length).fill(null);
  const waiting: Promise<void>[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length && !options.signal?.aborted) {
      const i = next++;
      try {
        const r = await runOne(jobs[i].t, jobs[i].target, options.oob);
        if (r && 'later' in r) waiting.push(r.later.then((f) => void (findings[i] = f)));
        else findings[i] = r;
      } catch (e) {
        if (!options.signal?.aborted) options.onError?.(jobs[i].t, jobs[i].target.port, e as Error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 8, jobs.length)) }, worker));
  await Promise.all(waiting);
  if (options.signal?.aborted) throw options.signal.reason instanceof Error ? options.signal.reason : new Error('aborted');
  return findings.filter((f): f is Finding => f !== null);
}
