// The authenticated look at a Linux host over SSH: log in with the first credential that works, escalate when the
// credential says how, and read the system (os-release, kernel), the installed packages (dpkg, rpm or apk) and the
// listening sockets. The test action walks the same steps and says which worked.
import type { CredentialTestResult } from '@bulwark/core';
import { DPKG_FORMAT, parseApk, parseDpkg, parseOsRelease, parseRpm, parseSs, RPM_FORMAT } from './linux-parse.ts';
import { SshLoginError, SshSession } from './ssh-session.ts';
import type { HostAuth, InstalledPackage, LinuxLogin } from './types.ts';

export interface LookOptions {
  /** Host keys pinned per address. */
  pinnedHostKey?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** More work in the logged-in session before it closes (a policy scan evaluates its policy here). */
  withSession?: (session: SshSession, auth: HostAuth) => Promise<void>;
}

type Step = CredentialTestResult['steps'][number];

interface Walk {
  steps: Step[];
  auth: HostAuth;
}

/** Logs in with one credential and reads what it can; never throws. */
async function walk(host: string, login: LinuxLogin, options: LookOptions, inventory: boolean): Promise<Walk> {
  const steps: Step[] = [];
  const auth: HostAuth = { credentialId: login.id, credentialName: login.name, health: 'ok', message: '', privileged: false };
  let session: SshSession;
  try {
    session = await SshSession.open(host, login, options);
    steps.push({ step: 'connect', ok: true, message: `Connected to ${host}:${login.port}.` });
    steps.push({
      step: 'host_key',
      ok: true,
      message: `Host key ${session.hostKey}${options.pinnedHostKey ? ' matches the pinned key' : ''}.`,
    });
    steps.push({ step: 'authenticate', ok: true, message: `Logged in as ${login.username}.` });
    auth.hostKey = session.hostKey;
  } catch (err) {
    const e = err instanceof SshLoginError ? err : new SshLoginError('connect', String(err));
    auth.hostKey = e.hostKey;
    auth.message = e.message;
    if (e.stage === 'connect') {
      auth.health = 'connection_failed';
      steps.push({ step: 'connect', ok: false, message: e.message });
    } else {
      steps.push({ step: 'connect', ok: true, message: `Connected to ${host}:${login.port}.` });
      if (e.stage === 'host_key') {
        auth.health = 'host_key_changed';
        steps.push({ step: 'host_key', ok: false, message: `${e.message} The credential was not sent.` });
      } else {
        auth.health = 'auth_failed';
        if (e.hostKey) steps.push({ step: 'host_key', ok: true, message: `Host key ${e.hostKey}.` });
        steps.push({ step: 'authenticate', ok: false, message: e.message });
      }
    }
    return { steps, auth };
  }
  try {
    // Privilege: uid 0 as logged in, or through the credential's escalation.
    const uid = (await session.run('id -u')).stdout.trim();
    if (uid === '0') {
      auth.privileged = true;
      steps.push({ step: 'privilege', ok: true, message: 'Logged in as root.' });
    } else if (login.escalation !== 'none') {
      const r = await session.runPrivileged('id -u');
      auth.privileged = r.code === 0 && r.stdout.trim().split('\n').pop()?.trim() === '0';
      const how = login.escalation === 'sudo' ? 'sudo' : 'su';
      steps.push({
        step: 'privilege',
        ok: auth.privileged,
        message: auth.privileged
          ? `Root privileges through ${how}.`
          : `${how} did not give root privileges: ${firstLine(r.stderr || r.stdout) || 'refused'}.`,
      });
      if (!auth.privileged) {
        auth.health = 'insufficient_privilege';
        auth.message = `Logged in as ${login.username}, but ${how} did not give root privileges.`;
      }
    } else {
      steps.push({
        step: 'privilege',
        ok: true,
        message: `Running as ${login.username} without privilege escalation (enough for the package list).`,
      });
    }

    const uname = (await session.run('uname -s -r -m')).stdout.trim().split(/\s+/);
    if (uname[0] !== 'Linux') {
      auth.health = 'unsupported';
      auth.message = `Not a Linux system (uname says ${uname[0] || 'nothing'}).`;
      steps.push({ step: 'system', ok: false, message: auth.message });
      return { steps, auth };
    }
    auth.kernel = { running: uname[1] ?? '', arch: uname[2] ?? '' };
    const os = parseOsRelease((await session.run('cat /etc/os-release 2>/dev/null || cat /usr/lib/os-release')).stdout);
    if (os) auth.os = os;
    const managers = (await session.run('command -v dpkg-query rpm apk')).stdout;
    let packages: InstalledPackage[] | null = null;
    // Read by the test action too: the package count tells the user the look will work.
    if (/dpkg-query/.test(managers)) packages = parseDpkg((await session.run(`dpkg-query -W -f='${DPKG_FORMAT}'`)).stdout);
    else if (/\/rpm$/m.test(managers)) packages = parseRpm((await session.run(`rpm -qa --qf '${RPM_FORMAT}'`)).stdout);
    else if (/\/apk$/m.test(managers)) packages = parseApk((await session.run('apk list --installed 2>/dev/null')).stdout);
    if (!packages || packages.length === 0) {
      auth.health = 'unsupported';
      auth.message = `${os?.prettyName ?? 'This Linux system'} has no package list Bulwark reads (dpkg, rpm or apk).`;
      steps.push({ step: 'system', ok: false, message: auth.message });
      return { steps, auth };
    }
    steps.push({
      step: 'system',
      ok: true,
      message: `${os?.prettyName ?? 'Linux'}, kernel ${auth.kernel.running}, ${packages.length} packages (${packages[0]!.manager}).`,
    });
    if (inventory) {
      auth.packages = packages;
      const ss = auth.privileged ? await session.runPrivileged('ss -H -tulnp') : await session.run('ss -H -tuln');
      auth.listening = ss.code === 0 ? parseSs(ss.stdout) : [];
      if (options.withSession) await options.withSession(session, auth);
    }
    if (auth.health === 'ok') auth.message = `Logged in as ${login.username}${auth.privileged ? ' with root privileges' : ''}.`;
    return { steps, auth };
  } catch (err) {
    auth.health = 'connection_failed';
    auth.message = `The session ended early: ${err instanceof Error ? err.message : String(err)}`;
    return { steps, auth };
  } finally {
    session.close();
  }
}

