// Community checks: Nuclei-format templates from the folders an operator names (BULWARK_CHECKS_DIRS) load beside the
// shipped ones, every refusal listed with its reason; a task carries the community templates it runs to its probe.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { markLibrary } from './library.ts';
import { DEFAULT_CHECKS_DIR, loadTemplates, type Refusal } from './load.ts';
import { parseTemplate } from './parse.ts';
import { TemplateError, type CheckTemplate, type TemplateSource } from './types.ts';

/** The folders of `BULWARK_CHECKS_DIRS`, separated by the platform's path delimiter (':' on Linux), made absolute. */
export function checksDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.BULWARK_CHECKS_DIRS ?? '')
    .split(path.delimiter)
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => path.resolve(d));
}

export interface RefusedTemplate extends Refusal {
  source: TemplateSource;
  /** The folder the file is in: 'shipped', or the last part of the operator's folder. */
  folder: string;
}

export interface CheckCatalogue {
  /** Shipped templates first, then each community folder's in order. */
  templates: CheckTemplate[];
  refused: RefusedTemplate[];
}

/** A community template as a task carries it: the probe parses it itself. */
export interface CommunityTemplate {
  file: string;
  yaml: string;
  /** The payload files it reads, by name. */
  files?: Record<string, string>;
}

/**
 * The shipped templates and those of `dirs`. An id already loaded wins: a shipped check over a community one (an
 * operator cannot replace a shipped check by accident), an earlier folder over a later one; the loser is refused
 * saying which file has the id. A folder that cannot be read is one refusal.
 */
/** A community folder: a path (an operator's folder, named by its last part), or a library with the name it goes by. */
export type CommunityFolder = string | { dir: string; origin: string };

export async function loadCheckCatalogue(
  options: { dirs?: readonly CommunityFolder[]; shippedDir?: string } = {},
): Promise<CheckCatalogue> {
  const shipped = await loadTemplates(options.shippedDir ?? DEFAULT_CHECKS_DIR);
  const templates = [...shipped.templates];
  const refused: RefusedTemplate[] = shipped.refused.map((r) => ({ ...r, source: 'shipped', folder: 'shipped' }));
  const owner = new Map(templates.map((t) => [t.id, `the shipped check ${t.file ?? t.id}`]));
  for (const entry of options.dirs ?? []) {
    const dir = typeof entry === 'string' ? entry : entry.dir;
    const folder = path.basename(dir);
    const origin = typeof entry === 'string' ? `Folder ${folder}` : entry.origin;
    let loaded: Awaited<ReturnType<typeof loadTemplates>>;
    try {
      loaded = await loadTemplates(dir, { source: 'community' });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      refused.push({
        file: '',
        id: null,
        reason: `folder ${dir} cannot be read (${code ?? (e as Error).message})`,
        source: 'community',
        folder,
      });
      continue;
    }
    markLibrary(loaded.templates, dir, origin);
    for (const t of loaded.templates) {
      const first = owner.get(t.id);
      if (first !== undefined) {
        const why = first.startsWith('the shipped') ? `${first} wins` : `${first} has it first`;
        refused.push({ file: t.file ?? '', id: t.id, reason: `duplicate id '${t.id}': ${why}`, source: 'community', folder });
        continue;
      }
      owner.set(t.id, `${folder}/${t.file ?? t.id}`);
      templates.push(t);
    }
    refused.push(...loaded.refused.map((r): RefusedTemplate => ({ ...r, source: 'community', folder })));
  }
  return { templates, refused };
}

/** Parsed community templates by their text, kept by a probe across tasks so each is parsed once. */
export type CommunityCache = Map<string, CheckTemplate | TemplateError>;

/**
 * Parses the community templates a task carries (a probe of another version may refuse some: they are listed).
 * With `cache`, a template already parsed for an earlier task (same text and files) is not parsed again.
 */
export function communityTemplates(
  entries: readonly CommunityTemplate[],
  cache?: CommunityCache,
): { templates: CheckTemplate[]; refused: Refusal[] } {
  const templates: CheckTemplate[] = [];
  const refused: Refusal[] = [];
  for (const e of entries) {
    const key = createHash('sha256')
      .update(e.file)
      .update('\0')
      .update(e.yaml)
      .update('\0')
      .update(JSON.stringify(e.files ?? {}))
      .digest('hex');
    let parsed = cache?.get(key);
    if (!parsed) {
      try {
        parsed = parseTemplate(e.yaml, e.file, { source: 'community', readFile: (f) => e.files?.[f] });
      } catch (err) {
        if (!(err instanceof TemplateError)) throw err;
        parsed = err;
      }
      cache?.set(key, parsed);
    }
    if (parsed instanceof TemplateError) refused.push({ file: e.file, id: null, reason: parsed.message });
    else templates.push(parsed);
  }
  return { templates, refused };
}
