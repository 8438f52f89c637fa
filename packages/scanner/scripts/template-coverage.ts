// Loads a folder of Nuclei-format templates as the check engine would and prints how many load, by top-level folder,
// and the most common reasons for refusing the rest (the measurement in docs/benchmarks.md, "Community checks").
// The whole folder loads at once, as BULWARK_CHECKS_DIRS would load it, so payload files (helpers/) are found:
//   npx tsx packages/scanner/scripts/template-coverage.ts /tmp/nuclei [network ssl dns http] [--top 25] [--examples] [--run]
// --run also runs every loaded http and ssl template against a plain web server (404 for every path, HTTP and HTTPS) on
// 127.0.0.95, and counts those that ran to the end, those that failed (with why) and those that matched anyway.
import { readdirSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadTemplates, runChecks, type CheckTemplate } from '../src/checks/index.ts';

const args = process.argv.slice(2);
const flag = (name: string) => args.indexOf(name);
const topAt = flag('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 25;
const examples = flag('--examples') >= 0;
const run = flag('--run') >= 0;
const positional = args.filter((a, i) => !a.startsWith('--') && (topAt < 0 || i !== topAt + 1));
const root = positional[0];
if (!root) {
  console.error('usage: template-coverage.ts <dir> [folder …] [--top N] [--examples]');
  process.exit(2);
}
const folders =
  positional.length > 1
    ? positional.slice(1)
    : readdirSync(root, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name);

/** A reason without the template-specific detail, so that like refusals count together. */
function reasonClass(reason: string): string {
  return reason
    .replace(/unsupported template expression '\{\{\s*([A-Za-z0-9_]+)\(.*$/s, "template helper '$1()'")
    .replace(/unsupported template expression '\{\{.*$/s, (m) => (m.length > 70 ? `${m.slice(0, 67)}…` : m))
    .replace(/^regex '.*' does not compile: .*$/s, 'regex does not compile in JavaScript')
    .replace(/^(inline regex flags|lookaround|regex escape '[^']+'|regex flag '[^']+') .* in '.*$/s, '$1 (RE2)')
    .replace(/^dsl: (unexpected|expected) .*$/s, 'dsl: syntax outside dsl-lite')
    .replace(/^invalid YAML: .*$/s, 'invalid YAML')
    .replace(/^raw request line .*$/s, 'raw request line not understood')
    .replace(/^raw request header .*$/s, 'raw request header not understood')
    .replace(/^path '.*' must start with .*$/s, 'path not starting with {{BaseURL}}/{{RootURL}}')
    .replace(/^network host '.*' must .*$/s, 'network host other than the target')
    .replace(/'(.{40}).+?'/gs, "'$1…'");
}

const all = await loadTemplates(root, { source: 'community' });
const top1 = (file: string | undefined) => (file ?? '').split(/[\\/]/)[0];
const total = { files: 0, loaded: 0 };
const reasons = new Map<string, { n: number; files: string[] }>();
console.log('| folder | templates | load | share |');
console.log('| --- | ---: | ---: | ---: |');
for (const folder of folders) {
  const templates = all.templates.filter((t) => top1(t.file) === folder);
  const refused = all.refused.filter((r) => top1(r.file) === folder);
  const files = templates.length + refused.length;
  total.files += files;
  total.loaded += templates.length;
  console.log(`| ${folder} | ${files} | ${templates.length} | ${((templates.length / Math.max(files, 1)) * 100).toFixed(1)} % |`);
  for (const r of refused) {
    const key = reasonClass(r.reason);
    const e = reasons.get(key) ?? { n: 0, files: [] };
    e.n += 1;
    if (e.files.length < 3) e.files.push(r.file);
    reasons.set(key, e);
  }
}
console.log(`| **all** | ${total.files} | ${total.loaded} | **${((total.loaded / Math.max(total.files, 1)) * 100).toFixed(1)} %** |`);
console.log(`\nTop refusal reasons (${total.files - total.loaded} refused):\n`);
console.log('| reason | templates |');
console.log('| --- | ---: |');
for (const [reason, e] of [...reasons].sort((a, b) => b[1].n - a[1].n).slice(0, top))
  console.log(`| ${reason.replace(/\|/g, '\\|')} | ${e.n} |${examples ? ` ${e.files.join(', ')}` : ''}`);

/** A self-signed certificate for the HTTPS side of the plain server (openssl, as the tests make theirs). */
function certificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'bulwark-coverage-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-keyout',
      `${dir}/k.pem`,
      '-out',
      `${dir}/c.pem`,
    ],
    {
      stdio: 'ignore',
    },
  );
  return { key: readFileSync(`${dir}/k.pem`), cert: readFileSync(`${dir}/c.pem`) };
}

async function runAll(templates: CheckTemplate[]): Promise<void> {
  const address = '127.0.0.95';
  const answer: http.RequestListener = (req, res) => {
    req.resume();
    res.writeHead(404, { 'Content-Type': 'text/html', Server: 'plain' }).end('<html><body>Not Found</body></html>');
  };
  const plain = http.createServer(answer);
  const secure = https.createServer(certificate(), answer);
  const listen = (s: http.Server) =>
    new Promise<number>((resolve) => s.listen(0, address, () => resolve((s.address() as { port: number }).port)));
  const [httpPort, httpsPort] = [await listen(plain), await listen(secure)];
  for (const kind of ['http', 'ssl'] as const) {
    const mine = templates.filter((t) => t[kind].length > 0);
    const failed = new Map<string, number>();
    const failedIds = new Set<string>();
    const ports =
      kind === 'http'
        ? [{ port: httpPort, protocol: 'tcp' as const, state: 'open' as const, service: { name: 'http', cpe: [], tls: false } }]
        : [{ port: httpsPort, protocol: 'tcp' as const, state: 'open' as const, service: { name: 'https', cpe: [], tls: true } }];
    const findings = await runChecks(
      mine,
      { address, hostnames: [], alive: true, findings: [], ports },
      {
        timeoutMs: 3000,
        concurrency: 16,
        onError: (t, _port, e) => {
          failedIds.add(t.id);
          const why = e.message.replace(/[0-9.]+:[0-9]+/g, 'addr').slice(0, 80);
          failed.set(why, (failed.get(why) ?? 0) + 1);
        },
      },
    );
    console.log(
      `\n${kind}: ${mine.length} run against the plain server: ${mine.length - failedIds.size} ran to the end, ${failedIds.size} failed, ${findings.length} matched anyway`,
    );
    for (const [why, n] of [...failed].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`  failed: ${why} (${n})`);
    if (findings.length)
      console.log(
        `  matched: ${findings
          .map((f) => f.check)
          .slice(0, 15)
          .join(', ')}${findings.length > 15 ? ' …' : ''}`,
      );
  }
  plain.close();
  secure.close();
}

if (run) await runAll(all.templates.filter((t) => folders.includes(top1(t.file))));
