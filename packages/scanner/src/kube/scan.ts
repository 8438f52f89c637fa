// A cluster scan as part of a network scan (issue 32): the cluster read through its API, the checks evaluated, and
// the outcome as a piece of the API server's HostResult (the host of the credential's URL): the server's port with
// the Kubernetes version as a product and CPE (the kubelets' versions too, so intel matches their CVEs like any
// service's), and one finding per failed check naming every object and field that fails it.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import type { Finding, HostResult, PortResult, ScanError } from '../types.ts';
import { readCluster, type KubeReadOptions } from './client.ts';
import { KUBE_CHECKS, KUBE_NODES_CHECK, nodeLines } from './checks.ts';
import type { KubeInventory, KubeOffence } from './types.ts';

/** A Kubernetes credential as a task carries it: opened for the task only. */
export interface KubernetesScanLogin {
  /** The credential's id and name, for errors. */
  id: number;
  name: string;
  url: string;
  token: string;
  /** The operator's extra CA (BULWARK_EXTRA_CA_FILE, PEM), trusted beside the system's certificates. */
  extraCa?: string;
}

export interface ClusterScan {
  /** The API server's address (its URL's host, resolved) and the name it was given by, if any. */
  address: string;
  hostnames: string[];
  port: PortResult | null;
  findings: Finding[];
  errors: ScanError[];
}

/** Lines of evidence per finding, at most. */
const EVIDENCE_LINES = 200;

/** `v1.30.4`, `v1.28.3+k3s1`, `v1.27.7-eks-4f4795d` → `1.30.4`. */
export const kubeVersionOf = (gitVersion: string): string | null => /^v?(\d+\.\d+\.\d+)/.exec(gitVersion.trim())?.[1] ?? null;

export const kubeCpe = (version: string): string => `cpe:2.3:a:kubernetes:kubernetes:${version}:*:*:*:*:*:*:*`;

function evidenceOf(offences: readonly KubeOffence[]): string {
  const lines = offences.slice(0, EVIDENCE_LINES).map((o) => `${o.object}: ${o.field} = ${o.value}`);
  if (offences.length > EVIDENCE_LINES) lines.push(`… and ${offences.length - EVIDENCE_LINES} more`);
  return lines.join('\n');
}

/** The findings of a cluster read: one per failed check, plus the info finding on the cluster's versions. */
export function clusterFindings(inv: KubeInventory): Finding[] {
  const out: Finding[] = [];
  for (const check of KUBE_CHECKS) {
    const offences = check.evaluate(inv);
    if (offences.length === 0) continue;
    out.push({
      check: check.id,
      name: check.name,
      severity: check.severity,
      confidence: 'confirmed',
      evidence: evidenceOf(offences),
      cve: [],
    });
  }
  const info = [`API server ${inv.url}: Kubernetes ${inv.version}`, ...nodeLines(inv), ...inv.failures.map((f) => `Not read: ${f}`)];
  out.push({
    check: KUBE_NODES_CHECK.id,
    name: KUBE_NODES_CHECK.name,
    severity: 0,
    confidence: 'info gathered',
    evidence: info.join('\n'),
    cve: [],
  });
  return out;
}

/** The API server's port: Kubernetes with its version, and the CPEs of the server's and the kubelets' versions. */
export function clusterPort(inv: KubeInventory, port: number): PortResult {
  const version = kubeVersionOf(inv.version);
  const kubelets = inv.nodes
    .map((n) =>
      kubeVersionOf(String((n.status as { nodeInfo?: { kubeletVersion?: unknown } } | undefined)?.nodeInfo?.kubeletVersion ?? '')),
    )
    .filter((v): v is string => v !== null);
  const versions = [...new Set([...(version ? [version] : []), ...kubelets])];
  return {
    port,
    protocol: 'tcp',
    state: 'open',
    service: {
      name: 'https',
      product: 'Kubernetes',
      ...(version ? { version } : {}),
      cpe: versions.map(kubeCpe),
      tls: true,
      extra: { kubernetes: { gitVersion: inv.version, nodes: nodeLines(inv) } },
    },
  };
}

async function addressOf(host: string): Promise<{ address: string; hostnames: string[] }> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return { address: bare, hostnames: [] };
  const { address } = await lookup(bare);
  return { address, hostnames: [bare] };
}

/** Reads one cluster and evaluates it; a cluster that cannot be read gives an error and no findings (never a throw). */
export async function scanCluster(login: KubernetesScanLogin, options: KubeReadOptions = {}): Promise<ClusterScan> {
  const base = new URL(login.url);
  const port = Number(base.port || (base.protocol === 'https:' ? 443 : 80));
  let where: { address: string; hostnames: string[] };
  try {
    where = await addressOf(base.hostname);
  } catch (e) {
    const message = `Kubernetes credential "${login.name}": ${base.hostname} does not resolve (${e instanceof Error ? e.message : String(e)}).`;
    return {
      address: base.hostname,
      hostnames: [],
      port: null,
      findings: [],
      errors: [{ type: SCAN_ERROR_TYPE.connection_failed, message }],
    };
  }
  const ca = login.extraCa ? [...rootCertificates, login.extraCa] : options.ca;
  try {
    const inv = await readCluster({ url: login.url, token: login.token }, { ...options, ...(ca ? { ca } : {}) });
    return {
      ...where,
      port: clusterPort(inv, port),
      findings: clusterFindings(inv),
      // A list the token may not read is a permission problem; one that broke off (timeout, stopped) a connection one.
      errors: inv.failures.map((f) => ({
        type: / answered 40[13]/.test(f) ? SCAN_ERROR_TYPE.auth_failed : SCAN_ERROR_TYPE.connection_failed,
        message: `Kubernetes credential "${login.name}": ${f}`,
        host: where.address,
      })),
    };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const type = /refused the token/.test(message) ? SCAN_ERROR_TYPE.auth_failed : SCAN_ERROR_TYPE.connection_failed;
    return {
      ...where,
      port: null,
      findings: [],
      errors: [{ type, message: `Kubernetes credential "${login.name}": ${message}`, host: where.address }],
    };
  }
}

