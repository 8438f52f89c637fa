// A small namespace-aware XML tree over fast-xml-parser's ordered output, shared by the OVAL, XCCDF and datastream readers.
import { XMLParser } from 'fast-xml-parser';

export interface XmlNode {
  /** Local name, prefix removed. */
  name: string;
  /** Namespace URI of the element ('' when none is declared). */
  ns: string;
  /** Attributes by local name; xmlns declarations are not kept here. */
  attrs: Record<string, string>;
  children: XmlNode[];
  /** The element's own text (direct text children joined), untrimmed: OVAL values keep their spaces. */
  text: string;
  /** The element's children and text in document order, for mixed content (XCCDF descriptions). */
  mixed: (XmlNode | string)[];
}

export const NS = {
  ovalDef: 'http://oval.mitre.org/XMLSchema/oval-definitions-5',
  ovalCommon: 'http://oval.mitre.org/XMLSchema/oval-common-5',
  xccdf12: 'http://checklists.nist.gov/xccdf/1.2',
  xccdf11: 'http://checklists.nist.gov/xccdf/1.1',
  ds: 'http://scap.nist.gov/schema/scap/source/1.2',
  cpeLang: 'http://cpe.mitre.org/language/2.0',
  cpeDict: 'http://cpe.mitre.org/dictionary/2.0',
  xhtml: 'http://www.w3.org/1999/xhtml',
} as const;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: false,
});

// fast-xml-parser's ordered form: [{ tag: [...children], ':@': {attrs} } | { '#text': string }]
type Ordered = Record<string, unknown>;

function convert(entry: Ordered, scope: Map<string, string>): XmlNode | undefined {
  let tag: string | undefined;
  for (const k of Object.keys(entry)) if (k !== ':@') tag = k;
  if (tag === undefined || tag === '#text' || tag.startsWith('?')) return undefined;
  const rawAttrs = (entry[':@'] ?? {}) as Record<string, string>;
  let local = scope;
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries(rawAttrs)) {
    if (k === 'xmlns' || k.startsWith('xmlns:')) {
      if (local === scope) local = new Map(scope);
      local.set(k === 'xmlns' ? '' : k.slice(6), String(v));
    } else {
      const i = k.indexOf(':');
      attrs[i >= 0 ? k.slice(i + 1) : k] = String(v);
    }
  }
  const colon = tag.indexOf(':');
  const prefix = colon >= 0 ? tag.slice(0, colon) : '';
  const node: XmlNode = {
    name: colon >= 0 ? tag.slice(colon + 1) : tag,
    ns: local.get(prefix) ?? '',
    attrs,
    children: [],
    text: '',
    mixed: [],
  };
  const kids = entry[tag];
  if (Array.isArray(kids)) {
    for (const kid of kids as Ordered[]) {
      if ('#text' in kid) {
        const t = String(kid['#text']);
        node.text += t;
        node.mixed.push(t);
        continue;
      }
      const child = convert(kid, local);
      if (child) {
        node.children.push(child);
        node.mixed.push(child);
      }
    }
  }
  return node;
}

/** Parses a document and returns its root element. Throws on input that is not XML. */
export function parseXml(xml: string): XmlNode {
  const out = parser.parse(xml) as Ordered[];
  for (const entry of out) {
    const node = convert(entry, new Map());
    if (node) return node;
  }
  throw new Error('The document has no root element.');
}

export const child = (node: XmlNode, name: string): XmlNode | undefined => node.children.find((c) => c.name === name);
export const childrenNamed = (node: XmlNode, name: string): XmlNode[] => node.children.filter((c) => c.name === name);

/** Depth-first search for the first element with this local name (and namespace when given). */
export function findFirst(node: XmlNode, name: string, ns?: string): XmlNode | undefined {
  if (node.name === name && (ns === undefined || node.ns === ns)) return node;
  for (const c of node.children) {
    const hit = findFirst(c, name, ns);
    if (hit) return hit;
  }
  return undefined;
}

/** All text below a node with markup removed and whitespace collapsed (XCCDF descriptions carry XHTML); `sub` fills <sub idref>. */
export function plainText(node: XmlNode | undefined, sub?: (idref: string) => string): string {
  if (!node) return '';
  const parts: string[] = [];
  const walk = (n: XmlNode) => {
    for (const m of n.mixed) {
      if (typeof m === 'string') parts.push(m);
      else if (m.name === 'sub' && sub) parts.push(sub(m.attrs.idref ?? ''));
      else {
        if (m.name === 'br' || m.name === 'p' || m.name === 'li') parts.push('\n');
        walk(m);
      }
    }
  };
  walk(node);
  return parts
    .join('')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l, i, all) => l !== '' || (i > 0 && all[i - 1] !== ''))
    .join('\n')
    .trim();
}

/** Text below a node with markup removed but layout kept (fix scripts); `sub` fills <sub idref>. */
export function rawText(node: XmlNode | undefined, sub?: (idref: string) => string): string {
  if (!node) return '';
  let out = '';
  const walk = (n: XmlNode) => {
    for (const m of n.mixed) {
      if (typeof m === 'string') out += m;
      else if (m.name === 'sub' && sub) out += sub(m.attrs.idref ?? '');
      else walk(m);
    }
  };
  walk(node);
  return out;
}
