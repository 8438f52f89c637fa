// Running the real `bulwark` command in tests: a clean environment, a free port, a command run to its end, and a
// fetch-based client that keeps cookies and echoes the CSRF cookie, as a browser running the web app would.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const BIN = 'packages/server/bin/bulwark.js';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment of this process without any Bulwark setting, so only what a test sets applies. */
export function cleanEnv(): Record<string, string> {
  return {
    ...Object.fromEntries(
      Object.entries(process.env).filter(
        (e): e is [string, string] => e[1] !== undefined && !/^(BULWARK_|DATABASE_URL$|PORT$|HOST$|SMTP_URL$)/.test(e[0]),
      ),
    ),
    // No test reaches the real feed providers.
    BULWARK_FEEDS_SYNC: 'off',
  };
}

export function run(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

/** A `bulwark` process left running (serve, worker): its output so far, and how it ended. */
export interface Running {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

export function start(args: string[], env: Record<string, string>): Running {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/** A fetch-based client that keeps cookies and echoes the CSRF cookie, as a browser running the web app would. */
export class HttpClient {
  readonly jar = new Map<string, string>();
  constructor(private readonly base: string) {}

  async call(
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown>; setCookies: string[] }> {
    const headers: Record<string, string> = {};
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.jar.has('csrftoken')) headers['x-csrftoken'] = this.jar.get('csrftoken')!;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const setCookies = res.headers.getSetCookie();
    for (const c of setCookies) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (value) this.jar.set(name, value);
      else this.jar.delete(name);
    }
    const text = await res.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { text };
    }
    return { status: res.status, body: parsed, setCookies };
  }
  get(url: string) {
    return this.call('GET', url);
  }
  post(url: string, body: unknown = {}) {
    return this.call('POST', url, body);
  }
}
