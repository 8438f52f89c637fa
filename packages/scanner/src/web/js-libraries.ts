// Outdated JavaScript libraries: recognises jQuery, Bootstrap, AngularJS, React, Lodash … and their versions from
// script URLs, file names and the banner or code inside the file, and looks the version up in the vulnerable ranges of
// Retire.js's data set (js-libraries.data.json says which release it was extracted from).
import data from './js-libraries.data.json' with { type: 'json' };

interface LibraryVulnerability {
  atOrAbove?: string;
  below: string;
  severity: number;
  cves: string[];
  ghsa?: string;
  summary: string;
  info?: string;
}

interface LibraryEntry {
  id: string;
  name: string;
  cpe?: string;
  uri: string[];
  filename: string[];
  filecontent: string[];
  filecontentreplace: string[];
  vulnerabilities: LibraryVulnerability[];
}

interface CompiledLibrary extends LibraryEntry {
  uriRe: RegExp[];
  filenameRe: RegExp[];
  contentRe: { re: RegExp; word: string }[];
  replaceRe: { re: RegExp; template: string; word: string }[];
}

export interface DetectedLibrary {
  id: string;
  name: string;
  version: string;
  /** CPE 2.3 with the version, when the library has one. */
  cpe?: string;
  /** What showed it: 'file name jquery-1.8.3.min.js', 'file content /*! jQuery v1.8.3' … */
  evidence: string;
}

export interface LibraryVerdict {
  vulnerabilities: LibraryVulnerability[];
  /** The highest severity of them (0 info … 4 critical). */
  severity: 0 | 1 | 2 | 3 | 4;
  cves: string[];
}

/** The data set's note (source, commit, date). */
export const JS_LIBRARY_SOURCE: string = data._source;

let compiled: CompiledLibrary[] | undefined;

/** Compiled on first use: loading the scanner should not pay for the web tests' patterns. */
function libraries(): CompiledLibrary[] {
  compiled ??= (data.libraries as LibraryEntry[]).map((l) => ({
    ...l,
    uriRe: l.uri.map((p) => new RegExp(p, 'i')),
    filenameRe: l.filename.map((p) => new RegExp(`^${p}$`, 'i')),
    contentRe: l.filecontent.map((p) => ({ re: new RegExp(p), word: requiredWord(p) })),
    replaceRe: l.filecontentreplace.flatMap((p) => {
      // Retire's form: /regex/replacement/ where the replacement uses $1 …
      const m = /^\/(.*)\/([^/]*)\/$/.exec(p);
      return m ? [{ re: new RegExp(m[1]!), template: m[2]!, word: requiredWord(m[1]!) }] : [];
    }),
  }));
  return compiled;
}

/**
 * The longest word a pattern cannot match without: a bundle of megabytes is searched with indexOf for it first, and
 * the pattern (some have .* or [\s\S]{50,180}) runs only where the word is present. '' when there is none to rely on
 * (alternatives).
 */
function requiredWord(pattern: string): string {
  let fixed = pattern
    .replace(/\\./g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\([^()]*\)[?*]/g, ' ');
  // Groups of alternatives are left out; an alternative outside any group leaves nothing required.
  for (let before = ''; before !== fixed;) {
    before = fixed;
    fixed = fixed.replace(/\([^()]*\|[^()]*\)/g, ' ');
  }
  if (fixed.includes('|')) return '';
  return (fixed.match(/[A-Za-z_]{3,}/g) ?? []).sort((a, b) => b.length - a.length)[0] ?? '';
}

function detected(l: CompiledLibrary, version: string, evidence: string): DetectedLibrary {
  return {
    id: l.id,
    name: l.name,
    version,
    ...(l.cpe ? { cpe: `${l.cpe}:${version}:*:*:*:*:*:*:*` } : {}),
    evidence: evidence.slice(0, 200),
  };
}

