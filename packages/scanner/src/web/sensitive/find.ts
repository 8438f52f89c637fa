// The sensitive-content search over a response body: national identity numbers of the chosen countries, payment-card
// numbers, e-mail addresses, private IP addresses, secrets and keys. Each finder returns the matches as written in the
// text (the caller masks them for evidence); candidates are found by pattern, then kept only when they validate.
import type { SensitiveCountry } from '../types.ts';
import { cardBrand } from './cards.ts';
import { validCpr, validFodselsnummer, validPersonnummer, validSsn } from './national-ids.ts';

export interface SensitiveMatch {
  value: string;
  index: number;
  /** What it is: 'Danish CPR number', 'Visa card number', 'AWS access key' … */
  label: string;
}

/** Not part of a longer number, word or decimal (ids, hashes, timestamps and prices are not identity numbers). */
const B = '(?<![\\w.+-])';
const E = '(?![\\w-]|[.,]\\d)';

/** A label within 40 characters before the number makes an unseparated candidate count. */
function labelled(text: string, index: number, label: RegExp): boolean {
  return label.test(text.slice(Math.max(0, index - 40), index));
}

function collect(text: string, re: RegExp, keep: (value: string, index: number) => string | null): SensitiveMatch[] {
  const out: SensitiveMatch[] = [];
  for (const m of text.matchAll(re)) {
    const label = keep(m[0], m.index);
    if (label) out.push({ value: m[0], index: m.index, label });
  }
  return out;
}

