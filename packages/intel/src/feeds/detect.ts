// Recognises a feed's format from its first bytes (after decompression): CSV comment/header, or the JSON keys it opens with.
import type { FeedFormat } from './types.ts';
import { isDebianChangelog } from '../records/distro-fix.ts';

/** How many bytes of content the sniffer looks at. */
export const SNIFF_BYTES = 64 * 1024;

/**
 * Collects object keys by path from a JSON prefix, tolerating truncation: '' for the top object's keys,
 * '[]' for elements of a top array, '.vulnerabilities[]' for elements of that array, '.cve' for an object under cve.
 */
function scanKeys(text: string): { top: 'object' | 'array' | null; keys: Map<string, Set<string>> } {
  const keys = new Map<string, Set<string>>();
  const stack: { type: 'object' | 'array'; path: string; key: string | null }[] = [];
  let top: 'object' | 'array' | null = null;
  let i = 0;
  const childPath = (): string => {
    const f = stack[stack.length - 1];
    if (!f) return '';
    return f.type === 'array' ? `${f.path}[]` : `${f.path}.${f.key ?? ''}`;
  };
  while (i < text.length) {
    const ch = text[i];
    if (ch === '{' || ch === '[') {
      const type = ch === '{' ? 'object' : 'array';
      if (stack.length === 0) top ??= type;
      stack.push({ type, path: childPath(), key: null });
      if (stack.length > 6) break; // deep enough to tell
      i++;
    } else if (ch === '}' || ch === ']') {
      stack.pop();
      i++;
    } else if (ch === '"') {
      let j = i + 1;
      let value = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\') j++;
        else value += text[j];
        j++;
      }
      if (j >= text.length) break; // truncated in a string
      i = j + 1;
      while (i < text.length && /\s/.test(text[i])) i++;
      const f = stack[stack.length - 1];
      if (text[i] === ':' && f?.type === 'object') {
        f.key = value;
        const set = keys.get(f.path) ?? new Set<string>();
        set.add(value);
        keys.set(f.path, set);
      }
    } else {
      i++;
    }
  }
  return { top, keys };
}

type Keys = (path: string) => Set<string>;

/** Classifies one record from its keys (and the keys of its `cve` member, for wrapped NVD records). */
function classifyRecord(keys: Set<string>, cveKeys: Set<string>): FeedFormat | null {
  if (keys.has('cveID')) return 'kev';
  if (keys.has('epss') && keys.has('cve')) return 'epss-json';
  if (cveKeys.has('CVE_data_meta')) return 'nvd-1.1';
  if (keys.has('sourceIdentifier') || keys.has('vulnStatus') || keys.has('descriptions')) return 'nvd';
  if (keys.has('cve') && (cveKeys.has('id') || cveKeys.has('sourceIdentifier'))) return 'nvd';
  if (keys.has('affected') || keys.has('schema_version')) return 'osv';
  if (keys.has('id') && (keys.has('modified') || keys.has('aliases') || keys.has('details'))) return 'osv';
  return null;
}

/** Debian's tracker: `{package: {CVE-…: {releases: …}}}`, so a key two levels down names a CVE holding `releases`. */
function isDebianTracker(keys: Map<string, Set<string>>): boolean {
  for (const [path, set] of keys) if (/^\.[^.]+\.(CVE|TEMP)-[^.]+$/.test(path) && set.has('releases')) return true;
  return false;
}

function classifyObject(k: Keys, keys: Map<string, Set<string>>): FeedFormat | null {
  if (isDebianTracker(keys)) return 'debian-tracker';
  const top = k('');
  if (top.has('CVE_Items') || top.has('CVE_data_type')) return 'nvd-1.1';
  if (top.has('catalogVersion') || k('.vulnerabilities[]').has('cveID')) return 'kev';
  if (top.has('resultsPerPage') || top.has('totalResults') || top.has('cve_items') || k('.vulnerabilities[]').has('cve')) return 'nvd';
  if (k('.data[]').has('epss')) return 'epss-json';
  if (top.has('vulns')) return 'osv';
  return classifyRecord(top, k('.cve'));
}

/** The feed format of a content prefix (decompressed), or null when it is none of the known ones. */
export function detectFormat(head: Uint8Array | string): FeedFormat | null {
  const text = (typeof head === 'string' ? head : new TextDecoder().decode(head)).replace(/^\uFEFF/, '').trimStart();
  if (/^#\s*(model_version|score_date)/i.test(text) || /^cve,epss\b/i.test(text)) return 'epss-csv';
  if (isDebianChangelog(text)) return 'debian-changelog';
  if (text[0] !== '{' && text[0] !== '[') return null;
  const { top, keys } = scanKeys(text.slice(0, SNIFF_BYTES));
  const k: Keys = (path) => keys.get(path) ?? new Set();
  if (top === 'array') return classifyRecord(k('[]'), k('[].cve'));
  return classifyObject(k, keys);
}
