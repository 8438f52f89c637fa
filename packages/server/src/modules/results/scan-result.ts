// Reads the ScanResult JSON a probe delivered on a task (packages/scanner/src/types.ts) and merges the tasks of a run
// into one entry per host address, so a host split over several tasks (or reported twice) is processed once.
import { z } from 'zod';
import { CREDENTIAL_HEALTH, POLICY_RULE_RESULTS, RULE_SEVERITIES } from '@bulwark/core';

const protocol = z.enum(['tcp', 'udp']);

const service = z.object({
  name: z.string(),
  product: z.string().nullish(),
  version: z.string().nullish(),
  cpe: z.array(z.string()).default([]),
  banner: z.string().nullish(),
  tls: z.boolean().nullish(),
  extra: z.record(z.string(), z.unknown()).nullish(),
});

const port = z.object({
  port: z.number().int().min(0).max(65535),
  protocol,
  state: z.string(),
  service: service.nullish(),
});

const finding = z.object({
  check: z.string().min(1),
  name: z.string(),
  severity: z.number().int().min(0).max(4),
  confidence: z.string().default('potential'),
  port: z.number().int().min(0).max(65535).nullish(),
  protocol: protocol.nullish(),
  evidence: z.string().nullish(),
  cve: z.array(z.string()).default([]),
});

/** The authenticated look at the host (packages/scanner/src/auth/types.ts HostAuth). */
const auth = z.object({
  credentialId: z.number().int(),
  credentialName: z.string().default(''),
  health: z.enum(CREDENTIAL_HEALTH),
  message: z.string().default(''),
  hostKey: z.string().nullish(),
  privileged: z.boolean().default(false),
  os: z
    .object({
      id: z.string(),
      versionId: z.string(),
      codename: z.string().default(''),
      prettyName: z.string(),
      like: z.array(z.string()).default([]),
    })
    .nullish(),
  kernel: z.object({ running: z.string(), arch: z.string() }).nullish(),
  packages: z
    .array(
      z.object({
        manager: z.enum(['dpkg', 'rpm', 'apk']),
        name: z.string().min(1),
        arch: z.string(),
        version: z.string().min(1),
        source: z.string().min(1),
        sourceVersion: z.string().min(1),
      }),
    )
    .nullish(),
  listening: z
    .array(z.object({ protocol: z.enum(['tcp', 'udp']), address: z.string(), port: z.number().int(), process: z.string().nullable() }))
    .nullish(),
});

/** A policy scan's evaluation on the host (packages/scanner/src/policy/task.ts HostPolicyResult). */
const policy = z.object({
  policy: z.string(),
  policyName: z.string(),
  benchmark: z.string().default(''),
  score: z.number().nullable(),
  counts: z.object(
    Object.fromEntries(POLICY_RULE_RESULTS.map((r) => [r, z.number().int().default(0)])) as Record<
      (typeof POLICY_RULE_RESULTS)[number],
      z.ZodDefault<z.ZodNumber>
    >,
  ),
  rules: z
    .array(
      z.object({
        ruleId: z.string().min(1).max(1000),
        title: z.string(),
        severity: z.enum(RULE_SEVERITIES).catch('unknown'),
        result: z.enum(POLICY_RULE_RESULTS),
        evidence: z.array(z.string()).default([]),
        message: z.string().nullish(),
      }),
    )
    .default([]),
  error: z.string().nullish(),
});

const host = z.object({
  address: z.string().min(1),
  hostnames: z.array(z.string()).default([]),
  alive: z.boolean(),
  ports: z.array(port).default([]),
  findings: z.array(finding).default([]),
  auth: auth.nullish(),
  policy: policy.nullish(),
});

const scanError = z.object({ type: z.number().int(), message: z.string(), host: z.string().nullish() });

/** What processing needs of a ScanResult; unknown fields (stats, service extras) are ignored. */
export const deliveredResult = z.object({
  /** Hosts are rows of scan_task_hosts once delivered; a stored result has none. */
  hosts: z.array(host).default([]),
  errors: z.array(scanError).default([]),
});

export type DeliveredResult = z.infer<typeof deliveredResult>;
export type DeliveredHost = z.infer<typeof host>;
export type DeliveredPort = z.infer<typeof port>;
export type DeliveredFinding = z.infer<typeof finding>;
export type DeliveredService = z.infer<typeof service>;
export type DeliveredAuth = z.infer<typeof auth>;
export type DeliveredPolicy = z.infer<typeof policy>;

/** Parses a task's result; throws with the first problem and where it is. */
export function parseResult(taskId: number, value: unknown): DeliveredResult {
  const parsed = deliveredResult.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`The result of task ${taskId} is not a scan result: ${issue.path.join('.') || '(top)'}: ${issue.message}`);
}

const portKey = (p: { port: number; protocol: string }): string => `${p.port}/${p.protocol}`;

/**
 * One host per address over every task: alive if any task saw it alive (or saw an open port), hostnames and open
 * ports united (the later report of a port wins), findings concatenated (merged by key later).
 */
export function mergeHosts(results: readonly DeliveredResult[]): DeliveredHost[] {
  const byAddress = new Map<string, DeliveredHost>();
  for (const result of results) {
    for (const h of result.hosts) {
      const alive = h.alive || h.ports.some((p) => p.state === 'open');
      const seen = byAddress.get(h.address);
      if (!seen) {
        byAddress.set(h.address, { ...h, alive, hostnames: [...h.hostnames], ports: [...h.ports], findings: [...h.findings] });
        continue;
      }
      seen.alive ||= alive;
      seen.hostnames.push(...h.hostnames);
      const ports = new Map(seen.ports.map((p) => [portKey(p), p]));
      for (const p of h.ports) ports.set(portKey(p), p);
      seen.ports = [...ports.values()];
      seen.findings.push(...h.findings);
      // The look that listed packages wins over one that did not get as far.
      if (h.auth && (!seen.auth || (h.auth.packages && !seen.auth.packages))) seen.auth = h.auth;
      // The evaluation that got further wins.
      if (h.policy && (!seen.policy || h.policy.rules.length > seen.policy.rules.length)) seen.policy = h.policy;
    }
  }
  return [...byAddress.values()];
}
