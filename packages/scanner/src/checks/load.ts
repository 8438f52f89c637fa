// Loads the YAML templates of a folder (recursively): each either parses or is refused with its file, id and reason.
import { readFileSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTemplate, type ParseOptions } from './parse.ts';
import { TemplateError, type CheckTemplate } from './types.ts';

/** The package's own templates: packages/scanner/checks/. */
export const DEFAULT_CHECKS_DIR = fileURLToPath(new URL('../../checks/', import.meta.url));

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    // Hidden folders (.git, .github …) hold no templates.
    if (e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else if (/\.ya?ml$/.test(e.name)) out.push(p);
  }
  return out.sort();
}

/** A template that did not load: its file (relative to its folder), its id when one could be read, and why. */
export interface Refusal {
  file: string;
  id: string | null;
  reason: string;
}

/** The id a refused file declares, read without a YAML parser (the file may not be valid YAML). */
function idOf(text: string): string | null {
  const m = /^id:[ \t]*['"]?([A-Za-z0-9][A-Za-z0-9_.-]*)['"]?[ \t]*(#.*)?$/m.exec(text);
  return m ? m[1] : null;
}

const MAX_PAYLOAD_FILE = 4 << 20;

/**
 * Payload files as Nuclei finds them: relative to the template's own folder or to any folder above it up to the
 * loaded folder (the templates root). Nothing outside the loaded folder is read.
 */
function payloadReader(root: string, file: string): (name: string) => string | undefined {
  return (name) => {
    for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
      const p = path.resolve(dir, name);
      const inside = !path.relative(root, p).startsWith('..') && !path.isAbsolute(path.relative(root, p));
      if (inside) {
        try {
          if (statSync(p).size <= MAX_PAYLOAD_FILE) return readFileSync(p, 'utf8');
        } catch {
          // not here: try the folder above
        }
      }
      if (path.relative(root, dir) === '' || dir === path.dirname(dir)) return undefined;
    }
  };
}

/** Loads every *.yaml under dir; templates outside the subset (or with a duplicate id) are listed in `refused` with the reason. */
export async function loadTemplates(
  dir: string = DEFAULT_CHECKS_DIR,
  options: ParseOptions = {},
): Promise<{ templates: CheckTemplate[]; refused: Refusal[] }> {
  const templates: CheckTemplate[] = [];
  const refused: Refusal[] = [];
  const ids = new Map<string, string>();
  for (const file of await walk(dir)) {
    const rel = path.relative(dir, file);
    let text = '';
    try {
      text = await readFile(file, 'utf8');
      const t = parseTemplate(text, rel, { readFile: payloadReader(dir, file), ...options });
      const first = ids.get(t.id);
      if (first !== undefined) throw new TemplateError(`duplicate id '${t.id}' (${first} has it first)`);
      ids.set(t.id, rel);
      templates.push(t);
    } catch (e) {
      if (!(e instanceof TemplateError)) throw e;
      refused.push({ file: rel, id: idOf(text), reason: e.message });
    }
  }
  return { templates, refused };
}
