// Reads one HTML page for the crawler (parse5, the HTML5 parser browsers follow, so broken markup is read as a browser
// reads it): the links it offers (a, area, frames, link rel, meta refresh), its forms with every field, its title and
// its scripts (inline text and external sources) for the script URL search.
import { parse, type DefaultTreeAdapterTypes as T } from 'parse5';
import type { FormField, WebForm } from '../types.ts';

export interface PageLink {
  url: string;
  /** The link's text, id, name, title and class: the destructive-action check reads them. */
  label: string;
}

export interface ParsedPage {
  title?: string;
  links: PageLink[];
  forms: (WebForm & { label: string })[];
  /** Inline script text. */
  scripts: string[];
  /** External script URLs (absolute). */
  scriptSrcs: string[];
}

/** Names an anti-CSRF token field goes by in the common frameworks (Django, Rails, Laravel, ASP.NET, Spring …). */
const CSRF_NAME = /csrf|xsrf|authenticity_token|__requestverificationtoken|anti.?forgery|^_token$|nonce|form_key|__viewstate/i;

const LINK_ATTRS: Record<string, string> = { a: 'href', area: 'href', frame: 'src', iframe: 'src', link: 'href' };
/** link rel values that name a page (not a stylesheet or icon, which are requested but carry no links). */
const PAGE_RELS = /\b(alternate|next|prev|canonical|help|search|author|bookmark)\b/i;

export function parseHtml(body: string, pageUrl: string): ParsedPage {
  const doc = parse(body);
  const out: ParsedPage = { links: [], forms: [], scripts: [], scriptSrcs: [] };
  let base = pageUrl;
  const resolve = (href: string | undefined): string | undefined => {
    const h = href?.trim();
    if (!h || /^(javascript|mailto|tel|data|about):/i.test(h) || h.startsWith('#')) return undefined;
    try {
      const u = new URL(h, base);
      return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
    } catch {
      return undefined;
    }
  };
  const formsById = new Map<string, WebForm & { label: string }>();
  const orphans: { form: string; el: T.Element }[] = [];

  const walk = (node: T.ParentNode, form: (WebForm & { label: string }) | undefined): void => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      const el = child;
      const tag = el.tagName;
      let inner = form;
      if (tag === 'base') {
        const b = resolve(attr(el, 'href'));
        if (b) base = b;
      } else if (tag === 'title' && out.title === undefined) {
        out.title = textOf(el).trim().slice(0, 300);
      } else if (tag === 'meta' && /^refresh$/i.test(attr(el, 'http-equiv') ?? '')) {
        const m = /url\s*=\s*['"]?([^'";]+)/i.exec(attr(el, 'content') ?? '');
        const u = resolve(m?.[1]);
        if (u) out.links.push({ url: u, label: 'meta refresh' });
      } else if (tag === 'script') {
        const src = resolve(attr(el, 'src'));
        if (src) out.scriptSrcs.push(src);
        else out.scripts.push(textOf(el));
      } else if (tag in LINK_ATTRS) {
        const rel = attr(el, 'rel') ?? '';
        if (tag !== 'link' || PAGE_RELS.test(rel)) {
          const u = resolve(attr(el, LINK_ATTRS[tag]!));
          if (u) out.links.push({ url: u, label: labelOf(el) });
        }
      } else if (tag === 'form') {
        const method = (attr(el, 'method') ?? 'GET').toUpperCase() === 'POST' ? 'POST' : 'GET';
        const action = resolve(attr(el, 'action') || pageUrl) ?? pageUrl;
        const enc = (attr(el, 'enctype') ?? '').toLowerCase();
        inner = {
          page: pageUrl,
          action,
          method,
          enctype:
            method === 'GET'
              ? 'application/x-www-form-urlencoded'
              : enc === 'multipart/form-data' || enc === 'text/plain' || enc === 'application/json'
                ? enc
                : 'application/x-www-form-urlencoded',
          fields: [],
          csrfToken: false,
          label: `${attr(el, 'id') ?? ''} ${attr(el, 'name') ?? ''} ${attr(el, 'class') ?? ''}`,
        };
        out.forms.push(inner);
        const id = attr(el, 'id');
        if (id) formsById.set(id, inner);
      } else if (tag === 'input' || tag === 'select' || tag === 'textarea' || tag === 'button') {
        const owner = attr(el, 'form');
        if (owner) orphans.push({ form: owner, el });
        else if (form) addField(form, el);
      }
      walk(tag === 'template' && 'content' in el ? (el as T.Template).content : el, inner);
    }
  };
  walk(doc, undefined);
  for (const o of orphans) {
    const f = formsById.get(o.form);
    if (f) addField(f, o.el);
  }
  for (const f of out.forms) f.csrfToken = f.fields.some((x) => x.type === 'hidden' && CSRF_NAME.test(x.name) && x.value.length >= 8);
  return out;
}

function addField(form: WebForm & { label: string }, el: T.Element): void {
  const name = attr(el, 'name');
  const tag = el.tagName;
  if (tag === 'button' || (tag === 'input' && /^(submit|button|image|reset)$/i.test(attr(el, 'type') ?? ''))) {
    // A button's words (Delete, Log out …) tell what the form does; its name/value is sent only when it has a name.
    form.label += ` ${labelOf(el)} ${attr(el, 'value') ?? ''}`;
    if (!name || /^(reset|button)$/i.test(attr(el, 'type') ?? '')) return;
    if (form.fields.some((f) => f.type === 'submit')) return; // one submit button is sent, as a browser does
    form.fields.push({ name, type: 'submit', value: attr(el, 'value') ?? textOf(el).trim() });
    return;
  }
  if (!name) return;
  let field: FormField;
  if (tag === 'select') {
    const options = descendants(el, 'option').map((o) => attr(o, 'value') ?? textOf(o).trim());
    const selected = descendants(el, 'option').find((o) => attr(o, 'selected') !== undefined);
    field = {
      name,
      type: 'select',
      value: selected ? (attr(selected, 'value') ?? textOf(selected).trim()) : (options[0] ?? ''),
      options,
    };
  } else if (tag === 'textarea') {
    field = { name, type: 'textarea', value: textOf(el) };
  } else {
    const type = (attr(el, 'type') ?? 'text').toLowerCase();
    const value = attr(el, 'value') ?? (type === 'checkbox' || type === 'radio' ? 'on' : '');
    if (type === 'radio') {
      const seen = form.fields.find((f) => f.name === name && f.type === 'radio');
      if (seen) {
        seen.options = [...(seen.options ?? []), value];
        if (attr(el, 'checked') !== undefined) seen.value = value;
        return;
      }
      field = { name, type, value, options: [value] };
    } else field = { name, type, value };
  }
  form.fields.push(field);
}

function attr(el: T.Element, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

function textOf(node: T.ParentNode): string {
  let s = '';
  for (const c of node.childNodes) {
    if (c.nodeName === '#text') s += (c as T.TextNode).value;
    else if ('childNodes' in c) s += textOf(c);
  }
  return s;
}

function labelOf(el: T.Element): string {
  return [textOf(el), attr(el, 'id'), attr(el, 'name'), attr(el, 'title'), attr(el, 'class'), attr(el, 'aria-label')]
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

function descendants(node: T.ParentNode, tag: string): T.Element[] {
  const out: T.Element[] = [];
  for (const c of node.childNodes) {
    if (!('tagName' in c)) continue;
    if (c.tagName === tag) out.push(c);
    out.push(...descendants(c, tag));
  }
  return out;
}
