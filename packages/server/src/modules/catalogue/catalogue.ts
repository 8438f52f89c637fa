// The vulnerability-test catalogue: the scanner's check templates (shipped, and community ones from the folders of
// BULWARK_CHECKS_DIRS), loaded once per process, as categories, test rows and refused templates; the templates a
// profile's plus/minus categories and tests select (the scanner's own rule); the community templates a task carries.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  categoryId,
  checksDirs,
  COMMUNITY_CATEGORIES,
  loadCheckCatalogue,
  selectTemplates,
  type CheckTemplate,
  type CommunityFolder,
  type CommunityTemplate,
  type TestSelection,
} from '@bulwark/scanner';
import type { z } from 'zod';
import type { NetworkTestDetail, networkTest, refusedTemplate, testCategory } from '@bulwark/core';

export type TestCategory = z.infer<typeof testCategory>;
export type NetworkTest = z.infer<typeof networkTest>;
export type RefusedTemplateRow = z.infer<typeof refusedTemplate>;

/**
 * The community check folders, from BULWARK_CHECKS_DIRS (separated by the platform's path delimiter, ':' on Linux).
 * Read by the scanner's own parser, as `bulwark-scan` reads it, when the catalogue is first loaded: a folder that is
 * missing or unreadable is listed among the refused templates rather than stopping the server; see docs/scans.md.
 */
export function communityChecksDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  return checksDirs(env);
}

export interface Catalogue {
  templates: CheckTemplate[];
  /** Templates that did not load, with why (shipped ones first, then each community folder's). */
  refused: RefusedTemplateRow[];
  /** Test rows in template order. */
  tests: NetworkTest[];
  testIds: Set<string>;
  /** Sorted by name. */
  categories: TestCategory[];
  categoryIds: Set<string>;
}

/** One catalogue per set of folders: the folders are read once per process (restart to pick up changed templates). */
let cached: { key: string; catalogue: Promise<Catalogue> } | undefined;

/**
 * The synced community check libraries' folders (<feeds dir>/sync/checks) this process serves: the server names its
 * own at start. A process-wide list, as the catalogue itself is; a new sync is seen at the next read (its marker
 * file changes), so no restart is needed.
 */
const libraries = new Set<string>();

/** Makes the synced community check library under `sourceDir` part of the catalogue (once it has been synced). */
export function useCommunityLibrary(sourceDir: string): void {
  libraries.add(path.resolve(sourceDir));
}

/** The markers read so far, by file: read again only when the file's change time moves (catalogue() is on hot paths). */
const markers = new Map<string, { mtime: number; folder: CommunityFolder | null }>();

/** The synced libraries in use, with the folder of each one's current unpacked copy and the marker's change time. */
function libraryFolders(): { folders: CommunityFolder[]; key: string[] } {
  const folders: CommunityFolder[] = [];
  const key: string[] = [];
  for (const dir of libraries) {
    const file = path.join(dir, 'current.json');
    let mtime: number;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      continue;
    }
    let known = markers.get(file);
    if (known?.mtime !== mtime) {
      known = { mtime, folder: markerFolder(dir, file) };
      markers.set(file, known);
    }
    if (!known.folder) continue;
    key.push(`${dir}@${mtime}`);
    folders.push(known.folder);
  }
  return { folders, key };
}

/** The library folder a marker names, with the name it goes by; null when the marker cannot be read. */
function markerFolder(dir: string, file: string): CommunityFolder | null {
  try {
    const marker = JSON.parse(readFileSync(file, 'utf8')) as { dir?: string; synced_at?: string } | null;
    if (!marker?.dir) return null;
    const day = marker.synced_at?.slice(0, 10) ?? '';
    return { dir: path.join(dir, marker.dir), origin: `Nuclei community templates${day ? ` (synced ${day})` : ''}` };
  } catch {
    return null;
  }
}

/** A test row of a template (the catalogue list's shape). */
function testRow(t: CheckTemplate): NetworkTest {
  return {
    id: t.id,
    name: t.info.name,
    category: categoryId(t.bulwark.category),
    severity: t.info.severity,
    cve: t.info.cve,
    tags: t.info.tags,
    description: t.info.description ?? '',
    solution: t.bulwark.solution || t.info.remediation || '',
    source: t.source,
    origin: t.source === 'shipped' ? 'Bulwark' : (t.origin ?? 'Community'),
    unsafe: t.unsafe ?? null,
  };
}

