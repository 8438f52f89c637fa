// Benchmark: service detection agreement (service name, product, version) between Bulwark's identifyService and `nmap -sV`
// on real services on loopback: the machine's own databases and brokers plus Debian daemons started here with configs in /tmp.
// Run: npx tsx bench/service-agreement.ts   (as root, for sshd, vsftpd, dovecot, exim and nmap -sU). The rule: docs/benchmarks.md.
import { execFile } from 'node:child_process';
import net from 'node:net';
import { identifyService, identifyUdpService, parseNmapXml, type ServiceInfo } from '../packages/scanner/src/index.ts';
import { DAEMONS, startDaemon, type RunningDaemon } from '../packages/scanner/test/services-helpers/daemons.ts';

interface Target {
  label: string;
  host: string;
  port: number;
  proto: 'tcp' | 'udp';
}

// Already running on this machine (not started here).
const EXISTING: Target[] = [
  { label: 'PostgreSQL', host: '127.0.0.1', port: 5432, proto: 'tcp' },
  { label: 'MariaDB', host: '127.0.0.1', port: 3306, proto: 'tcp' },
  { label: 'Redis', host: '127.0.0.1', port: 6379, proto: 'tcp' },
  { label: 'RabbitMQ (AMQP)', host: '127.0.0.1', port: 5672, proto: 'tcp' },
  { label: 'RabbitMQ (epmd)', host: '127.0.0.1', port: 4369, proto: 'tcp' },
  { label: 'Mosquitto', host: '127.0.0.1', port: 1883, proto: 'tcp' },
  { label: 'NATS', host: '127.0.0.1', port: 4222, proto: 'tcp' },
];

// Started here: daemon, address, ports (one per listener), and the rows [label, listener index, protocol].
const STARTED: [string, string, number[], [string, number, 'tcp' | 'udp'][]][] = [
  ['openssh', '127.0.3.1', [2222], [['OpenSSH sshd', 0, 'tcp']]],
  ['vsftpd', '127.0.3.2', [2121], [['vsftpd', 0, 'tcp']]],
  [
    'nginx',
    '127.0.3.3',
    [8080, 8443],
    [
      ['nginx http', 0, 'tcp'],
      ['nginx https', 1, 'tcp'],
    ],
  ],
  ['apache2', '127.0.3.4', [8081], [['Apache httpd', 0, 'tcp']]],
  ['lighttpd', '127.0.3.5', [8082], [['lighttpd', 0, 'tcp']]],
  [
    'dovecot',
    '127.0.3.6',
    [1143, 1110],
    [
      ['Dovecot imap', 0, 'tcp'],
      ['Dovecot pop3', 1, 'tcp'],
    ],
  ],
  ['exim4', '127.0.3.7', [2525], [['Exim smtp', 0, 'tcp']]],
  ['memcached', '127.0.3.8', [11211], [['memcached', 0, 'tcp']]],
  [
    'bind9',
    '127.0.0.1',
    [8053],
    [
      ['BIND named (TCP)', 0, 'tcp'],
      ['BIND named (UDP)', 0, 'udp'],
    ],
  ],
  ['rsync', '127.0.3.10', [8873], [['rsync daemon', 0, 'tcp']]],
  ['snmpd', '127.0.3.11', [1161], [['Net-SNMP snmpd', 0, 'udp']]],
  ['telnetd', '127.0.3.12', [2323], [['inetutils telnetd', 0, 'tcp']]],
];

// ---------------------------------------------------------------- agreement rule

/** nmap products that name the same thing as ours in other words. */
const PRODUCT_ALIASES: Record<string, string> = {
  'Redis key-value store': 'Redis',
  'PostgreSQL DB': 'PostgreSQL',
  'SNMPv1 server; net-snmp SNMPv3 server': 'Net-SNMP',
};
const TLS_NAMES: Record<string, string> = { http: 'https', imap: 'imaps', pop3: 'pop3s', smtp: 'smtps', ftp: 'ftps' };
type Verdict = 'agree' | 'neither' | 'differ' | 'ours only'; // 'neither' (both say nothing) counts as agreement

