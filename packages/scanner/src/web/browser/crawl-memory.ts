// What the browser crawl remembers across pages to spend its clicks and loads where they reveal something: the
// controls that revealed nothing (an application's frame is the same on every screen), the detail screens of one
// template, the query parameters each screen has shown, and a count of what was discovered.
import { parentOf } from './page-urls.ts';

export interface CrawlMemoryLimits {
  /** A control that revealed nothing on this many pages is not clicked on further pages. */
  dullAfter: number;
  /** Children of one page visited with one screen shape before the others are taken for the template … */
  templateAfter: number;
  /** … when the page has at least this many children. */
  templateSiblings: number;
}

/** A screen's controls and form fields, as the survey reports them: what its shape is made of. */
export interface ScreenParts {
  targets: { key: string }[];
  forms: { method: string; fields: { name: string }[] }[];
}

export class CrawlMemory {
  /** Things found so far (pages, requests, forms): a click that leaves it unchanged revealed nothing. */
  discoveries = 0;
  /** Per control (its key), the pages on which clicking it revealed nothing. */
  private readonly dull = new Map<string, number>();
  /**
   * Detail screens of one template (/tests/ssh-weak-keys, /tests/ftp-anonymous …, names a variant limit cannot tell
   * from pages): per parent, the children found and how many visited ones showed each screen shape. A handful of
   * distinct screens side by side (/a, /b, /c) never count as a template.
   */
  private readonly children = new Map<string, number>();
  private readonly shapes = new Map<string, Map<string, number>>();
  /** Per screen (the URL without its query), the query parameters its pages have shown. */
  private readonly screenParams = new Map<string, Set<string>>();

  constructor(private readonly limits: CrawlMemoryLimits) {}

  /** Counts one thing found. */
  discovered(): void {
    this.discoveries++;
  }

  /** Whether a control revealed nothing on enough pages to be left alone. */
  isDull(control: string): boolean {
    return (this.dull.get(control) ?? 0) >= this.limits.dullAfter;
  }

  /** Notes a click on a control, and whether it revealed something (discoveries moved since `before`). */
  clicked(control: string, before: number): void {
    if (this.discoveries === before) this.dull.set(control, (this.dull.get(control) ?? 0) + 1);
  }

  /** Notes a page of the site under its parent (a template needs enough siblings). */
  child(url: string): void {
    const parent = parentOf(url);
    this.children.set(parent, (this.children.get(parent) ?? 0) + 1);
  }

  /** Notes the shape a visited page showed. */
  shape(url: string, screen: ScreenParts): void {
    const counts = this.shapes.get(parentOf(url)) ?? new Map<string, number>();
    this.shapes.set(parentOf(url), counts);
    const shape = screenShape(screen);
    counts.set(shape, (counts.get(shape) ?? 0) + 1);
  }

  /** Whether a page is a detail screen whose siblings already showed its template: a page of the site, not visited. */
  templated(url: string): boolean {
    const parent = parentOf(url);
    if ((this.children.get(parent) ?? 0) < this.limits.templateSiblings) return false;
    return [...(this.shapes.get(parent)?.values() ?? [])].some((n) => n >= this.limits.templateAfter);
  }

  /** Notes the query parameters of a page; answers whether it named one its screen had not shown yet. */
  addsParams(key: string): boolean {
    const u = new URL(key);
    const screen = `${u.origin}${u.pathname}${u.hash.split('?')[0]}`;
    const names = this.screenParams.get(screen) ?? new Set<string>();
    this.screenParams.set(screen, names);
    // A hash router's screen keeps its state in the fragment's query (#/list?q=x): those names count as well.
    const fragmentQuery = new URLSearchParams(u.hash.split('?')[1] ?? '');
    let added = false;
    for (const name of [...u.searchParams.keys(), ...fragmentQuery.keys()]) if (!names.has(name)) added = Boolean(names.add(name));
    return added;
  }
}

/**
 * A screen's shape: its controls (tag, id, label, target) and the fields of its forms, not the rest of its text. Two
 * detail screens of one template match unless a control's label carries the record's own data, in which case they
 * are simply not taken for a template (the crawl visits them all, as before).
 */
function screenShape(s: ScreenParts): string {
  const controls = s.targets.map((t) => t.key.replace(/\|\d+$/, '')).sort();
  const fields = s.forms.map((f) => `${f.method} ${f.fields.map((x) => x.name).join(',')}`).sort();
  return JSON.stringify([controls, fields]);
}
