// A hash-routed application's shell served at many paths is one application: /#/search, /ftp/x#/search and
// /redirect#/search are the same screen. Without this, every path answering with the shell multiplied every route
// (measured on OWASP Juice Shop: 65 of the browser crawl's 80 pages were such repeats, and they used its time).
// A document is taken for a hash-routed shell when loading it without a fragment ended on a route (#/, #!/): the
// application's router took over. Another path answering with the same document (the same bytes, nonces aside) is
// the same application, and its routes are kept under the first path that showed it. A history-API application (whose
// paths are its routes) never routes a fragment on load, and is left as it is.
import { shellDigest } from '../crawl/shell.ts';
import { ROUTE_FRAGMENT } from './page-urls.ts';

/** The document's URL: without its fragment. */
function documentOf(url: string): string {
  return url.split('#')[0]!;
}

export class HashShells {
  /** A hash-routed shell's digest → the document that showed it first. */
  private readonly shells = new Map<string, string>();
  /** A document → the first document of the same hash-routed shell (itself for the first). */
  private readonly canonical = new Map<string, string>();
  /** Digests of documents not yet known to be hash-routed: another load may show it. */
  private readonly pending = new Map<string, string[]>();

  /**
   * A document the crawl loaded: `requested` the URL it asked for, `landed` where the page is after the load,
   * `body` the document's bytes (null when unread).
   */
  loaded(requested: string, landed: string, body: Buffer | null): void {
    if (!body) return;
    const doc = documentOf(landed);
    if (documentOf(requested) !== doc) return; // a server redirect: the landed document is what was loaded
    const digest = shellDigest(body);
    const routedOnLoad = !ROUTE_FRAGMENT.test(new URL(requested).hash) && ROUTE_FRAGMENT.test(new URL(landed).hash);
    const first = this.shells.get(digest);
    if (first) {
      if (!this.canonical.has(doc)) this.canonical.set(doc, first);
      return;
    }
    if (!routedOnLoad) {
      const docs = this.pending.get(digest) ?? [];
      if (!docs.includes(doc)) docs.push(doc);
      this.pending.set(digest, docs);
      return;
    }
    this.shells.set(digest, doc);
    this.canonical.set(doc, doc);
    for (const other of this.pending.get(digest) ?? []) if (!this.canonical.has(other)) this.canonical.set(other, doc);
    this.pending.delete(digest);
  }

  /** The URL under the shell's first document, when it is a route of a hash-routed shell loaded at another path. */
  route(url: string): string {
    const hash = url.indexOf('#');
    if (hash < 0 || !ROUTE_FRAGMENT.test(url.slice(hash))) return url;
    const first = this.canonical.get(url.slice(0, hash));
    return first ? `${first}${url.slice(hash)}` : url;
  }
}
