// UDP checks (SNMP, DNS recursion, NTP monlist and mode 6, Memcached) against dgram servers speaking the real protocols, with and without the weakness.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dnsServer, memcachedUdp, ntpServer, snmpAgent } from './checks-helpers/fake-udp.ts';
import { PROTOCOL_CHECKS_BY_FILE } from './checks-helpers/protocol-checks.ts';
import { checkScanner } from './checks-helpers/scan.ts';
import { closeUdp, listenUdp, type UdpHandler } from './checks-helpers/udp.ts';

const checks = checkScanner();
const A = '127.0.0.102';
/** A silent UDP port costs one timeout per request block, so keep it short. */
const serve = async (handler: UdpHandler, service: string) =>
  checks.scan({ address: A, port: await listenUdp(A, handler), service, protocol: 'udp', timeoutMs: 700 });

beforeAll(() => checks.load());
afterAll(closeUdp);

describe('snmp-default-community', () => {
  const sysDescr =
    'Linux gw-01 5.15.0-91-generic #101-Ubuntu SMP Tue Nov 14 13:30:08 UTC 2023 x86_64 (Net-SNMP 5.9.1 agent on the core router, rack B4)';
  it('finds an agent answering community "public" over SNMPv2c, with its sysDescr', async () => {
    const ids = await serve(snmpAgent({ communities: ['public'], versions: [0, 1], sysDescr }), 'snmp');
    checks.expectFound(ids, 'snmp-default-community');
    expect(checks.finding('snmp-default-community')).toMatchObject({ severity: 3, cve: ['CVE-1999-0517'] });
    // sysDescr is longer than 127 bytes: its BER length has the long form (0x81 …).
    expect(checks.finding('snmp-default-community')?.evidence).toContain('Net-SNMP 5.9.1 agent on the core router, rack B4');
  });
  it('finds an SNMPv1-only agent answering "public"', async () => {
    checks.expectFound(
      await serve(snmpAgent({ communities: ['public'], versions: [0], sysDescr: 'Cisco IOS' }), 'snmp'),
      'snmp-default-community',
    );
  });
  it('reports nothing on an agent that answers only its own community (silent for "public")', async () => {
    expect(await serve(snmpAgent({ communities: ['n0t-publ1c'], versions: [0, 1], sysDescr }), 'snmp')).toEqual([]);
  });
});

describe('dns-open-resolver', () => {
  it('finds a server that resolves example.com for anyone (RA set, not authoritative)', async () => {
    checks.expectFound(await serve(dnsServer('open'), 'domain'), 'dns-open-resolver');
  });
  it('reports nothing on an authoritative-only server (REFUSED, RA clear) or one that recurses only for its own clients (REFUSED, RA set)', async () => {
    expect(await serve(dnsServer('authoritative'), 'domain')).toEqual([]);
    expect(await serve(dnsServer('acl'), 'domain')).toEqual([]);
  });
});

describe('ntp-monlist', () => {
  it('finds an ntpd answering MON_GETLIST_1 with its client list', async () => {
    const ids = await serve(ntpServer({ monlist: true }), 'ntp');
    checks.expectFound(ids, 'ntp-monlist');
    expect(checks.finding('ntp-monlist')?.cve).toEqual(['CVE-2013-5211']);
    expect(ids).not.toContain('ntp-mode6-readvar');
  });
  it('reports nothing on a server that ignores mode 7 (ntpd 4.2.8) or answers it with an error', async () => {
    expect(await serve(ntpServer({}), 'ntp')).toEqual([]);
    expect(await serve(ntpServer({ monlist: 'error' }), 'ntp')).toEqual([]);
  });
});

describe('ntp-mode6-readvar', () => {
  it('finds an ntpd answering READVAR, with its version and system', async () => {
    const ids = await serve(ntpServer({ readvar: true }), 'ntp');
    checks.expectFound(ids, 'ntp-mode6-readvar');
    expect(checks.finding('ntp-mode6-readvar')?.evidence).toMatch(/version: ntpd 4\.2\.6p5.*system: Linux\/3\.10/);
    expect(ids).not.toContain('ntp-monlist');
  });
  it('reports nothing on a server with "restrict default noquery" (no mode 6 answers)', async () => {
    expect(await serve(ntpServer({ monlist: 'error' }), 'ntp')).toEqual([]);
  });
});

describe('memcached-udp-amplification', () => {
  it('finds Memcached answering "stats" over UDP, with its version', async () => {
    checks.expectFound(await serve(memcachedUdp(true), 'memcached'), 'memcached-udp-amplification');
    expect(checks.finding('memcached-udp-amplification')?.evidence).toContain('1.4.25');
  });
  it('reports nothing when UDP is disabled (-U 0: no answer)', async () => {
    expect(await serve(memcachedUdp(false), 'memcached')).toEqual([]);
  });
});

describe('coverage', () => {
  it('every UDP check of this file is proven, without socket errors', () => {
    expect(PROTOCOL_CHECKS_BY_FILE.udp.filter((id) => !checks.proven.has(id))).toEqual([]);
    expect(checks.errors).toEqual([]);
  });
});
