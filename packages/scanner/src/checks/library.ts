// A community check library (a Nuclei template tree): the catalogue category each template gets from where it sits in
// the tree, which templates are off while a profile keeps safe checks on (intrusive tags, and the library's own
// .nuclei-ignore list, as Nuclei itself leaves them out).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { CheckTemplate } from './types.ts';

/**
 * Tags of templates that may harm or load the target, or guess passwords: never run while safe checks are on (Greenbone's
 * "safe checks"). Nuclei's own default exclusions (dos, local, fuzz, bruteforce) plus `intrusive` and its misspelling,
 * which the collection uses on a dozen templates.
 */
export const UNSAFE_TAGS = ['dos', 'fuzz', 'fuzzing', 'intrusive', 'instrusive', 'bruteforce', 'local'] as const;

/** The category of community templates by the folder under the protocol's one (http/cves/2021/… → CVEs). */
const HTTP_FOLDERS: Record<string, string> = {
  cves: 'CVEs',
  cnvd: 'CVEs',
  vulnerabilities: 'Vulnerabilities',
  'default-logins': 'Default logins',
  'exposed-panels': 'Exposed panels',
  exposures: 'Exposures',
  misconfiguration: 'Misconfiguration',
  technologies: 'Technologies',
  takeovers: 'Takeovers',
  iot: 'IoT',
  miscellaneous: 'Miscellaneous',
};

/** Every category a community template can be given: known before any library is loaded (profiles may name them). */
export const COMMUNITY_CATEGORIES = [...new Set([...Object.values(HTTP_FOLDERS), 'Web (other)', 'Network', 'SSL/TLS', 'Other'])].map(
  (c) => `Community: ${c}`,
);

/** The category of a community template from its file path relative to the library root. */
export function communityCategory(file: string | undefined): string {
  const parts = (file ?? '').split(/[\\/]/);
  const [top, second] = parts;
  if (top === 'http') return `Community: ${HTTP_FOLDERS[second ?? ''] ?? 'Web (other)'}`;
  if (top === 'network') return 'Community: Network';
  if (top === 'ssl') return 'Community: SSL/TLS';
  return 'Community: Other';
}

/** What a library root says about its templates: files and tags its publisher leaves out by default. */
export interface LibraryRules {
  ignoredFiles: Set<string>;
  ignoredTags: Set<string>;
}

function readOptional(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Reads `.nuclei-ignore` at the root when it is there (a plain folder has none). */
export function libraryRules(root: string): LibraryRules {
  const rules: LibraryRules = { ignoredFiles: new Set(), ignoredTags: new Set() };
  const ignore = readOptional(path.join(root, '.nuclei-ignore'));
  if (ignore) {
    try {
      const doc = parseYaml(ignore) as { tags?: unknown; files?: unknown } | null;
      for (const t of Array.isArray(doc?.tags) ? doc.tags : []) if (typeof t === 'string') rules.ignoredTags.add(t.toLowerCase());
      for (const f of Array.isArray(doc?.files) ? doc.files : []) if (typeof f === 'string') rules.ignoredFiles.add(path.normalize(f));
    } catch {
      // A broken ignore list leaves only our own unsafe tags in force.
    }
  }
  return rules;
}

/** Why a template is off while safe checks are on, or undefined when it is safe. */
export function unsafeReason(t: Pick<CheckTemplate, 'file' | 'info'>, rules?: LibraryRules): string | undefined {
  const tags = t.info.tags.map((g) => g.toLowerCase());
  const tag = tags.find((g) => (UNSAFE_TAGS as readonly string[]).includes(g) || rules?.ignoredTags.has(g));
  if (tag) return `tagged ${tag}`;
  if (t.file && rules?.ignoredFiles.has(path.normalize(t.file))) return 'left out by default by its library (.nuclei-ignore)';
  return undefined;
}

/** Gives a library's templates their category (unless they name their own), origin and safety. */
export function markLibrary(templates: CheckTemplate[], root: string, origin: string): LibraryRules {
  const rules = libraryRules(root);
  for (const t of templates) {
    if (t.bulwark.category === 'uncategorized') t.bulwark.category = communityCategory(t.file);
    t.origin = origin;
    t.unsafe = unsafeReason(t, rules);
  }
  return rules;
}
