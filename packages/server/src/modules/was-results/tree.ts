// The path tree of a site map (pure): the sites (scheme://host) at the roots, one node per path segment below, each
// with the requests at exactly its path, those at or under it and their status classes. Flat, parents first, so the
// web app draws it as a tree and the API stays a plain list.
import type { SitemapTreeNode } from '@bulwark/core';

/** Nodes kept; below this the tree is whole, past it the deepest paths are left out (their ancestors still count them). */
export const TREE_NODE_LIMIT = 5000;

const statusClass = (status: number): string => (status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other');

/** The node paths of a URL: its site, then each path prefix (query and fragment dropped). */
function pathsOf(url: string): string[] {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return [url];
  }
  const site = `${u.protocol}//${u.host}`;
  const segments = u.pathname.split('/').filter(Boolean);
  const out = [site];
  for (let i = 0; i < segments.length; i++) out.push(`${site}/${segments.slice(0, i + 1).join('/')}`);
  return out;
}

export function buildSitemapTree(entries: readonly { url: string; status: number }[]): { nodes: SitemapTreeNode[]; truncated: boolean } {
  const nodes = new Map<string, SitemapTreeNode>();
  let truncated = false;
  for (const e of entries) {
    const paths = pathsOf(e.url);
    const cls = statusClass(Number(e.status));
    paths.forEach((path, depth) => {
      let node = nodes.get(path);
      if (!node) {
        if (nodes.size >= TREE_NODE_LIMIT) {
          truncated = true;
          return;
        }
        const parent = depth === 0 ? '' : paths[depth - 1];
        node = {
          path,
          parent,
          name: depth === 0 ? path : path.slice(path.lastIndexOf('/') + 1),
          depth,
          entries: 0,
          total: 0,
          statuses: {},
        };
        nodes.set(path, node);
      }
      node.total += 1;
      node.statuses[cls] = (node.statuses[cls] ?? 0) + 1;
      if (depth === paths.length - 1) node.entries += 1;
    });
  }
  // Parents before children, siblings by name.
  const sorted = [...nodes.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { nodes: sorted, truncated };
}
