// CPE 2.3 for identified products: the product -> vendor:product table (data) and the formatted-string builder.

/** Product name as we report it -> [part, vendor, product] in the NVD CPE dictionary. */
export const CPE_TABLE: Readonly<Record<string, readonly [part: 'a' | 'o' | 'h', vendor: string, product: string]>> = {
  OpenSSH: ['a', 'openbsd', 'openssh'],
  'Dropbear sshd': ['a', 'dropbear_ssh_project', 'dropbear_ssh'],
  libssh: ['a', 'libssh', 'libssh'],
  'Apache httpd': ['a', 'apache', 'http_server'],
  'Apache Tomcat': ['a', 'apache', 'tomcat'],
  nginx: ['a', 'f5', 'nginx'],
  OpenResty: ['a', 'openresty', 'openresty'],
  'Microsoft IIS httpd': ['a', 'microsoft', 'internet_information_services'],
  lighttpd: ['a', 'lighttpd', 'lighttpd'],
  Jetty: ['a', 'eclipse', 'jetty'],
  'Caddy httpd': ['a', 'caddyserver', 'caddy'],
  Gunicorn: ['a', 'gunicorn', 'gunicorn'],
  'Werkzeug httpd': ['a', 'palletsprojects', 'werkzeug'],
  'Node.js': ['a', 'nodejs', 'node.js'],
  vsftpd: ['a', 'beasts', 'vsftpd'],
  ProFTPD: ['a', 'proftpd', 'proftpd'],
  'Pure-FTPd': ['a', 'pureftpd', 'pure-ftpd'],
  'FileZilla ftpd': ['a', 'filezilla-project', 'filezilla_server'],
  'Postfix smtpd': ['a', 'postfix', 'postfix'],
  'Exim smtpd': ['a', 'exim', 'exim'],
  Sendmail: ['a', 'sendmail', 'sendmail'],
  'Microsoft Exchange smtpd': ['a', 'microsoft', 'exchange_server'],
  'Dovecot pop3d': ['a', 'dovecot', 'dovecot'],
  'Dovecot imapd': ['a', 'dovecot', 'dovecot'],
  'Courier Imapd': ['a', 'courier-mta', 'courier-imap'],
  'Cyrus imapd': ['a', 'cmu', 'cyrus_imap_server'],
  MySQL: ['a', 'oracle', 'mysql'],
  MariaDB: ['a', 'mariadb', 'mariadb'],
  PostgreSQL: ['a', 'postgresql', 'postgresql'],
  Redis: ['a', 'redis', 'redis'],
  MongoDB: ['a', 'mongodb', 'mongodb'],
  Memcached: ['a', 'memcached', 'memcached'],
  Elasticsearch: ['a', 'elastic', 'elasticsearch'],
  'ISC BIND': ['a', 'isc', 'bind'],
  dnsmasq: ['a', 'thekelleys', 'dnsmasq'],
  Unbound: ['a', 'nlnetlabs', 'unbound'],
  PowerDNS: ['a', 'powerdns', 'authoritative'],
  OpenLDAP: ['a', 'openldap', 'openldap'],
  Samba: ['a', 'samba', 'samba'],
  'Net-SNMP': ['a', 'net-snmp', 'net-snmp'],
  RealVNC: ['a', 'realvnc', 'realvnc'],
  RabbitMQ: ['a', 'vmware', 'rabbitmq'],
  Mosquitto: ['a', 'eclipse', 'mosquitto'],
  'NATS Server': ['a', 'linuxfoundation', 'nats-server'],
};

/** Escapes one CPE 2.3 formatted-string component (NISTIR 7695 §6.2): lower case, spaces as `_`, punctuation quoted. */
export function cpeComponent(value: string | undefined): string {
  if (value === undefined || value === '') return '*';
  let out = '';
  for (const ch of value.trim().toLowerCase().replace(/\s+/g, '_')) {
    if (/[a-z0-9_.-]/.test(ch)) out += ch;
    else if (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) > 0x7e) continue;
    else out += '\\' + ch;
  }
  return out === '' ? '*' : out;
}

/** The CPE 2.3 strings for a product (empty when the product is not in the table). */
export function cpeFor(product: string | undefined, version?: string): string[] {
  if (!product) return [];
  const entry = CPE_TABLE[product];
  if (!entry) return [];
  const [part, vendor, name] = entry;
  return [`cpe:2.3:${part}:${vendor}:${name}:${cpeComponent(version)}:*:*:*:*:*:*:*`];
}
