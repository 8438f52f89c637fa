// Benchmark: policy (OVAL) evaluation of the SCAP Security Guide's Debian 11 OVAL on this machine, Bulwark's evaluator
// (local runner: collection by shell commands, evaluation in the probe) vs `oscap oval eval`, same run, one after the
// other. Prints the per-definition agreement (count, percent of the definitions oscap decided true/false, and every
// disagreement with both results and the title), each tool's time, and the ratio Bulwark / oscap.
// Run: npx tsx bench/oval-vs-oscap.ts  (as root, like oscap; BENCH_OVAL=path evaluates another OVAL file)
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadOvalDocument, localRunner, OvalEngine, parseOvalResults, type DefinitionResult } from '../packages/scanner/src/index.ts';

const OVAL = process.env.BENCH_OVAL ?? '/usr/share/xml/scap/ssg/content/ssg-debian11-oval.xml';
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-oval-'));
const resultsFile = path.join(dir, 'results.xml');

// Bulwark first: whatever the file system caches help, they help oscap's run more than ours.
let t = performance.now();
const doc = loadOvalDocument(readFileSync(OVAL, 'utf8'));
const parseMs = performance.now() - t;
t = performance.now();
const engine = new OvalEngine(doc, localRunner());
const ours: DefinitionResult[] = await Promise.all([...doc.definitions.keys()].map((id) => engine.explain(id)));
const oursMs = performance.now() - t + parseMs;

t = performance.now();
await new Promise<void>((resolve, reject) =>
  execFile('oscap', ['oval', 'eval', '--results', resultsFile, OVAL], { maxBuffer: 64 * 1024 * 1024 }, (err) =>
    err ? reject(err) : resolve(),
  ),
);
const oscapMs = performance.now() - t;
const theirs = parseOvalResults(readFileSync(resultsFile, 'utf8'));
rmSync(dir, { recursive: true, force: true });

let decided = 0;
let agreed = 0;
let agreedAll = 0;
const disagreements: string[] = [];
for (const r of ours) {
  const o = theirs.get(r.id);
  if (o === r.result) agreedAll++;
  if (o !== 'true' && o !== 'false') continue;
  decided++;
  if (o === r.result) agreed++;
  else disagreements.push(`  ${r.id}: oscap ${o}, bulwark ${r.result} — ${r.title}`);
}
for (const r of ours) {
  const o = theirs.get(r.id);
  if (o !== 'true' && o !== 'false' && o !== r.result)
    disagreements.push(`  ${r.id}: oscap ${o ?? 'missing'}, bulwark ${r.result} — ${r.title} (oscap undecided)`);
}

console.log(`OVAL: ${OVAL} (${doc.definitions.size} definitions, ${doc.tests.size} tests, ${doc.objects.size} objects)`);
console.log(`agreement: ${agreed}/${decided} definitions oscap decided true/false (${((agreed / decided) * 100).toFixed(2)}%);`);
console.log(`           ${agreedAll}/${ours.length} with every result counted (error, unknown, ...)`);
if (disagreements.length > 0) console.log(`disagreements:\n${disagreements.join('\n')}`);
else console.log('disagreements: none');
console.log(`oscap oval eval: ${(oscapMs / 1000).toFixed(2)} s`);
console.log(
  `bulwark: ${(oursMs / 1000).toFixed(2)} s (parse ${(parseMs / 1000).toFixed(2)} s, ${engine.target.commands} commands on the target)`,
);
console.log(`ratio bulwark / oscap: ${(oursMs / oscapMs).toFixed(3)}`);
process.exitCode = decided > 0 && agreed / decided >= 0.98 ? 0 : 1;
