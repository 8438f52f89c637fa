// A policy scan's part on the probe: the policy content the task carries (an XCCDF benchmark with the documents it
// names, or an imported OVAL definitions file) is read once per task, then evaluated on each host over the session the
// authenticated look opened. Evidence is trimmed so a host's result stays a few hundred kilobytes at most.
import { evaluateDefinitions } from './evaluate.ts';
import { loadOvalDocument } from './oval-parse.ts';
import type { OvalDefinition, OvalDocument } from './oval-types.ts';
import { evaluatePolicy, ruleResult, type RuleOutcome, type RuleResult } from './policy.ts';
import type { CommandRunner } from './runner.ts';
import { loadBenchmark, type Benchmark, type RuleSeverity } from './xccdf.ts';

/** What a policy task carries (plain JSON: it travels to remote probes). */
export interface PolicyContent {
  /** The library id (`<file>#<profile>` or `imported:<n>`) and its name. */
  id: string;
  name: string;
  format: 'xccdf' | 'oval';
  /** The XCCDF benchmark (or datastream), or the OVAL definitions document. */
  main: string;
  /** XCCDF: the documents its checks and CPE dictionary name, by file name. */
  documents?: Record<string, string>;
  /** XCCDF: the profile to evaluate. */
  profileId?: string;
  /** XCCDF: evaluate even where the benchmark's own platform does not match (rules keep their platforms). */
  ignoreBenchmarkPlatform?: boolean;
}

export interface HostPolicyResult {
  policy: string;
  policyName: string;
  benchmark: string;
  /** 0–100; null when nothing could be evaluated. */
  score: number | null;
  counts: Record<RuleResult, number>;
  rules: RuleOutcome[];
  /** Why the policy could not be evaluated on the host at all. */
  error?: string;
}

export interface PreparedPolicy {
  content: Pick<PolicyContent, 'id' | 'name'>;
  benchmarkTitle: string;
  evaluate(runner: CommandRunner, options: { privileged: boolean; signal?: AbortSignal }): Promise<HostPolicyResult>;
}

const MAX_EVIDENCE_LINES = 12;
const MAX_EVIDENCE_CHARS = 400;

const emptyCounts = (): Record<RuleResult, number> => ({ pass: 0, fail: 0, error: 0, unknown: 0, notapplicable: 0, notchecked: 0 });

function trimmed(rules: RuleOutcome[]): RuleOutcome[] {
  return rules.map((r) => ({
    ...r,
    evidence: r.evidence
      .slice(0, MAX_EVIDENCE_LINES)
      .map((e) => (e.length > MAX_EVIDENCE_CHARS ? `${e.slice(0, MAX_EVIDENCE_CHARS)}…` : e)),
    ...(r.message && r.message.length > 2000 ? { message: `${r.message.slice(0, 2000)}…` } : {}),
  }));
}

/**
 * The severity an OVAL definition's failure gets: a vulnerability or a missing patch is high, a compliance or
 * miscellaneous check medium, an inventory definition informational (OVAL itself carries no severity).
 */
export function definitionSeverity(d: Pick<OvalDefinition, 'class'>): RuleSeverity {
  if (d.class === 'vulnerability' || d.class === 'patch') return 'high';
  if (d.class === 'inventory') return 'info';
  return 'medium';
}

/** The rules of an imported OVAL document as the library lists them (deprecated definitions left out). */
export function ovalDocumentRules(doc: OvalDocument): { id: string; title: string; severity: RuleSeverity }[] {
  return [...doc.definitions.values()]
    .filter((d) => !d.deprecated)
    .map((d) => ({ id: d.id, title: d.title || d.id, severity: definitionSeverity(d) }));
}

function prepareXccdf(content: PolicyContent): PreparedPolicy {
  const docs = content.documents ?? {};
  const dictionary = Object.entries(docs).find(([name]) => name.endsWith('-cpe-dictionary.xml'))?.[1];
  const b: Benchmark = loadBenchmark(content.main, {
    readHref: (href) => docs[href.replace(/^.*\//, '')],
    ...(dictionary ? { cpeDictionary: dictionary } : {}),
  });
  return {
    content,
    benchmarkTitle: b.title,
    async evaluate(runner, options) {
      const r = await evaluatePolicy(b, content.profileId, runner, {
        privileged: options.privileged,
        ignoreBenchmarkPlatform: content.ignoreBenchmarkPlatform ?? false,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const decided = r.counts.pass + r.counts.fail;
      return {
        policy: content.id,
        policyName: content.name,
        benchmark: b.title,
        score: decided > 0 ? r.score : null,
        counts: r.counts,
        rules: trimmed(r.rules),
      };
    },
  };
}

function prepareOval(content: PolicyContent): PreparedPolicy {
  const doc = loadOvalDocument(content.main);
  const defs = ovalDocumentRules(doc);
  return {
    content,
    benchmarkTitle: content.name,
    async evaluate(runner, options) {
      const results = await evaluateDefinitions(doc, runner, {
        definitionIds: defs.map((d) => d.id),
        privileged: options.privileged,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const severity = new Map(defs.map((d) => [d.id, d.severity]));
      const counts = emptyCounts();
      const rules = results.map((d): RuleOutcome => {
        const out: RuleOutcome = {
          ruleId: d.id,
          title: d.title || d.id,
          severity: severity.get(d.id) ?? 'unknown',
          weight: 1,
          result: ruleResult(d.result, d.class, false),
          definitionId: d.id,
          evidence: d.evidence,
        };
        if (d.message) out.message = d.message;
        counts[out.result]++;
        return out;
      });
      const decided = counts.pass + counts.fail;
      return {
        policy: content.id,
        policyName: content.name,
        benchmark: content.name,
        score: decided > 0 ? Math.round((counts.pass / decided) * 10000) / 100 : null,
        counts,
        rules: trimmed(rules),
      };
    },
  };
}

/** Reads the task's policy content once; throws with a readable message when it cannot be used. */
export function preparePolicy(content: PolicyContent): PreparedPolicy {
  return content.format === 'oval' ? prepareOval(content) : prepareXccdf(content);
}

/** The result of a host the policy could not be evaluated on (login failed, session lost …). */
export function policyNotEvaluated(p: PreparedPolicy, error: string): HostPolicyResult {
  return {
    policy: p.content.id,
    policyName: p.content.name,
    benchmark: p.benchmarkTitle,
    score: null,
    counts: emptyCounts(),
    rules: [],
    error,
  };
}
