// An application's shell document (a single-page application's one page, served at many paths): what it looks like,
// and its digest, by which the HTTP crawl, the browser crawl and the DOM-based test each know it again at another path.
import { createHash } from 'node:crypto';

/** An application shell: scripts and a mount point, next to no links or text of its own. */
export function looksLikeShell(body: string): boolean {
  const links = body.match(/<a\s[^>]*href=/gi)?.length ?? 0;
  const scripts = body.match(/<script\b/gi)?.length ?? 0;
  const text = body
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return scripts > 0 && links <= 2 && text.length < 400;
}

/** The document's digest without what changes per answer (a CSP nonce), so two answers of one shell digest alike. */
export function shellDigest(body: string | Buffer): string {
  const text = (typeof body === 'string' ? body : body.toString('latin1')).replace(/\snonce=("[^"]*"|'[^']*'|[^\s>]+)/gi, '');
  return createHash('sha1').update(text).digest('hex');
}
