// Turns a network scan profile's port fields into the TCP and UDP port lists to scan.
import { bulwarkServiceTcpPorts } from './service-ports.ts';
import { STANDARD_UDP_PORTS, standardTcpPorts } from './standard-tcp.ts';
import { addPorts, type PortSpec } from './spec.ts';

/** The port fields of a network scan profile (platform-core "Network scan profile"). */
export interface ProfilePortFields {
  standard_scan?: boolean | null;
  ss_tcp_extra_ports?: PortSpec;
  ss_use_tcp?: boolean | null;
  custom_tcp_range?: PortSpec;
  custom_tcp_range_exclude?: PortSpec;
  custom_udp_range?: PortSpec;
  custom_udp_range_exclude?: PortSpec;
}

export interface PortLists {
  tcp: number[];
  udp: number[];
}

/**
 * How the fields combine:
 * - `standard_scan` on: TCP gets the 1,000 standard ports and the ports Bulwark's fingerprints and checks look at by
 *   default (service-ports.ts: Redis 6379, Elasticsearch 9200, MongoDB 27017 …) when `ss_use_tcp` is on (unset counts
 *   as on), plus `ss_tcp_extra_ports`; UDP gets the standard UDP ports (those with a payload: 53, 69, 123, 137,
 *   161, 500, 1900, 5353). With `standard_scan` off, `ss_use_tcp` and `ss_tcp_extra_ports` are ignored
 *   (feature-areas §5: "Standard scan off empties extra TCP ports and the use-tcp flag").
 * - `custom_tcp_range` / `custom_udp_range` add to the lists whether or not the standard scan is on.
 * - `custom_tcp_range_exclude` / `custom_udp_range_exclude` are applied last and remove ports from the whole
 *   list, the standard ports included.
 * Specs are comma strings or lists of ports and ranges; a bad entry throws PortSpecError naming it.
 */
export function profilePorts(profile: ProfilePortFields): PortLists {
  const tcp = new Set<number>();
  const udp = new Set<number>();
  if (profile.standard_scan) {
    if (profile.ss_use_tcp !== false) for (const p of [...standardTcpPorts(), ...bulwarkServiceTcpPorts()]) tcp.add(p);
    addPorts(profile.ss_tcp_extra_ports, tcp);
    for (const p of STANDARD_UDP_PORTS) udp.add(p);
  }
  addPorts(profile.custom_tcp_range, tcp);
  addPorts(profile.custom_udp_range, udp);
  for (const p of addPorts(profile.custom_tcp_range_exclude, new Set())) tcp.delete(p);
  for (const p of addPorts(profile.custom_udp_range_exclude, new Set())) udp.delete(p);
  const sort = (s: Set<number>): number[] => [...s].sort((a, b) => a - b);
  return { tcp: sort(tcp), udp: sort(udp) };
}
