// The authenticated look at a Linux host against a real OpenSSH server on loopback that logs in to this machine:
// every login method, sudo with and without a password, su, the failures (wrong password, changed host key, closed
// port, refused escalation), and the package list compared with this machine's own dpkg-query.
import { execFileSync } from 'node:child_process';
import { release } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookAtLinuxHost, parseApk, parseOsRelease, parseRpm, parseSs, testLinuxLogin, type LinuxLogin } from '../src/auth/index.ts';
import { freePort } from './services-helpers/daemons.ts';
import { startSshTarget, sshTargetUnavailable, type SshTarget } from './services-helpers/ssh-target.ts';

const why = sshTargetUnavailable();
if (why) console.warn(`auth-linux: ${why}; the SSH tests are skipped`);

const login = (t: SshTarget, over: Partial<LinuxLogin>): LinuxLogin => ({
  id: 1,
  name: 'test',
  port: t.port,
  username: t.plain.username,
  escalation: 'none',
  ...over,
});

describe.skipIf(why !== undefined)('a Linux host over SSH', () => {
  let t: SshTarget;
  beforeAll(async () => {
    t = await startSshTarget('127.0.6.10', 'bwscan', { rootPassword: true });
  }, 30_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('logs in with a password and reads the system and the same packages dpkg-query lists here', async () => {
    const auth = await lookAtLinuxHost(t.host, [login(t, { password: t.plain.password })]);
    expect(auth?.health).toBe('ok');
    expect(auth?.privileged).toBe(false);
    expect(auth?.hostKey).toBe(t.hostKey);
    const local = parseOsRelease(execFileSync('cat', ['/etc/os-release'], { encoding: 'utf8' }))!;
    expect(auth?.os?.id).toBe(local.id);
    expect(auth?.os?.versionId).toBe(local.versionId);
    expect(auth?.kernel?.running).toBe(release());
    const installed = execFileSync('dpkg-query', ['-W', '-f', '${db:Status-Abbrev} ${Package}:${Architecture} ${Version}\n'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((l) => l.startsWith('ii'))
      .map((l) => l.slice(4).trim())
      .sort();
    const seen = (auth?.packages ?? []).map((p) => `${p.name}:${p.arch} ${p.version}`).sort();
    expect(seen).toEqual(installed);
    const ssh = auth?.packages?.find((p) => p.name === 'openssh-server');
    expect(ssh?.source).toBe('openssh');
    expect(auth?.listening?.some((s) => s.protocol === 'tcp' && s.port === t.port)).toBe(true);
  });

  it('logs in with a key and gets root through sudo without a password', async () => {
    const auth = await lookAtLinuxHost(t.host, [
      login(t, { username: t.nopasswd.username, privateKey: t.nopasswd.privateKey, escalation: 'sudo' }),
    ]);
    expect(auth?.health).toBe('ok');
    expect(auth?.privileged).toBe(true);
    // Privileged, ss names the processes: the sshd serving this very login among them.
    expect(auth?.listening?.find((s) => s.port === t.port)?.process).toBe('sshd');
  });

  it('logs in with a key under a passphrase and gets root through sudo with the account password', async () => {
    const result = await testLinuxLogin(
      t.host,
      login(t, {
        username: t.sudoer.username,
        privateKey: t.sudoer.privateKey,
        passphrase: t.sudoer.passphrase,
        password: t.sudoer.password,
        escalation: 'sudo',
      }),
    );
    expect(result).toMatchObject({ health: 'ok', connected: true, authenticated: true, privileged: true });
    expect(result.os).toMatch(/Linux/);
    expect(result.steps.map((s) => s.step)).toEqual(['connect', 'host_key', 'authenticate', 'privilege', 'system']);
  });

  it('gets root through su with the root password', async () => {
    const auth = await lookAtLinuxHost(t.host, [
      login(t, { password: t.plain.password, escalation: 'su', escalationPassword: t.rootPassword }),
    ]);
    expect(auth).toMatchObject({ health: 'ok', privileged: true });
  });

  it('says when escalation is refused, and still reads the packages', async () => {
    const sudo = await lookAtLinuxHost(t.host, [login(t, { password: t.plain.password, escalation: 'sudo' })]);
    expect(sudo).toMatchObject({ health: 'insufficient_privilege', privileged: false });
    expect(sudo?.packages?.length).toBeGreaterThan(100);
    const su = await testLinuxLogin(
      t.host,
      login(t, { password: t.plain.password, escalation: 'su', escalationPassword: 'wrong-password' }),
    );
    expect(su).toMatchObject({ health: 'insufficient_privilege', authenticated: true, privileged: false });
    expect(su.steps.find((s) => s.step === 'privilege')?.ok).toBe(false);
  });

  it('reports a wrong password as authentication failed, and tries the next credential', async () => {
    const bad = login(t, { id: 7, password: 'not-the-password' });
    const one = await testLinuxLogin(t.host, bad);
    expect(one).toMatchObject({ health: 'auth_failed', connected: true, authenticated: false });
    expect(one.steps.find((s) => s.step === 'authenticate')?.message).toMatch(new RegExp(`Authentication as ${t.plain.username} failed`));
    const two = await lookAtLinuxHost(t.host, [bad, login(t, { id: 8, password: t.plain.password })]);
    expect(two).toMatchObject({ health: 'ok', credentialId: 8 });
    const none = await lookAtLinuxHost(t.host, [bad]);
    expect(none).toMatchObject({ health: 'auth_failed', credentialId: 7 });
  });

  it('refuses to log in when the host key is not the pinned one', async () => {
    const pinned = 'ssh-ed25519 SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const auth = await lookAtLinuxHost(t.host, [login(t, { password: t.plain.password })], { pinnedHostKey: pinned });
    expect(auth).toMatchObject({ health: 'host_key_changed', hostKey: t.hostKey });
    expect(auth?.packages).toBeUndefined();
    const same = await lookAtLinuxHost(t.host, [login(t, { password: t.plain.password })], { pinnedHostKey: t.hostKey });
    expect(same?.health).toBe('ok');
  });

  it('reports a closed port as connection failed', async () => {
    const port = await freePort(t.host);
    const result = await testLinuxLogin(t.host, login(t, { port, password: t.plain.password }));
    expect(result).toMatchObject({ health: 'connection_failed', connected: false, authenticated: false });
  });

  it('reports a key that cannot be read', async () => {
    const result = await testLinuxLogin(
      t.host,
      login(t, { username: t.sudoer.username, privateKey: t.sudoer.privateKey, passphrase: 'wrong' }),
    );
    expect(result).toMatchObject({ health: 'auth_failed', authenticated: false });
  });
});

describe('parsing what Linux hosts print', () => {
  it('reads os-release with quotes and escapes', () => {
    expect(
      parseOsRelease(
        'NAME="Ubuntu"\nVERSION_ID="22.04"\nID=ubuntu\nID_LIKE=debian\nPRETTY_NAME="Ubuntu 22.04.4 LTS"\nUBUNTU_CODENAME=jammy\n',
      ),
    ).toEqual({
      id: 'ubuntu',
      versionId: '22.04',
      codename: 'jammy',
      prettyName: 'Ubuntu 22.04.4 LTS',
      like: ['debian'],
    });
    expect(parseOsRelease('garbage')).toBeNull();
  });

  it('reads rpm -qa with epochs and source RPMs', () => {
    const rows = parseRpm(
      'openssl-libs\tx86_64\t1:3.0.7-27.el9\topenssl-3.0.7-27.el9.src.rpm\nbash\tx86_64\t0:5.1.8-9.el9\tbash-5.1.8-9.el9.src.rpm\ngpg-pubkey\t(none)\t0:1-2\t(none)\n',
    );
    expect(rows).toEqual([
      {
        manager: 'rpm',
        name: 'openssl-libs',
        arch: 'x86_64',
        version: '1:3.0.7-27.el9',
        source: 'openssl',
        sourceVersion: '1:3.0.7-27.el9',
      },
      { manager: 'rpm', name: 'bash', arch: 'x86_64', version: '5.1.8-9.el9', source: 'bash', sourceVersion: '5.1.8-9.el9' },
    ]);
  });

  it('reads apk list --installed', () => {
    expect(
      parseApk(
        'musl-1.2.4_git20230717-r4 x86_64 {musl} (MIT) [installed]\nlibcrypto3-3.1.4-r5 x86_64 {openssl} (Apache-2.0) [installed]\n',
      ),
    ).toEqual([
      {
        manager: 'apk',
        name: 'musl',
        arch: 'x86_64',
        version: '1.2.4_git20230717-r4',
        source: 'musl',
        sourceVersion: '1.2.4_git20230717-r4',
      },
      { manager: 'apk', name: 'libcrypto3', arch: 'x86_64', version: '3.1.4-r5', source: 'openssl', sourceVersion: '3.1.4-r5' },
    ]);
  });

  it('reads ss with and without processes, IPv6 included', () => {
    const rows = parseSs(
      'tcp   LISTEN 0      128        0.0.0.0:22        0.0.0.0:*    users:(("sshd",pid=1,fd=3))\ntcp   LISTEN 0      128           [::]:22           [::]:*\nudp   UNCONN 0      0        127.0.0.1:323       0.0.0.0:*\n',
    );
    expect(rows).toEqual([
      { protocol: 'tcp', address: '0.0.0.0', port: 22, process: 'sshd' },
      { protocol: 'tcp', address: '::', port: 22, process: null },
      { protocol: 'udp', address: '127.0.0.1', port: 323, process: null },
    ]);
  });
});
