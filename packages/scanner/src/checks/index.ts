// The check engine's public API: load and parse YAML templates (Nuclei subset + Bulwark fields), run them against a host.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTemplate } from './parse.ts';
import { TemplateError, type CheckTemplate } from './types.ts';

export { parseTemplate, TEMPLATE_VARIABLES } from './parse.ts';
export { runChecks, applies, type RunChecksOptions } from './run.ts';
export { translateRe2 } from './regex.ts';
export { parseDsl, evalDsl, DSL_FUNCTIONS } from './dsl.ts';
export { runOperators, type ResponseView } from './match.ts';
export { TemplateError } from './types.ts';
export { categoryId, selectTemplates, type TestSelection } from './select.ts';
export type { CheckTemplate, Matcher, Extractor, HttpRequest, NetworkRequest, SslRequest, Severity } from './types.ts';

/** The package's own templates: packages/scanner/checks/. */
export const DEFAULT_CHECKS_DIR = fileURLToPath(new URL('../../checks/', import.meta.url));

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else if (/\.ya?ml$/.test(e.name)) out.push(p);
  }
  return out.sort();
}

/** Loads every *.yaml under dir; templates outside the subset (or with a duplicate id) are listed in `refused` with the reason. */
export async function loadTemplates(
  dir: string = DEFAULT_CHECKS_DIR,
): Promise<{ templates: CheckTemplate[]; refused: { file: string; reason: string }[] }> {
  const templates: CheckTemplate[] = [];
  const refused: { file: string; reason: string }[] = [];
  const ids = new Set<string>();
  for (const file of await walk(dir)) {
    const rel = path.relative(dir, file);
    try {
      const t = parseTemplate(await readFile(file, 'utf8'), rel);
      if (ids.has(t.id)) throw new TemplateError(`duplicate id '${t.id}'`);
      ids.add(t.id);
      templates.push(t);
    } catch (e) {
      if (!(e instanceof TemplateError)) throw e;
      refused.push({ file: rel, reason: e.message });
    }
  }
  return { templates, refused };
}
