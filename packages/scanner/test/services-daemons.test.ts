// Service identification against real Debian daemons started on loopback with their own configs (each skipped, with a
// message, when its package is missing or it needs root); versions are compared with the installed package's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifyService, identifyUdpService } from '../src/services/index.ts';
import type { ServiceInfo } from '../src/types.ts';
import { DAEMONS, packagedVersion, startDaemon, unavailable, type RunningDaemon } from './services-helpers/daemons.ts';

const T = { timeoutMs: 1500 };

/** Daemon id, address, and per listener: protocol and what identification must find (`version: true`: the package's). */
type Expect = Partial<Omit<ServiceInfo, 'version'>> & { version?: true };
const CASES: [string, string, [string, 'tcp' | 'udp', Expect][]][] = [
  ['openssh', '127.0.4.1', [['ssh', 'tcp', { name: 'ssh', product: 'OpenSSH', version: true }]]],
  ['vsftpd', '127.0.4.2', [['ftp', 'tcp', { name: 'ftp', product: 'vsftpd', version: true }]]],
  [
    'nginx',
    '127.0.4.3',
    [
      ['http', 'tcp', { name: 'http', product: 'nginx', version: true }],
      ['https', 'tcp', { name: 'https', product: 'nginx', version: true, tls: true }],
    ],
  ],
  ['apache2', '127.0.4.4', [['http', 'tcp', { name: 'http', product: 'Apache httpd', version: true }]]],
  ['lighttpd', '127.0.4.5', [['http', 'tcp', { name: 'http', product: 'lighttpd', version: true }]]],
  [
    'dovecot',
    '127.0.4.6',
    [
      ['imap', 'tcp', { name: 'imap', product: 'Dovecot imapd' }],
      ['pop3', 'tcp', { name: 'pop3', product: 'Dovecot pop3d' }],
    ],
  ],
  ['exim4', '127.0.4.7', [['smtp', 'tcp', { name: 'smtp', product: 'Exim smtpd', version: true }]]],
  ['memcached', '127.0.4.8', [['memcached', 'tcp', { name: 'memcached', product: 'Memcached', version: true }]]],
  [
    'bind9',
    '127.0.0.1',
    [
      ['domain', 'tcp', { name: 'domain', product: 'ISC BIND', version: true }],
      ['domain', 'udp', { name: 'domain', product: 'ISC BIND', version: true }],
    ],
  ],
  ['snmpd', '127.0.4.9', [['snmp', 'udp', { name: 'snmp', product: 'Net-SNMP' }]]],
  ['rsync', '127.0.4.10', [['rsync', 'tcp', { name: 'rsync' }]]],
  ['telnetd', '127.0.4.11', [['telnet', 'tcp', { name: 'telnet' }]]],
];

for (const [id, host, listeners] of CASES) {
  const spec = DAEMONS[id];
  const why = unavailable(spec);
  if (why) console.warn(`services-daemons: ${why}, the ${id} tests are skipped`);

  describe.skipIf(!!why)(`real ${id} (Debian package ${spec.pkg}; skipped when missing)`, () => {
    let daemon: RunningDaemon;
    beforeAll(async () => {
      daemon = await startDaemon(spec, host);
    }, 30_000);
    afterAll(() => daemon?.stop());

    for (const [label, proto, expected] of listeners) {
      it(`${label}/${proto}: ${[expected.name, expected.product].filter(Boolean).join(', ')}${expected.version ? ', version' : ''}`, async () => {
        const port = daemon.ports[label];
        const s = proto === 'tcp' ? await identifyService(daemon.host, port, T) : await identifyUdpService(daemon.host, port, T);
        const { version, ...rest } = expected;
        expect(s).toMatchObject(rest);
        if (version) expect(s!.version).toBe(packagedVersion(spec.binary));
        else if (rest.product) expect(s!.version).toBeUndefined();
      });
    }
  });
}
