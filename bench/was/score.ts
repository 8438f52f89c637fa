// The web-scan bench's scoring: every scanner's findings are reduced to one vocabulary of vulnerability classes, each
// on a page with a parameter, and compared with a target's truth list (bench/was/<app>-truth.json, written from the
// application's own documentation). A finding is true when the truth has its class on its page; an input flaw
// (injection, XSS, traversal, upload …) the truth does not have is false; a configuration finding (headers, cookies,
// disclosure) the truth does not list is counted apart as "unlisted", since no application documents all of those.

export const INPUT_CLASSES = [
  'sqli',
  'xss',
  'xss-stored',
  'cmdi',
  'path-traversal',
  'rfi',
  'ssrf',
  'open-redirect',
  'crlf',
  'ssti',
  'xxe',
  'upload',
] as const;

export const CONFIG_CLASSES = [
  'csrf',
  'cors',
  'cookies',
  'clickjacking',
  'info-disclosure',
  'directory-listing',
  'outdated',
  'security-headers',
  'http-methods',
] as const;

export type VulnClass = (typeof INPUT_CLASSES)[number] | (typeof CONFIG_CLASSES)[number] | 'other';

/** One finding of any scanner, reduced to what the score compares. */
export interface BenchFinding {
  cls: VulnClass;
  /** The application's page: for index.php?page=X the X, otherwise the URL's path without its leading slash. */
  page: string;
  parameter: string;
  method: string;
  url: string;
  /** The scanner's own name for it (test id, wapiti category). */
  raw: string;
}

export interface TruthEntry {
  class: string;
  page: string;
  parameter?: string;
  method?: string;
  location?: string;
  auth?: boolean;
  shownOn?: string[];
  note?: string;
}

export interface Truth {
  app: string;
  entries: TruthEntry[];
}

/**
 * The page a URL stands for: front-controller apps (index.php?page=X) name their pages in a parameter, and PHP's
 * built-in server answers any unknown path with index.php. A finding on that parameter itself is the front
 * controller's (index.php). A single-page app's client route (/#/search?q=…, Juice Shop) is its route's path.
 */
