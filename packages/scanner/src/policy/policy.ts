// Runs an XCCDF profile: resolves which rules it selects and which values it sets, decides each rule's platform
// applicability through the CPE OVAL checks, evaluates the rules' OVAL definitions, and scores the result the way
// XCCDF's default model does (weighted, group by group).
import { OvalEngine } from './evaluate.ts';
import type { DefinitionClass, OvalResult } from './oval-types.ts';
import type { CommandRunner } from './runner.ts';
import type { Benchmark, PlatformTest, RuleSeverity, XccdfGroupNode, XccdfProfile, XccdfRule } from './xccdf.ts';

export type RuleResult = 'pass' | 'fail' | 'error' | 'unknown' | 'notapplicable' | 'notchecked';

export interface RuleOutcome {
  ruleId: string;
  title: string;
  severity: RuleSeverity;
  weight: number;
  result: RuleResult;
  definitionId?: string;
  evidence: string[];
  message?: string;
}

export interface PolicyResult {
  benchmarkId: string;
  profileId?: string;
  rules: RuleOutcome[];
  /** XCCDF default model: weighted pass percentage, group by group (only pass and fail count). */
  score: number;
  /** Weighted pass percentage over all pass and fail rules. */
  scoreFlat: number;
  counts: Record<RuleResult, number>;
}

export interface ResolvedProfile {
  selectedRules: string[];
  /** XCCDF value id → the value the profile gives it. */
  values: Record<string, string>;
  weights: Record<string, number>;
  severities: Record<string, RuleSeverity>;
}

export interface PolicyOptions {
  signal?: AbortSignal;
  privileged?: boolean;
  /** Evaluate even when the benchmark's own platform (e.g. "Debian 11") does not match the target. */
  ignoreBenchmarkPlatform?: boolean;
}

/** The rules a profile selects and the values it sets ("extends" followed, base first); no profile = the defaults. */
export function resolveProfile(b: Benchmark, profileId?: string): ResolvedProfile {
  const chain: XccdfProfile[] = [];
  let id = profileId;
  while (id) {
    const p = b.profiles.find((x) => x.id === id);
    if (!p) throw new Error(`Profile ${id} is not in benchmark ${b.id}.`);
    if (chain.includes(p)) break;
    chain.unshift(p);
    id = p.extends;
  }
  const selected = new Map<string, boolean>();
  const selectors: Record<string, string> = {};
  const setValues: Record<string, string> = {};
  const weights: Record<string, number> = {};
  const severities: Record<string, RuleSeverity> = {};
  for (const p of chain) {
    for (const s of p.selections) selected.set(s.idref, s.selected);
    Object.assign(selectors, p.refineValues);
    Object.assign(setValues, p.setValues);
    for (const [rid, r] of Object.entries(p.refineRules)) {
      if (r.weight !== undefined) weights[rid] = r.weight;
      if (r.severity) severities[rid] = r.severity;
    }
  }
  const selectedRules: string[] = [];
  const visit = (g: XccdfGroupNode, parentOn: boolean) => {
    for (const c of g.children) {
      if ('rule' in c) {
        const rule = b.rules.get(c.rule);
        if (parentOn && (selected.get(c.rule) ?? rule?.selected ?? true)) selectedRules.push(c.rule);
      } else visit(c, parentOn && (selected.get(c.id) ?? c.selected));
    }
  };
  visit(b.root, true);
  // requires and conflicts deselect rules, which may in turn deselect others: repeat until nothing changes.
  const on = new Set(selectedRules);
  for (let changed = true; changed;) {
    changed = false;
    for (const id of on) {
      const r = b.rules.get(id);
      if (!r) continue;
      if (r.requires.some((any) => !any.some((x) => on.has(x))) || r.conflicts.some((x) => on.has(x))) {
        on.delete(id);
        changed = true;
      }
    }
  }
  const values: Record<string, string> = {};
  for (const v of b.values.values()) {
    const sel = selectors[v.id];
    values[v.id] = setValues[v.id] ?? (sel !== undefined && sel in v.options ? v.options[sel] : (v.options[''] ?? ''));
  }
  return { selectedRules: selectedRules.filter((id) => on.has(id)), values, weights, severities };
}

export function ruleResult(r: OvalResult, cls: DefinitionClass, negate: boolean): RuleResult {
  switch (r) {
    case 'true':
    case 'false': {
      // For vulnerability and patch definitions "true" means the problem is there.
      let pass = r === 'true' ? cls !== 'vulnerability' && cls !== 'patch' : cls === 'vulnerability' || cls === 'patch';
      if (negate) pass = !pass;
      return pass ? 'pass' : 'fail';
    }
    case 'error':
      return 'error';
    case 'unknown':
      return 'unknown';
    case 'not applicable':
      return 'notapplicable';
    default:
      return 'notchecked';
  }
}