/** nmap's answer as comparable fields: port-table guesses dropped, TLS names, MariaDB's "5.5.5-" prefix, mqtt-subscribe's quirk. */
function fromNmap(s: ServiceInfo | undefined): { name?: string; product?: string; version?: string; cpe: string[] } {
  if (!s || (s.extra?.nmap as { method?: string } | undefined)?.method === 'table') return { cpe: [] };
  // mqtt-subscribe (a version script) puts $SYS/broker/version, e.g. "mosquitto version 2.0.11", into the service name.
  const quirk = /^(\S+) version (\S+)$/.exec(s.name);
  if (quirk) return { name: 'mqtt', product: quirk[1], version: quirk[2], cpe: [] };
  const version = s.version?.replace(/^5\.5\.5-(?=[\d.]+-MariaDB)/i, '');
  return { name: s.tls ? (TLS_NAMES[s.name] ?? s.name) : s.name, product: s.product, version, cpe: s.cpe };
}

const normProduct = (p: string) => (PRODUCT_ALIASES[p] ?? p).toLowerCase().replace(/[^a-z0-9]+/g, '');
const vendorProduct = (cpes: string[]) => cpes.map((c) => c.split(':').slice(3, 5).join(':'));

function compareProduct(n: ReturnType<typeof fromNmap>, o: ServiceInfo | undefined): Verdict {
  if (!n.product) return o?.product ? 'ours only' : 'neither';
  if (!o?.product) return 'differ';
  if (normProduct(n.product) === normProduct(o.product)) return 'agree';
  return vendorProduct(n.cpe).some((vp) => vendorProduct(o.cpe).includes(vp)) ? 'agree' : 'differ';
}

const parts = (v: string) => v.split(/[.-]/).map((x) => parseInt(x, 10) || 0);
function cmpVersion(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}
const prefixAt = (long: string, short: string) =>
  long.startsWith(short) && (long.length === short.length || /[^0-9A-Za-z]/.test(long[short.length]));

function compareVersion(nmapVersion: string | undefined, ours: string | undefined): Verdict {
  if (!nmapVersion) return ours ? 'ours only' : 'neither';
  if (!ours) return 'differ';
  const later = /^(\S+) or later$/.exec(nmapVersion);
  if (later) return cmpVersion(ours, later[1]) >= 0 ? 'agree' : 'differ';
  const range = /^(\S+) - (\S+)$/.exec(nmapVersion);
  if (range) return cmpVersion(ours, range[1]) >= 0 && cmpVersion(ours, range[2]) <= 0 ? 'agree' : 'differ';
  return prefixAt(nmapVersion, ours) || prefixAt(ours, nmapVersion) ? 'agree' : 'differ';
}

// ---------------------------------------------------------------- run

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port }, () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

function nmap(args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile('nmap', args, { maxBuffer: 64 << 20 }, (err, out, stderr) =>
      err ? reject(new Error(`${err.message} ${stderr}`)) : resolve(out),
    ),
  );
}

const targets: Target[] = [];
const running: RunningDaemon[] = [];
const skipped: string[] = [];
for (const t of EXISTING) {
  if (t.proto === 'udp' || (await accepts(t.host, t.port))) targets.push(t);
  else skipped.push(`${t.label}: nothing listens on ${t.host}:${t.port}`);
}
const started = await Promise.allSettled(STARTED.map(([id, host, ports]) => startDaemon(DAEMONS[id], host, ports)));
for (const [i, r] of started.entries()) {
  const [id, , , rows] = STARTED[i];
  if (r.status === 'rejected') {
    const message = r.reason instanceof Error ? r.reason.message : String(r.reason);
    skipped.push(`${id}: ${message.split('\n')[0].slice(0, 160)}`);
    continue;
  }
  running.push(r.value);
  const ports = Object.values(r.value.ports);
  for (const [label, index, proto] of rows) targets.push({ label, host: r.value.host, port: ports[index], proto });
}
const root = process.getuid?.() === 0;
if (!root) for (const t of targets.filter((x) => x.proto === 'udp')) skipped.push(`${t.label}: nmap's UDP scan needs root`);
const compared = targets.filter((t) => t.proto === 'tcp' || root);

