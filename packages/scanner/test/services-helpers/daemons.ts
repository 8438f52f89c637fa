// Starts real Debian daemons on loopback for service-identification tests and bench/service-agreement.ts: config in a temp dir, stopped on demand.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DaemonSpec } from './daemon-configs.ts';

export { DAEMONS, type DaemonSpec } from './daemon-configs.ts';

export interface RunningDaemon {
  spec: DaemonSpec;
  host: string;
  /** Port per listener label, e.g. {http: 8080, https: 8443}. */
  ports: Record<string, number>;
  stop(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

/** Why the daemon cannot run here (binary missing, needs root), or undefined when it can. */
export function unavailable(spec: DaemonSpec): string | undefined {
  try {
    accessSync(spec.binary, constants.X_OK);
  } catch {
    return `${spec.binary} not found (Debian package ${spec.pkg})`;
  }
  if (spec.root && !isRoot()) return `${spec.id} needs root here`;
  return undefined;
}

/** Upstream version of the Debian package that owns `binary` (epoch and Debian revision dropped), e.g. 9.2p1 for openssh-server. */
export function packagedVersion(binary: string): string {
  const pkg = execFileSync('dpkg', ['-S', binary], { encoding: 'utf8' }).split(':')[0];
  const full = execFileSync('dpkg-query', ['-W', '-f', '${Version}', pkg], { encoding: 'utf8' });
  return /^(?:\d+:)?([^-]+)/.exec(full)![1];
}

/** A port nobody listens on at host right now (bind to 0, close). */
export function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, host, () => {
      const addr = s.address();
      s.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
    s.setTimeout(500, () => done(false));
  });
}

async function waitForPort(host: string, port: number, child: ChildProcess | undefined, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (await accepts(host, port)) return;
    if (child && child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not listening on ${host}:${port} after 15 s: ${log()}`);
}

async function waitForOutput(ready: RegExp, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!ready.test(log())) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${log()}`);
    if (Date.now() > deadline) throw new Error(`not ready after 15 s: ${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** inetd-style: a Node listener that hands each accepted socket to a fresh `binary` as its stdin and stdout. */
async function startInetd(spec: DaemonSpec, host: string, port: number): Promise<() => Promise<void>> {
  const children = new Set<ChildProcess>();
  const server = net.createServer({ pauseOnConnect: true }, (sock) => {
    sock.on('error', () => {});
    const child = spawn(spec.binary, [], { stdio: [sock, sock, 'ignore'] });
    children.add(child);
    child.on('error', () => sock.destroy());
    child.on('exit', () => {
      children.delete(child);
      sock.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, () => resolve()));
  return async () => {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all([...children].map(exited));
    await new Promise<void>((r) => server.close(() => r()));
  };
}

/**
 * Starts a daemon on `host` (forced to 127.0.0.1 for daemons that only bind interface addresses) with the given
 * ports, or free ones. Rejects when it does not listen within 15 s; `stop()` ends it and removes its directory.
 */
export async function startDaemon(spec: DaemonSpec, host: string, ports?: readonly number[]): Promise<RunningDaemon> {
  const why = unavailable(spec);
  if (why) throw new Error(why);
  const bind = spec.host ?? host;
  const chosen: Record<string, number> = {};
  for (const [i, label] of spec.listeners.entries()) chosen[label] = ports?.[i] ?? (await freePort(bind));
  const list = spec.listeners.map((l) => chosen[l]);
  const dir = mkdtempSync(join(tmpdir(), `bulwark-${spec.id}-`));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  if (spec.inetd) {
    const stopInetd = await startInetd(spec, bind, list[0]);
    return { spec, host: bind, ports: chosen, stop: async () => (await stopInetd(), cleanup()) };
  }
  const { args, files = {}, env = {} } = spec.config?.({ dir, host: bind, ports: list, root: isRoot() }) ?? { args: [] };
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content, { mode: 0o600 });
  const child = spawn(spec.binary, args, { cwd: dir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (b: Buffer) => (output = (output + b.toString('utf8')).slice(-2000));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  child.on('error', (e) => collect(Buffer.from(String(e))));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited(child);
    cleanup();
  };
  try {
    if (spec.udpOnly) await waitForOutput(spec.ready ?? /./, child, () => output);
    else for (const port of list) await waitForPort(bind, port, child, () => output);
  } catch (e) {
    await stop();
    throw new Error(`${spec.id}: ${(e as Error).message}`);
  }
  return { spec, host: bind, ports: chosen, stop };
}
