// Test helper: real X.509 certificates made with the openssl command (CA-signed or self-signed, chosen dates, key size, names).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Cert {
  key: string;
  cert: string;
}

const dir = mkdtempSync(path.join(tmpdir(), 'bulwark-checks-certs-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
const stamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';

/** A certificate for `cn` with subjectAltName `san`; signed by `ca` (else self-signed); valid between the given dates. */
export function makeCert(o: { cn: string; san?: string[]; bits?: number; ca?: Cert; notBefore?: Date; notAfter?: Date }): Cert {
  const id = `c${++n}`;
  const f = (s: string) => path.join(dir, `${id}.${s}`);
  run(['req', '-new', '-newkey', `rsa:${o.bits ?? 2048}`, '-nodes', '-keyout', f('key'), '-subj', `/CN=${o.cn}`, '-out', f('csr')]);
  const san = o.san?.length ? `subjectAltName=${o.san.join(',')}\n` : '';
  writeFileSync(
    f('cnf'),
    `[ca]\ndefault_ca=d\n[d]\ndatabase=${f('db')}\nnew_certs_dir=${dir}\nserial=${f('serial')}\ndefault_md=sha256\npolicy=p\nunique_subject=no\nx509_extensions=e\ncopy_extensions=none\n[p]\ncommonName=supplied\n[e]\nbasicConstraints=CA:${o.ca ? 'FALSE' : 'TRUE'}\n${san}`,
  );
  writeFileSync(f('db'), '');
  writeFileSync(f('serial'), `${(0x1000 + n).toString(16)}\n`);
  const start = o.notBefore ?? new Date(Date.now() - 86_400_000);
  const end = o.notAfter ?? new Date(Date.now() + 365 * 86_400_000);
  const signer = o.ca
    ? ['-cert', writeTmp(`${id}.ca.crt`, o.ca.cert), '-keyfile', writeTmp(`${id}.ca.key`, o.ca.key)]
    : ['-selfsign', '-keyfile', f('key')];
  run([
    'ca',
    '-batch',
    '-notext',
    '-config',
    f('cnf'),
    ...signer,
    '-in',
    f('csr'),
    '-startdate',
    stamp(start),
    '-enddate',
    stamp(end),
    '-out',
    f('crt'),
  ]);
  return { key: readFileSync(f('key'), 'utf8'), cert: readFileSync(f('crt'), 'utf8') };
}

function writeTmp(name: string, text: string): string {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
}

let ca: Cert | undefined;
/** A test CA, and a good leaf certificate for `name` (CA-signed, 2048-bit, valid, SAN matching). */
export function goodCert(name = 'localhost'): Cert {
  ca ??= makeCert({ cn: 'Bulwark Test CA' });
  const san = /^[0-9.]+$/.test(name) ? [`IP:${name}`] : [`DNS:${name}`];
  const c = makeCert({ cn: name, san, ca });
  return { key: c.key, cert: c.cert + ca.cert };
}
