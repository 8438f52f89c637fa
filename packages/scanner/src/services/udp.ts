// UDP service identification: SNMP (sysDescr with community "public") and DNS (version.bind).
import dgram from 'node:dgram';
import net from 'node:net';
import type { ServiceInfo } from '../types.ts';
import { berDecode, berInt, berNull, berOid, berString, tlv, type BerNode } from './ber.ts';
import { dnsProduct, parseDnsResponse, versionBindQuery } from './dns.ts';
import { service, type Found } from './result.ts';

export interface UdpServiceOptions {
  signal?: AbortSignal;
  /** How long to wait for each reply, ms. Default 2000. */
  timeoutMs?: number;
  /** SNMP communities to try, in order. Default ["public"]. */
  communities?: string[];
}

const SYS_DESCR = '1.3.6.1.2.1.1.1.0';

/** An SNMP GetRequest for sysDescr.0 (version 0 = v1, 1 = v2c). */
export function snmpGet(community: string, requestId: number, version = 1): Buffer {
  const varbind = tlv(0x30, tlv(0x30, berOid(SYS_DESCR), berNull()));
  const pdu = tlv(0xa0, berInt(requestId), berInt(0), berInt(0), varbind);
  return tlv(0x30, berInt(version), berString(community), pdu);
}

/** sysDescr from an SNMP GetResponse, or undefined when the reply is not one. */
export function parseSnmpResponse(buf: Buffer): { version: number; community: string; sysDescr?: string; error: number } | undefined {
  let msg: BerNode;
  try {
    [msg] = berDecode(buf);
  } catch {
    return undefined;
  }
  const [ver, community, pdu] = msg?.children ?? [];
  if (msg?.tag !== 0x30 || ver?.tag !== 0x02 || community?.tag !== 0x04 || pdu?.tag !== 0xa2) return undefined;
  const [, errStatus, , varbinds] = pdu.children ?? [];
  const value = varbinds?.children?.[0]?.children?.[1];
  return {
    version: ver.value[0],
    community: community.value.toString('utf8'),
    error: errStatus?.value[0] ?? 0,
    sysDescr: value?.tag === 0x04 ? value.value.toString('utf8') : undefined,
  };
}

function exchange(
  host: string,
  port: number,
  payload: Buffer,
  timeoutMs: number,
  accept: (msg: Buffer) => boolean,
  signal?: AbortSignal,
): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    let settled = false;
    const finish = (v: Buffer | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.close();
      resolve(v);
    };
    const onAbort = () => finish(undefined);
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.on('message', (msg) => {
      if (accept(msg)) finish(msg);
    });
    socket.on('error', () => finish(undefined));
    socket.send(payload, port, host, (err) => {
      if (err) finish(undefined);
    });
  });
}

function snmpProduct(sysDescr: string): { product?: string; version?: string } {
  const m = /^Linux \S+ (\d[\w.\-+]*)/.exec(sysDescr);
  if (m) return { product: 'Net-SNMP', version: undefined };
  return {};
}

/** Identifies a UDP service by its answer to SNMP and DNS queries; undefined when nothing answers. */
export async function identifyUdpService(host: string, port: number, options: UdpServiceOptions = {}): Promise<ServiceInfo | undefined> {
  const timeoutMs = options.timeoutMs ?? 2000;
  const signal = options.signal;
  for (const community of options.communities ?? ['public']) {
    for (const version of [1, 0]) {
      const id = 0x1000 + Math.floor(Math.random() * 0x7000);
      const reply = await exchange(host, port, snmpGet(community, id, version), timeoutMs, (m) => m[0] === 0x30, signal);
      const parsed = reply && parseSnmpResponse(reply);
      if (parsed) {
        const found: Found = {
          name: 'snmp',
          ...(parsed.sysDescr ? snmpProduct(parsed.sysDescr) : {}),
          banner: parsed.sysDescr,
          extra: { community, snmpVersion: version === 1 ? 'v2c' : 'v1', sysDescr: parsed.sysDescr, errorStatus: parsed.error },
        };
        return service(found);
      }
      if (signal?.aborted) return undefined;
    }
  }
  const id = 0x6b43;
  const reply = await exchange(host, port, versionBindQuery(id), timeoutMs, (m) => parseDnsResponse(m, id) !== undefined, signal);
  const answer = reply && parseDnsResponse(reply, id);
  if (answer) {
    const versionBind = answer.txt[0];
    return service({
      name: 'domain',
      ...(versionBind ? dnsProduct(versionBind) : {}),
      banner: versionBind,
      extra: { versionBind, rcode: answer.rcode, recursionAvailable: answer.recursionAvailable },
    });
  }
  return undefined;
}
