// The policy library: every profile of every XCCDF benchmark in the SCAP content folders (BULWARK_SCAP_CONTENT_DIRS,
// ':'-separated; Debian's ssg-debian and ssg-debderived packages by default), read with the probe's own XCCDF reader
// once per process when first asked for (about two seconds for the whole SCAP Security Guide of a Debian system).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { OvalPolicy, OvalPolicyDetail } from '@bulwark/core';
import { loadBenchmarkFile, resolveProfile, type Benchmark, type PolicyContent } from '@bulwark/scanner';

export const DEFAULT_SCAP_CONTENT_DIR = '/usr/share/xml/scap/ssg/content';

export function scapContentDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  const configured = env.BULWARK_SCAP_CONTENT_DIRS?.split(path.delimiter).filter(Boolean);
  return configured?.length ? configured : [DEFAULT_SCAP_CONTENT_DIR];
}

interface Entry {
  policy: OvalPolicyDetail;
  file: string;
  profileId: string;
}

export interface PolicyLibrary {
  policies: OvalPolicy[];
  byId: Map<string, Entry>;
  /** Content files that could not be read, with why (shown to operators in the log). */
  refused: { file: string; reason: string }[];
}

function entriesOf(file: string, b: Benchmark): Entry[] {
  return b.profiles.map((p) => {
    const resolved = resolveProfile(b, p.id);
    const rules = resolved.selectedRules.map((id) => {
      const rule = b.rules.get(id);
      return { id, title: rule?.title ?? id, severity: resolved.severities[id] ?? rule?.severity ?? 'unknown' };
    });
    const policy: OvalPolicyDetail = {
      id: `${path.basename(file)}#${p.id}`,
      name: `${b.title.replace(/^Guide to the Secure Configuration of /, '')}: ${p.title}`,
      description: p.description,
      benchmark: b.title,
      version: b.version ?? null,
      platforms: b.platforms,
      rules: rules.length,
      source: 'ssg',
      rule_list: rules,
    };
    return { policy, file, profileId: p.id };
  });
}

function build(dirs: readonly string[]): PolicyLibrary {
  const byId = new Map<string, Entry>();
  const refused: PolicyLibrary['refused'] = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)
      .filter((f) => /-xccdf\.xml$/.test(f))
      .sort()) {
      const file = path.join(dir, name);
      try {
        for (const e of entriesOf(file, loadBenchmarkFile(file))) if (!byId.has(e.policy.id)) byId.set(e.policy.id, e);
      } catch (err) {
        refused.push({ file, reason: err instanceof Error ? err.message : String(err) });
      }
    }
  }
  const policies = [...byId.values()]
    .map(({ policy: { rule_list: _rules, ...summary } }) => summary)
    .sort((a, b) => a.name.localeCompare(b.name));
  return { policies, byId, refused };
}

/** One library per set of folders, read once per process (restart to pick up newly installed content). */
let cached: { key: string; library: PolicyLibrary } | undefined;

export function policyLibrary(env: NodeJS.ProcessEnv = process.env): PolicyLibrary {
  const dirs = scapContentDirs(env);
  const key = dirs.join(path.delimiter);
  if (cached?.key !== key) cached = { key, library: build(dirs) };
  return cached.library;
}

/** The files a benchmark needs beside it: those its checks name, and SSG's OVAL, CPE OVAL and CPE dictionary. */
function companionFiles(file: string, xml: string): string[] {
  const dir = path.dirname(file);
  const names = new Set<string>();
  for (const m of xml.matchAll(/<(?:[\w-]+:)?check-content-ref\b[^>]*\bhref="([^"#][^"]*)"/g)) names.add(path.basename(m[1]!));
  const prefix = path.basename(file).replace(/-xccdf\.xml$/, '');
  for (const suffix of ['-oval.xml', '-cpe-oval.xml', '-cpe-dictionary.xml']) names.add(`${prefix}${suffix}`);
  return [...names].filter((n) => existsSync(path.join(dir, n)));
}

/** Benchmark texts read once per process: a task of any size sends the same few megabytes. */
const texts = new Map<string, { main: string; documents: Record<string, string> }>();

/** What a probe needs to evaluate a library policy, or null when the library no longer has it. */
export function libraryContent(id: string, ignoreBenchmarkPlatform: boolean, env: NodeJS.ProcessEnv = process.env): PolicyContent | null {
  const entry = policyLibrary(env).byId.get(id);
  if (!entry) return null;
  let text = texts.get(entry.file);
  if (!text) {
    const main = readFileSync(entry.file, 'utf8');
    const documents: Record<string, string> = {};
    for (const name of companionFiles(entry.file, main)) documents[name] = readFileSync(path.join(path.dirname(entry.file), name), 'utf8');
    text = { main, documents };
    texts.set(entry.file, text);
  }
  return {
    id,
    name: entry.policy.name,
    format: 'xccdf',
    main: text.main,
    documents: text.documents,
    profileId: entry.profileId,
    ignoreBenchmarkPlatform,
  };
}
