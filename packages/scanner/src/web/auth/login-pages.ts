// The login page and the URL its form posts to, recognised by path and by the query that names them: behind a front
// controller (`index.php?page=login.php`) the path alone is every page of the application, not the login page.

export class LoginPages {
  private readonly byPath = new Map<string, [string, string][][]>();

  add(url: string): void {
    const u = new URL(url);
    const list = this.byPath.get(u.pathname) ?? [];
    list.push([...u.searchParams]);
    this.byPath.set(u.pathname, list);
  }

  /** The URL is one of them: the same path, with at least the query parameters (and values) they were given with. */
  has(url: string): boolean {
    const u = new URL(url);
    const list = this.byPath.get(u.pathname);
    return !!list?.some((params) => params.every(([k, v]) => u.searchParams.getAll(k).includes(v)));
  }
}
