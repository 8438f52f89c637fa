// CPE 2.3 formatted strings (NISTIR 7695): parsing with escapes, logical values ANY (*) and NA (-), wildcards, formatting.

/** One attribute value: ANY (`*`), NA (`-`), or a value (unescaped) that may hold unquoted `*` / `?` wildcards. */
export type CpeValue =
  | { kind: 'any' }
  | { kind: 'na' }
  | {
      kind: 'value';
      /** The value with escapes removed, lower case (CPE comparisons ignore case). */
      value: string;
      /** The attribute as written in the formatted string (escapes kept). */
      raw: string;
      /** Set when the value has unquoted wildcards: what it matches. */
      pattern: RegExp | null;
    };

export const CPE_ATTRIBUTES = [
  'part',
  'vendor',
  'product',
  'version',
  'update',
  'edition',
  'language',
  'swEdition',
  'targetSw',
  'targetHw',
  'other',
] as const;
export type CpeAttribute = (typeof CPE_ATTRIBUTES)[number];

/** A parsed CPE 2.3 name (a WFN). */
export type Cpe = Record<CpeAttribute, CpeValue>;

export const ANY: CpeValue = { kind: 'any' };
export const NA: CpeValue = { kind: 'na' };

/** Thrown for a string that is not a CPE 2.3 formatted string. */
export class CpeParseError extends Error {}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Parses one attribute as written in a formatted string. */
export function parseCpeValue(raw: string): CpeValue {
  if (raw === '*' || raw === '') return ANY;
  if (raw === '-') return NA;
  // Fast path: no escapes and no wildcards, so the value is the text itself (lower case) and there is no pattern.
  if (!/[\\*?]/.test(raw)) return { kind: 'value', value: raw.toLowerCase(), raw, pattern: null };
  let value = '';
  let regex = '';
  let wildcard = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch === '\\') {
      const next = raw[++i];
      if (next === undefined) throw new CpeParseError(`dangling escape in "${raw}"`);
      value += next;
      regex += escapeRegExp(next.toLowerCase());
    } else if (ch === '*' || ch === '?') {
      // Unquoted: a wildcard (`*` any run, `?` one character), per NISTIR 7695 §6.2.
      wildcard = true;
      value += ch;
      regex += ch === '*' ? '.*' : '.';
    } else {
      value += ch;
      regex += escapeRegExp(ch.toLowerCase());
    }
  }
  return { kind: 'value', value: value.toLowerCase(), raw, pattern: wildcard ? new RegExp(`^${regex}$`, 's') : null };
}

/** Splits on the colons that are not escaped. */
function splitComponents(text: string): string[] {
  // Most names have no escapes: split natively (feeds hold millions of criteria, each parsed on import and match).
  if (!text.includes('\\')) return text.split(':');
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\' && i + 1 < text.length) {
      current += ch + text[++i];
    } else if (ch === ':') {
      out.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  out.push(current);
  return out;
}

/** Parses `cpe:2.3:part:vendor:product:version:update:edition:language:sw_edition:target_sw:target_hw:other`. */
export function parseCpe(text: string): Cpe {
  const parts = splitComponents(text.trim());
  if (parts.length !== 13 || parts[0].toLowerCase() !== 'cpe' || parts[1] !== '2.3') {
    throw new CpeParseError(`not a CPE 2.3 formatted string: ${text}`);
  }
  const part = parts[2].toLowerCase();
  if (!['a', 'o', 'h', '*', '-'].includes(part)) throw new CpeParseError(`bad CPE part "${parts[2]}" in ${text}`);
  const cpe = {} as Cpe;
  CPE_ATTRIBUTES.forEach((name, i) => {
    cpe[name] = parseCpeValue(parts[i + 2]);
  });
  return cpe;
}

/**
 * Throws what parseCpe throws for a malformed string, without building the parsed name: feed readers check every
 * criteria of every record, and most are never parsed again.
 */
export function checkCpe(text: string): void {
  // The usual name first: lower-case prefix, nothing to trim, no escapes.
  if (
    text.startsWith('cpe:2.3:') &&
    text.charCodeAt(9) === 0x3a &&
    'aoh*-'.includes(text[8]) &&
    text.charCodeAt(text.length - 1) > 0x20 &&
    unescapedColons(text) === 12
  )
    return;
  const t = text.trim();
  // `cpe:2.3:` (the prefix any case), a one-character part, 13 components, no backslash left dangling at the end.
  const wellFormed =
    t.length > 10 &&
    t.slice(0, 4).toLowerCase() === 'cpe:' &&
    t.startsWith('2.3:', 4) &&
    'aAoOhH*-'.includes(t[8]) &&
    t[9] === ':' &&
    unescapedColons(t) === 12;
  if (!wellFormed) parseCpe(text);
}

