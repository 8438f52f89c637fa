// Does a CPE fall under one NVD cpeMatch (criteria + version range)? Plus the text that says why, for matched_by.
//
// The target CPE comes from a scanner or a user, so its ANY attributes mean "not known" rather than "every value":
// an unknown attribute does not rule a criteria out, except the version, which must be known to match anything
// narrower than "every version". Version and update are also compared joined (8.9 + p1 = 8.9p1) because NVD writes
// OpenSSH as version 8.9 update p1 while scanners report 8.9p1.
import { compareGeneric } from '../versions/generic.ts';
import { CPE_ATTRIBUTES, type Cpe, type CpeValue, parseCpe } from './cpe.ts';
import { compareCpeValues } from './relation.ts';
import type { CpeMatch } from './types.ts';

const parsedCriteria = new WeakMap<CpeMatch, Cpe>();

/** The parsed criteria of a cpeMatch, cached per entry (the same records are matched again and again). */
export function criteriaCpe(match: CpeMatch): Cpe {
  let cpe = parsedCriteria.get(match);
  if (!cpe) {
    cpe = parseCpe(match.criteria);
    parsedCriteria.set(match, cpe);
  }
  return cpe;
}

const hasRange = (m: CpeMatch): boolean =>
  m.versionStartIncluding !== undefined ||
  m.versionStartExcluding !== undefined ||
  m.versionEndIncluding !== undefined ||
  m.versionEndExcluding !== undefined;

const concrete = (v: CpeValue): v is Extract<CpeValue, { kind: 'value' }> => v.kind === 'value';

/** A version with an update appended the way vendors write it: 8.9 + p1 → 8.9p1, 2.4 + 1 → 2.4.1. */
const joinVersion = (version: string, update: string): string => (/^[0-9]/.test(update) ? `${version}.${update}` : `${version}${update}`);

/** Version and update as one version string; update ANY/NA adds nothing. Null when the version is not known. */
export function joinedVersion(cpe: Cpe): string | null {
  if (!concrete(cpe.version)) return null;
  const u = cpe.update;
  if (!concrete(u) || u.pattern) return cpe.version.value;
  return joinVersion(cpe.version.value, u.value);
}

/** An attribute passes when the criteria covers the target's value, or the target does not know it. */
function attributeMatches(criteria: CpeValue, target: CpeValue): boolean {
  const r = compareCpeValues(criteria, target);
  return r === 'SUPERSET' || r === 'EQUAL' || (r === 'SUBSET' && target.kind === 'any');
}

/** Whether a version lies inside the cpeMatch's bounds (generic upstream ordering, as NVD's ranges use). */
export function versionInRange(version: string, m: CpeMatch): boolean {
  if (m.versionStartIncluding !== undefined && compareGeneric(version, m.versionStartIncluding) < 0) return false;
  if (m.versionStartExcluding !== undefined && compareGeneric(version, m.versionStartExcluding) <= 0) return false;
  if (m.versionEndIncluding !== undefined && compareGeneric(version, m.versionEndIncluding) > 0) return false;
  if (m.versionEndExcluding !== undefined && compareGeneric(version, m.versionEndExcluding) >= 0) return false;
  return true;
}

/** Version + update check: a range, an exact version, or the two joined. */
function versionMatches(criteria: Cpe, target: Cpe, m: CpeMatch): boolean {
  const range = hasRange(m);
  if (!concrete(target.version)) {
    // Unknown (or not applicable) version: only criteria that cover every version apply.
    return (
      !range &&
      !concrete(criteria.version) &&
      attributeMatches(criteria.version, target.version) &&
      attributeMatches(criteria.update, target.update)
    );
  }
  if (range) {
    if (concrete(criteria.version) && !attributeMatches(criteria.version, target.version)) return false;
    const u = criteria.update;
    if (concrete(u) && !u.pattern) {
      // A range of one update line (CVE-2016-6210: OpenSSH `*:p2` up to 7.2).
      if (concrete(target.update)) return attributeMatches(u, target.update) && versionInRange(target.version.value, m);
      // The target wrote it as one version (7.2p2): compare with the bounds written the same way.
      const bound = (b: string | undefined): string | undefined => (b === undefined ? undefined : joinVersion(b, u.value));
      return versionInRange(target.version.value, {
        ...m,
        versionStartIncluding: bound(m.versionStartIncluding),
        versionStartExcluding: bound(m.versionStartExcluding),
        versionEndIncluding: bound(m.versionEndIncluding),
        versionEndExcluding: bound(m.versionEndExcluding),
      });
    }
    if (!attributeMatches(u, target.update)) return false;
    return versionInRange(joinedVersion(target) ?? target.version.value, m);
  }
  if (attributeMatches(criteria.version, target.version) && attributeMatches(criteria.update, target.update)) return true;
  // 9.3 + p1 in the criteria against 9.3p1 from a scanner (or the other way round).
  const c = joinedVersion(criteria);
  const t = joinedVersion(target);
  return concrete(criteria.version) && !criteria.version.pattern && c !== null && t !== null && compareGeneric(c, t) === 0;
}

/**
 * Whether the criteria text names another product than `product` (a plain lower-case value), read off the text
 * without parsing it: most entries of a record name other products, and parsing each was most of a host's match.
 * False whenever the text cannot tell (escapes, wildcards, ANY, upper case): then the parsed comparison decides.
 */
function namesOtherProduct(criteria: string, product: string): boolean {
  // cpe:2.3:part:vendor:product:... — the product is between the fourth and the fifth colon.
  let start = -1;
  for (let i = 0, colons = 0; i < criteria.length; i++) {
    const c = criteria.charCodeAt(i);
    if (c === 0x5c) return false; // an escape before the product: its colon may not be a separator
    if (c !== 0x3a) continue;
    if (++colons === 4) {
      start = i + 1;
      break;
    }
  }
  if (start < 0) return false;
  const end = criteria.indexOf(':', start);
  if (end <= start) return false; // no product, or an empty one (ANY)
  if (end - start === product.length && criteria.startsWith(product, start)) return false;
  for (let i = start; i < end; i++) {
    const c = criteria.charCodeAt(i);
    // An escape (maybe of a colon), a wildcard, or a letter lower case would change: only parsing can tell.
    if (c === 0x5c || c === 0x2a || c === 0x3f || (c >= 0x41 && c <= 0x5a) || c >= 0x80) return false;
  }
  return true; // a plain value, or NA (`-`), that is not the product
}

/** Whether a target CPE (string or parsed) is covered by one cpeMatch entry, version range included. */
export function cpeMatchesCriteria(cpe: string | Cpe, match: CpeMatch): boolean {
  const target = typeof cpe === 'string' ? parseCpe(cpe) : cpe;
  const p = target.product;
  if (p.kind === 'value' && !p.pattern && namesOtherProduct(match.criteria, p.value)) return false;
  const criteria = criteriaCpe(match);
  for (const a of CPE_ATTRIBUTES) {
    if (a === 'version' || a === 'update') continue;
    if (!attributeMatches(criteria[a], target[a])) return false;
  }
  return versionMatches(criteria, target, match);
}

/** `cpe:2.3:a:openbsd:openssh:*:*:*:*:*:*:*:* versionStartIncluding 8.6 versionEndExcluding 9.8` */
export function describeCpeMatch(m: CpeMatch): string {
  const bounds = (['versionStartIncluding', 'versionStartExcluding', 'versionEndIncluding', 'versionEndExcluding'] as const)
    .filter((k) => m[k] !== undefined)
    .map((k) => `${k} ${m[k]}`);
  return [m.criteria, ...bounds].join(' ');
}
