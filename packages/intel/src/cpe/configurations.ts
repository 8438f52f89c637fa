// Evaluates NVD configurations against the CPEs known for a host: AND/OR nodes, negation, "running on/with" platforms.
import { type Cpe, type CpeValue, formatCpe, parseCpe } from './cpe.ts';
import { cpeMatchesCriteria, criteriaCpe } from './criteria.ts';
import type { ConfigNode, Configuration, CpeMatch } from './types.ts';

export interface EvaluateOptions {
  /**
   * Treat a platform node (one without vulnerable entries) as satisfied when the targets say nothing about that
   * kind of platform: no operating system (`o`) or hardware (`h`) CPE among them for an OS/hardware platform, no
   * CPE of the same vendor and product for an application platform. Off by default: strict evaluation.
   */
  assumeUnknownPlatforms?: boolean;
}

/** One cpeMatch entry that matched, and the target CPE that matched it. */
export interface CriteriaHit {
  criteria: CpeMatch;
  cpe: string;
}

/** A vulnerable entry that matched inside a configuration that holds, with the platforms that made it hold. */
export interface ConfigurationMatch extends CriteriaHit {
  /** Index of the configuration in the record. */
  configuration: number;
  /** Non-vulnerable entries that matched (the "running on/with" part). */
  platforms: CriteriaHit[];
  /** Platform entries taken as satisfied because the targets do not name such a platform (assumeUnknownPlatforms). */
  assumedPlatforms: CpeMatch[];
}

export interface ConfigurationResult {
  vulnerable: boolean;
  matches: ConfigurationMatch[];
}

interface Target {
  cpe: Cpe;
  text: string;
}

interface NodeResult {
  value: boolean;
  hits: CriteriaHit[];
  assumed: CpeMatch[];
}

function allEntries(node: ConfigNode): CpeMatch[] {
  return [...node.cpeMatch, ...(node.children ?? []).flatMap(allEntries)];
}

const valueOf = (v: CpeValue): string | null => (v.kind === 'value' ? v.value : null);

/** Whether the targets already tell which platform of this node's kind the host has. */
function platformKnown(entries: CpeMatch[], targets: Target[]): boolean {
  return entries.some((m) => {
    const c = criteriaCpe(m);
    const part = valueOf(c.part);
    if (part === 'o' || part === 'h') return targets.some((t) => valueOf(t.cpe.part) === part);
    const product = valueOf(c.product);
    return product !== null && targets.some((t) => valueOf(t.cpe.vendor) === valueOf(c.vendor) && valueOf(t.cpe.product) === product);
  });
}

function evaluateNode(node: ConfigNode, targets: Target[], options: EvaluateOptions): NodeResult {
  const hits: CriteriaHit[] = [];
  const assumed: CpeMatch[] = [];
  const values: boolean[] = [];
  for (const m of node.cpeMatch) {
    const target = targets.find((t) => cpeMatchesCriteria(t.cpe, m));
    if (target) hits.push({ criteria: m, cpe: target.text });
    values.push(target !== undefined);
  }
  for (const child of node.children ?? []) {
    const r = evaluateNode(child, targets, options);
    values.push(r.value);
    if (r.value) {
      hits.push(...r.hits);
      assumed.push(...r.assumed);
    }
  }
  let value = node.operator === 'AND' ? values.length > 0 && values.every(Boolean) : values.some(Boolean);
  if (node.negate) return { value: !value, hits: [], assumed: [] }; // a negated node is a condition, not evidence
  if (!value && options.assumeUnknownPlatforms) {
    const entries = allEntries(node);
    if (entries.length > 0 && !entries.some((m) => m.vulnerable) && !platformKnown(entries, targets)) {
      value = true;
      assumed.push(...entries);
    }
  }
  return value ? { value, hits, assumed } : { value, hits: [], assumed: [] };
}

/**
 * Evaluates a record's configurations against the CPEs of one host. The record applies when a configuration holds
 * and at least one vulnerable entry matched in it; `matches` lists those entries with the platforms involved.
 */
export function evaluateConfigurations(
  configurations: readonly Configuration[],
  cpes: readonly (string | Cpe)[],
  options: EvaluateOptions = {},
): ConfigurationResult {
  const targets: Target[] = cpes.map((c) => (typeof c === 'string' ? { cpe: parseCpe(c), text: c } : { cpe: c, text: formatCpe(c) }));
  const matches: ConfigurationMatch[] = [];
  configurations.forEach((config, index) => {
    const results = config.nodes.map((n) => evaluateNode(n, targets, options));
    let holds = config.operator === 'AND' ? results.length > 0 && results.every((r) => r.value) : results.some((r) => r.value);
    if (config.negate) holds = !holds;
    if (!holds || config.negate) return;
    const hits = results.flatMap((r) => r.hits);
    const platforms = hits.filter((h) => !h.criteria.vulnerable);
    const assumedPlatforms = results.flatMap((r) => r.assumed);
    for (const hit of hits) {
      if (hit.criteria.vulnerable) matches.push({ ...hit, configuration: index, platforms, assumedPlatforms });
    }
  });
  return { vulnerable: matches.length > 0, matches };
}
