// Finds the URLs a script names (inline or external): fetch('…'), axios.get('…'), $.ajax/url: '…', XMLHttpRequest
// open('GET', '…'), location assignments, and string literals that look like paths of the site ('/api/users',
// 'admin/settings.php'). Only candidates: the crawler keeps those in scope and drops what does not answer.

/** Calls whose first string argument is a URL. */
const CALL =
  /\b(?:fetch|axios(?:\.(?:get|post|put|delete|patch|head))?|\$\.(?:get|post|getJSON|ajax)|\.open\s*\(\s*['"][A-Z]+['"]\s*,)\s*\(?\s*(['"`])([^'"`\s]{1,300})\2/g;
/** url: '…', href = '…', location = '…', src: '…' */
const ASSIGN = /\b(?:url|href|location(?:\.href)?|src|action|endpoint)\s*[:=]\s*(['"`])([^'"`\s]{1,300})\1/g;
/** A string literal that looks like a path: starts with / or ./ , or ends in a page extension. */
const LITERAL =
  /(['"`])((?:\/|\.\/)[A-Za-z0-9_\-./~%]+(?:\?[A-Za-z0-9_\-=&%.]*)?|[A-Za-z0-9_\-/]+\.(?:php|aspx?|jsp|html?|do|action|cgi|json)(?:\?[A-Za-z0-9_\-=&%.]*)?)\1/g;

/** Candidate absolute URLs named in `code`, resolved against the page (or script) URL. */
export function scriptUrls(code: string, baseUrl: string): string[] {
  const found = new Set<string>();
  const add = (raw: string | undefined): void => {
    if (!raw || raw.includes('${') || raw.startsWith('//') || /^[a-z]+:(?!\/\/)/i.test(raw)) return;
    // Template pieces and regex sources are not URLs: a path needs at least one letter and no spaces.
    if (!/[A-Za-z]/.test(raw) || raw === '/' || /\/\/$|\*|\\/.test(raw)) return;
    try {
      const u = new URL(raw, baseUrl);
      if (u.protocol === 'http:' || u.protocol === 'https:') {
        u.hash = '';
        found.add(u.href);
      }
    } catch {
      // not a URL
    }
  };
  const src = code.length > 1_000_000 ? code.slice(0, 1_000_000) : code;
  for (const m of src.matchAll(CALL)) add(m[2]);
  for (const m of src.matchAll(ASSIGN)) add(m[2]);
  for (const m of src.matchAll(LITERAL)) add(m[2]);
  return [...found];
}
