// Port lists: the standard TCP list, specs with exclusions and the profile's port fields.
import { describe, expect, it } from 'vitest';
import {
  bulwarkServiceTcpPorts,
  CHECK_TCP_PORTS,
  formatPortSpec,
  parsePortSpec,
  PortSpecError,
  profilePorts,
  SERVICE_DEFAULT_TCP_PORTS,
  STANDARD_UDP_PORTS,
  standardTcpPorts,
} from '../src/ports/index.ts';
import { checkTcpPorts } from '../src/ports/check-ports-from-templates.ts';
import { TCP_FINGERPRINTS } from '../src/services/fingerprints.ts';

describe('ports', () => {
  it('has 1,000 standard TCP ports, ascending, with the well-known ones', () => {
    const list = standardTcpPorts();
    expect(list).toHaveLength(1000);
    expect([...list].sort((a, b) => a - b)).toEqual(list);
    for (const p of [21, 22, 23, 25, 53, 80, 110, 143, 443, 445, 3306, 3389, 5432, 5900, 8080]) expect(list).toContain(p);
  });

  it('parses specs with ranges, duplicates and exclusions', () => {
    expect(parsePortSpec('22,80,8000-8003')).toEqual([22, 80, 8000, 8001, 8002, 8003]);
    expect(parsePortSpec(['80', '22', '80', '20-22'])).toEqual([20, 21, 22, 80]);
    expect(parsePortSpec('1-10', '2,4-8')).toEqual([1, 3, 9, 10]);
    expect(parsePortSpec(null)).toEqual([]);
    expect(formatPortSpec([1, 3, 4, 5, 80, 81])).toBe('1,3-5,80-81');
  });

  it('names a bad entry', () => {
    for (const bad of ['0', '65536', '10-5', 'http', '1-2-3']) {
      expect(() => parsePortSpec(`22,${bad}`)).toThrow(new PortSpecError(bad));
      expect(() => parsePortSpec(`22,${bad}`)).toThrow(`${bad} is not a valid port or range.`);
    }
  });

  it('combines the profile fields', () => {
    const standard = profilePorts({ standard_scan: true });
    expect(standard.tcp).toEqual([...new Set([...standardTcpPorts(), ...bulwarkServiceTcpPorts()])].sort((a, b) => a - b));
    expect(standard.udp).toEqual(STANDARD_UDP_PORTS);
    const extra = profilePorts({ standard_scan: true, ss_use_tcp: false, ss_tcp_extra_ports: '9999,10000-10001' });
    expect(extra.tcp).toEqual([9999, 10000, 10001]);
    // Standard scan off ignores the standard sub-fields.
    const custom = profilePorts({
      standard_scan: false,
      ss_use_tcp: true,
      ss_tcp_extra_ports: '9999',
      custom_tcp_range: '20-25,80',
      custom_tcp_range_exclude: '23',
      custom_udp_range: ['53', '160-162'],
      custom_udp_range_exclude: '162',
    });
    expect(custom).toEqual({ tcp: [20, 21, 22, 24, 25, 80], udp: [53, 160, 161] });
    // Exclusions remove standard ports too.
    const both = profilePorts({
      standard_scan: true,
      custom_tcp_range: '40000',
      custom_tcp_range_exclude: '1-1024',
      custom_udp_range_exclude: '1-1000',
    });
    expect(both.tcp).toContain(40000);
    expect(both.tcp.some((p) => p <= 1024)).toBe(false);
    expect(both.udp).toEqual([1900, 5353]);
    expect(profilePorts({})).toEqual({ tcp: [], udp: [] });
    expect(() => profilePorts({ custom_tcp_range: '80,abc' })).toThrow('abc is not a valid port or range.');
  });
});

describe("the ports of Bulwark's own services and checks", () => {
  it('are generated from the shipped checks (run scripts/check-ports.ts after adding a check on a new port)', async () => {
    expect(CHECK_TCP_PORTS).toEqual(await checkTcpPorts());
  });

  it('name the default ports of every service Bulwark fingerprints', () => {
    for (const f of TCP_FINGERPRINTS) expect(SERVICE_DEFAULT_TCP_PORTS[f.name], f.name).toBeDefined();
  });

  it("are scanned by the Standard profile, which nmap's top 1,000 alone would miss (Redis 6379 …)", () => {
    const top = new Set(standardTcpPorts());
    const standard = profilePorts({ standard_scan: true }).tcp;
    for (const p of [6379, 9200, 27017, 11211, 5432, 2375, 2376, 6443, 10250]) {
      expect(standard, String(p)).toContain(p);
    }
    expect(top.has(6379)).toBe(false);
    // Standard scan off, or TCP off: none of them unless asked for.
    expect(profilePorts({ standard_scan: false }).tcp).toEqual([]);
    expect(profilePorts({ standard_scan: true, ss_use_tcp: false }).tcp).toEqual([]);
  });
});