try {
  const hosts = [...new Set(compared.map((t) => t.host))];
  const tcp = [...new Set(compared.filter((t) => t.proto === 'tcp').map((t) => t.port))];
  const udp = [...new Set(compared.filter((t) => t.proto === 'udp').map((t) => t.port))];
  const spec = [...tcp.map((p) => `T:${p}`), ...udp.map((p) => `U:${p}`)].join(',');
  const args = ['-sV', '-Pn', '-n', '-sT', ...(udp.length ? ['-sU'] : []), '-p', spec, ...hosts, '-oX', '-'];

  let t0 = performance.now();
  const run = parseNmapXml(await nmap(args), { openOnly: false });
  const nmapMs = performance.now() - t0;

  t0 = performance.now();
  const took: number[] = [];
  const ours = await Promise.all(
    compared.map(async (t, i) => {
      const s = await (t.proto === 'tcp' ? identifyService(t.host, t.port) : identifyUdpService(t.host, t.port));
      took[i] = performance.now() - t0;
      return s;
    }),
  );
  const oursMs = performance.now() - t0;
  const slowest = took.indexOf(Math.max(...took));

  const cell = (s: { name?: string; product?: string; version?: string } | undefined) =>
    [s?.name ?? '—', s?.product ?? '—', s?.version ?? '—'].join(' / ').replace(/\|/g, '\\|');
  const mark: Record<Verdict, string> = { agree: 'yes', neither: 'yes (neither)', differ: '**no**', 'ours only': 'ours only' };
  const tally = { name: [] as Verdict[], product: [] as Verdict[], version: [] as Verdict[] };
  console.log('| service | port | nmap -sV: name / product / version | Bulwark: name / product / version | product | version |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [i, t] of compared.entries()) {
    const raw = run.hosts.find((h) => h.address === t.host)?.ports.find((p) => p.port === t.port && p.protocol === t.proto)?.service;
    const n = fromNmap(raw);
    const o = ours[i];
    const verdicts = {
      name: !n.name ? (o && o.name !== 'unknown' ? 'ours only' : 'neither') : n.name === o?.name ? 'agree' : 'differ',
      product: compareProduct(n, o),
      version: compareVersion(n.version, o?.version),
    } satisfies Record<string, Verdict>;
    for (const k of ['name', 'product', 'version'] as const) tally[k].push(verdicts[k]);
    const nmapShown = raw ? { name: raw.tls ? `ssl/${raw.name}` : raw.name, product: raw.product, version: raw.version } : undefined;
    console.log(
      `| ${t.label} | ${t.host}:${t.port}/${t.proto} | ${cell(nmapShown)} | ${cell(o)} | ${mark[verdicts.product]} | ${mark[verdicts.version]} |`,
    );
  }
  console.log(`\nservices compared: ${compared.length}`);
  for (const s of skipped) console.log(`skipped: ${s}`);
  const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)}%`);
  const ok: boolean[] = [];
  for (const k of ['name', 'product', 'version'] as const) {
    const count = (v: Verdict) => tally[k].filter((x) => x === v).length;
    const [same, neither, differ, only] = [count('agree'), count('neither'), count('differ'), count('ours only')];
    const agree = same + neither;
    if (k !== 'name') ok.push(agree >= 0.9 * (agree + differ));
    console.log(
      `${k} agreement: ${pct(agree, agree + differ)} (${same} same, ${neither} neither, ${differ} differ; ${only} found by Bulwark only, not counted; counting them as disagreement: ${pct(agree, tally[k].length)})`,
    );
  }
  console.log(`nmap ${args.slice(0, -2).join(' ')}: ${(nmapMs / 1000).toFixed(2)} s`);
  console.log(`bulwark identifyService (all ports at once): ${(oursMs / 1000).toFixed(2)} s, slowest ${compared[slowest].label}`);
  console.log(`ratio bulwark / nmap: ${(oursMs / nmapMs).toFixed(2)}`);
  process.exitCode = ok.every(Boolean) ? 0 : 1;
} finally {
  await Promise.all(running.map((d) => d.stop()));
}
