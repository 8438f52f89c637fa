// Pure rules of the site map tree: the server's flat nodes (each naming its parent's path) as children lists, and which
// nodes start open (the sites and their first level, so a large map does not unfold at once).
import type { SitemapTreeNode } from '@bulwark/core';

export interface TreeIndex {
  roots: SitemapTreeNode[];
  children: Map<string, SitemapTreeNode[]>;
}

export function indexTree(nodes: readonly SitemapTreeNode[]): TreeIndex {
  const children = new Map<string, SitemapTreeNode[]>();
  const roots: SitemapTreeNode[] = [];
  for (const node of nodes) {
    if (!node.parent) roots.push(node);
    else children.set(node.parent, [...(children.get(node.parent) ?? []), node]);
  }
  const byName = (a: SitemapTreeNode, b: SitemapTreeNode) => a.name.localeCompare(b.name);
  roots.sort(byName);
  for (const list of children.values()) list.sort(byName);
  return { roots, children };
}

/** The paths open at first: every site, and the first level under a site when there is only one site. */
export function initiallyOpen(index: TreeIndex): Set<string> {
  const open = new Set(index.roots.map((r) => r.path));
  if (index.roots.length === 1)
    for (const child of index.children.get(index.roots[0]!.path) ?? []) if (child.total < 50) open.add(child.path);
  return open;
}

/** '3 · 2 errors' style summary of a node's status classes: the number of 4xx/5xx answers when there are any. */
export function errorCount(statuses: Record<string, number>): number {
  return (statuses['4xx'] ?? 0) + (statuses['5xx'] ?? 0);
}
