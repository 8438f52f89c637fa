// A real Bulwark server for the benchmarks: `bulwark serve` as its own process on a fresh embedded database, a
// cookie-keeping API client that signs in as the web app does, and peak-RSS sampling of a process and its children.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { ADMIN_URL, adminQuery, type Backend } from './bench-db.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BULWARK = path.join(root, 'packages/server/bin/bulwark.js');

export const ADMIN_EMAIL = 'bench@example.com';
export const ADMIN_PASSWORD = 'Correct-Horse-Battery-42';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** An API reply: status, parsed body and how long the call took. */
export interface Reply<T> {
  status: number;
  body: T;
  ms: number;
}

/** Keeps the session and CSRF cookies and echoes the CSRF token, like the web app's client. */
export class ApiClient {
  private readonly jar = new Map<string, string>();

  constructor(readonly base: string) {}

  async call<T>(method: string, url: string, body?: unknown): Promise<Reply<T>> {
    const headers: Record<string, string> = {};
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.jar.has('csrftoken')) headers['x-csrftoken'] = this.jar.get('csrftoken')!;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    const res = await fetch(`${this.base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    const ms = performance.now() - started;
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      this.jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, ms };
  }

  get<T>(url: string): Promise<Reply<T>> {
    return this.call<T>('GET', url);
  }

  post<T>(url: string, body: unknown = {}): Promise<Reply<T>> {
    return this.call<T>('POST', url, body);
  }

  async login(email: string, password: string): Promise<void> {
    await this.get('/api/check-authentication/');
    const res = await this.post('/api/auth/login/', { username: email, password });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** Resident memory of a process in MB (0 once it is gone). */
export function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The direct children of a process. */
export function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** Samples the peak RSS of a process and, separately, of its children, every 200 ms until stopped. */
export class RssSampler {
  peak = 0;
  childPeak = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pid: number) {
    this.timer = setInterval(() => this.sample(), 200);
  }

  sample(): void {
    this.peak = Math.max(this.peak, rssMb(this.pid));
    this.childPeak = Math.max(this.childPeak, ...childPids(this.pid).map(rssMb), 0);
  }

  stop(): void {
    clearInterval(this.timer);
    this.sample();
  }
}

/** A child process whose output is kept and can be waited on. */
export class Proc {
  readonly child: ChildProcess;
  output = '';

  constructor(args: string[], env: Record<string, string>) {
    this.child = spawn(process.execPath, [BULWARK, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout?.on('data', (d: Buffer) => (this.output += d.toString()));
    this.child.stderr?.on('data', (d: Buffer) => (this.output += d.toString()));
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  async waitFor(pattern: RegExp, ms = 60_000): Promise<void> {
    const until = Date.now() + ms;
    while (!pattern.test(this.output)) {
      if (Date.now() > until || this.child.exitCode !== null) throw new Error(`did not see ${pattern}; output:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill(signal);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * `bulwark serve` on a fresh data directory (embedded PGlite), or with `postgres` on a fresh database of the local
 * PostgreSQL server (dropped at the end), with the bench's administrator; signed in.
 */
export async function startServer(
  env: Record<string, string> = {},
  backend: Backend = 'pglite',
): Promise<{ proc: Proc; api: ApiClient; base: string; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bulwark-bench-'));
  const port = await freePort();
  const database = `bulwark_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (backend === 'postgres') {
    await adminQuery(`CREATE DATABASE ${database}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${database}`;
    env = { ...env, DATABASE_URL: url.toString() };
  }
  const proc = new Proc(['serve'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    BULWARK_PHISHING_PORT: '0',
    BULWARK_DATA_DIR: dir,
    BULWARK_ADMIN_EMAIL: ADMIN_EMAIL,
    BULWARK_ADMIN_PASSWORD: ADMIN_PASSWORD,
    BULWARK_LOG_LEVEL: 'warn',
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  const api = new ApiClient(base);
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await api.get('/api/check-authentication/')).status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until || proc.child.exitCode !== null) throw new Error(`the server did not start:\n${proc.output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  return {
    proc,
    api,
    base,
    async close() {
      await proc.stop();
      rmSync(dir, { recursive: true, force: true });
      if (backend === 'postgres') await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}
