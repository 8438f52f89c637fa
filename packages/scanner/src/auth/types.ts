// What an authenticated look at a host takes (a Linux login sent by the server for one task) and gives back (the
// credential's health on the host, its system, packages and listening sockets), as plain JSON between probe and server.
import type { CredentialHealth, PrivilegeEscalation } from '@bulwark/core';

export interface LinuxLogin {
  /** The credential's id on the server (reported back with the result). */
  id: number;
  name: string;
  port: number;
  username: string;
  password?: string;
  privateKey?: string;
  passphrase?: string;
  escalation: PrivilegeEscalation;
  /** su: the root password. */
  escalationPassword?: string;
}

export interface OsRelease {
  /** ID (debian, ubuntu, alpine, rocky, almalinux, rhel …). */
  id: string;
  /** VERSION_ID (12, 22.04, 3.19.1, 9.4 …). */
  versionId: string;
  /** VERSION_CODENAME (bookworm, jammy …), when given. */
  codename: string;
  prettyName: string;
  /** ID_LIKE, split. */
  like: string[];
}

export type PackageManager = 'dpkg' | 'rpm' | 'apk';

export interface InstalledPackage {
  manager: PackageManager;
  name: string;
  arch: string;
  version: string;
  /** The source package and its version (dpkg's source:Package / source:Version; rpm's SRPM name). */
  source: string;
  sourceVersion: string;
}

export interface ListeningSocket {
  protocol: 'tcp' | 'udp';
  address: string;
  port: number;
  process: string | null;
}

export interface HostAuth {
  credentialId: number;
  credentialName: string;
  health: CredentialHealth;
  message: string;
  /** "ssh-ed25519 SHA256:…" as the host presented it. */
  hostKey?: string;
  privileged: boolean;
  os?: OsRelease;
  kernel?: { running: string; arch: string };
  packages?: InstalledPackage[];
  listening?: ListeningSocket[];
}
