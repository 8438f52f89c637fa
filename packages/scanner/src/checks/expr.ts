// Template expressions: the {{…}} markers of requests and inputs — target variables, template `variables`, payloads,
// values extracted from earlier responses, {{randstr}}, and DSL helpers such as {{base64(username + ':' + password)}}.
import { randomBytes } from 'node:crypto';
import { evalDsl, exprVariables, parseDsl, type Expr, type Value } from './dsl.ts';
import { TemplateError } from './types.ts';

/** A marker that is just a name: replaced first, so that names can sit inside a helper's quoted argument. */
const SIMPLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_-]*)\s*\}\}/g;
const MARKER = /\{\{([\s\S]+?)\}\}/g;
const PLACEHOLDER = '__bulwark_value__';
const RANDSTR = /^randstr(_[0-9]+)?$/;
/** Nuclei's out-of-band URL marker (both spellings): filled per template run from the scan's callback listener. */
export const INTERACTSH_URL = /^interactsh[-_]url$/;
/** Does this text use the out-of-band URL? */
export const usesInteractshUrl = (s: string): boolean => /\{\{\s*interactsh[-_]url\s*\}\}/.test(s);

const parsed = new Map<string, Expr | null>();
function parseCached(src: string): Expr | null {
  if (!parsed.has(src)) {
    try {
      parsed.set(src, parseDsl(src));
    } catch {
      parsed.set(src, null);
    }
  }
  return parsed.get(src) ?? null;
}

function refuse(name: string): never {
  if (name.startsWith('interactsh'))
    throw new TemplateError(`'{{${name}}}' not supported (of the out-of-band markers only {{interactsh-url}} is filled)`);
  throw new TemplateError(
    `unsupported template expression '{{${name}}}' (not defined by the template; Nuclei takes such values from -var)`,
  );
}

/**
 * Checks every marker of `s` when the template is parsed: names must be known (`known`), helpers must be supported
 * DSL functions; anything else refuses the template with its reason.
 */
export function checkTemplateString(s: string, known: ReadonlySet<string>): void {
  if (!s.includes('{{')) return;
  const ok = (n: string) => known.has(n) || RANDSTR.test(n) || INTERACTSH_URL.test(n) || n === PLACEHOLDER;
  for (const m of s.matchAll(SIMPLE)) if (!ok(m[1])) refuse(m[1]);
  const rest = s.replace(SIMPLE, PLACEHOLDER);
  for (const m of rest.matchAll(MARKER)) {
    const src = m[1].trim();
    let e: Expr;
    try {
      e = parseDsl(src);
    } catch (err) {
      if (err instanceof TemplateError && err.message.startsWith('dsl function')) throw err;
      return refuse(src.replaceAll(PLACEHOLDER, '…'));
    }
    for (const v of exprVariables(e)) if (!ok(v)) refuse(v);
  }
}

/** Fills the markers of `s` from `env` (a run's variables); {{randstr}} values are made on first use and kept in `env`. */
export function fillTemplate(s: string, env: Record<string, Value>): string {
  if (!s.includes('{{')) return s;
  const out = s.replace(SIMPLE, (all, name: string) => {
    if (env[name] === undefined && RANDSTR.test(name)) env[name] = randomBytes(14).toString('base64url').replace(/[-_]/g, 'x').slice(0, 27);
    return env[name] === undefined ? all : String(env[name]);
  });
  if (!out.includes('{{')) return out;
  return out.replace(MARKER, (all, src: string) => {
    const e = parseCached(src.trim());
    if (!e) return all;
    const v = evalDsl(e, env);
    return v === undefined ? '' : String(v);
  });
}
