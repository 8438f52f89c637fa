// Parses nmap's XML output (-oX) with fast-xml-parser into the scanner's HostResult / PortResult / ServiceInfo shape.
import { XMLParser } from 'fast-xml-parser';
import type { HostResult, PortResult, PortState, Protocol, ServiceInfo } from '../types.ts';
import { cpe22To23 } from './cpe.ts';

type Node = Record<string, unknown>;

const ARRAYS = new Set([
  'nmaprun.host',
  'nmaprun.host.address',
  'nmaprun.host.hostnames.hostname',
  'nmaprun.host.ports.port',
  'nmaprun.host.ports.port.service.cpe',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  processEntities: true,
  isArray: (_name, jpath) => ARRAYS.has(String(jpath)),
});

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const nodes = (v: unknown): Node[] => (Array.isArray(v) ? v.filter(isNode) : isNode(v) ? [v] : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const text = (v: unknown): string | undefined => (isNode(v) ? str(v['#text']) : str(v));

export interface NmapRun {
  hosts: HostResult[];
  /** Hosts nmap reported down (not in `hosts`). */
  down: string[];
  /** nmap's own summary, e.g. "Nmap done at …; 1 IP address (1 host up) scanned in 0.05 seconds". */
  summary?: string;
}

const STATES: Record<string, PortState> = { open: 'open', closed: 'closed', filtered: 'filtered', 'open|filtered': 'open|filtered' };

function service(node: Node | undefined): ServiceInfo | undefined {
  if (!node) return undefined;
  const name = str(node.name);
  if (!name) return undefined;
  const info: ServiceInfo = { name, cpe: [] };
  const cpes = (Array.isArray(node.cpe) ? node.cpe : []).map(text).filter((c): c is string => c !== undefined);
  info.cpe = cpes.map(cpe22To23).filter((c): c is string => c !== null);
  const product = str(node.product);
  const version = str(node.version);
  if (product) info.product = product;
  if (version) info.version = version;
  if (node.tunnel === 'ssl') info.tls = true;
  const extra: Record<string, unknown> = {};
  for (const key of ['extrainfo', 'ostype', 'devicetype', 'hostname', 'method', 'conf', 'servicefp']) {
    const v = str(node[key]);
    if (v) extra[key] = key === 'conf' ? Number(v) : v;
  }
  if (Object.keys(extra).length) info.extra = { nmap: extra };
  return info;
}

function port(node: Node): PortResult | undefined {
  const protocol = node.protocol === 'udp' ? 'udp' : node.protocol === 'tcp' ? 'tcp' : undefined;
  const number = Number(node.portid);
  const stateNode = isNode(node.state) ? node.state : undefined;
  const state = STATES[str(stateNode?.state) ?? ''];
  if (!protocol || !Number.isInteger(number) || !state) return undefined;
  const result: PortResult = { port: number, protocol: protocol satisfies Protocol, state };
  const svc = service(isNode(node.service) ? node.service : undefined);
  if (svc) result.service = svc;
  return result;
}

/**
 * The hosts of an nmap XML document. `openOnly` (default true) keeps only open ports, as the native engine
 * reports; host names come from nmap's <hostnames> (user-given and PTR).
 */
export function parseNmapXml(xml: string, options: { openOnly?: boolean } = {}): NmapRun {
  const doc: unknown = parser.parse(xml);
  const run = isNode(doc) && isNode(doc.nmaprun) ? doc.nmaprun : undefined;
  if (!run) throw new Error('Not an nmap XML document (no <nmaprun>).');
  const openOnly = options.openOnly ?? true;
  const hosts: HostResult[] = [];
  const down: string[] = [];
  for (const host of nodes(run.host)) {
    const addresses = nodes(host.address);
    const ip = addresses.find((a) => a.addrtype === 'ipv4' || a.addrtype === 'ipv6') ?? addresses[0];
    const address = str(ip?.addr);
    if (!address) continue;
    const status = isNode(host.status) ? str(host.status.state) : undefined;
    if (status !== 'up') {
      down.push(address);
      continue;
    }
    const hostnames = [
      ...new Set(
        nodes(isNode(host.hostnames) ? host.hostnames.hostname : undefined)
          .map((h) => str(h.name))
          .filter((n): n is string => !!n),
      ),
    ];
    const ports = nodes(isNode(host.ports) ? host.ports.port : undefined)
      .map(port)
      .filter((p): p is PortResult => p !== undefined && (!openOnly || p.state === 'open'));
    hosts.push({ address, hostnames, alive: true, ports, findings: [] });
  }
  const runstats = isNode(run.runstats) && isNode(run.runstats.finished) ? run.runstats.finished : undefined;
  return { hosts, down, summary: str(runstats?.summary) };
}
