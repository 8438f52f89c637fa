// The read side of a run's results for the run page: the hosts it saw (with their ports then) and the findings it saw
// or closed, paged, filtered and ordered in SQL; always scoped to the customer.
import {
  DETECTION_LABELS,
  isDetectionMethod,
  formatQod,
  SEVERITY_LABELS,
  VULNERABILITY_STATE_LABELS,
  type DetectionMethod,
  type FindingRow,
  type RunHost,
  type Severity,
  type VulnerabilityState,
} from '@bulwark/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { PROTOCOL_NAME } from './findings.ts';
import { containsPattern, queryRows } from '../../db/rows.ts';

/** Orderings of a run's hosts → SQL (address sorts as an IP address when it is one). */
export const RUN_HOST_ORDERINGS = {
  address: sql`(case when h.address ~ '^[0-9]+(\\.[0-9]+){3}$' or h.address ~ '^[0-9a-fA-F]*:[0-9a-fA-F:.]*$' then h.address::inet end)`,
  max_severity: sql`h.max_severity`,
  findings_count: sql`h.findings_count`,
} as const;
export type RunHostOrdering = keyof typeof RUN_HOST_ORDERINGS;

export const RUN_FINDING_ORDERINGS = {
  risk_score: sql`f.risk_score`,
  severity: sql`f.severity`,
  epss: sql`f.epss`,
  cvss: sql`f.cvss`,
  name: sql`lower(f.name)`,
  address: sql`h.address`,
  port: sql`f.port`,
} as const;
export type RunFindingOrdering = keyof typeof RUN_FINDING_ORDERINGS;

export interface Ordering<K> {
  key: K;
  descending: boolean;
}

const orderBy = (col: SQL, desc: boolean, tie: SQL): SQL =>
  desc ? sql`order by ${col} desc nulls last, ${tie}` : sql`order by ${col} asc nulls last, ${tie}`;

/** The run, if it belongs to the customer. */
export async function runOfCustomer(db: Db, customerId: number, runId: number): Promise<boolean> {
  const found = await queryRows<{ id: number }>(db, sql`select id from scan_runs where id = ${runId} and customer_id = ${customerId}`);
  return found.length > 0;
}

export async function listRunHosts(
  db: Db,
  customerId: number,
  runId: number,
  q: { page: number; pageSize: number; ordering: Ordering<RunHostOrdering>; search?: string },
): Promise<{ count: number; results: RunHost[] }> {
  const where = sql`h.run_id = ${runId} and h.customer_id = ${customerId}${q.search ? sql` and h.address ilike ${containsPattern(q.search)}` : sql``}`;
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from scan_run_hosts h where ${where}`);
  const found = await queryRows<{
    host_id: number;
    address: string;
    hostnames: string[];
    ports: RunHost['ports'];
    findings_count: number;
    max_severity: number | null;
    credential_health: string | null;
    credential_message: string | null;
  }>(
    db,
    sql`select h.host_id, h.address, h.hostnames, h.ports, h.findings_count, h.max_severity, h.credential_health, h.credential_message
        from scan_run_hosts h
        where ${where} ${orderBy(RUN_HOST_ORDERINGS[q.ordering.key], q.ordering.descending, sql`h.address, h.host_id`)}
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  return {
    count: Number(n),
    results: found.map((r) => ({
      host_id: Number(r.host_id),
      address: r.address,
      hostnames: r.hostnames,
      ports: r.ports,
      findings_count: Number(r.findings_count),
      max_severity: r.max_severity === null ? null : Number(r.max_severity),
      credential_health: r.credential_health,
      credential_message: r.credential_message,
    })),
  };
}

export interface RunFindingFilters {
  severity?: number[];
  state?: number[];
  search?: string;
  host?: number;
  detection?: DetectionMethod[];
}

const iso = (d: Date | string): string => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const num = (x: unknown): number | null => (x === null || x === undefined ? null : Number(x));

export async function listRunFindings(
  db: Db,
  customerId: number,
  runId: number,
  q: { page: number; pageSize: number; ordering: Ordering<RunFindingOrdering>; filters: RunFindingFilters },
): Promise<{ count: number; results: FindingRow[] }> {
  const { filters: f } = q;
  const conditions: SQL[] = [sql`r.run_id = ${runId}`, sql`r.customer_id = ${customerId}`];
  if (f.severity?.length)
    conditions.push(
      sql`f.severity in (${sql.join(
        f.severity.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (f.state?.length)
    conditions.push(
      sql`r.state in (${sql.join(
        f.state.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (f.host !== undefined) conditions.push(sql`f.host_id = ${f.host}`);
  if (f.detection?.length)
    conditions.push(
      sql`f.detection in (${sql.join(
        f.detection.map((d) => sql`${d}`),
        sql`, `,
      )})`,
    );
  if (f.search) {
    const pattern = containsPattern(f.search);
    conditions.push(
      sql`(f.name ilike ${pattern} or h.address ilike ${pattern} or f.cves::text ilike ${pattern} or coalesce(f.check_id, '') ilike ${pattern})`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  const from = sql`scan_run_findings r join findings f on f.id = r.finding_id join assets h on h.id = f.host_id`;
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${where}`);
  const found = await queryRows<Record<string, unknown>>(
    db,
    sql`select f.*, r.state as run_state, h.address from ${from} where ${where}
        ${orderBy(RUN_FINDING_ORDERINGS[q.ordering.key], q.ordering.descending, sql`f.id`)}
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  return {
    count: Number(n),
    results: found.map((r) => {
      const state = Number(r.run_state) as VulnerabilityState;
      const severity = Number(r.severity) as Severity;
      const protocol = num(r.protocol);
      return {
        id: Number(r.id),
        host_id: Number(r.host_id),
        address: String(r.address),
        name: String(r.name),
        check_id: (r.check_id as string | null) ?? null,
        cve: (r.cve as string | null) ?? null,
        cves: (r.cves as string[]) ?? [],
        port: num(r.port),
        protocol: protocol === null ? null : PROTOCOL_NAME[protocol],
        severity,
        severity_label: SEVERITY_LABELS[severity],
        confidence: String(r.confidence),
        state,
        state_label: VULNERABILITY_STATE_LABELS[state],
        cvss: num(r.cvss),
        cvss_vector: (r.cvss_vector as string | null) ?? null,
        epss: num(r.epss),
        epss_percentile: num(r.epss_percentile),
        exploit_known: Boolean(r.exploit_known),
        ransomware_known: Boolean(r.ransomware_known),
        risk_score: Number(r.risk_score),
        evidence: (r.evidence as string | null) ?? null,
        description: (r.description as string | null) ?? null,
        solution: (r.solution as string | null) ?? null,
        matched_by: (r.matched_by as string | null) ?? null,
        detection: isDetectionMethod(r.detection) ? r.detection : null,
        detection_label: isDetectionMethod(r.detection) ? DETECTION_LABELS[r.detection] : 'Not recorded',
        qod: Number(r.qod),
        qod_label: formatQod(Number(r.qod)),
        first_seen: iso(r.first_seen as Date),
        last_seen: iso(r.last_seen as Date),
      };
    }),
  };
}