/** Colons that separate components; -1 when the text ends in an escape with nothing to escape. */
function unescapedColons(text: string): number {
  if (!text.includes('\\')) {
    // No escapes (the usual name): the colons found natively.
    let colons = 0;
    for (let i = text.indexOf(':'); i >= 0; i = text.indexOf(':', i + 1)) colons++;
    return colons;
  }
  let colons = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) {
      if (++i >= text.length) return -1;
    } else if (c === 0x3a) colons++;
  }
  return colons;
}

/**
 * The part, vendor and product of a CPE 2.3 formatted string, as parseCpe gives them, without parsing the other
 * attributes: index keys need only these, for every criteria of every record imported.
 */
export function parseCpeProduct(text: string): Pick<Cpe, 'part' | 'vendor' | 'product'> {
  const usual = usualProductFields(text);
  if (usual) return { part: parseCpeValue(usual[0]), vendor: parseCpeValue(usual[1]), product: parseCpeValue(usual[2]) };
  const parts = splitComponents(text.trim());
  if (parts.length !== 13) return pick(parseCpe(text)); // let parseCpe say what is wrong
  return { part: parseCpeValue(parts[2]), vendor: parseCpeValue(parts[3]), product: parseCpeValue(parts[4]) };
}

/**
 * Part, vendor and product as written, for the usual name (13 components, no escapes, nothing to trim), found by its
 * colons without splitting the whole name: every criteria of a feed is keyed on import. Null for any other name.
 */
function usualProductFields(text: string): [string, string, string] | null {
  if (text.includes('\\') || text.charCodeAt(0) <= 0x20 || text.charCodeAt(text.length - 1) <= 0x20) return null;
  const at: number[] = [];
  for (let i = text.indexOf(':'); i >= 0 && at.length < 13; i = text.indexOf(':', i + 1)) at.push(i);
  if (at.length !== 12) return null;
  return [text.slice(at[1] + 1, at[2]), text.slice(at[2] + 1, at[3]), text.slice(at[3] + 1, at[4])];
}

/** A vendor or product as an index key: lower case, `*` for ANY or NA. */
const keyOf = (v: CpeValue): string => (v.kind === 'value' ? v.value : '*');
const rawKeyOf = (raw: string): string => (raw === '*' || raw === '' || raw === '-' ? '*' : raw.toLowerCase());

/**
 * The vendor and product of a CPE name as index keys, and whether the product is a pattern (wildcards). What
 * parseCpeProduct gives, without building the parsed values: the store keys every criteria of every record it imports.
 */
export function cpeProductKey(text: string): { vendor: string; product: string; productPattern: boolean } {
  const usual = usualProductFields(text);
  if (usual) {
    const product = usual[2];
    return {
      vendor: rawKeyOf(usual[1]),
      product: rawKeyOf(product),
      productPattern: product !== '*' && (product.includes('*') || product.includes('?')),
    };
  }
  const c = parseCpeProduct(text);
  return { vendor: keyOf(c.vendor), product: keyOf(c.product), productPattern: c.product.kind === 'value' && c.product.pattern !== null };
}

const pick = (c: Cpe): Pick<Cpe, 'part' | 'vendor' | 'product'> => ({ part: c.part, vendor: c.vendor, product: c.product });

/** Parses, or returns null for a malformed string. */
export function tryParseCpe(text: string): Cpe | null {
  try {
    return parseCpe(text);
  } catch {
    return null;
  }
}

/** Formats an attribute back into formatted-string syntax. */
export function formatCpeValue(v: CpeValue): string {
  if (v.kind === 'any') return '*';
  if (v.kind === 'na') return '-';
  return v.raw;
}

/** Formats a parsed CPE as a 2.3 formatted string. */
export function formatCpe(cpe: Cpe): string {
  return `cpe:2.3:${CPE_ATTRIBUTES.map((a) => formatCpeValue(cpe[a])).join(':')}`;
}

/** Quotes a plain value for a formatted string (everything but letters, digits, `_`, `.` and `-` gets a backslash). */
export function escapeCpeValue(value: string): string {
  return value.replace(/[^A-Za-z0-9_.-]/g, (c) => `\\${c}`);
}

/** Builds a CPE from plain (unescaped) values; missing attributes are ANY. */
export function cpeFromParts(parts: Partial<Record<CpeAttribute, string>>): Cpe {
  const cpe = {} as Cpe;
  for (const name of CPE_ATTRIBUTES) {
    const v = parts[name];
    cpe[name] = v === undefined || v === '' || v === '*' ? ANY : v === '-' ? NA : parseCpeValue(escapeCpeValue(v));
  }
  return cpe;
}