/** Versions look like '1.8.3', '3.0.0-rc1'; a pattern's group can catch a trailing '.' or '-' from the text. */
const cleanVersion = (v: string): string => v.replace(/(\.(min|slim|js|umd|prod|production|dev))+$/i, '').replace(/[.-]+$/, '');

/** Libraries named by a script's URL (path or file name), without fetching the file. */
export function librariesFromUrl(url: string): DetectedLibrary[] {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return [];
  }
  const file = path.slice(path.lastIndexOf('/') + 1);
  const out: DetectedLibrary[] = [];
  for (const l of libraries()) {
    let version: string | undefined;
    let how = '';
    for (const re of l.filenameRe) {
      const m = re.exec(file);
      if (m?.[1]) {
        version = m[1];
        how = `file name ${file}`;
        break;
      }
    }
    if (!version)
      for (const re of l.uriRe) {
        const m = re.exec(path);
        if (m?.[1]) {
          version = m[1];
          how = `URL ${path}`;
          break;
        }
      }
    if (version) out.push(detected(l, cleanVersion(version), how));
  }
  return out;
}

/** Libraries recognised in a script's content (banner comments, version strings in the code). */
export function librariesFromContent(body: string): DetectedLibrary[] {
  const out: DetectedLibrary[] = [];
  for (const l of libraries()) {
    let hit: DetectedLibrary | undefined;
    for (const { re, word } of l.contentRe) {
      if (word && !body.includes(word)) continue;
      const m = re.exec(body);
      const v = m?.slice(1).find((g) => g && /^\d/.test(g));
      if (m && v) {
        hit = detected(l, cleanVersion(v), `file content ${m[0].slice(0, 80)}`);
        break;
      }
    }
    if (!hit)
      for (const { re, template, word } of l.replaceRe) {
        if (word && !body.includes(word)) continue;
        const m = re.exec(body);
        if (m) {
          const v = template.replace(/\$(\d)/g, (_, i: string) => m[Number(i)] ?? '');
          if (/^\d/.test(v)) hit = detected(l, cleanVersion(v), `file content ${m[0].slice(0, 80)}`);
          break;
        }
      }
    if (hit) out.push(hit);
  }
  return out;
}

/** Retire.js's version order: part by part (split on '.' and '-'), numbers above words (so 1.0.0 > 1.0.0-beta). */
export function isAtOrAbove(a: string, b: string): boolean {
  const pa = a.split(/[.-]/);
  const pb = b.split(/[.-]/);
  const comparable = (s: string | undefined): number | string => (!s ? 0 : /^\d+$/.test(s) ? parseInt(s, 10) : s);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = comparable(pa[i]);
    const y = comparable(pb[i]);
    if (typeof x !== typeof y) return typeof x === 'number';
    if (x > y) return true;
    if (x < y) return false;
  }
  return true;
}

/** The known vulnerabilities of a library version; null when none applies. */
export function libraryVulnerabilities(id: string, version: string): LibraryVerdict | null {
  const lib = libraries().find((l) => l.id === id);
  if (!lib) return null;
  const hits = lib.vulnerabilities.filter((v) => (!v.atOrAbove || isAtOrAbove(version, v.atOrAbove)) && !isAtOrAbove(version, v.below));
  if (!hits.length) return null;
  const severity = Math.min(4, Math.max(...hits.map((v) => v.severity))) as LibraryVerdict['severity'];
  return { vulnerabilities: hits, severity, cves: [...new Set(hits.flatMap((v) => v.cves))].sort() };
}

/** Per response, what its content showed: the technologies and the outdated-library test read a script once. */
const contentCache = new WeakMap<object, DetectedLibrary[]>();

/** librariesFromContent for a response's body, computed once per response. */
export function librariesInResponse(res: { body: string }): DetectedLibrary[] {
  let libs = contentCache.get(res);
  if (!libs) contentCache.set(res, (libs = librariesFromContent(res.body)));
  return libs;
}
