// What a ticket's re-test looks at: its open subtasks' findings that are still open, where they are (host, port) and
// what found them (check, or a CVE matched from a service's version), on which probe, with which scan and profile.
// Pure planning from rows: retest.ts reads them and starts the run.
import { sql } from 'drizzle-orm';
import { TICKET_STATUS, VULNERABILITY_STATE } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import type { NetworkProfileFields } from '../../db/schema/index.ts';
import { queryRows } from '../../db/rows.ts';

/** One finding to look at again, with the run that last saw it. */
export interface RetestFinding {
  id: number;
  source: string;
  checkId: string | null;
  port: number | null;
  protocol: number | null;
  hostId: number;
  /** The address (or name) the scan reaches the host by; a web application's URL. */
  target: string;
  runId: number | null;
  scanId: number | null;
  scanType: string | null;
  probeId: number | null;
  probeGroupId: number | null;
  profileId: number | null;
  profile: NetworkProfileFields | null;
  /** Web runs: the virtual hosts the run scanned with. */
  vhosts: string[];
  /** The host's ports last seen open (a host-level finding is looked for over them). */
  openTcp: number[];
  openUdp: number[];
}

/** The ticket's findings a re-test looks at: on a subtask neither Fixed nor Will not fix, and not closed. */
export async function retestFindings(db: Db | Tx, customerId: number, ticketId: number): Promise<RetestFinding[]> {
  const rows = await queryRows<{
    id: number;
    source: string;
    check_id: string | null;
    port: number | null;
    protocol: number | null;
    host_id: number;
    target: string;
    run_id: number | null;
    scan_id: number | null;
    scan_type: string | null;
    probe_id: number | null;
    probe_group_id: number | null;
    profile_id: number | null;
    profile: NetworkProfileFields | null;
    vhosts: string[] | null;
    open_tcp: number[] | null;
    open_udp: number[] | null;
  }>(
    db,
    sql`select f.id, f.source, f.check_id, f.port, f.protocol, f.host_id, coalesce(a.address, a.value) as target,
               r.id as run_id, r.scan_id, r.scan_type, r.probe_id, r.probe_group_id, r.profile_id, r.profile, r.vhosts,
               (select array_agg(p.port order by p.port) from host_ports p where p.host_id = f.host_id and p.open and p.protocol = 0) as open_tcp,
               (select array_agg(p.port order by p.port) from host_ports p where p.host_id = f.host_id and p.open and p.protocol = 1) as open_udp
        from ticket_subtasks s
        join findings f on f.id = s.finding_id and f.customer_id = s.customer_id
        join assets a on a.id = f.host_id
        left join scan_runs r on r.id = f.last_run_id
        where s.customer_id = ${customerId} and s.ticket_id = ${ticketId}
          and s.status not in (${TICKET_STATUS.fixed}, ${TICKET_STATUS.will_not_fix})
          and f.state <> ${VULNERABILITY_STATE.closed}
        order by f.last_seen desc, f.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    source: r.source,
    checkId: r.check_id,
    port: r.port === null ? null : Number(r.port),
    protocol: r.protocol === null ? null : Number(r.protocol),
    hostId: Number(r.host_id),
    target: r.target,
    runId: r.run_id === null ? null : Number(r.run_id),
    scanId: r.scan_id === null ? null : Number(r.scan_id),
    scanType: r.scan_type,
    probeId: r.probe_id === null ? null : Number(r.probe_id),
    probeGroupId: r.probe_group_id === null ? null : Number(r.probe_group_id),
    profileId: r.profile_id === null ? null : Number(r.profile_id),
    profile: r.profile,
    vhosts: r.vhosts ?? [],
    openTcp: (r.open_tcp ?? []).map(Number),
    openUdp: (r.open_udp ?? []).map(Number),
  }));
}

/** A re-test's narrowing: hosts per probe, the ports, the tests, and the findings it may close. */
export interface RetestPlan {
  /** 'nvt': hosts and ports; 'was': web applications. */
  scanType: 'nvt' | 'was';
  scanId: number;
  profileId: number | null;
  profile: NetworkProfileFields;
  vhosts: string[];
  shares: { probeId: number | null; probeGroupId: number | null; targets: string[] }[];
  tcp: number[];
  udp: number[];
  tests: string[];
  findingIds: number[];
  /** Findings left out, and why (web findings, findings whose run is gone). */
  skipped: { id: number; why: string }[];
}

/**
 * Plans the run from the findings (most recently seen first): a network finding's host and port, its check (a CVE
 * finding needs no check: the service's version, identified on the port, is matched again when results are
 * processed), on the probe of the run that last saw it; the scan and profile of the newest such run. A host-level
 * finding (no port) is looked for over the host's ports last seen open. Answers null when nothing can be re-tested.
 */
export function planRetest(found: readonly RetestFinding[]): RetestPlan | null {
  const skipped: RetestPlan['skipped'] = [];
  const usable: (RetestFinding & { runId: number; scanId: number; profile: NetworkProfileFields })[] = [];
  for (const f of found) {
    if (f.source !== 'network' || f.scanType === 'was') skipped.push({ id: f.id, why: 'web finding' });
    else if (f.runId === null || f.scanId === null || f.profile === null || f.scanType !== 'nvt')
      skipped.push({ id: f.id, why: 'the scan run that found it is gone' });
    else usable.push({ ...f, runId: f.runId, scanId: f.scanId, profile: f.profile });
  }
  if (usable.length === 0) return null;
  const newest = usable[0]!;
  const tcp = new Set<number>();
  const udp = new Set<number>();
  const tests = new Set<string>();
  // A host is looked at by the probe of the newest run that saw one of its findings.
  const probeOfHost = new Map<string, string>();
  const shares = new Map<string, RetestPlan['shares'][number]>();
  for (const f of usable) {
    if (f.checkId) tests.add(f.checkId);
    if (f.port !== null && f.port > 0) (f.protocol === 1 ? udp : tcp).add(f.port);
    else {
      for (const p of f.openTcp) tcp.add(p);
      for (const p of f.openUdp) udp.add(p);
    }
    if (probeOfHost.has(f.target)) continue;
    const key = `${f.probeId ?? ''}/${f.probeGroupId ?? ''}`;
    probeOfHost.set(f.target, key);
    let share = shares.get(key);
    if (!share) shares.set(key, (share = { probeId: f.probeId, probeGroupId: f.probeGroupId, targets: [] }));
    share.targets.push(f.target);
  }
  const sort = (s: Set<number>) => [...s].sort((a, b) => a - b);
  return {
    scanType: 'nvt',
    scanId: newest.scanId,
    profileId: newest.profileId,
    profile: newest.profile,
    vhosts: [],
    shares: [...shares.values()],
    tcp: sort(tcp),
    udp: sort(udp),
    tests: [...tests].sort(),
    findingIds: usable.map((f) => f.id).sort((a, b) => a - b),
    skipped,
  };
}

/**
 * Plans a web re-test from the web findings (most recently seen first): their web applications, each scanned again
 * with the web profile and virtual hosts of the newest web run that saw one of them, running only the web tests that
 * found them (a CVE finding of a detected technology needs none), on the probe of the run that last saw it. The
 * crawl is the application's, as before: a finding's URL is reached the way the scan reached it. Answers null when no
 * web finding's run is left.
 */
export function planWebRetest(found: readonly RetestFinding[]): RetestPlan | null {
  const usable = found.filter(
    (f): f is RetestFinding & { runId: number; scanId: number; profile: NetworkProfileFields } =>
      f.source === 'web' && f.scanType === 'was' && f.runId !== null && f.scanId !== null && f.profile !== null,
  );
  if (usable.length === 0) return null;
  const newest = usable[0]!;
  const tests = new Set<string>();
  const placed = new Set<string>();
  const shares = new Map<string, RetestPlan['shares'][number]>();
  for (const f of usable) {
    if (f.checkId) tests.add(f.checkId);
    if (placed.has(f.target)) continue;
    placed.add(f.target);
    const key = `${f.probeId ?? ''}/${f.probeGroupId ?? ''}`;
    let share = shares.get(key);
    if (!share) shares.set(key, (share = { probeId: f.probeId, probeGroupId: f.probeGroupId, targets: [] }));
    share.targets.push(f.target);
  }
  const ids = new Set(usable.map((f) => f.id));
  return {
    scanType: 'was',
    scanId: newest.scanId,
    profileId: newest.profileId,
    profile: newest.profile,
    vhosts: newest.vhosts,
    shares: [...shares.values()],
    tcp: [],
    udp: [],
    tests: [...tests].sort(),
    findingIds: [...ids].sort((a, b) => a - b),
    skipped: found
      .filter((f) => !ids.has(f.id))
      .map((f) => ({ id: f.id, why: f.source === 'web' ? 'the web scan run that found it is gone' : 'network finding' })),
  };
}
