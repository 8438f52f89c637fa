// Benchmark: what the community check library adds to a Standard scan of real Debian daemons on loopback, and what it
// costs. The same scan (the Standard profile's ports, service identification, checks) runs with the shipped checks
// only (today's Standard), then with the shipped checks and a Nuclei template collection as the Standard profile
// selects it (safe checks on; web templates only where their technology was found), and — with --every — with every
// loaded template forced onto every port (what a scanner without technology selection would run). Prints time,
// findings and the ratio against the shipped-only run measured in the same process.
// Run (as root, daemons from Debian: openssh-server vsftpd nginx-light apache2 lighttpd dovecot exim4 memcached):
//   npx tsx bench/community-checks.ts /tmp/nuclei-templates [--every] [--rounds N]
import {
  loadCheckCatalogue,
  loadTemplates,
  profilePorts,
  runNetworkScan,
  selectTemplates,
  type CheckTemplate,
  type ScanResult,
} from '../packages/scanner/src/index.ts';
import { DEFAULT_NETWORK_PROFILE } from '../packages/core/src/index.ts';
import { DAEMONS, startDaemon, unavailable, type RunningDaemon } from '../packages/scanner/test/services-helpers/daemons.ts';

const args = process.argv.slice(2);
const library = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a));
const every = args.includes('--every');
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 1;
if (!library) {
  console.error('usage: community-checks.ts <nuclei-templates folder> [--every] [--rounds N]');
  process.exit(2);
}

// Each daemon on its own loopback address and its standard ports, as a Standard scan finds them on a real network.
const STARTED: [string, string, number[]][] = [
  ['openssh', '127.0.4.1', [22]],
  ['vsftpd', '127.0.4.2', [21]],
  ['nginx', '127.0.4.3', [80, 443]],
  ['apache2', '127.0.4.4', [80]],
  ['lighttpd', '127.0.4.5', [80]],
  ['dovecot', '127.0.4.6', [143, 110]],
  ['exim4', '127.0.4.7', [25]],
  ['memcached', '127.0.4.8', [11211]],
];

const running: RunningDaemon[] = [];
for (const [id, host, ports] of STARTED) {
  const spec = DAEMONS[id as keyof typeof DAEMONS];
  const why = unavailable(spec);
  if (why) {
    console.log(`skipped ${id}: ${why}`);
    continue;
  }
  running.push(await startDaemon(spec, host, ports));
}
const targets = running.map((d) => d.host);
const { tcp, udp } = profilePorts(DEFAULT_NETWORK_PROFILE);

async function scan(templates: CheckTemplate[], namedTests?: Set<string>): Promise<{ ms: number; result: ScanResult }> {
  const started = performance.now();
  const result = await runNetworkScan({ targets, exclude: [], tcpPorts: tcp, udpPorts: [], templates, namedTests, discovery: 'none' });
  return { ms: performance.now() - started, result };
}

const findings = (r: ScanResult) => r.hosts.flatMap((h) => h.findings.map((f) => `${h.address}:${f.port} ${f.check}`)).sort();

try {
  const shipped = selectTemplates((await loadTemplates()).templates, DEFAULT_NETWORK_PROFILE);
  const loadStart = performance.now();
  const catalogue = await loadCheckCatalogue({ dirs: [{ dir: library, origin: 'Nuclei community templates' }] });
  const loadMs = performance.now() - loadStart;
  const standard = selectTemplates(catalogue.templates, DEFAULT_NETWORK_PROFILE);
  const community = standard.filter((t) => t.source === 'community');
  console.log(
    `library: ${catalogue.templates.length - shipped.length} community templates loaded in ${(loadMs / 1000).toFixed(1)} s, ` +
      `${community.length} safe (${catalogue.templates.length - standard.length} left out by safe checks); ` +
      `targets: ${targets.join(', ')}; ${tcp.length} TCP ports (UDP not scanned here: ${udp.length} ports)`,
  );
  const times: Record<string, number[]> = { shipped: [], standard: [], every: [] };
  let base: ScanResult | undefined;
  let withLibrary: ScanResult | undefined;
  let forced: ScanResult | undefined;
  for (let i = 0; i < rounds; i++) {
    const a = await scan(shipped);
    times.shipped.push(a.ms);
    base = a.result;
    const b = await scan(standard);
    times.standard.push(b.ms);
    withLibrary = b.result;
    if (every) {
      const c = await scan(catalogue.templates, new Set(catalogue.templates.map((t) => t.id)));
      times.every.push(c.ms);
      forced = c.result;
    }
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? NaN;
  const row = (label: string, ms: number, r: ScanResult | undefined) =>
    `| ${label} | ${(ms / 1000).toFixed(1)} s | ${r ? findings(r).length : '-'} | ${(ms / median(times.shipped)).toFixed(2)} |`;
  console.log('\n| run | time (median) | findings | ratio to shipped only |\n| --- | ---: | ---: | ---: |');
  console.log(row('Standard today: shipped checks only', median(times.shipped), base));
  console.log(row('Standard with the community library (safe, by technology)', median(times.standard), withLibrary));
  if (every) console.log(row('Every loaded template on every port (reference)', median(times.every), forced));
  const before = new Set(findings(base!));
  const gained = findings(withLibrary!).filter((f) => !before.has(f));
  console.log(`\nfindings gained with the library (${gained.length}):\n${gained.map((f) => `  ${f}`).join('\n')}`);
  if (forced) {
    const chosen = new Set(findings(withLibrary!));
    const more = findings(forced).filter((f) => !chosen.has(f));
    console.log(`\nfound only with every template on every port (${more.length}):\n${more.map((f) => `  ${f}`).join('\n')}`);
  }
  const lost = findings(base!).filter((f) => !findings(withLibrary!).includes(f));
  if (lost.length) console.log(`findings of the shipped run missing from the library run: ${lost.join(', ')}`);
  const techs = withLibrary!.hosts.flatMap((h) =>
    h.ports
      .filter((p) => p.service?.extra?.technologies)
      .map((p) => `${h.address}:${p.port} ${(p.service!.extra!.technologies as string[]).join(',')}`),
  );
  console.log(`\ntechnologies found on web ports:\n${techs.map((t) => `  ${t}`).join('\n')}`);
} finally {
  await Promise.all(running.map((d) => d.stop()));
}
