// Writes one batch of a run's live hosts into the inventory: host assets (names merged, OS guess, open-port count, first and
// last seen), their ports (open ones upserted with their services; covered ports no longer open marked closed) and
// the run's snapshot of each host for the run page. Set-based: a few statements per batch, not per host.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { PROTOCOL_CODE } from './findings.ts';
import { guessOs } from './os-guess.ts';
import type { DeliveredHost } from './scan-result.ts';
import { intArray, jsonRows } from './sql.ts';
import { queryRows } from '../../db/rows.ts';
import { isPublicAddress } from '../assets/index.ts';
import { placeExcludedSql } from '../exclusions/index.ts';

export interface BatchContext {
  customerId: number;
  runId: number;
  /** When the run saw the hosts (the delivery time of its tasks): the same on every re-processing. */
  seen: Date;
  /** The network, range and host assets the scan targeted (hosts found inside a network are linked to it). */
  targetAssetIds: readonly number[];
  /** The ports the run's profile covered. */
  tcp: readonly number[];
  udp: readonly number[];
  /** A re-test run (scan_runs.retest): only these findings may close; it says nothing about the host's others. */
  onlyFindings?: readonly number[] | null;
}

/** Upserts the hosts and their open ports, closes covered ports not seen open; returns host ids by address. */
export async function upsertHosts(tx: Tx, c: BatchContext, hosts: readonly DeliveredHost[]): Promise<Map<string, number>> {
  if (hosts.length === 0) return new Map();
  const seen = c.seen.toISOString();
  const hostRows = hosts.map((h) => ({
    address: h.address,
    hostnames: [...new Set(h.hostnames)].sort(),
    os: guessOs(h.ports),
    internet_facing: isPublicAddress(h.address),
  }));
  const rows = jsonRows(hostRows);
  // A host asset written as a name (no address yet) becomes the host a scan found under that name, unless another
  // asset already holds the address (docs/assets.md, "Identity").
  await tx.execute(sql`
    update assets a set address = m.address, modified_at = now()
    from (
      select distinct on (x.address) x.address, n.id
      from jsonb_to_recordset(${rows}) as x(address text, hostnames jsonb)
      join assets n on n.customer_id = ${c.customerId} and n.zone = '' and n.kind = 'host' and n.address is null
        and x.hostnames ? lower(n.value)
      where not exists (select 1 from assets b where b.customer_id = ${c.customerId} and b.zone = '' and b.address = x.address)
      order by x.address, n.id
    ) m
    where a.id = m.id`);
  const ids = await queryRows<{ id: number; address: string }>(
    tx,
    sql`insert into assets (customer_id, kind, type, value, address, hostnames, os, open_ports, is_server, internet_facing,
                            created_at, modified_at, first_seen, last_seen, last_run_id)
        select ${c.customerId}, 'host', 2, x.address, x.address, x.hostnames, x.os, 0, false, x.internet_facing,
               ${seen}::timestamptz, ${seen}::timestamptz, ${seen}::timestamptz, ${seen}::timestamptz, ${c.runId}
        from jsonb_to_recordset(${rows}) as x(address text, hostnames jsonb, os text, internet_facing boolean)
        on conflict (customer_id, zone, address) where address is not null do update set
          hostnames = (select coalesce(jsonb_agg(distinct n order by n), '[]'::jsonb)
                       from jsonb_array_elements_text(assets.hostnames || excluded.hostnames) as n),
          os = coalesce(excluded.os, assets.os),
          first_seen = least(assets.first_seen, excluded.first_seen),
          last_seen = greatest(assets.last_seen, excluded.last_seen),
          last_run_id = excluded.last_run_id,
          archived_at = null
        returning id, address`,
  );
  const byAddress = new Map(ids.map((r) => [r.address, Number(r.id)]));

  const portRows = hosts.flatMap((h) =>
    h.ports
      .filter((p) => p.state === 'open')
      .map((p) => ({
        host_id: byAddress.get(h.address),
        port: p.port,
        protocol: PROTOCOL_CODE[p.protocol],
        service: p.service?.name ?? null,
        product: p.service?.product ?? null,
        version: p.service?.version ?? null,
        cpe: p.service?.cpe ?? [],
        banner: p.service?.banner?.slice(0, 2000) ?? null,
        tls: p.service?.tls ?? false,
      })),
  );
  if (portRows.length > 0) {
    // A port seen open without an identified service keeps what an earlier run identified.
    await tx.execute(sql`
      insert into host_ports (customer_id, host_id, port, protocol, open, service, product, version, cpe, banner, tls, first_seen, last_seen, last_run_id)
      select ${c.customerId}, x.host_id, x.port, x.protocol, true, x.service, x.product, x.version, x.cpe, x.banner, x.tls,
             ${seen}::timestamptz, ${seen}::timestamptz, ${c.runId}
      from jsonb_to_recordset(${jsonRows(portRows)})
        as x(host_id int, port int, protocol smallint, service text, product text, version text, cpe jsonb, banner text, tls boolean)
      on conflict (host_id, port, protocol) do update set
        open = true,
        service = coalesce(excluded.service, host_ports.service),
        product = case when excluded.service is null then host_ports.product else excluded.product end,
        version = case when excluded.service is null then host_ports.version else excluded.version end,
        cpe = case when excluded.service is null then host_ports.cpe else excluded.cpe end,
        banner = case when excluded.service is null then host_ports.banner else excluded.banner end,
        tls = case when excluded.service is null then host_ports.tls else excluded.tls end,
        first_seen = least(host_ports.first_seen, excluded.first_seen),
        last_seen = greatest(host_ports.last_seen, excluded.last_seen),
        last_run_id = excluded.last_run_id`);
  }
  const hostIds = intArray(byAddress.values());
  // Ports this run covered on a live host but did not see open are closed now (ports it did not cover, or an exception
  // kept it away from, stay as they were).
  await tx.execute(sql`
    update host_ports set open = false
    where customer_id = ${c.customerId} and host_id = any(${hostIds}) and open
      and last_run_id is distinct from ${c.runId}
      and ((protocol = 0 and port = any(${intArray(c.tcp)})) or (protocol = 1 and port = any(${intArray(c.udp)})))
      and not ${placeExcludedSql(c.customerId, sql`host_ports.host_id`, sql`host_ports.port`, c.seen)}`);
  // A host that listens is a server; one the user marked as a server stays one.
  await tx.execute(sql`
    update assets h set open_ports = o.n, is_server = h.is_server or o.n > 0
    from (select a.id, (select count(*)::int from host_ports p where p.host_id = a.id and p.open) as n
          from assets a where a.id = any(${hostIds})) o
    where h.id = o.id`);
  if (c.targetAssetIds.length > 0) {
    // A host found inside a network or range asset the scan targeted is linked to it (the narrowest one).
    await tx.execute(sql`
      update assets h set parent_id = (
        select n.id from assets n
        where n.customer_id = ${c.customerId} and n.id = any(${intArray(c.targetAssetIds)}) and n.kind in ('network', 'range')
          and case when n.kind = 'network' then h.address::inet <<= n.value::cidr
                   else h.address::inet between split_part(n.value, '-', 1)::inet and split_part(n.value, '-', 2)::inet end
        order by case when n.kind = 'network' then masklen(n.value::cidr) else 0 end desc, n.id
        limit 1)
      where h.id = any(${hostIds}) and h.parent_id is null`);
  }
  return byAddress;
}

