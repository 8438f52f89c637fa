// Test helper: Debian's bind9 serving mail-check test zones on loopback (good.test, broken.test and its cases, the
// bl.test block list, DNSSEC-signed signed.test and rsa.test, badsig.test whose key signature is spoilt, PTRs), an HTTPS server for the MTA-STS policy files, and optionally
// a second, validating named in front of it (AD bit). Used by the scanner's mail tests and the server's mail-monitor tests.
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCert } from '../checks-helpers/certs.ts';
import { startDaemon, unavailable, type DaemonSpec, type RunningDaemon } from '../services-helpers/daemons.ts';

export interface MailZonesOptions {
  /** Address of good.test's MX host mx.good.test (e.g. a real Exim's); default 127.30.53.25. */
  goodMx?: string;
  /** Address of broken.test's MX host mx.broken.test; default 127.30.53.26 (listed on bl.test). */
  brokenMx?: string;
  /** Addresses bl.test lists (A 127.0.0.2 + a TXT reason); default [brokenMx]. */
  listed?: string[];
  /** Also start a validating named that trusts signed.test's key and forwards everything to the zones' server. */
  validating?: boolean;
}

export interface MailZones {
  /** The authoritative server, "127.0.0.1:PORT" (give it as BULWARK_MONITOR_DNS / dnsServers). */
  dnsServer: string;
  /** The validating resolver in front of it, when asked for (answers with the AD bit for signed.test). */
  validatingServer?: string;
  /** PEM of the CA that signed the MTA-STS HTTPS certificate (give it as extraCa / BULWARK_EXTRA_CA_FILE). */
  caPem: string;
  /** Where mta-sts.good.test and mta-sts.broken.test point (port 443). */
  httpsAddress: string;
  goodMx: string;
  brokenMx: string;
  /** Whether signed.test is signed (dnssec-keygen and dnssec-signzone present). */
  signed: boolean;
  /**
   * When the zones' signatures start and end (an hour back and 30 days on from when they were signed: the validating
   * resolver judges them by the real clock; a test moves the check's own clock around this window).
   */
  signatures: { from: Date; to: Date };
  stop(): Promise<void>;
}

/** Why the zones cannot be served here, or undefined. */
export const zonesUnavailable = (): string | undefined => unavailable(namedSpec(() => ({ args: [] })));

