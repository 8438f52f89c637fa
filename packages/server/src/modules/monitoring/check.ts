// One round of a profile's own check: look at the watched assets' ports and certificates, compare with the known
// state, confirm changes by a second look, raise, update and resolve alerts.
import { sql } from 'drizzle-orm';
import type { MonitoringCheckResult } from '@bulwark/core';
import { lookAtPorts, type PortLook } from '@bulwark/scanner';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { certLevel, detect, expectedPortList, expectedPorts } from './detect.ts';
import { notifyAlerts } from './notify.ts';
import { applyAlerts, resolveNowExpected } from './raise.ts';
import { knownStates, mergeStates, type Observation, type StateValue } from './state.ts';
import { watchedSql } from './watched.ts';

/**
 * The watch list every round looks at besides the expected and known ports: nmap's 100 most frequently open TCP ports
 * (`--top-ports 100`). 100 connects per host keeps 10,000 hosts every 15 minutes at about 1,100 connects a second,
 * which a single worker sustains (bench/monitoring.ts); the full 1,000-port standard list is the scans' job.
 */
export const WATCH_PORTS_SPEC =
  '7,9,13,21-23,25-26,37,53,79-81,88,106,110-111,113,119,135,139,143-144,179,199,389,427,443-445,465,513-515,543-544,' +
  '548,554,587,631,646,873,990,993,995,1025-1029,1110,1433,1720,1723,1755,1900,2000-2001,2049,2121,2717,3000,3128,3306,' +
  '3389,3986,4899,5000,5009,5051,5060,5101,5190,5357,5432,5631,5666,5800,5900,6000-6001,6646,7070,8000,8008-8009,' +
  '8080-8081,8443,8888,9100,9999-10000,32768,49152-49157';
export const WATCH_PORTS: readonly number[] = expectedPortList(WATCH_PORTS_SPEC);

/** Ports that usually speak TLS from the first byte: their certificate and lowest version are read when open. */
export const TLS_PORTS: readonly number[] = [
  443, 465, 563, 636, 853, 989, 990, 992, 993, 994, 995, 2376, 3269, 5061, 5986, 6443, 8443, 9443, 10250,
];

export interface CheckOptions {
  /** Connects at a time (default 512) and the connect and handshake timeout (default 1,500 ms). */
  concurrency?: number;
  timeoutMs?: number;
  /** Use only these ports instead of the watch list (tests, the benchmark). */
  watchPorts?: readonly number[];
}

const NONE: MonitoringCheckResult = { assets: 0, ports_checked: 0, changes: 0, alerts_raised: 0, alerts_updated: 0, alerts_resolved: 0 };

interface ProfileRow {
  id: number;
  ports: string;
  triggers: string[];
  cert_days: number;
  check_interval: number;
  active: boolean;
}

const portOf = (subject: string) => Number(subject.slice(subject.indexOf('/') + 1));

/**
 * Looks at the profile's watched hosts, merges what it saw with the known state and writes the alerts. `now` is the
 * round's time: certificate days are counted by it and the next check is due `check_interval` minutes after it.
 */