/** The page of one test: its row, what it says of the weakness, and what it runs on (protocols, ports, services). */
export function testDetail(t: CheckTemplate, ignored: boolean): NetworkTestDetail {
  const protocols = [t.http.length ? 'http' : '', t.network.length ? 'network' : '', t.ssl.length ? 'ssl' : ''].filter(Boolean);
  const ports = [...new Set(t.network.flatMap((n) => n.ports))].sort((a, b) => a - b);
  const cvss = t.info.cvssScore !== undefined && Number.isFinite(t.info.cvssScore) ? t.info.cvssScore : null;
  return {
    ...testRow(t),
    category_name: t.bulwark.category,
    cwe: t.info.cwe.map((c) => c.toUpperCase()),
    cvss,
    cvss_vector: t.info.cvssMetrics ?? null,
    references: t.info.reference,
    runs_on: { protocols, ports, services: t.bulwark.services },
    file: t.file ?? null,
    ignored,
  };
}

function build(templates: CheckTemplate[], refused: RefusedTemplateRow[]): Catalogue {
  const tests = templates.map(testRow);
  const categories = new Map<string, TestCategory>();
  for (const t of templates) {
    const id = categoryId(t.bulwark.category);
    const c = categories.get(id) ?? { id, name: t.bulwark.category, count: 0 };
    c.count += 1;
    categories.set(id, c);
  }
  const sorted = [...categories.values()].sort((a, b) => a.name.localeCompare(b.name));
  return {
    templates,
    refused,
    tests,
    testIds: new Set(tests.map((t) => t.id)),
    categories: sorted,
    // The community categories are valid in a profile before any library has synced (the Discovery profile names them).
    categoryIds: new Set([...categories.keys(), ...COMMUNITY_CATEGORIES.map(categoryId)]),
  };
}

/** The shipped and community templates, read from disk on first use only (they do not change while the server runs). */
export function catalogue(): Promise<Catalogue> {
  const library = libraryFolders();
  const dirs: CommunityFolder[] = [...communityChecksDirs(), ...library.folders];
  const key = JSON.stringify([communityChecksDirs(), library.key]);
  if (cached?.key !== key) {
    const entry = {
      key,
      catalogue: loadCheckCatalogue({ dirs }).then(({ templates, refused }) =>
        build(
          templates,
          refused.map((r) => ({ source: r.source, folder: r.folder, file: r.file, template_id: r.id, reason: r.reason })),
        ),
      ),
    };
    cached = entry;
    // A failed read is not kept, so the next call tries again.
    entry.catalogue.catch(() => {
      if (cached === entry) cached = undefined;
    });
  }
  return cached.catalogue;
}

/** The community templates among `ids`, as a task carries them to its probe (which parses them itself). */
export async function communityTemplatesOf(ids: readonly string[]): Promise<CommunityTemplate[]> {
  const wanted = new Set(ids);
  return (await catalogue()).templates
    .filter((t) => t.source === 'community' && wanted.has(t.id))
    .map((t) => ({ file: t.file ?? t.id, yaml: t.yaml ?? '', ...(t.files ? { files: t.files } : {}) }));
}

/** The ids of the templates a profile selects, in template order. */
export async function selectTests(fields: TestSelection): Promise<string[]> {
  return selectTemplates((await catalogue()).templates, fields).map((t) => t.id);
}

/** The listed ids that are not in the catalogue, keyed by profile field; empty when all are known. */
export async function unknownSelections(fields: TestSelection): Promise<Record<string, string[]>> {
  const c = await catalogue();
  const out: Record<string, string[]> = {};
  const check = (field: Exclude<keyof TestSelection, 'safe_checks'>, known: Set<string>, one: string, many: string) => {
    const unknown = [...new Set(fields[field] ?? [])].filter((id) => !known.has(id));
    if (unknown.length > 0) out[field] = [`Unknown ${unknown.length > 1 ? many : one}: ${unknown.join(', ')}.`];
  };
  check('plus_categories', c.categoryIds, 'test category', 'test categories');
  check('minus_categories', c.categoryIds, 'test category', 'test categories');
  check('plus_tests', c.testIds, 'test', 'tests');
  check('minus_tests', c.testIds, 'test', 'tests');
  return out;
}
