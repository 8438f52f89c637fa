// A real Samba server (Debian's smbd) on a loopback address and port 445, standalone, with one local account in its
// own password database, NTLMv2 only and no guest mapping: the target Windows credentials are checked against.
// Needs root and Debian's samba package.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmbTarget {
  host: string;
  port: number;
  workgroup: string;
  user: { username: string; password: string };
  stop(): Promise<void>;
}

export function smbTargetUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return 'the Samba target needs root (port 445, a local account)';
  for (const bin of ['/usr/sbin/smbd', '/usr/bin/smbpasswd', '/usr/sbin/useradd'])
    try {
      accessSync(bin, constants.X_OK);
    } catch {
      return `${bin} is missing (Debian package samba)`;
    }
  return undefined;
}

const listening = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect({ host, port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

/** Starts smbd on `host`:445; `prefix` keeps the account apart from other test files' (at most 8 characters). */
export async function startSmbTarget(host: string, prefix: string): Promise<SmbTarget> {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-smb-'));
  for (const d of ['private', 'lock', 'state', 'cache', 'pid', 'ncalrpc', 'share']) mkdirSync(join(dir, d), { recursive: true });
  const workgroup = 'BULWARKTEST';
  const user = { username: `${prefix}-win`, password: `Bw-${randomBytes(9).toString('base64url')}` };
  const conf = join(dir, 'smb.conf');
  writeFileSync(
    conf,
    [
      '[global]',
      `workgroup = ${workgroup}`,
      'netbios name = BWSMBTEST',
      'server role = standalone server',
      `interfaces = ${host}/8`,
      'bind interfaces only = yes',
      'smb ports = 445',
      ...['private dir', 'lock directory', 'state directory', 'cache directory', 'pid directory', 'ncalrpc dir'].map(
        (k, i) => `${k} = ${join(dir, ['private', 'lock', 'state', 'cache', 'pid', 'ncalrpc'][i]!)}`,
      ),
      `log file = ${join(dir, 'log.%m')}`,
      `passdb backend = tdbsam:${join(dir, 'private', 'passdb.tdb')}`,
      'map to guest = never',
      'ntlm auth = ntlmv2-only',
      'server min protocol = SMB2_02',
      'disable netbios = yes',
      'load printers = no',
      'printcap name = /dev/null',
      'disable spoolss = yes',
      '[share]',
      `path = ${join(dir, 'share')}`,
      'read only = yes',
      '',
    ].join('\n'),
  );
  spawnSync('userdel', [user.username], { stdio: 'ignore' });
  execFileSync('useradd', ['-M', '-s', '/usr/sbin/nologin', user.username]);
  execFileSync('smbpasswd', ['-c', conf, '-a', '-s', user.username], {
    input: `${user.password}\n${user.password}\n`,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  // Its own process group: smbd signals its whole group when it shuts down, which must not be the test's.
  const smbd: ChildProcess = spawn('/usr/sbin/smbd', ['--foreground', '--no-process-group', '-s', conf], {
    stdio: 'ignore',
    detached: true,
  });
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-smbd.pid!, sig);
    } catch {
      // already gone
    }
  };
  const cleanup = () => {
    spawnSync('userdel', [user.username], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  const until = Date.now() + 20_000;
  while (!(await listening(host, 445))) {
    if (smbd.exitCode !== null || Date.now() > until) {
      signal('SIGKILL');
      cleanup();
      throw new Error(`smbd did not start on ${host}:445`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    host,
    port: 445,
    workgroup,
    user,
    async stop() {
      const exited = new Promise((r) => smbd.once('exit', r));
      signal('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      signal('SIGKILL');
      cleanup();
    },
  };
}
