// The scope of a web scan: which URLs may be requested at all. The target's host (and the scope's other hosts), the
// path prefixes (default: the target URL's directory), the include patterns (when given, a URL must match one) and
// the exclude patterns (a match is never requested).
import type { WebScope } from '../types.ts';

export class Scope {
  private readonly hosts: Set<string>;
  private readonly prefixes: string[];
  private readonly include: RegExp[];
  private readonly exclude: RegExp[];

  constructor(target: string, scope: WebScope) {
    const t = new URL(target);
    this.hosts = new Set([t.host.toLowerCase(), ...(scope.hosts ?? []).map((h) => h.toLowerCase())]);
    const dir = t.pathname.endsWith('/') ? t.pathname : t.pathname.slice(0, t.pathname.lastIndexOf('/') + 1);
    this.prefixes = scope.pathPrefixes?.length ? scope.pathPrefixes : [dir || '/'];
    this.include = (scope.include ?? []).map((r) => new RegExp(r, 'i'));
    this.exclude = (scope.exclude ?? []).map((r) => new RegExp(r, 'i'));
  }

  /** Adds a host (a virtual host found to answer with its own site). */
  addHost(host: string): void {
    this.hosts.add(host.toLowerCase());
  }

  /** Same host (name:port as given, or a name of scope.hosts with any port when it names none). */
  hostInScope(url: URL): boolean {
    const host = url.host.toLowerCase();
    return this.hosts.has(host) || this.hosts.has(url.hostname.toLowerCase());
  }

  inScope(raw: string): boolean {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return false;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (!this.hostInScope(url)) return false;
    if (!this.prefixes.some((p) => url.pathname.startsWith(p) || `${url.pathname}/` === p)) return false;
    if (this.exclude.some((r) => r.test(raw))) return false;
    if (this.include.length > 0 && !this.include.some((r) => r.test(raw))) return false;
    return true;
  }
}
