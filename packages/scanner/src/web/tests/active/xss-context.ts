// Where in an HTML page a reflected value landed (text, an attribute quoted or not, a URL attribute, a script string,
// a comment, a raw-text element), and the payloads that leave that place and call EXEC_HOOK.
import { EXEC_HOOK } from '../../types.ts';

export type XssContext =
  | { kind: 'text' }
  | { kind: 'rawtext'; tag: string }
  | { kind: 'comment' }
  | { kind: 'attr'; quote: '"' | "'" | ''; name: string; start: boolean }
  | { kind: 'script'; quote: '"' | "'" | '`' | '' };

const URL_ATTRS = /^(href|src|action|formaction|data|xlink:href)$/i;

/** The context of position `at` in `html`. */
export function contextAt(html: string, at: number): XssContext {
  const before = html.slice(0, at);
  const lower = before.toLowerCase();
  // Comments.
  if (lower.lastIndexOf('<!--') > lower.lastIndexOf('-->')) return { kind: 'comment' };
  // Script blocks: the string the position is in (quotes counted from the block's start, escapes skipped).
  const so = lower.lastIndexOf('<script');
  if (so >= 0 && so > lower.lastIndexOf('</script')) {
    const open = before.indexOf('>', so);
    if (open >= 0) {
      let quote: '"' | "'" | '`' | '' = '';
      const code = before.slice(open + 1);
      for (let i = 0; i < code.length; i++) {
        const c = code[i];
        if (c === '\\') i++;
        else if (quote && c === quote) quote = '';
        else if (!quote && (c === '"' || c === "'" || c === '`')) quote = c;
      }
      return { kind: 'script', quote };
    }
  }
  for (const tag of ['textarea', 'title', 'style', 'noscript', 'xmp']) {
    const o = lower.lastIndexOf(`<${tag}`);
    if (o >= 0 && o > lower.lastIndexOf(`</${tag}`)) return { kind: 'rawtext', tag };
  }
  // Inside a tag: the last '<' comes after the last '>'.
  const lt = before.lastIndexOf('<');
  if (lt > before.lastIndexOf('>')) {
    const inTag = before.slice(lt);
    // The last attribute of the tag so far: an unquoted value stops at whitespace, a quoted one at its quote.
    const u = /([^\s=<>"']+)\s*=\s*([^\s"'=<>`]*)$/.exec(inTag);
    if (u) return { kind: 'attr', quote: '', name: u[1]!.toLowerCase(), start: u[2] === '' };
    const q = /([^\s=<>"']+)\s*=\s*(["'])([^"']*)$/.exec(inTag);
    if (q) return { kind: 'attr', quote: q[2] as '"' | "'", name: q[1]!.toLowerCase(), start: q[3] === '' };
    return { kind: 'attr', quote: '', name: '', start: false };
  }
  return { kind: 'text' };
}

/** Payloads that call EXEC_HOOK(mark) from the context. */
export function payloadsFor(c: XssContext, mark: string): string[] {
  const call = `${EXEC_HOOK}('${mark}')`;
  const img = `<img src=x onerror=${call}>`;
  const svg = `<svg onload=${call}>`;
  switch (c.kind) {
    case 'text':
      return [img, svg];
    case 'rawtext':
      return [`</${c.tag}>${img}`];
    case 'comment':
      return [`-->${img}`];
    case 'attr': {
      const out: string[] = [];
      if (URL_ATTRS.test(c.name) && c.start) out.push(`javascript:${call}`);
      if (/^on/.test(c.name)) out.push(c.quote ? `${c.quote};${call};${c.quote}` : `${call}`);
      if (c.quote) out.push(`${c.quote}>${img}`, `${c.quote} autofocus onfocus=${c.quote}${call}`);
      else out.push(`x>${img}`, `x autofocus onfocus=${call}`);
      return out;
    }
    case 'script':
      return c.quote ? [`${c.quote};${call};//`, `</script>${img}`] : [`;${call};//`, `</script>${img}`];
  }
}

/**
 * The payload is back unencoded where it runs: at a reflection of it, the part that runs is in a place that runs it —
 * an injected tag in HTML text, the hook call in script code (not inside a string, e.g. after an escaped quote) or in
 * an event-handler attribute, a javascript: URL at the start of a URL attribute.
 */
export function executableReflection(html: string, payload: string): boolean {
  const tag = payload.search(/<(img|svg)\b/);
  const call = payload.indexOf(EXEC_HOOK);
  for (let at = html.indexOf(payload); at >= 0; at = html.indexOf(payload, at + 1)) {
    if (tag >= 0) {
      if (contextAt(html, at + tag).kind === 'text') return true;
      continue;
    }
    if (payload.startsWith('javascript:')) {
      const here = contextAt(html, at);
      if (here.kind === 'attr' && here.start && URL_ATTRS.test(here.name)) return true;
      continue;
    }
    const here = contextAt(html, at + call);
    if (here.kind === 'script' && here.quote === '') return true;
    if (here.kind === 'attr' && /^on/.test(here.name)) return true;
  }
  return false;
}
