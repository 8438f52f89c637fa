// The scanner's result and event types: what engines emit while running and the final JSON document (issue 3 "Output").
import type { ScanErrorType } from '@bulwark/core';
import type { HostAuth } from './auth/types.ts';
import type { HostPolicyResult } from './policy/task.ts';

export type { ScanErrorType };

export type Protocol = 'tcp' | 'udp';
export type PortState = 'open' | 'closed' | 'filtered' | 'open|filtered';

export interface ServiceInfo {
  /** Service name in nmap's vocabulary: http, https, ssh, ftp, smtp, pop3, imap, telnet, mysql, postgresql, redis, mongodb, ms-wbt-server (RDP), microsoft-ds (SMB), vnc, ldap, domain, snmp, memcached, elasticsearch … */
  name: string;
  product?: string;
  version?: string;
  /** CPE 2.3 formatted strings, e.g. cpe:2.3:a:openbsd:openssh:8.9p1:*:*:*:*:*:*:* */
  cpe: string[];
  /** First bytes the service sent (printable), for evidence. */
  banner?: string;
  /** TLS was spoken on this port. */
  tls?: boolean;
  /** Protocol-specific details (HTTP title and server, SSH algorithms, TLS certificate …). */
  extra?: Record<string, unknown>;
}

export interface PortResult {
  port: number;
  protocol: Protocol;
  state: PortState;
  service?: ServiceInfo;
}

/** Detection confidence of a finding (feature-areas §3). */
export type Confidence = 'info gathered' | 'potential' | 'confirmed';

export interface Finding {
  /** Check (template) id. */
  check: string;
  name: string;
  /** 0 Info … 4 Critical. */
  severity: 0 | 1 | 2 | 3 | 4;
  confidence: Confidence;
  port?: number;
  protocol?: Protocol;
  evidence?: string;
  cve: string[];
}

export interface HostResult {
  address: string;
  hostnames: string[];
  alive: boolean;
  ports: PortResult[];
  findings: Finding[];
  /** The authenticated look at the host, when the task carried credentials. */
  auth?: HostAuth;
  /** A policy scan's evaluation of its policy on the host. */
  policy?: HostPolicyResult;
}

export interface ScanError {
  type: ScanErrorType;
  message: string;
  host?: string;
}

export interface ScanStats {
  hostsTotal: number;
  hostsUp: number;
  portsProbed: number;
  openPorts: number;
  startedAt: string;
  finishedAt?: string;
  durationMs?: number;
}

export interface ScanResult {
  hosts: HostResult[];
  errors: ScanError[];
  stats: ScanStats;
}

/** What an engine emits while running. */
export type ScanEvent =
  | { type: 'progress'; percent: number; hostsDone: number; hostsTotal: number }
  | { type: 'host'; address: string; alive: boolean; hostnames: string[] }
  | { type: 'port'; address: string; port: PortResult }
  | { type: 'service'; address: string; port: number; protocol: Protocol; service: ServiceInfo }
  | { type: 'finding'; address: string; finding: Finding }
  | { type: 'error'; error: ScanError }
  | { type: 'host-done'; host: HostResult };

/** Resumable state: the hosts already finished, with their results. */
export interface Checkpoint {
  done: HostResult[];
}
