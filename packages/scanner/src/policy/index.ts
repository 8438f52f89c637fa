// Policy scans: Bulwark's OVAL 5.11 evaluator (objects collected on the target by shell commands, evaluated in the
// probe) and the XCCDF benchmark reader and rule evaluation built on it.
export type * from './oval-types.ts';
export { loadOvalDocument, type LoadOvalOptions } from './oval-parse.ts';
export { evaluateDefinitions, OvalEngine, type DefinitionResult, type EvaluateOptions, type TestOutcome } from './evaluate.ts';
export { localRunner, sessionRunner, type CommandOutput, type CommandRunner, type LocalRunnerOptions } from './runner.ts';
export { SUPPORTED_OBJECT_TYPES } from './collectors.ts';
export { compareValues } from './compare.ts';
export { debianEvrCmp, rpmEvrCmp, rpmVerCmp, versionCmp } from './versions.ts';
export { combineByCheck, combineByOperator } from './results.ts';
export { parseOvalResults } from './oval-results.ts';
export {
  loadBenchmark,
  loadBenchmarkFile,
  type Benchmark,
  type LoadBenchmarkOptions,
  type RuleSeverity,
  type XccdfCheck,
  type XccdfGroupNode,
  type XccdfProfile,
  type XccdfRule,
  type XccdfValue,
} from './xccdf.ts';
export {
  evaluatePolicy,
  resolveProfile,
  type PolicyOptions,
  type PolicyResult,
  type ResolvedProfile,
  type RuleOutcome,
  type RuleResult,
} from './policy.ts';
export {
  definitionSeverity,
  ovalDocumentRules,
  policyNotEvaluated,
  preparePolicy,
  type HostPolicyResult,
  type PolicyContent,
  type PreparedPolicy,
} from './task.ts';
