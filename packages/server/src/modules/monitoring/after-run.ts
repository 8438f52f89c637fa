// Scan-fed monitoring: after a run is processed, what it saw on each active profile's watched assets is a look like the
// profile's own check (ports open and closed, services and versions), plus what only a scan knows: hosts it found
// inside a watched network, and its new findings (at or above the profile's severity, or known exploited).
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/rows.ts';
import { detect, emptyActions, expectedPorts } from './detect.ts';
import { notifyAlerts } from './notify.ts';
import { applyAlerts } from './raise.ts';
import { mergeStates, type Observation } from './state.ts';
import { watchedSql } from './watched.ts';

export interface AfterRunResult {
  profiles: number;
  raised: number;
  updated: number;
  resolved: number;
}

interface Profile {
  id: number;
  ports: string;
  triggers: string[];
  min_severity: number;
  cert_days: number;
  created_at: string;
}

const PROTOCOL: Record<number, string> = { 0: 'tcp', 1: 'udp' };

/** Compares what run `runId` saw on every active profile's watched assets with their known state, and alerts. */
export async function monitoringAfterRun(ctx: AppContext, runId: number): Promise<AfterRunResult> {
  const out: AfterRunResult = { profiles: 0, raised: 0, updated: 0, resolved: 0 };
  const [run] = await queryRows<{ customer_id: number; on: boolean }>(
    ctx.db,
    sql`select r.customer_id, 'continuous-monitoring' = any(c.feature_flags) as on
        from scan_runs r join customers c on c.id = r.customer_id where r.id = ${runId}`,
  );
  if (!run?.on) return out;
  const customerId = Number(run.customer_id);
  const profiles = await queryRows<Profile & Record<string, unknown>>(
    ctx.db,
    sql`select id, ports, triggers, min_severity, cert_days, created_at::text from monitoring_profiles
        where customer_id = ${customerId} and active order by id`,
  );
  const now = ctx.clock();
  const raised: number[] = [];
  for (const p of profiles) {
    const watched = watchedSql(customerId, [p.id]);
    const ports = await queryRows<{
      host_id: number;
      port: number;
      protocol: number;
      open: boolean;
      service: string | null;
      product: string | null;
      version: string | null;
    }>(
      ctx.db,
      sql`select hp.host_id, hp.port, hp.protocol, hp.open, hp.service, hp.product, hp.version
          from host_ports hp join ${watched} w on w.asset_id = hp.host_id
          where hp.last_run_id = ${runId} and hp.customer_id = ${customerId} and hp.protocol in (0, 1)`,
    );
    // Hosts the run put inside a watched network after the profile began watching: new hosts, not the baseline.
    const hosts = await queryRows<{ id: number; address: string; network: string; fresh: boolean }>(
      ctx.db,
      sql`select h.id, coalesce(h.address, h.value) as address, n.value as network, h.created_at > ${p.created_at}::timestamptz as fresh
          from ${watched} w join assets n on n.id = w.asset_id and n.kind in ('network', 'range')
          join assets h on h.parent_id = n.id and h.kind = 'host' and h.archived_at is null
          where h.last_run_id = ${runId}`,
    );
    const findings = await queryRows<{
      id: number;
      host_id: number;
      name: string;
      severity: number;
      kev: boolean;
      run_state: number;
      cve: string | null;
      port: number | null;
    }>(
      ctx.db,
      sql`select f.id, f.host_id, f.name, f.severity, f.exploit_known as kev, rf.state as run_state, f.cve, f.port
          from scan_run_findings rf join findings f on f.id = rf.finding_id
          join ${watched} w on w.asset_id = f.host_id
          where rf.run_id = ${runId} and (rf.state in (0, 3)) and f.ignore_kind is null`,
    );
    if (!ports.length && !hosts.length && !findings.length) continue;
    out.profiles += 1;

    const obs: Observation[] = [];
    for (const r of ports) {
      const subject = `${PROTOCOL[r.protocol]}/${r.port}`;
      // A scan saw it: an open port is confirmed by the scan's own handshake; a closed one waits for a second look.
      obs.push({ asset_id: Number(r.host_id), subject: `port:${subject}`, value: { open: r.open }, immediate: r.open });
      if (r.open && (r.product || r.version)) {
        obs.push({
          asset_id: Number(r.host_id),
          subject: `service:${subject}`,
          value: { service: r.service, product: r.product, version: r.version },
          immediate: true,
        });
      }
    }
    for (const h of hosts) obs.push({ asset_id: Number(h.id), subject: 'host', value: { address: h.address }, immediate: true });
    // The profile's state and its alerts move together: a failure leaves the state as it was, for the job's retry.
    const applied = await ctx.db.transaction(async (tx) => {
      const transitions = await mergeStates(tx, customerId, p.id, obs, now);
      const expected = expectedPorts(p.ports);
      const actions = detect(
        transitions.filter((t) => t.subject.startsWith('port:tcp/') || !t.subject.startsWith('port:')),
        { expected, certDays: p.cert_days },
        now,
        emptyActions(),
      );
      // UDP ports are compared too, but only TCP ports have an expected list (the profile's ports are TCP).
      for (const o of obs) {
        if (o.subject.startsWith('port:tcp/') && o.value.open === true && !expected(Number(o.subject.slice(9)))) {
          actions.persist.push({ asset_id: o.asset_id, trigger: 'unexpected_port', subject: o.subject });
        }
      }
      const fresh = new Map(hosts.filter((h) => h.fresh).map((h) => [Number(h.id), h]));
      for (const t of transitions) {
        const h = fresh.get(t.asset_id);
        if (t.subject === 'host' && t.kind === 'first' && h) {
          actions.raise.push({
            asset_id: t.asset_id,
            trigger: 'new_host',
            subject: 'host',
            title: `New host ${h.address} in ${h.network}`,
            before: null,
            after: { address: h.address, network: h.network },
            severity: 2,
          });
        }
      }
      for (const f of findings) {
        // Core's alert subject for a finding: its name (with its port, so two findings of one name on one host differ).
        const subject = f.port ? `${f.name} (tcp/${f.port})` : f.name;
        const base = { asset_id: Number(f.host_id), subject, before: null, finding_id: Number(f.id) };
        const after = { name: f.name, severity: Number(f.severity), cve: f.cve, port: f.port, known_exploited: f.kev };
        if (Number(f.run_state) === 3) {
          // Fixed: the vulnerability alerts of this finding are undone.
          actions.resolve.push({ ...base, trigger: 'new_vulnerability' }, { ...base, trigger: 'new_kev' });
          continue;
        }
        if (Number(f.severity) >= Number(p.min_severity)) {
          actions.raise.push({ ...base, trigger: 'new_vulnerability', title: f.name, after, severity: Number(f.severity) });
        }
        if (f.kev)
          actions.raise.push({ ...base, trigger: 'new_kev', title: `Known exploited: ${f.name}`, after, severity: Number(f.severity) });
      }
      return applyAlerts(tx, { customerId, profileId: p.id, triggers: p.triggers, source: 'scan', runId, now }, actions);
    });
    raised.push(...applied.raised);
    out.raised += applied.raised.length;
    out.updated += applied.updated;
    out.resolved += applied.resolved;
  }
  if (raised.length) await notifyAlerts(ctx, raised);
  return out;
}
