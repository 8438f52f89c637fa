// A real OpenSSH server on a loopback address that logs in to this very machine, with test users for every way a scan
// credential logs in: password, key, key with passphrase, sudo without and with a password, and su (the root password
// is set for the test and put back afterwards). Needs root and Debian's openssh-server and sudo.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DAEMONS, startDaemon, type RunningDaemon } from './daemons.ts';

export interface SshTarget {
  host: string;
  port: number;
  /** Logs in with a password only; no sudo. */
  plain: { username: string; password: string };
  /** sudo without a password; logs in with an unencrypted key (or its password). */
  nopasswd: { username: string; password: string; privateKey: string };
  /** sudo asks for the account's password; logs in with a key under a passphrase (or its password). */
  sudoer: { username: string; password: string; privateKey: string; passphrase: string };
  /** The root password su asks for (set for the test when asked for; '' otherwise). */
  rootPassword: string;
  /** The server's host key as SshSession reports it ("ssh-ed25519 SHA256:…"). */
  hostKey: string;
  stop(): Promise<void>;
}

/** Why the target cannot run here, or undefined. */
export function sshTargetUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return 'the SSH target needs root (users, sudoers, the root password)';
  for (const bin of ['/usr/sbin/sshd', '/usr/bin/sudo', '/usr/sbin/useradd', '/usr/sbin/chpasswd'])
    try {
      accessSync(bin, constants.X_OK);
    } catch {
      return `${bin} is missing (Debian packages openssh-server, sudo, passwd)`;
    }
  return undefined;
}

const password = () => `Bw-${randomBytes(9).toString('base64url')}`;

function addUser(name: string, pass: string, authorizedKeys: string[]): void {
  spawnSync('userdel', ['-r', name], { stdio: 'ignore' });
  execFileSync('useradd', ['-m', '-s', '/bin/sh', name]);
  execFileSync('chpasswd', [], { input: `${name}:${pass}\n` });
  const home = `/home/${name}`;
  mkdirSync(join(home, '.ssh'), { recursive: true, mode: 0o700 });
  writeFileSync(join(home, '.ssh', 'authorized_keys'), authorizedKeys.join('\n') + '\n', { mode: 0o600 });
  execFileSync('chown', ['-R', `${name}:${name}`, join(home, '.ssh')]);
}

function keyPair(dir: string, name: string, passphrase = ''): { privateKey: string; publicKey: string } {
  const file = join(dir, name);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', passphrase, '-C', name, '-f', file]);
  return { privateKey: readFileSync(file, 'utf8'), publicKey: readFileSync(`${file}.pub`, 'utf8').trim() };
}

/** The root entry of /etc/shadow's password field, to put back afterwards. */
const rootHash = (): string =>
  readFileSync('/etc/shadow', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('root:'))
    ?.split(':')[1] ?? '*';

/**
 * Starts the target on `host`. `prefix` keeps users of test files running at the same time apart (at most 8
 * characters: user names stay under 32). Only one test file may ask for `rootPassword` (it changes the machine's root
 * password until the target stops; two files doing it at once would put back each other's).
 */
export async function startSshTarget(host: string, prefix: string, options: { rootPassword?: boolean } = {}): Promise<SshTarget> {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-sshkeys-'));
  chmodSync(dir, 0o700);
  const plain = { username: `${prefix}-plain`, password: password() };
  const nopwKey = keyPair(dir, 'nopasswd');
  const nopasswd = { username: `${prefix}-nopw`, password: password(), privateKey: nopwKey.privateKey };
  const passphrase = password();
  const sudoKey = keyPair(dir, 'sudoer', passphrase);
  const sudoer = { username: `${prefix}-sudo`, password: password(), privateKey: sudoKey.privateKey, passphrase };
  addUser(plain.username, plain.password, []);
  addUser(nopasswd.username, nopasswd.password, [nopwKey.publicKey]);
  addUser(sudoer.username, sudoer.password, [sudoKey.publicKey]);
  const sudoers = `/etc/sudoers.d/bulwark-test-${prefix}`;
  writeFileSync(sudoers, `${nopasswd.username} ALL=(ALL) NOPASSWD: ALL\n${sudoer.username} ALL=(ALL) ALL\n`, { mode: 0o440 });
  const savedRoot = options.rootPassword ? rootHash() : null;
  const rootPassword = options.rootPassword ? password() : '';
  if (options.rootPassword) execFileSync('chpasswd', [], { input: `root:${rootPassword}\n` });

  const spec = {
    ...DAEMONS.openssh,
    config({ dir: d, host: h, ports }: { dir: string; host: string; ports: number[] }) {
      mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
      execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(d, 'host_ed25519')]);
      const lines = [
        `HostKey ${d}/host_ed25519`,
        `PidFile ${d}/sshd.pid`,
        'UsePAM no',
        'PasswordAuthentication yes',
        'KbdInteractiveAuthentication no',
        'PubkeyAuthentication yes',
        'PermitRootLogin no',
        `AllowUsers ${plain.username} ${nopasswd.username} ${sudoer.username}`,
      ];
      return {
        args: ['-D', '-e', '-f', join(d, 'sshd_config'), '-p', String(ports[0]), '-o', `ListenAddress=${h}`],
        files: { sshd_config: lines.join('\n') + '\n' },
      };
    },
  };
  let daemon: RunningDaemon;
  try {
    daemon = await startDaemon(spec, host);
  } catch (e) {
    cleanup();
    throw e;
  }
  function cleanup(): void {
    for (const u of [plain.username, nopasswd.username, sudoer.username]) spawnSync('userdel', ['-r', u], { stdio: 'ignore' });
    rmSync(sudoers, { force: true });
    if (savedRoot !== null) execFileSync('usermod', ['-p', savedRoot, 'root']);
    rmSync(dir, { recursive: true, force: true });
  }
  const port = daemon.ports.ssh!;
  const keyscan = execFileSync('ssh-keyscan', ['-t', 'ed25519', '-p', String(port), host], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const blob = Buffer.from(keyscan.trim().split(/\s+/)[2] ?? '', 'base64');
  const { hostKeyFingerprint } = await import('../../src/auth/ssh-session.ts');
  return {
    host,
    port,
    plain,
    nopasswd,
    sudoer,
    rootPassword,
    hostKey: hostKeyFingerprint(blob),
    stop: async () => {
      await daemon.stop();
      cleanup();
    },
  };
}