export async function runProfileCheck(
  ctx: AppContext,
  customerId: number,
  profileId: number,
  now: Date,
  options: CheckOptions = {},
): Promise<MonitoringCheckResult> {
  const [profile] = await queryRows<ProfileRow & Record<string, unknown>>(
    ctx.db,
    sql`select id, ports, triggers, cert_days, check_interval, active from monitoring_profiles where id = ${profileId} and customer_id = ${customerId}`,
  );
  if (!profile || !profile.active) return { ...NONE };
  // The watched hosts (with their known open and TLS ports) and web applications, in one pass over the watched set.
  const watched = await queryRows<{
    id: number;
    kind: string;
    value: string;
    address: string;
    name: string | null;
    tls_ports: number[] | null;
    open_ports: number[] | null;
  }>(
    ctx.db,
    sql`select a.id, a.kind, a.value, coalesce(a.address, a.value) as address, nullif(a.name, '') as name,
          (select array_agg(hp.port) from host_ports hp where hp.host_id = a.id and hp.protocol = 0 and hp.open and hp.tls) as tls_ports,
          (select array_agg(hp.port) from host_ports hp where hp.host_id = a.id and hp.protocol = 0 and hp.open) as open_ports
        from ${watchedSql(customerId, [profileId])} w join assets a on a.id = w.asset_id
        where a.kind in ('host', 'webapp')`,
  );
  const hosts = watched.filter((a) => a.kind === 'host');
  // Web applications served over HTTPS: their certificate and TLS versions are watched on the URL's own port.
  const webapps = watched.filter((a) => a.kind === 'webapp');
  const states = await knownStates(ctx.db, profileId);
  const expected = expectedPorts(profile.ports);
  const common = [...new Set([...expectedPortList(profile.ports), ...(options.watchPorts ?? WATCH_PORTS)])];
  const look = {
    tls: true,
    concurrency: options.concurrency ?? 512,
    timeoutMs: options.timeoutMs ?? 1500,
  };

  // First look: the common list, each host's known open ports (scans' and ours) and TLS where it is expected.
  const plan = hosts.map((h) => {
    const known = states.get(Number(h.id)) ?? new Map<string, { value: StateValue | null; pending: StateValue | null }>();
    const ports = new Set<number>(h.open_ports ?? []);
    const tlsPorts = new Set<number>([...TLS_PORTS, ...(h.tls_ports ?? [])]);
    for (const [subject, s] of known) {
      if (subject.startsWith('port:tcp/') && (s.value?.open === true || s.pending)) ports.add(portOf(subject));
      if (subject.startsWith('cert:tcp/')) tlsPorts.add(portOf(subject));
    }
    return { assetId: Number(h.id), address: h.address, name: h.name ?? undefined, ports: [...ports], tlsPorts: [...tlsPorts], known };
  });
  const sites = webapps.flatMap((w) => {
    let url: URL;
    try {
      url = new URL(w.value);
    } catch {
      return [];
    }
    if (url.protocol !== 'https:') return [];
    const port = Number(url.port || 443);
    const known = states.get(Number(w.id)) ?? new Map<string, { value: StateValue | null; pending: StateValue | null }>();
    const host = url.hostname.replace(/^\[|\]$/g, '');
    return [{ assetId: Number(w.id), address: host, name: host, ports: [port], tlsPorts: [port], known }];
  });
  const siteIds = new Set(sites.map((w) => w.assetId));
  const first = await lookAtPorts({ ...look, hosts: plan, ports: common });
  const firstSites = sites.length ? await lookAtPorts({ ...look, hosts: sites, ports: [] }) : { looks: [], attempts: 0 };
  const looks = [...first.looks, ...firstSites.looks];
  const knownOf = new Map([...plan, ...sites].map((p) => [p.assetId, p.known]));
  const state = (assetId: number, subject: string) => knownOf.get(assetId)?.get(subject)?.value ?? null;

  // Second look, at once, at what appeared: a port not known open, a certificate not known, a lower TLS version.
  const recheck = new Map<number, { ports: Set<number>; tls: Set<number> }>();
  const want = (l: PortLook, tls: boolean) => {
    let r = recheck.get(l.assetId);
    if (!r) recheck.set(l.assetId, (r = { ports: new Set(), tls: new Set() }));
    r.ports.add(l.port);
    if (tls) r.tls.add(l.port);
  };
  for (const l of looks) {
    if (!l.open) continue;
    const subject = `tcp/${l.port}`;
    if (!siteIds.has(l.assetId) && state(l.assetId, `port:${subject}`)?.open !== true) want(l, !!l.cert);
    const cert = state(l.assetId, `cert:${subject}`);
    if (l.cert && cert && cert.fingerprint !== l.cert.fingerprint_sha256) want(l, true);
    const tls = state(l.assetId, `tls:${subject}`);
    if (l.tlsMin && tls && typeof tls.min === 'string' && tls.min !== l.tlsMin) want(l, true);
  }
  const byAddress = new Map([...plan, ...sites].map((p) => [p.assetId, p]));
  const second = recheck.size
    ? await lookAtPorts({
        ...look,
        ports: [],
        hosts: [...recheck].map(([assetId, r]) => ({ ...byAddress.get(assetId)!, ports: [...r.ports], tlsPorts: [...r.tls] })),
      })
    : { looks: [], attempts: 0 };
  const again = new Map(second.looks.map((l) => [`${l.assetId} ${l.port}`, l]));

  const obs: Observation[] = [];
  for (const l of looks) {
    const subject = `tcp/${l.port}`;
    const site = siteIds.has(l.assetId);
    const retry = recheck.get(l.assetId)?.ports.has(l.port) ? again.get(`${l.assetId} ${l.port}`) : undefined;
    if (!l.open && site) continue; // A web application's port is its URL's: no port state, only its TLS.
    if (!l.open) {
      // Only a port known open (or pending) can disappear; a port never seen open stays unknown.
      const known = knownOf.get(l.assetId)?.get(`port:${subject}`);
      if (known && (known.value?.open === true || known.pending))
        obs.push({ asset_id: l.assetId, subject: `port:${subject}`, value: { open: false }, immediate: false });
      continue;
    }
    const wasOpen = site || state(l.assetId, `port:${subject}`)?.open === true;
    if (!wasOpen && !retry?.open) continue; // Seen once, not confirmed: no change, no alert.
    if (!site) obs.push({ asset_id: l.assetId, subject: `port:${subject}`, value: { open: true }, immediate: true });
    if (l.cert) {
      const known = state(l.assetId, `cert:${subject}`);
      const confirmed =
        !known || known.fingerprint === l.cert.fingerprint_sha256 || retry?.cert?.fingerprint_sha256 === l.cert.fingerprint_sha256;
      if (confirmed) {
        obs.push({
          asset_id: l.assetId,
          subject: `cert:${subject}`,
          value: {
            fingerprint: l.cert.fingerprint_sha256,
            valid_to: l.cert.valid_to,
            subject: l.cert.subject,
            issuer: l.cert.issuer,
            level: certLevel(l.cert.valid_to, now, profile.cert_days),
          },
          immediate: true,
        });
      }
    }
    if (l.tlsMin) {
      const known = state(l.assetId, `tls:${subject}`);
      if (!known || known.min === l.tlsMin || retry?.tlsMin === l.tlsMin) {
        obs.push({ asset_id: l.assetId, subject: `tls:${subject}`, value: { min: l.tlsMin }, immediate: true });
      }
    }
  }

  // The state, the alerts and the profile's schedule move together: a round that fails midway leaves the known state
  // as it was, so its changes are seen again by the next round instead of being absorbed without an alert.
  const next = profile.check_interval > 0 ? new Date(now.getTime() + profile.check_interval * 60_000).toISOString() : null;
  const { transitions, applied, nowExpected, unwatched } = await ctx.db.transaction(async (tx) => {
    const transitions = await mergeStates(tx, customerId, profileId, obs, now);
    const actions = detect(transitions, { expected, certDays: profile.cert_days }, now);
    // Ports still open and unexpected: their open alerts persist (last seen, count) without being raised again.
    for (const o of obs) {
      if (o.subject.startsWith('port:') && o.value.open === true && !expected(portOf(o.subject))) {
        actions.persist.push({ asset_id: o.asset_id, trigger: 'unexpected_port', subject: o.subject });
      }
    }
    const applied = await applyAlerts(tx, { customerId, profileId, triggers: profile.triggers, source: 'check', now }, actions);
    const nowExpected = await resolveNowExpected(tx, profileId, expected, now);
    const unwatched = await forgetUnwatched(tx, customerId, profileId, now);
    await tx.execute(
      sql`update monitoring_profiles set last_check_at = ${now.toISOString()}::timestamptz, next_check_at = ${next}::timestamptz where id = ${profileId}`,
    );
    return { transitions, applied, nowExpected, unwatched };
  });
  if (applied.raised.length) await notifyAlerts(ctx, applied.raised);
  return {
    assets: hosts.length + sites.length,
    ports_checked: looks.length,
    changes: transitions.filter((t) => t.kind === 'changed').length,
    alerts_raised: applied.raised.length,
    alerts_updated: applied.updated,
    alerts_resolved: applied.resolved + nowExpected + unwatched,
  };
}

/**
 * Assets that left the watched set (untagged, taken out of the profile, archived): their open alerts resolve and their
 * states are forgotten, so an asset watched again starts from a new baseline. Answers the alerts resolved.
 */
async function forgetUnwatched(tx: Tx, customerId: number, profileId: number, now: Date): Promise<number> {
  const watched = watchedSql(customerId, [profileId]);
  const resolved = await queryRows<{ id: number }>(
    tx,
    sql`update monitoring_alerts m set resolved_at = ${now.toISOString()}::timestamptz
        where m.profile_id = ${profileId} and m.resolved_at is null
          and not exists (select 1 from ${watched} w where w.asset_id = m.asset_id)
        returning m.id`,
  );
  await tx.execute(
    sql`delete from monitoring_states s where s.profile_id = ${profileId}
        and not exists (select 1 from ${watched} w where w.asset_id = s.asset_id)`,
  );
  return resolved.length;
}