const firstLine = (s: string) => s.trim().split('\n')[0]?.trim() ?? '';

/** Which failures another credential might get past (a wrong password is; an unreachable port or a changed key is not). */
const tryNext = (a: HostAuth) => a.health === 'auth_failed';

/**
 * The authenticated look with a profile's Linux credentials, in order: the first that logs in gives the result; when
 * none does, the last failure says why.
 */
export async function lookAtLinuxHost(host: string, logins: readonly LinuxLogin[], options: LookOptions = {}): Promise<HostAuth | null> {
  let last: HostAuth | null = null;
  for (const login of logins) {
    if (options.signal?.aborted) break;
    const { auth } = await walk(host, login, options, true);
    last = auth;
    if (!tryNext(auth)) break;
  }
  return last;
}

/** The test action: every step with what worked and what did not. */
export async function testLinuxLogin(host: string, login: LinuxLogin, options: LookOptions = {}): Promise<CredentialTestResult> {
  const { steps, auth } = await walk(host, login, options, false);
  const ok = (s: Step['step']) => steps.some((x) => x.step === s && x.ok);
  return {
    target: host,
    port: login.port,
    health: auth.health,
    connected: ok('connect'),
    authenticated: ok('authenticate'),
    privileged: auth.privileged,
    os: auth.os?.prettyName ?? null,
    steps,
  };
}
