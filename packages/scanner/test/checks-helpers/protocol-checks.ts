// Which checks each checks-protocols-*.test.ts proves; the older check tests leave these to them in their coverage tests.
export const PROTOCOL_CHECKS_BY_FILE: Record<string, string[]> = {
  db: ['mongodb-no-auth', 'postgresql-trust-auth', 'mysql-root-empty-password'],
  udp: ['snmp-default-community', 'dns-open-resolver', 'ntp-monlist', 'ntp-mode6-readvar', 'memcached-udp-amplification'],
  remote: ['vnc-no-auth', 'rdp-no-nla', 'rdp-standard-security', 'x11-open-access', 'smb-v1-enabled', 'ssh-terrapin'],
  services: [
    'dns-zone-transfer',
    'pop3-no-starttls',
    'imap-no-starttls',
    'rsync-module-listing',
    'http-htaccess-exposed',
    'http-htpasswd-exposed',
  ],
};

export const PROTOCOL_CHECKS = new Set(Object.values(PROTOCOL_CHECKS_BY_FILE).flat());
