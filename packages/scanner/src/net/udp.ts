// UDP queries: protocol payloads (DNS, NTP, SNMP, NetBIOS-NS, SSDP, IKE, TFTP, mDNS); a port is open only on a reply.
import { createSocket } from 'node:dgram';
import { randomBytes } from 'node:crypto';

export type UdpPayloadName = 'dns' | 'ntp' | 'snmp' | 'netbios-ns' | 'ssdp' | 'ike' | 'tftp' | 'mdns';

/** The payload names with the nmap service name a reply implies and the well-known port they are sent to. */
export const UDP_PAYLOAD_PORTS: Readonly<Record<UdpPayloadName, { port: number; service: string }>> = {
  dns: { port: 53, service: 'domain' },
  tftp: { port: 69, service: 'tftp' },
  ntp: { port: 123, service: 'ntp' },
  'netbios-ns': { port: 137, service: 'netbios-ns' },
  snmp: { port: 161, service: 'snmp' },
  ike: { port: 500, service: 'isakmp' },
  ssdp: { port: 1900, service: 'upnp' },
  mdns: { port: 5353, service: 'mdns' },
};

const hex = (s: string): Buffer => Buffer.from(s.replace(/\s+/g, ''), 'hex');

/** DNS: a recursive query for the root's NS records (id 0x4255). */
function dns(): Buffer {
  return hex('4255 0100 0001 0000 0000 0000 00 0002 0001');
}

/** mDNS: _services._dns-sd._udp.local PTR with the unicast-response bit, so a responder answers us directly. */
function mdns(): Buffer {
  const labels = ['_services', '_dns-sd', '_udp', 'local'];
  const name = Buffer.concat([...labels.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)])), Buffer.from([0])]);
  return Buffer.concat([hex('0000 0000 0001 0000 0000 0000'), name, hex('000c 8001')]);
}

/** NTP: a version 4 client request (mode 3), 48 bytes. */
function ntp(): Buffer {
  const b = Buffer.alloc(48);
  b[0] = 0xe3;
  return b;
}

/** SNMP v2c GetRequest for sysDescr.0 (1.3.6.1.2.1.1.1.0) with community "public". */
function snmp(): Buffer {
  const requestId = randomBytes(4);
  requestId[0] &= 0x7f;
  const varbinds = hex('300e 300c 0608 2b06010201010100 0500');
  const pdu = Buffer.concat([hex('0204'), requestId, hex('020100 020100'), varbinds]);
  const body = Buffer.concat([hex('020101 0406'), Buffer.from('public'), Buffer.from([0xa0, pdu.length]), pdu]);
  return Buffer.concat([Buffer.from([0x30, body.length]), body]);
}

/** NetBIOS-NS: a node status (NBSTAT) request for the wildcard name "*". */
function netbios(): Buffer {
  const name = 'CK' + 'A'.repeat(30);
  return Buffer.concat([hex('a2b1 0000 0001 0000 0000 0000 20'), Buffer.from(name), hex('00 0021 0001')]);
}

/** SSDP: an M-SEARCH for all devices. */
function ssdp(): Buffer {
  return Buffer.from('M-SEARCH * HTTP/1.1\r\nHOST: 239.255.255.250:1900\r\nMAN: "ssdp:discover"\r\nMX: 1\r\nST: ssdp:all\r\n\r\n');
}

/** IKEv1 main mode with one proposal (3DES, SHA-1, pre-shared key, group 2, 8 h): any answer shows the daemon. */
function ike(): Buffer {
  const transform = hex('0000 0020 01 01 0000 80010005 80020002 80030001 80040002 800b0001 800c7080');
  const proposal = Buffer.concat([hex('0000 0028 01 01 00 01'), transform]);
  const sa = Buffer.concat([hex('0000 0034 00000001 00000001'), proposal]);
  const header = Buffer.concat([randomBytes(8), hex('0000000000000000 01 10 02 00 00000000 00000050')]);
  return Buffer.concat([header, sa]);
}

/** TFTP: a read request for a file that need not exist (an error reply proves the server as well). */
function tftp(): Buffer {
  return Buffer.concat([hex('0001'), Buffer.from('bulwark.txt'), hex('00'), Buffer.from('octet'), hex('00')]);
}

const BUILDERS: Record<UdpPayloadName, () => Buffer> = {
  dns,
  mdns,
  ntp,
  snmp,
  'netbios-ns': netbios,
  ssdp,
  ike,
  tftp,
};

export function udpPayload(name: UdpPayloadName): Buffer {
  return BUILDERS[name]();
}

/** The payload for a port: by the override map first, then by well-known port; none means an empty datagram. */
export function udpPayloadFor(port: number, overrides?: Readonly<Record<number, UdpPayloadName>>): UdpPayloadName | undefined {
  const chosen = overrides?.[port];
  if (chosen) return chosen;
  return (Object.keys(UDP_PAYLOAD_PORTS) as UdpPayloadName[]).find((n) => UDP_PAYLOAD_PORTS[n].port === port);
}

export type UdpQueryOutcome =
  | { state: 'open'; reply: Buffer; payload?: UdpPayloadName; rttMs: number }
  /** ICMP port unreachable came back. */
  | { state: 'closed' }
  /** No reply: not reported as open (a port is open only on a reply). */
  | { state: 'open|filtered' }
  | { state: 'aborted' };

/**
 * Sends the payload (again after each silent wait, `attempts` times in all) on a connected socket, so that an
 * ICMP port unreachable surfaces as ECONNREFUSED. The socket is closed before the promise settles.
 */
export function queryUdp(
  address: string,
  port: number,
  opts: { timeoutMs: number; attempts?: number; payload?: UdpPayloadName; signal?: AbortSignal },
): Promise<UdpQueryOutcome> {
  const { signal } = opts;
  if (signal?.aborted) return Promise.resolve({ state: 'aborted' });
  const data = opts.payload ? udpPayload(opts.payload) : Buffer.alloc(0);
  const attempts = Math.max(1, opts.attempts ?? 2);
  return new Promise((resolve) => {
    const socket = createSocket(address.includes(':') ? 'udp6' : 'udp4');
    let done = false;
    let sent = 0;
    let sentAt = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (outcome: UdpQueryOutcome): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      try {
        socket.close();
      } catch {
        // already closed
      }
      resolve(outcome);
    };
    const onAbort = (): void => finish({ state: 'aborted' });
    const send = (): void => {
      if (done) return;
      if (sent >= attempts) return finish({ state: 'open|filtered' });
      sent++;
      sentAt = performance.now();
      socket.send(data, (err) => {
        if (err) finish({ state: 'open|filtered' });
      });
      // The wait ends after the poll phase (setImmediate): a reply that came while the event loop was busy is read
      // first, not lost to a timer that fired late (see lag-clock.js).
      timer = setTimeout(() => setImmediate(send), opts.timeoutMs);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.on('message', (msg) => finish({ state: 'open', reply: msg, payload: opts.payload, rttMs: performance.now() - sentAt }));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      finish(err.code === 'ECONNREFUSED' ? { state: 'closed' } : { state: 'open|filtered' });
    });
    socket.connect(port, address, send);
  });
}