/**
 * The API server's HostResult with the cluster scan in it: the network scan's own result for that address when it
 * had one (its port for the API server replaced by the cluster's, which knows the version), otherwise a new host.
 * Findings of an earlier cluster scan on the same host (a resumed task's checkpoint) are replaced.
 */
export function withCluster(host: HostResult | undefined, scans: readonly ClusterScan[]): HostResult {
  const base: HostResult = host ?? { address: scans[0]!.address, hostnames: [], alive: false, ports: [], findings: [] };
  const ports = new Map(base.ports.map((p) => [`${p.port}/${p.protocol}`, p]));
  const findings = base.findings.filter((f) => !f.check.startsWith('k8s-'));
  const hostnames = new Set(base.hostnames);
  for (const s of scans) {
    if (s.port) ports.set(`${s.port.port}/tcp`, s.port);
    findings.push(...s.findings);
    for (const h of s.hostnames) hostnames.add(h);
  }
  const alive = base.alive || scans.some((s) => s.port !== null);
  return { ...base, alive, hostnames: [...hostnames], ports: [...ports.values()], findings };
}

/**
 * The cluster scans of one task, run beside its network scan: the API servers' addresses are known before the network
 * scan starts, so the network scan's result for such an address is held back (`hold`) and delivered once the cluster
 * read is merged into it (`finish`): a task reports each address once.
 */
export class ClusterScans {
  private readonly held = new Map<string, HostResult>();

  private constructor(
    private readonly addresses: ReadonlyMap<string, Promise<ClusterScan>>,
    private readonly failed: ScanError[],
  ) {}

  /** Resolves the API servers' addresses and starts reading the clusters. */
  static async start(logins: readonly KubernetesScanLogin[], options: KubeReadOptions = {}): Promise<ClusterScans> {
    const byAddress = new Map<string, Promise<ClusterScan>[]>();
    const failed: ScanError[] = [];
    for (const login of logins) {
      let host: string;
      try {
        host = new URL(login.url).hostname;
      } catch {
        failed.push({
          type: SCAN_ERROR_TYPE.target_definition_failed,
          message: `Kubernetes credential "${login.name}": ${login.url} is not a URL.`,
        });
        continue;
      }
      let where: { address: string; hostnames: string[] };
      try {
        where = await addressOf(host);
      } catch (e) {
        failed.push({
          type: SCAN_ERROR_TYPE.connection_failed,
          message: `Kubernetes credential "${login.name}": ${host} does not resolve (${e instanceof Error ? e.message : String(e)}).`,
        });
        continue;
      }
      const scan = scanCluster({ ...login }, options);
      byAddress.set(where.address, [...(byAddress.get(where.address) ?? []), scan]);
    }
    const perAddress = new Map<string, Promise<ClusterScan>>();
    for (const [address, scans] of byAddress)
      perAddress.set(
        address,
        Promise.all(scans).then((all) => ({
          address,
          hostnames: [...new Set(all.flatMap((s) => s.hostnames))],
          port: all.find((s) => s.port)?.port ?? null,
          findings: all.flatMap((s) => s.findings),
          errors: all.flatMap((s) => s.errors),
        })),
      );
    return new ClusterScans(perAddress, failed);
  }

  /** Whether the network scan's result for this address waits for a cluster read. */
  holds(address: string): boolean {
    return this.addresses.has(address);
  }

  hold(host: HostResult): void {
    this.held.set(host.address, host);
  }

  /** The held hosts as the network scan left them (a task that failed delivers them without the clusters). */
  heldHosts(): HostResult[] {
    return [...this.held.values()];
  }

  /**
   * Waits for the cluster reads: the API servers' hosts with the clusters merged in (the held host, else the
   * checkpoint's, else a new one; none for a cluster that could not be read and no scan saw), and the errors.
   */
  async finish(checkpoint?: readonly HostResult[]): Promise<{ hosts: HostResult[]; errors: ScanError[] }> {
    const hosts: HostResult[] = [];
    const errors = [...this.failed];
    for (const [address, pending] of this.addresses) {
      const scan = await pending;
      errors.push(...scan.errors);
      const base = this.held.get(address) ?? checkpoint?.find((h) => h.address === address);
      if (!base && !scan.port) continue;
      hosts.push(withCluster(base, [scan]));
    }
    return { hosts, errors };
  }
}