export interface RunHostSummary {
  findingsCount: number;
  maxSeverity: number | null;
  /** The authenticated look's outcome on the host (null without one). */
  credentialHealth: string | null;
  credentialMessage: string | null;
}

/** The run's snapshot of each host (ports and services as seen then, findings count, worst severity). */
export async function snapshotRunHosts(
  tx: Tx,
  c: BatchContext,
  hosts: readonly DeliveredHost[],
  ids: ReadonlyMap<string, number>,
  summaries: ReadonlyMap<string, RunHostSummary>,
): Promise<void> {
  if (hosts.length === 0) return;
  const snapshot = hosts.map((h) => ({
    host_id: ids.get(h.address),
    address: h.address,
    hostnames: [...new Set(h.hostnames)].sort(),
    ports: [...h.ports]
      .sort((a, b) => a.protocol.localeCompare(b.protocol) || a.port - b.port)
      .map((p) => ({
        port: p.port,
        protocol: p.protocol,
        state: p.state,
        service: p.service?.name ?? null,
        product: p.service?.product ?? null,
        version: p.service?.version ?? null,
        cpe: p.service?.cpe ?? [],
        tls: p.service?.tls ?? false,
      })),
    findings_count: summaries.get(h.address)?.findingsCount ?? 0,
    max_severity: summaries.get(h.address)?.maxSeverity ?? null,
    credential_health: summaries.get(h.address)?.credentialHealth ?? null,
    credential_message: summaries.get(h.address)?.credentialMessage ?? null,
  }));
  await tx.execute(sql`
    insert into scan_run_hosts (run_id, host_id, customer_id, address, hostnames, ports, findings_count, max_severity,
                                credential_health, credential_message)
    select ${c.runId}, x.host_id, ${c.customerId}, x.address, x.hostnames, x.ports, x.findings_count, x.max_severity,
           x.credential_health, x.credential_message
    from jsonb_to_recordset(${jsonRows(snapshot)})
      as x(host_id int, address text, hostnames jsonb, ports jsonb, findings_count int, max_severity smallint,
           credential_health text, credential_message text)
    on conflict (run_id, host_id) do update set
      address = excluded.address, hostnames = excluded.hostnames, ports = excluded.ports,
      findings_count = excluded.findings_count, max_severity = excluded.max_severity,
      credential_health = excluded.credential_health, credential_message = excluded.credential_message`);
}