/** Decides platform applicability: CPE names through their OVAL checks, "#id" through the benchmark's cpe-lang tests. */
async function platformJudge(b: Benchmark, runner: CommandRunner, options: PolicyOptions) {
  const engines = new Map<string, OvalEngine>();
  const cpe = async (name: string): Promise<boolean> => {
    const item = b.cpeItems.get(name);
    // Without a dictionary nothing can be decided: the platform is assumed to apply.
    if (!item) return b.cpeItems.size === 0;
    let engine = engines.get(item.href);
    if (!engine) {
      const doc = b.oval(item.href);
      if (!doc) return true;
      engine = new OvalEngine(doc, runner, {
        privileged: options.privileged ?? true,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      engines.set(item.href, engine);
    }
    return (await engine.definition(item.definitionId)) === 'true';
  };
  const test = async (t: PlatformTest): Promise<boolean> => {
    const parts = await Promise.all([...t.factRefs.map(cpe), ...t.tests.map(test)]);
    const r = t.operator === 'AND' ? parts.every(Boolean) : parts.some(Boolean);
    return t.negate ? !r : r;
  };
  const memo = new Map<string, Promise<boolean>>();
  const platform = (idref: string): Promise<boolean> => {
    let p = memo.get(idref);
    if (!p) {
      const spec = idref.startsWith('#') ? b.platformSpecs.get(idref.slice(1)) : undefined;
      p = spec ? test(spec) : idref.startsWith('#') ? Promise.resolve(true) : cpe(idref);
      memo.set(idref, p);
    }
    return p;
  };
  // Every level (benchmark, groups, rule) needs one of its platforms to apply.
  return async (levels: string[][]): Promise<boolean> => {
    for (const level of levels) if (!(await Promise.all(level.map(platform))).some(Boolean)) return false;
    return true;
  };
}

function defaultScore(node: XccdfGroupNode, outcomes: Map<string, RuleOutcome>): { score: number; count: number } {
  let sum = 0;
  let weights = 0;
  let count = 0;
  for (const c of node.children) {
    let s: { score: number; count: number };
    let w: number;
    if ('rule' in c) {
      const o = outcomes.get(c.rule);
      if (!o || (o.result !== 'pass' && o.result !== 'fail')) continue;
      s = { score: o.result === 'pass' ? 100 : 0, count: 1 };
      w = o.weight;
    } else {
      s = defaultScore(c, outcomes);
      w = c.weight;
    }
    if (s.count === 0) continue;
    sum += s.score * w;
    weights += w;
    count += s.count;
  }
  return { score: weights > 0 ? sum / weights : 0, count };
}

/** Evaluates a profile of a benchmark on a target (no profile: the benchmark's default selection). */
export async function evaluatePolicy(
  b: Benchmark,
  profileId: string | undefined,
  runner: CommandRunner,
  options: PolicyOptions = {},
): Promise<PolicyResult> {
  const profile = resolveProfile(b, profileId);
  const applies = await platformJudge(b, runner, options);
  const benchmarkApplies = options.ignoreBenchmarkPlatform || b.platforms.length === 0 || (await applies([b.platforms]));
  const rules = profile.selectedRules.map((id) => b.rules.get(id)).filter((r): r is XccdfRule => r !== undefined);

  // One engine per OVAL document, fed the external variables the selected rules export.
  const engines = new Map<string, OvalEngine | undefined>();
  const engineFor = (href: string) => {
    if (!engines.has(href)) {
      const doc = b.oval(href);
      const externalVariables: Record<string, string> = {};
      for (const r of rules)
        if (r.oval?.href === href) for (const e of r.oval.exports) externalVariables[e.exportName] = profile.values[e.valueId] ?? '';
      engines.set(
        href,
        doc
          ? new OvalEngine(doc, runner, {
              externalVariables,
              privileged: options.privileged ?? true,
              ...(options.signal ? { signal: options.signal } : {}),
            })
          : undefined,
      );
    }
    return engines.get(href);
  };

  const outcomes = await Promise.all(
    rules.map(async (r): Promise<RuleOutcome> => {
      const base = {
        ruleId: r.id,
        title: r.title,
        severity: profile.severities[r.id] ?? r.severity,
        weight: profile.weights[r.id] ?? r.weight,
        evidence: [] as string[],
      };
      if (!benchmarkApplies) return { ...base, result: 'notapplicable', message: 'The benchmark does not apply to this system.' };
      if (!(await applies(r.platforms))) return { ...base, result: 'notapplicable', message: 'The rule does not apply to this platform.' };
      if (!r.oval) return { ...base, result: 'notchecked', message: 'The rule has no OVAL check.' };
      const engine = engineFor(r.oval.href);
      if (!engine)
        return {
          ...base,
          result: 'notchecked',
          definitionId: r.oval.definitionId,
          message: `The OVAL document ${r.oval.href} is not available.`,
        };
      const d = await engine.explain(r.oval.definitionId);
      const out: RuleOutcome = {
        ...base,
        result: ruleResult(d.result, d.class, r.oval.negate),
        definitionId: r.oval.definitionId,
        evidence: d.evidence,
      };
      if (d.message) out.message = d.message;
      return out;
    }),
  );
  options.signal?.throwIfAborted();
  const byId = new Map(outcomes.map((o) => [o.ruleId, o]));
  const counts: Record<RuleResult, number> = { pass: 0, fail: 0, error: 0, unknown: 0, notapplicable: 0, notchecked: 0 };
  let passW = 0;
  let allW = 0;
  for (const o of outcomes) {
    counts[o.result]++;
    if (o.result === 'pass' || o.result === 'fail') {
      allW += o.weight;
      if (o.result === 'pass') passW += o.weight;
    }
  }
  const result: PolicyResult = {
    benchmarkId: b.id,
    rules: outcomes,
    score: Math.round(defaultScore(b.root, byId).score * 100) / 100,
    scoreFlat: allW > 0 ? Math.round((passW / allW) * 10000) / 100 : 0,
    counts,
  };
  if (profileId) result.profileId = profileId;
  return result;
}