const CPR_LABEL = /(cpr|personnummer|personnr)[\s.:-]*(nr|nummer|no)?[\s.:#-]*$/i;
const FNR_LABEL = /(f(ø|o|oe)dselsnummer|f(ø|o|oe)dselsnr|personnummer|fnr|d-nummer)[\s.:#-]*$/i;
const PNR_LABEL = /(personnummer|personnr|pnr|samordningsnummer)[\s.:#-]*$/i;
const SSN_LABEL = /(ssn|social security( number| no\.?)?|soc\.? sec\.?( no\.?)?)[\s.:#-]*$/i;

export function findCpr(text: string): SensitiveMatch[] {
  return collect(text, new RegExp(`${B}\\d{6}-?\\d{4}${E}`, 'g'), (v, i) =>
    validCpr(v) && (v.includes('-') || labelled(text, i, CPR_LABEL)) ? 'Danish CPR number' : null,
  );
}

export function findFodselsnummer(text: string): SensitiveMatch[] {
  // Eleven digits, optionally written DDMMYY IIIKK; two control digits make random numbers rare, a label is not needed.
  return collect(text, new RegExp(`${B}\\d{6} ?\\d{5}${E}`, 'g'), (v, i) =>
    validFodselsnummer(v) && (!v.includes(' ') || labelled(text, i, FNR_LABEL)) ? 'Norwegian fødselsnummer' : null,
  );
}

export function findPersonnummer(text: string): SensitiveMatch[] {
  return collect(text, new RegExp(`${B}(?:(?:18|19|20)\\d{6}-?\\d{4}|\\d{6}[-+]?\\d{4})${E}`, 'g'), (v, i) => {
    if (!validPersonnummer(v)) return null;
    // A ten-digit number without its separator is only counted next to a label; twelve digits carry their own date.
    return v.length === 10 && !labelled(text, i, PNR_LABEL) ? null : 'Swedish personnummer';
  });
}

export function findSsn(text: string): SensitiveMatch[] {
  return collect(text, new RegExp(`${B}\\d{3}([- ]?)\\d{2}\\1\\d{4}${E}`, 'g'), (v, i) =>
    validSsn(v) && (v.includes('-') || labelled(text, i, SSN_LABEL)) ? 'US social security number' : null,
  );
}

export const NATIONAL_ID_FINDERS: Record<SensitiveCountry, (text: string) => SensitiveMatch[]> = {
  dk: findCpr,
  no: findFodselsnummer,
  se: findPersonnummer,
  us: findSsn,
};

export function findCards(text: string): SensitiveMatch[] {
  // Digits in groups separated by one space or dash, or all together.
  return collect(text, new RegExp(`${B}\\d{4}(?:[ -]?\\d{2,4}){2,4}${E}`, 'g'), (v) => {
    const seps = new Set(v.replace(/\d/g, ''));
    if (seps.size > 1) return null;
    const brand = cardBrand(v);
    // Bare digits are also ids and references: only the common 15- and 16-digit numbers of the narrow ranges count
    // unwritten (Maestro's and UnionPay's wide ranges match too many ids).
    if (brand && seps.size === 0 && (v.length < 15 || v.length > 16 || brand === 'Maestro' || brand === 'UnionPay')) return null;
    return brand ? `${brand} card number` : null;
  });
}

/** E-mail addresses, without image names (logo@2x.png) and obvious placeholders. */
export function findEmails(text: string): SensitiveMatch[] {
  return collect(text, /(?<![\w.%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}(?![\w-])/g, (v) => {
    const domain = v.slice(v.indexOf('@') + 1).toLowerCase();
    if (/\.(png|jpe?g|gif|svg|webp|css|js)$/.test(domain)) return null;
    if (/^(example\.(com|org|net)|domain\.com|email\.com|sentry\.io)$/.test(domain) || domain.endsWith('.invalid')) return null;
    return 'e-mail address';
  });
}

/** RFC 1918 private IPv4 addresses. */
export function findPrivateIps(text: string): SensitiveMatch[] {
  return collect(text, /(?<![\w.])(?:10|172|192)\.\d{1,3}\.\d{1,3}\.\d{1,3}(?![\w]|\.\d)/g, (v) =>
    isPrivateIpv4(v) ? 'private IP address' : null,
  );
}

export function isPrivateIpv4(ip: string): boolean {
  const p = ip.split('.').map(Number);
  if (p.length !== 4 || p.some((n) => !Number.isInteger(n) || n > 255)) return false;
  const [a, b] = p as [number, number, number, number];
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

interface SecretPattern {
  label: string;
  re: RegExp;
  /** 0 info … 4 critical. */
  severity: 0 | 1 | 2 | 3 | 4;
  reject?: RegExp;
}

/** Keys and tokens with a recognisable shape. Documentation examples (…EXAMPLE) are left out. */
export const SECRET_PATTERNS: SecretPattern[] = [
  { label: 'AWS access key id', re: /(?<![A-Z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Z0-9])/g, severity: 3, reject: /EXAMPLE/ },
  {
    label: 'private key',
    // The header and then the key's base64 (also inside a quoted, concatenated string: "…-----\\n' + 'MIIE…"), not code
    // that only writes a header.
    re: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----(?:\\[rn]|[\s'"+])*(?:[A-Za-z-]+: [^\n\\]*(?:\\[rn]|[\s'"+])*)*[A-Za-z0-9+/=]{40,}/g,
    severity: 4,
  },
  { label: 'Slack token', re: /(?<![\w-])xox[baprs]-[0-9A-Za-z]{8,}-[0-9A-Za-z-]{8,}/g, severity: 3 },
  { label: 'GitHub token', re: /(?<![\w])(?:gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{82})(?![\w])/g, severity: 3 },
  { label: 'Stripe secret key', re: /(?<![\w])(?:sk|rk)_live_[0-9A-Za-z]{24,99}(?![\w])/g, severity: 3 },
  // Browser keys for Google Maps are public by design; the finding is informational (restrict the key by referrer).
  { label: 'Google API key', re: /(?<![\w-])AIza[0-9A-Za-z_-]{35}(?![\w-])/g, severity: 0 },
  { label: 'JSON Web Token', re: /(?<![\w-])eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}(?![\w-])/g, severity: 1 },
];

export function findSecrets(text: string): (SensitiveMatch & { severity: 0 | 1 | 2 | 3 | 4 })[] {
  const out: (SensitiveMatch & { severity: 0 | 1 | 2 | 3 | 4 })[] = [];
  for (const p of SECRET_PATTERNS) {
    for (const m of text.matchAll(p.re)) {
      if (p.reject?.test(m[0])) continue;
      out.push({ value: m[0], index: m.index, label: p.label, severity: p.severity });
    }
  }
  return out;
}
