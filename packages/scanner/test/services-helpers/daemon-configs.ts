// How to run each real Debian daemon in the foreground on one loopback address with its own config file (used by daemons.ts).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { selfSignedCert } from './servers.ts';

export interface DaemonContext {
  /** Private temporary directory (config, pid, logs). */
  dir: string;
  host: string;
  /** One port per listener, in `listeners` order. */
  ports: number[];
  root: boolean;
}

export interface DaemonSpec {
  id: string;
  /** Debian package that provides `binary`. */
  pkg: string;
  binary: string;
  /** Labels of the ports it listens on, e.g. ['http', 'https']. */
  listeners: string[];
  /** Needs to start as root (drops privileges itself). */
  root?: boolean;
  /** Binds only addresses configured on an interface: always 127.0.0.1. */
  host?: string;
  /** Started per connection with the socket as stdin/stdout (inetd style) instead of as a daemon. */
  inetd?: boolean;
  /** Listens on UDP only: ready when its output matches `ready`. */
  udpOnly?: boolean;
  ready?: RegExp;
  config?(ctx: DaemonContext): { args: string[]; files?: Record<string, string>; env?: Record<string, string> };
}

const conf = (lines: string[]) => lines.join('\n') + '\n';

export const DAEMONS: Record<string, DaemonSpec> = {
  openssh: {
    id: 'openssh',
    pkg: 'openssh-server',
    binary: '/usr/sbin/sshd',
    listeners: ['ssh'],
    root: true,
    config({ dir, host, ports }) {
      mkdirSync('/run/sshd', { recursive: true, mode: 0o755 }); // privilege separation directory
      execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'host_ed25519')]);
      const files = {
        sshd_config: conf([`HostKey ${dir}/host_ed25519`, `PidFile ${dir}/sshd.pid`, 'UsePAM no', 'PasswordAuthentication no']),
      };
      return { args: ['-D', '-e', '-f', join(dir, 'sshd_config'), '-p', String(ports[0]), '-o', `ListenAddress=${host}`], files };
    },
  },
  vsftpd: {
    id: 'vsftpd',
    pkg: 'vsftpd',
    binary: '/usr/sbin/vsftpd',
    listeners: ['ftp'],
    root: true,
    config({ dir, host, ports }) {
      mkdirSync(join(dir, 'empty'), { mode: 0o755 });
      mkdirSync(join(dir, 'pub'), { mode: 0o755 });
      const lines = ['listen=YES', 'listen_ipv6=NO', `listen_address=${host}`, `listen_port=${ports[0]}`, 'background=NO'];
      lines.push('anonymous_enable=YES', `anon_root=${dir}/pub`, 'local_enable=NO', `secure_chroot_dir=${dir}/empty`, 'xferlog_enable=NO');
      return { args: [join(dir, 'vsftpd.conf')], files: { 'vsftpd.conf': conf(lines) } };
    },
  },
  nginx: {
    id: 'nginx',
    pkg: 'nginx',
    binary: '/usr/sbin/nginx',
    listeners: ['http', 'https'],
    config({ dir, host, ports }) {
      const { key, cert } = selfSignedCert('bench.test');
      const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${dir}/${t};`).join(' ');
      const server = `listen ${host}:${ports[0]}; listen ${host}:${ports[1]} ssl; ssl_certificate ${dir}/cert.pem; ssl_certificate_key ${dir}/key.pem; root ${dir};`;
      const nginxConf = conf([
        'daemon off;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log;`,
        'events { worker_connections 64; }',
        `http { access_log off; ${temp} server { ${server} } }`,
      ]);
      return {
        args: ['-e', `${dir}/error.log`, '-c', join(dir, 'nginx.conf')],
        files: { 'nginx.conf': nginxConf, 'key.pem': key, 'cert.pem': cert },
      };
    },
  },
  apache2: {
    id: 'apache2',
    pkg: 'apache2',
    binary: '/usr/sbin/apache2',
    listeners: ['http'],
    config({ dir, host, ports, root }) {
      const mods = ['mpm_event', 'authz_core', 'dir', 'mime'].map((m) => `LoadModule ${m}_module /usr/lib/apache2/modules/mod_${m}.so`);
      const lines = [
        'ServerRoot /etc/apache2',
        'ServerName bench.test',
        ...mods,
        `Listen ${host}:${ports[0]}`,
        `PidFile ${dir}/apache2.pid`,
      ];
      lines.push(
        `ErrorLog ${dir}/error.log`,
        `DefaultRuntimeDir ${dir}`,
        `Mutex file:${dir}`,
        `DocumentRoot ${dir}`,
        'TypesConfig /etc/mime.types',
      );
      if (root) lines.push('User www-data', 'Group www-data');
      return { args: ['-f', join(dir, 'apache2.conf'), '-DFOREGROUND'], files: { 'apache2.conf': conf(lines) } };
    },
  },
  lighttpd: {
    id: 'lighttpd',
    pkg: 'lighttpd',
    binary: '/usr/sbin/lighttpd',
    listeners: ['http'],
    config({ dir, host, ports }) {
      const lines = [`server.bind = "${host}"`, `server.port = ${ports[0]}`, `server.document-root = "${dir}"`];
      lines.push(`server.pid-file = "${dir}/lighttpd.pid"`, `server.errorlog = "${dir}/error.log"`);
      return { args: ['-D', '-f', join(dir, 'lighttpd.conf')], files: { 'lighttpd.conf': conf(lines) } };
    },
  },
  dovecot: {
    id: 'dovecot',
    pkg: 'dovecot-imapd dovecot-pop3d',
    binary: '/usr/sbin/dovecot',
    listeners: ['imap', 'pop3'],
    root: true,
    config({ dir, host, ports }) {
      const listener = (name: string, port: number) => [`  inet_listener ${name} {`, `    port = ${port}`, '  }'];
      const lines = [`base_dir = ${dir}/run`, `state_dir = ${dir}/state`, 'protocols = imap pop3', `listen = ${host}`, 'ssl = no'];
      lines.push(`log_path = ${dir}/dovecot.log`, 'passdb {', '  driver = static', '  args = password=unused', '}');
      lines.push('userdb {', '  driver = static', `  args = uid=nobody gid=nogroup home=${dir}/home`, '}');
      lines.push('service imap-login {', ...listener('imap', ports[0]), ...listener('imaps', 0), '}');
      lines.push('service pop3-login {', ...listener('pop3', ports[1]), ...listener('pop3s', 0), '}');
      return { args: ['-F', '-c', join(dir, 'dovecot.conf')], files: { 'dovecot.conf': conf(lines) } };
    },
  },
  exim4: {
    id: 'exim4',
    pkg: 'exim4-daemon-light',
    binary: '/usr/sbin/exim4',
    listeners: ['smtp'],
    root: true,
    // Debian's generated configuration; -oX replaces its interfaces and ports.
    config: ({ dir, host, ports }) => ({ args: ['-bdf', '-oX', `${host}.${ports[0]}`, '-oP', join(dir, 'exim.pid')] }),
  },
  memcached: {
    id: 'memcached',
    pkg: 'memcached',
    binary: '/usr/bin/memcached',
    listeners: ['memcached'],
    config: ({ host, ports, root }) => ({ args: ['-l', host, '-p', String(ports[0]), '-U', '0', ...(root ? ['-u', 'nobody'] : [])] }),
  },
  bind9: {
    id: 'bind9',
    pkg: 'bind9',
    binary: '/usr/sbin/named',
    listeners: ['domain'],
    host: '127.0.0.1',
    config({ dir, ports }) {
      const options = [`directory "${dir}";`, `pid-file "${dir}/named.pid";`, `session-keyfile "${dir}/session.key";`];
      options.push(`listen-on port ${ports[0]} { 127.0.0.1; };`, 'listen-on-v6 { none; };', 'recursion no;', 'dnssec-validation no;');
      const files = { 'named.conf': conf(['options {', ...options.map((o) => `  ${o}`), '};', 'controls { };']) };
      return { args: ['-g', '-c', join(dir, 'named.conf')], files };
    },
  },
  snmpd: {
    id: 'snmpd',
    pkg: 'snmpd',
    binary: '/usr/sbin/snmpd',
    listeners: ['snmp'],
    udpOnly: true,
    ready: /NET-SNMP version/,
    config: ({ dir, host, ports }) => ({
      args: ['-f', '-Lo', '-C', '-c', join(dir, 'agent.conf'), '-p', join(dir, 'snmpd.pid'), `udp:${host}:${ports[0]}`],
      files: { 'agent.conf': conf(['rocommunity public 127.0.0.0/8']) },
      env: { SNMP_PERSISTENT_DIR: dir, MIBS: '' },
    }),
  },
  rsync: {
    id: 'rsync',
    pkg: 'rsync',
    binary: '/usr/bin/rsync',
    listeners: ['rsync'],
    config: ({ dir, host, ports }) => ({
      args: ['--daemon', '--no-detach', `--config=${dir}/rsyncd.conf`, `--address=${host}`, `--port=${ports[0]}`],
      files: { 'rsyncd.conf': conf([`pid file = ${dir}/rsyncd.pid`, '[pub]', `  path = ${dir}`, '  read only = yes']) },
    }),
  },
  'mosquitto-auth': {
    id: 'mosquitto-auth',
    pkg: 'mosquitto',
    binary: '/usr/sbin/mosquitto',
    listeners: ['mqtt'],
    config: ({ dir, host, ports }) => ({
      args: ['-c', join(dir, 'mosquitto.conf')],
      files: { 'mosquitto.conf': conf([`listener ${ports[0]} ${host}`, 'allow_anonymous false', 'persistence false']) },
    }),
  },
  telnetd: { id: 'telnetd', pkg: 'inetutils-telnetd', binary: '/usr/sbin/telnetd', listeners: ['telnet'], inetd: true },
};
