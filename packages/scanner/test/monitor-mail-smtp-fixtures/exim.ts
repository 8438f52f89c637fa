// Test fixture: a real Exim (Debian's exim4) on a loopback address with its own small configuration: STARTTLS with a
// given certificate or none, relaying refused or open to everyone, Exim's greeting or one without software and version.
// It has no routers, and its DATA ACL refuses everything, so even a client that sent DATA could deliver nothing.
import { join } from 'node:path';
import { DAEMONS, startDaemon, type DaemonSpec, type RunningDaemon } from '../services-helpers/daemons.ts';
import type { Cert } from '../checks-helpers/certs.ts';

export interface EximVariant {
  /** Offer STARTTLS with this certificate (leaf first, then its chain). */
  tls?: Cert;
  /** Accept RCPT to any domain from anyone: an open relay. */
  relayForAll?: boolean;
  /** Replace Exim's greeting ("$smtp_active_hostname ESMTP Exim 4.96 <date>"). */
  banner?: string;
  hostname?: string;
}

function config(dir: string, v: EximVariant): string {
  const lines = [
    `primary_hostname = ${v.hostname ?? 'mx1.bulwark.test'}`,
    'domainlist local_domains = bulwark.test',
    'acl_smtp_rcpt = acl_check_rcpt',
    'acl_smtp_data = acl_check_data',
    `spool_directory = ${join(dir, 'spool')}`,
    `log_file_path = ${join(dir, '%slog')}`,
    'exim_user = root',
    'exim_group = root',
    'never_users =',
    'host_lookup =',
    'rfc1413_hosts =',
    ...(v.banner ? [`smtp_banner = ${v.banner}`] : []),
    ...(v.tls
      ? [`tls_advertise_hosts = *`, `tls_certificate = ${join(dir, 'cert.pem')}`, `tls_privatekey = ${join(dir, 'key.pem')}`]
      : ['tls_advertise_hosts =']),
    'begin acl',
    'acl_check_rcpt:',
    '  accept domains = +local_domains',
    ...(v.relayForAll ? ['  accept'] : []),
    '  deny message = relay not permitted',
    'acl_check_data:',
    '  deny message = this test server takes no messages',
    'begin routers',
    'begin transports',
  ];
  return lines.join('\n') + '\n';
}

/** Starts Exim on `host` with the variant; `stop()` ends it. Throws when exim4 is missing or this is not root. */
export function startExim(host: string, v: EximVariant = {}): Promise<RunningDaemon> {
  const base = DAEMONS.exim4;
  const spec: DaemonSpec = {
    ...base,
    id: 'exim4-mail-smtp',
    config: ({ dir, host: h, ports }) => ({
      args: ['-C', join(dir, 'exim.conf'), '-bdf', '-oX', `${h}.${ports[0]}`, '-oP', join(dir, 'exim.pid')],
      files: { 'exim.conf': config(dir, v), ...(v.tls ? { 'cert.pem': v.tls.cert, 'key.pem': v.tls.key } : {}) },
    }),
  };
  return startDaemon(spec, host);
}

export { unavailable } from '../services-helpers/daemons.ts';
