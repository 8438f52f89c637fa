// Reading an SPF record (RFC 7208 §4.6, §5, §6) into mechanisms and modifiers, with the syntax errors a receiver would
// answer permerror for, and expanding the macros of a domain-spec (§7) for one sender address.
import { isIPv4, isIPv6 } from 'node:net';

export type Qualifier = '+' | '-' | '~' | '?';
export type MechanismKind = 'all' | 'include' | 'a' | 'mx' | 'ptr' | 'ip4' | 'ip6' | 'exists';

export interface Mechanism {
  qualifier: Qualifier;
  kind: MechanismKind;
  /** The domain-spec (include, a, mx, ptr, exists) or network (ip4, ip6), as written. */
  value?: string;
  cidr4?: number;
  cidr6?: number;
  /** The term as written. */
  text: string;
}

export interface SpfRecord {
  mechanisms: Mechanism[];
  redirect?: string;
  exp?: string;
  errors: string[];
}

/** Terms that make a DNS query and so count against the limit of 10 (§4.6.4). */
export const LOOKUP_TERMS = new Set<MechanismKind>(['include', 'a', 'mx', 'ptr', 'exists']);

export const isSpf = (txt: string) => /^v=spf1(\s|$)/i.test(txt);

const MECHANISM = /^([+\-~?]?)(all|include|a|mx|ptr|ip4|ip6|exists)(?::([^/]*))?(?:\/(\d+))?(?:\/\/(\d+))?$/i;
const MODIFIER = /^([a-z][a-z0-9_.-]*)=(.*)$/i;
const DOMAIN_SPEC = /^(?:[\x21-\x24\x26-\x7e]|%\{[slodiphcrtv]\d*r?[.\-+,/_=]*\}|%%|%_|%-)+$/i;

export function parseSpf(record: string): SpfRecord {
  const out: SpfRecord = { mechanisms: [], errors: [] };
  for (const term of record.trim().split(/\s+/).slice(1)) {
    const mod = MODIFIER.exec(term);
    if (mod) {
      const name = mod[1].toLowerCase();
      if (name === 'redirect' || name === 'exp') {
        if (out[name] !== undefined) out.errors.push(`the ${name}= modifier appears twice`);
        else if (!DOMAIN_SPEC.test(mod[2])) out.errors.push(`"${term}" does not name a domain`);
        out[name] = mod[2];
      }
      continue; // unknown modifiers are ignored (§6)
    }
    const m = MECHANISM.exec(term);
    if (!m) {
      out.errors.push(`"${term}" is not an SPF mechanism or modifier`);
      continue;
    }
    const kind = m[2].toLowerCase() as MechanismKind;
    const mech: Mechanism = { qualifier: (m[1] || '+') as Qualifier, kind, text: term };
    if (m[3] !== undefined) mech.value = m[3];
    if (m[4] !== undefined) mech.cidr4 = Number(m[4]);
    if (m[5] !== undefined) mech.cidr6 = Number(m[5]);
    const problem = checkMechanism(mech);
    if (problem) out.errors.push(problem);
    else out.mechanisms.push(mech);
  }
  return out;
}

function checkMechanism(m: Mechanism): string | undefined {
  const bad = `"${m.text}" is not valid`;
  switch (m.kind) {
    case 'all':
      return m.value !== undefined || m.cidr4 !== undefined || m.cidr6 !== undefined ? bad : undefined;
    case 'ip4':
      if (!m.value || !isIPv4(m.value) || (m.cidr4 ?? 32) > 32 || m.cidr6 !== undefined) return `${bad}: give an IPv4 address or network`;
      return undefined;
    case 'ip6':
      // "ip6:2001:db8::/32" parses its prefix as cidr4: move it
      if (m.cidr4 !== undefined && m.cidr6 === undefined) [m.cidr6, m.cidr4] = [m.cidr4, undefined];
      if (!m.value || !isIPv6(m.value) || (m.cidr6 ?? 128) > 128) return `${bad}: give an IPv6 address or network`;
      return undefined;
    case 'include':
    case 'exists':
      if (!m.value || !DOMAIN_SPEC.test(m.value) || m.cidr4 !== undefined || m.cidr6 !== undefined) return `${bad}: it needs a domain`;
      return undefined;
    default:
      if (m.value !== undefined && !DOMAIN_SPEC.test(m.value)) return `${bad}: the domain is malformed`;
      if ((m.cidr4 ?? 0) > 32 || (m.cidr6 ?? 0) > 128) return `${bad}: the prefix length is too long`;
      return undefined;
  }
}

export interface MacroContext {
  ip: string;
  domain: string;
  sender: string;
}

/** Expands a domain-spec's macros for one check (§7); undefined when it needs a value we do not have (`p`). */
export function expandMacros(spec: string, ctx: MacroContext): string | undefined {
  let failed = false;
  const out = spec.replace(
    /%\{([a-z])(\d*)(r?)([.\-+,/_=]*)\}|%%|%_|%-/gi,
    (all, letter?: string, digits?: string, rev?: string, delims?: string) => {
      if (all === '%%') return '%';
      if (all === '%_') return ' ';
      if (all === '%-') return '%20';
      const value = macroValue(letter!.toLowerCase(), ctx);
      if (value === undefined) {
        failed = true;
        return '';
      }
      let parts = value.split(new RegExp(`[${(delims || '.').replace(/[-\]\\/]/g, '\\$&')}]`));
      if (rev) parts = parts.reverse();
      if (digits) parts = parts.slice(-Number(digits));
      return parts.join('.');
    },
  );
  return failed ? undefined : out;
}

function macroValue(letter: string, ctx: MacroContext): string | undefined {
  const [local, senderDomain] = ctx.sender.split('@');
  switch (letter) {
    case 's':
      return ctx.sender;
    case 'l':
      return local;
    case 'o':
      return senderDomain;
    case 'd':
      return ctx.domain;
    case 'h':
      return senderDomain;
    case 'v':
      return isIPv4(ctx.ip) ? 'in-addr' : 'ip6';
    case 'i':
      return isIPv4(ctx.ip) ? ctx.ip : nibbles(ctx.ip);
    default:
      return undefined;
  }
}

/** An IPv6 address as 32 dot-separated nibbles. */
function nibbles(ip: string): string {
  const [head, tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t] : h;
  return groups
    .map((g) => g.padStart(4, '0'))
    .join('')
    .split('')
    .join('.');
}