export function pageOf(url: string, parameter = ''): string {
  try {
    const u = new URL(url);
    const route = /^#!?\/([^?]*)/.exec(u.hash)?.[1];
    if (route && u.pathname === '/') return decodeURIComponent(route).replace(/\/+$/, '') || 'index.php';
    const page = u.searchParams.get('page');
    const front = /^\/(index\.php)?$/.test(u.pathname) || /\.php$/.test(page ?? '');
    if (page !== null && front && parameter.toLowerCase() === 'page') return 'index.php';
    if (page && front && !/[:/\\]|\.\./.test(page.replace(/^(labs|includes|webservices\/\w+)\//, ''))) return page;
    return decodeURIComponent(u.pathname).replace(/^\/+/, '') || 'index.php';
  } catch {
    return url;
  }
}

/** A Bulwark finding's class, from its test id and catalogue category. */
export function bulwarkClass(testId: string, category: string): VulnClass {
  const s = `${testId} ${category}`.toLowerCase();
  if (/sqli|sql-injection/.test(s)) return 'sqli';
  if (/xss-stored|stored/.test(s) && /xss|script/.test(s)) return 'xss-stored';
  if (/xss|cross-site-scripting/.test(s)) return 'xss';
  if (/cmdi|command/.test(s)) return 'cmdi';
  if (/traversal|lfi|local-file/.test(s)) return 'path-traversal';
  if (/rfi|remote-file|file-inclusion/.test(s)) return 'rfi';
  if (/ssrf|request-forgery-server/.test(s)) return 'ssrf';
  if (/redirect/.test(s)) return 'open-redirect';
  if (/crlf|header-injection|response-splitting/.test(s)) return 'crlf';
  if (/ssti|template/.test(s)) return 'ssti';
  if (/xxe|xml-external/.test(s)) return 'xxe';
  if (/upload/.test(s)) return 'upload';
  if (/csrf/.test(s)) return 'csrf';
  if (/cors/.test(s)) return 'cors';
  if (/cookie/.test(s)) return 'cookies';
  if (/clickjack|frame-options|framing/.test(s)) return 'clickjacking';
  if (/listing|directory-index/.test(s)) return 'directory-listing';
  if (/outdated|vulnerable-(js|librar|component)|retire|js-lib/.test(s)) return 'outdated';
  if (/method/.test(s)) return 'http-methods';
  if (/header|csp|hsts|content-type|nosniff/.test(s)) return 'security-headers';
  if (/disclos|phpinfo|stack|debug|backup|source-map|sensitive|error|comment|secret|version|technolog|info/.test(s))
    return 'info-disclosure';
  return 'other';
}

/** A wapiti 3 finding's class, from its category (the report's vulnerability, anomaly and additional names) and info. */
export function wapitiClass(category: string): VulnClass {
  const s = category.toLowerCase();
  if (/sql injection/.test(s)) return 'sqli';
  if (/cross site scripting/.test(s) && /permanent|stored/.test(s)) return 'xss-stored';
  if (/cross site scripting/.test(s)) return 'xss';
  if (/command/.test(s)) return 'cmdi';
  if (/path traversal|file handling/.test(s)) return 'path-traversal';
  if (/server side request forgery/.test(s)) return 'ssrf';
  if (/open redirect/.test(s)) return 'open-redirect';
  if (/crlf/.test(s)) return 'crlf';
  if (/xml external/.test(s)) return 'xxe';
  if (/upload/.test(s)) return 'upload';
  if (/request forgery/.test(s)) return 'csrf';
  if (/cookie/.test(s)) return 'cookies';
  if (/clickjacking|x-frame-options/.test(s)) return 'clickjacking';
  if (/htaccess|method/.test(s)) return 'http-methods';
  if (/content security policy|mime|strict transport|hsts|header/.test(s)) return 'security-headers';
  if (/backup|dangerous file|internal server error|fingerprint|disclosure/.test(s)) return 'info-disclosure';
  return 'other';
}

const isInput = (c: string) => (INPUT_CLASSES as readonly string[]).includes(c);

function matches(f: BenchFinding, e: TruthEntry): boolean {
  if (e.class !== f.cls && !(f.cls === 'xss-stored' && e.class === 'xss')) return false;
  const pages = [e.page, ...(e.shownOn ?? [])];
  return pages.includes('*') || pages.includes(f.page);
}

export interface Score {
  /** Classes of the truth with at least one true finding. */
  trueClasses: string[];
  /** Classes of the truth with none. */
  missedClasses: string[];
  /** Truth entries found (class, page and, when both name one, parameter). */
  entriesFound: number;
  entriesTotal: number;
  /** Distinct (class, page, parameter) findings that the truth confirms. */
  trueFindings: number;
  /** Distinct input-flaw findings the truth does not have. */
  falseFindings: BenchFinding[];
  /** Distinct configuration findings the truth does not list (not counted either way). */
  unlisted: number;
}

export function score(findings: BenchFinding[], truth: Truth | null): Score {
  const entries = truth?.entries ?? [];
  const distinct = new Map<string, BenchFinding>();
  for (const f of findings) distinct.set(`${f.cls}|${f.page}|${f.parameter.toLowerCase()}`, f);
  const trueClasses = new Set<string>();
  let trueFindings = 0;
  const falseFindings: BenchFinding[] = [];
  let unlisted = 0;
  for (const f of distinct.values()) {
    if (entries.some((e) => matches(f, e))) {
      trueFindings++;
      trueClasses.add(f.cls === 'xss-stored' && !entries.some((e) => e.class === 'xss-stored') ? 'xss' : f.cls);
    } else if (isInput(f.cls)) falseFindings.push(f);
    else unlisted++;
  }
  const found = entries.filter((e) =>
    [...distinct.values()].some(
      (f) =>
        matches(f, e) && (!e.parameter || e.parameter === '*' || !f.parameter || e.parameter.toLowerCase() === f.parameter.toLowerCase()),
    ),
  );
  const truthClasses = [...new Set(entries.map((e) => e.class))];
  return {
    trueClasses: truthClasses.filter((c) => trueClasses.has(c)),
    missedClasses: truthClasses.filter((c) => !trueClasses.has(c)),
    entriesFound: found.length,
    entriesTotal: entries.length,
    trueFindings,
    falseFindings,
    unlisted,
  };
}