const q = (s: string) => `"${s}"`;
/** A TXT value as 255-byte character strings. */
const txt = (s: string) => (s.match(/.{1,255}/g) ?? ['']).map(q).join(' ');
const dkimKey = (bits: number) =>
  generateKeyPairSync('rsa', { modulusLength: bits }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const reverseName = (ip: string) => ip.split('.').reverse().join('.');

function zone(origin: string, records: string[]): string {
  return [
    `$ORIGIN ${origin}.`,
    '$TTL 60',
    `@ IN SOA ns.${origin}. hostmaster.${origin}. 1 3600 600 86400 60`,
    `@ IN NS ns.${origin}.`,
    `ns IN A 127.0.0.1`,
    ...records,
    '',
  ].join('\n');
}

function zones(o: { goodMx: string; brokenMx: string; listed: string[]; https: string }): Record<string, string> {
  const chain = Array.from(
    { length: 10 },
    (_, i) => `l${i + 1} IN TXT ${q(`v=spf1 ${i < 9 ? `include:l${i + 2}.broken.test.` : 'a'} -all`)}`,
  );
  return {
    'good.test': zone('good.test', [
      '@ IN MX 10 mx.good.test.',
      `mx IN A ${o.goodMx}`,
      `@ IN TXT ${q('v=spf1 mx ip4:127.30.53.0/24 -all')}`,
      `_dmarc IN TXT ${q('v=DMARC1; p=reject; rua=mailto:dmarc@good.test; adkim=s; aspf=r')}`,
      `default._domainkey IN TXT ${txt(`v=DKIM1; k=rsa; p=${dkimKey(2048)}`)}`,
      `_mta-sts IN TXT ${q('v=STSv1; id=20261129T000000')}`,
      `mta-sts IN A ${o.https}`,
      `_smtp._tls IN TXT ${q('v=TLSRPTv1; rua=mailto:tlsrpt@good.test')}`,
      // SPF shapes that are fine: the same include reached twice, a macro, a redirect
      ...['diamond', 'macro', 'redir'].map((d) => `${d} IN MX 10 mx.good.test.`),
      `diamond IN TXT ${q('v=spf1 include:d1.good.test include:d2.good.test -all')}`,
      `d1 IN TXT ${q('v=spf1 include:d3.good.test -all')}`,
      `d2 IN TXT ${q('v=spf1 include:d3.good.test ip6:2001:db8::/32 -all')}`,
      `d3 IN TXT ${q('v=spf1 ip4:127.30.53.0/24 -all')}`,
      `macro IN TXT ${q('v=spf1 exists:%{i}._spf.%{d} -all')}`,
      `${o.goodMx}._spf.macro IN A 127.0.0.2`,
      `redir IN TXT ${q('v=spf1 redirect=good.test')}`,
      // a loop
      'loop IN MX 10 mx.good.test.',
      `loop IN TXT ${q('v=spf1 include:loop2.good.test -all')}`,
      `loop2 IN TXT ${q('v=spf1 include:loop.good.test -all')}`,
    ]),
    'broken.test': zone('broken.test', [
      // +all behind 11 DNS-querying terms (include l1 → … → l10, then l10's a).
      '@ IN MX 10 mx.broken.test.',
      `mx IN A ${o.brokenMx}`,
      `@ IN TXT ${q('v=spf1 include:l1.broken.test. +all')}`,
      ...chain,
      `_dmarc IN TXT ${q('v=DMARC1; p=none')}`,
      `_mta-sts IN TXT ${q('v=STSv1; id=1')}`,
      `mta-sts IN A ${o.https}`,
      // softer cases: ?all, quarantine at pct=50, a 1024-bit key, a revoked selector, a 768-bit key
      'soft IN MX 10 mx.good.test.',
      `soft IN TXT ${q('v=spf1 mx ?all')}`,
      `_dmarc.soft IN TXT ${q('v=DMARC1; p=quarantine; pct=50; rua=mailto:d@soft.broken.test; sp=none')}`,
      `default._domainkey.soft IN TXT ${txt(`v=DKIM1; k=rsa; p=${dkimKey(1024)}`)}`,
      `old._domainkey.soft IN TXT ${q('v=DKIM1; k=rsa; p=')}`,
      `weak._domainkey.soft IN TXT ${txt(`v=DKIM1; p=${dkimKey(768)}`)}`,
      // two SPF records, a DMARC syntax error, a TLS-RPT record without rua, MTA-STS in testing mode
      'two IN MX 10 mx.good.test.',
      `two IN TXT ${q('v=spf1 -all')}`,
      `two IN TXT ${q('v=spf1 mx -all')}`,
      `_dmarc.two IN TXT ${q('v=DMARC1; p=bogus')}`,
      `_smtp._tls.two IN TXT ${q('v=TLSRPTv1;')}`,
      `_mta-sts.two IN TXT ${q('v=STSv1; id=2')}`,
      `mta-sts.two IN A ${o.https}`,
      // SPF syntax error
      'syntax IN MX 10 mx.good.test.',
      `syntax IN TXT ${q('v=spf1 ip4:999.1.1.1 frobnicate -all')}`,
      // null MX
      'nomx IN MX 0 .',
      `nomx IN TXT ${q('v=spf1 -all')}`,
      // MX that does not resolve
      'dangling IN MX 10 gone.broken.test.',
      // three void lookups
      'void IN MX 10 mx.good.test.',
      `void IN TXT ${q('v=spf1 a:nx1.broken.test a:nx2.broken.test a:nx3.broken.test mx -all')}`,
      // the MX is not permitted by SPF
      'notpermitted IN MX 10 mx.good.test.',
      `notpermitted IN TXT ${q('v=spf1 ip4:192.0.2.1 -all')}`,
    ]),
    'bl.test': zone('bl.test', [
      ...o.listed.flatMap((ip) => [
        `${reverseName(ip)} IN A 127.0.0.2`,
        `${reverseName(ip)} IN TXT ${q(`Listed by the Bulwark test list: https://bl.test/${ip}`)}`,
      ]),
    ]),
    'signed.test': zone('signed.test', [
      '@ IN MX 10 mx.good.test.',
      `@ IN TXT ${q('v=spf1 -all')}`,
      `_dmarc IN TXT ${q('v=DMARC1; p=reject; rua=mailto:d@signed.test')}`,
    ]),
    '127.in-addr.arpa': zone('127.in-addr.arpa', [
      `${reverseName(o.goodMx).replace(/\.127$/, '')} IN PTR mx.good.test.`,
      `${reverseName(o.brokenMx).replace(/\.127$/, '')} IN PTR unrelated.example.test.`,
    ]),
  };
}

/** The MTA-STS policy files served per Host. */
const POLICIES: Record<string, string> = {
  'mta-sts.good.test': 'version: STSv1\nmode: enforce\nmx: mx.good.test\nmx: *.backup.good.test\nmax_age: 604800\n',
  'mta-sts.broken.test': 'version: STSv1\nmode: enforce\nmx: mail.elsewhere.test\nmax_age: 86400\n',
  'mta-sts.two.broken.test': 'version: STSv1\nmode: testing\nmx: mx.good.test\nmax_age: 86400\n',
};

function namedSpec(config: DaemonSpec['config']): DaemonSpec {
  return { id: 'bind9-mail', pkg: 'bind9', binary: '/usr/sbin/named', listeners: ['domain'], host: '127.0.0.1', config };
}

const options = (dir: string, port: number, extra: string[]) =>
  ['options {', `  directory "${dir}";`, `  pid-file "${dir}/named.pid";`, `  session-keyfile "${dir}/session.key";`]
    .concat([`  listen-on port ${port} { 127.0.0.1; };`, '  listen-on-v6 { none; };', ...extra.map((e) => `  ${e}`), '};'])
    .concat(['controls { };'])
    .join('\n');

/**
 * Signs a zone with fresh keys of `algorithm` (ECDSAP256SHA256, RSASHA256); `corrupt` spoils the DNSKEY set's signatures
 * (a zone no validator accepts). Answers the signed zone and the KSK's DNSKEY rdata, or null without the tools.
 */
function signZone(
  origin: string,
  text: string,
  algorithm: string,
  window: { from: Date; to: Date },
  corrupt = false,
): { zone: string; key: string } | null {
  // dnssec-signzone's absolute times: YYYYMMDDHHMMSS in UTC.
  const stamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  try {
    const dir = mkdtempSync(join(tmpdir(), 'bulwark-signzone-'));
    try {
      const file = join(dir, `${origin}.zone`);
      writeFileSync(file, text);
      const run = (cmd: string, args: string[]) =>
        execFileSync(cmd, args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      const ksk = run('dnssec-keygen', ['-q', '-a', algorithm, '-f', 'KSK', '-K', dir, origin]).trim();
      run('dnssec-keygen', ['-q', '-a', algorithm, '-K', dir, origin]);
      run('dnssec-signzone', [
        '-q',
        '-S',
        '-O',
        'full',
        '-s',
        stamp(window.from),
        '-e',
        stamp(window.to),
        '-K',
        dir,
        '-o',
        origin,
        '-f',
        join(dir, 'out'),
        file,
      ]);
      let zone = readFileSync(join(dir, 'out'), 'utf8');
      // one record per line (-O full): flip a character of each DNSKEY signature
      if (corrupt)
        zone = zone.replace(/^(.*\sRRSIG\s+DNSKEY(?:\s+\S+){7}\s+)(\S)/gm, (_, head: string, c: string) => head + (c === 'A' ? 'B' : 'A'));
      const dnskey = /DNSKEY\s+(257 3 \d+ .+)$/m.exec(readFileSync(join(dir, `${ksk}.key`), 'utf8'));
      return { zone, key: dnskey![1].replace(/[()\s]+/g, ' ').trim() };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  } catch {
    return null;
  }
}

async function startHttps(caPem: string, cert: { key: string; cert: string }): Promise<{ address: string; server: https.Server }> {
  const server = https.createServer({ key: cert.key, cert: cert.cert + caPem }, (req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const policy = req.url === '/.well-known/mta-sts.txt' ? POLICIES[host] : undefined;
    res.writeHead(policy ? 200 : 404, { 'content-type': 'text/plain' }).end(policy ?? 'not found');
  });
  // A random address per start, so two test files (scanner and server) can each have port 443.
  for (let tries = 0; ; tries++) {
    const address = `127.30.53.${100 + Math.floor(Math.random() * 150)}`;
    try {
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(443, address, () => resolve()));
      return { address, server };
    } catch (e) {
      if (tries > 20) throw e;
    }
  }
}

/** named listens before it has loaded its zones (SERVFAIL meanwhile): waits until each zone's SOA answers. */
async function zonesLoaded(server: string, names: string[]): Promise<void> {
  const resolver = new Resolver({ timeout: 500, tries: 1 });
  resolver.setServers([server]);
  const deadline = Date.now() + 15_000;
  for (const name of names) {
    for (;;) {
      const ok = await resolver.resolveSoa(name).then(
        () => true,
        (e: unknown) => {
          if (Date.now() > deadline) throw new Error(`${server} does not serve ${name}: ${String(e)}`);
          return false;
        },
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Starts the zones (and the MTA-STS HTTPS server); `stop()` ends everything. */
export async function startMailZones(opts: MailZonesOptions = {}): Promise<MailZones> {
  const goodMx = opts.goodMx ?? '127.30.53.25';
  const brokenMx = opts.brokenMx ?? '127.30.53.26';
  const ca = makeCert({ cn: 'Bulwark Mail Test CA' });
  const leaf = makeCert({ cn: 'mta-sts.good.test', san: Object.keys(POLICIES).map((h) => `DNS:${h}`), ca });
  const web = await startHttps(ca.cert, leaf);
  const stops: (() => Promise<void>)[] = [() => new Promise<void>((r) => web.server.close(() => r()))];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => {});
  };
  const signedAt = new Date();
  const signatures = { from: new Date(signedAt.getTime() - 3_600_000), to: new Date(signedAt.getTime() + 30 * 86_400_000) };
  try {
    const texts = zones({ goodMx, brokenMx, listed: opts.listed ?? [brokenMx], https: web.address });
    const signed = signZone('signed.test', texts['signed.test'], 'ECDSAP256SHA256', signatures);
    if (signed) texts['signed.test'] = signed.zone;
    for (const [origin, algorithm, corrupt] of [
      ['rsa.test', 'RSASHA256', false],
      ['badsig.test', 'ECDSAP256SHA256', true],
    ] as const) {
      const z = signed && signZone(origin, zone(origin, [`@ IN MX 10 mx.good.test.`]), algorithm, signatures, corrupt);
      if (z) texts[origin] = z.zone;
    }
    const auth: RunningDaemon = await startDaemon(
      namedSpec(({ dir, ports }) => {
        const files: Record<string, string> = {};
        const decl = Object.entries(texts).map(([name, text]) => {
          files[`${name}.zone`] = text;
          return `zone "${name}" { type primary; file "${dir}/${name}.zone"; };`;
        });
        files['named.conf'] = [options(dir, ports[0], ['recursion no;', 'dnssec-validation no;']), ...decl, ''].join('\n');
        return { args: ['-g', '-c', join(dir, 'named.conf')], files };
      }),
      '127.0.0.1',
    );
    stops.push(() => auth.stop());
    const dnsServer = `127.0.0.1:${auth.ports.domain}`;
    await zonesLoaded(dnsServer, Object.keys(texts));
    let validatingServer: string | undefined;
    if (opts.validating && signed) {
      const resolver = await startDaemon(
        namedSpec(({ dir, ports }) => ({
          args: ['-g', '-c', join(dir, 'named.conf')],
          files: {
            'named.conf': [
              options(dir, ports[0], [
                'recursion yes;',
                'allow-recursion { 127.0.0.0/8; };',
                'dnssec-validation yes;',
                `forwarders { 127.0.0.1 port ${auth.ports.domain}; };`,
                'forward only;',
              ]),
              `trust-anchors { signed.test. static-key ${signed.key.replace(/^(\d+ \d+ \d+) (.+)$/, '$1 "$2"')}; };`,
              '',
            ].join('\n'),
          },
        })),
        '127.0.0.1',
      );
      stops.push(() => resolver.stop());
      validatingServer = `127.0.0.1:${resolver.ports.domain}`;
      await zonesLoaded(validatingServer, ['signed.test']);
    }
    return { dnsServer, validatingServer, caPem: ca.cert, httpsAddress: web.address, goodMx, brokenMx, signed: !!signed, signatures, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
