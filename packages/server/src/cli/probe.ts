// `bulwark probe`: runs this machine as a remote probe of a Bulwark server until SIGTERM/SIGINT, then hands its tasks back.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ProbeAgentError, RemoteProbe } from '@bulwark/scanner';
import { CliError } from './errors.ts';

export interface ProbeCommandOptions {
  server: string;
  token?: string;
  state?: string;
  heartbeatSeconds: number;
  tasks: number;
  insecure: boolean;
}

/** Where the probe keeps its id and secret: --state, else the data dir when BULWARK_DATA_DIR is set, else the home dir. */
export function defaultStatePath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.BULWARK_DATA_DIR) return path.resolve(env.BULWARK_DATA_DIR, 'probe-state.json');
  return path.join(os.homedir(), '.bulwark-probe.json');
}

/** This package's version, reported to the server with each heartbeat. */
function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return pkg.version ?? '';
}

export async function runProbe(o: ProbeCommandOptions): Promise<void> {
  let url: URL;
  try {
    url = new URL(o.server);
  } catch {
    throw new CliError(`--server must be a URL such as https://bulwark.example.com (got ${o.server}).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError('--server must start with http:// or https://.');
  const probe = new RemoteProbe({
    server: url.origin + url.pathname.replace(/\/+$/, ''),
    token: o.token,
    statePath: o.state ? path.resolve(o.state) : defaultStatePath(),
    heartbeatSeconds: o.heartbeatSeconds,
    tasks: o.tasks,
    insecure: o.insecure,
    hostname: os.hostname(),
    version: version(),
  });
  let stopping: Promise<void> | null = null;
  // The signals are taken before the probe starts: one that came between "is online" and the end of the start killed the
  // process without handing its tasks back (seen in a test that stops the probe as soon as it says it is online). A stop
  // during the start waits for it.
  const started = probe.start();
  const stop = (signal: string) => {
    process.stdout.write(`${new Date().toISOString()} ${signal}: pausing running tasks and handing them back…\n`);
    stopping ??= started
      .catch(() => undefined)
      .then(() => probe.stop())
      .then(() => process.exit(0));
  };
  probe.onFatal = () => {
    stopping ??= probe.stop().then(() => process.exit(3));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  try {
    await started;
  } catch (err) {
    if (err instanceof ProbeAgentError) throw new CliError(err.message);
    throw err;
  }
}
