// Index keys of a CVE record: the (part, vendor, product) triples its configurations mention.
import { parseCpeProduct } from './cpe.ts';
import type { ConfigNode, Configuration } from './types.ts';

export interface CpeProductKey {
  part: string;
  vendor: string;
  product: string;
  /** Whether a vulnerable entry names this product (false: it only appears as a platform). */
  vulnerable: boolean;
}

function collect(node: ConfigNode, out: Map<string, CpeProductKey>): void {
  for (const m of node.cpeMatch) {
    const c = parseCpeProduct(m.criteria);
    const part = c.part.kind === 'value' ? c.part.value : '*';
    const vendor = c.vendor.kind === 'value' ? c.vendor.value : '*';
    const product = c.product.kind === 'value' ? c.product.value : '*';
    const key = `${part}:${vendor}:${product}`;
    const seen = out.get(key);
    if (seen) seen.vulnerable ||= m.vulnerable;
    else out.set(key, { part, vendor, product, vulnerable: m.vulnerable });
  }
  for (const child of node.children ?? []) collect(child, out);
}

/** The distinct products (vendor and product lower case, `*` for ANY) a record's configurations mention. */
export function cveProductKeys(configurations: readonly Configuration[]): CpeProductKey[] {
  const out = new Map<string, CpeProductKey>();
  for (const config of configurations) for (const node of config.nodes) collect(node, out);
  return [...out.values()];
}
