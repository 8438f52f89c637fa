// Test data of the scan credential screens, checked against core's schemas so a changed contract fails here first:
// a Linux, Windows and Kubernetes credential, a test result, a host's authentication state and an installed package.
import {
  MASKED,
  credentialTestResult,
  hostAuthentication,
  hostPackage,
  kubernetesCredential,
  linuxCredential,
  windowsCredential,
  type CredentialTestResult,
  type HostAuthentication,
  type HostPackage,
  type KubernetesCredential,
  type LinuxCredential,
  type WindowsCredential,
} from '@bulwark/core';

const owner = { id: 1, first_name: 'Ada', last_name: 'Lovelace' };
const times = { created: '2026-11-19T10:00:00.000Z', modified: '2026-11-20T10:00:00.000Z' };

export function aLinuxCredential(o: Partial<LinuxCredential> = {}): LinuxCredential {
  return linuxCredential.parse({
    id: 4,
    name: 'Debian servers',
    method: 'credentials',
    port: 22,
    username: 'scanner',
    passwd: MASKED,
    use_dsskey: false,
    priv_key: null,
    priv_key_passwd: null,
    privilege_escalation: 'sudo',
    escalation_passwd: null,
    system_name: '',
    account_name: '',
    user: owner,
    ...times,
    ...o,
  });
}

export function aWindowsCredential(o: Partial<WindowsCredential> = {}): WindowsCredential {
  return windowsCredential.parse({
    id: 6,
    name: 'Domain scanner',
    method: 'credentials',
    username: 'svc-scan',
    passwd: MASKED,
    domain: 'CORP',
    ntlm_v2_only: true,
    system_name: '',
    account_name: '',
    user: owner,
    ...times,
    ...o,
  });
}

export function aKubernetesCredential(o: Partial<KubernetesCredential> = {}): KubernetesCredential {
  return kubernetesCredential.parse({
    id: 8,
    name: 'Production cluster',
    method: 'token',
    url: 'https://k8s.example.com:6443',
    token: MASKED,
    user: owner,
    ...times,
    ...o,
  });
}

export function aTestResult(o: Partial<CredentialTestResult> = {}): CredentialTestResult {
  return credentialTestResult.parse({
    target: '10.0.0.5',
    port: 22,
    health: 'insufficient_privilege',
    connected: true,
    authenticated: true,
    privileged: false,
    os: 'Debian GNU/Linux 12 (bookworm)',
    steps: [
      { step: 'connect', ok: true, message: 'Connected to 10.0.0.5:22.' },
      { step: 'host_key', ok: true, message: 'The host key matches the pinned one.' },
      { step: 'authenticate', ok: true, message: 'Logged in as scanner with the password.' },
      { step: 'privilege', ok: false, message: 'sudo asked for a password that was refused.' },
    ],
    ...o,
  });
}

export function aHostAuthentication(o: Partial<HostAuthentication> = {}): HostAuthentication {
  return hostAuthentication.parse({
    health: 'ok',
    message: 'Logged in as scanner and listed 1,204 packages.',
    checked_at: '2026-11-20T10:05:00.000Z',
    run_id: 42,
    credential: { id: 4, name: 'Debian servers', kind: 'linux' },
    os_name: 'Debian GNU/Linux 12 (bookworm)',
    os_id: 'debian',
    os_version: '12',
    os_codename: 'bookworm',
    kernel_running: '6.1.0-18-amd64',
    kernel_latest: '6.1.0-18-amd64',
    reboot_required: false,
    end_of_life: null,
    package_count: 1204,
    host_key_pinned: 'ssh-ed25519 SHA256:pinnedPinnedPinnedPinnedPinnedPinned00000',
    host_key_seen: 'ssh-ed25519 SHA256:pinnedPinnedPinnedPinnedPinnedPinned00000',
    host_key_changed_at: null,
    listening: [],
    ...o,
  });
}

export function aPackage(o: Partial<HostPackage> = {}): HostPackage {
  return hostPackage.parse({
    name: 'openssh-server',
    arch: 'amd64',
    version: '1:9.2p1-2+deb12u2',
    source: 'openssh',
    source_version: '1:9.2p1-2+deb12u2',
    manager: 'dpkg',
    first_seen: '2026-11-19T10:00:00.000Z',
    last_seen: '2026-11-20T10:00:00.000Z',
    vulnerabilities: 2,
    ...o,
  });
}
