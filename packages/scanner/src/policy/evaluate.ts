// The OVAL evaluator: definitions through their criteria trees, tests through check_existence, check and states,
// objects and variables computed once each. Collection happens on the target through the runner; everything else
// happens here, in the probe.
import { describeItem } from './items.ts';
import { collectObject, type ObjectContext } from './objects.ts';
import type { Collected, Criteria, DefinitionClass, OvalDocument, OvalResult, VariableValues } from './oval-types.ts';
import { combineByCheck, combineByOperator, existenceResult, hasValues, negateResult } from './results.ts';
import type { CommandRunner } from './runner.ts';
import { prepareState, type PreparedState } from './states.ts';
import { Target } from './target.ts';
import { evaluateComponent } from './variables.ts';

export interface EvaluateOptions {
  /** Only these definitions (and what they extend); default: all. */
  definitionIds?: string[];
  /** Values of external variables by OVAL variable id. */
  externalVariables?: Record<string, string | string[]>;
  signal?: AbortSignal;
  /** Collect with privilege (sudo/su through the credential). Default true. */
  privileged?: boolean;
  /** Current time in seconds, for time_difference (default: the clock). */
  now?: () => number;
}

export interface DefinitionResult {
  id: string;
  title: string;
  class: DefinitionClass;
  result: OvalResult;
  /** What was collected that decided the result, a few short lines. */
  evidence: string[];
  message?: string;
}

export interface TestOutcome {
  id: string;
  result: OvalResult;
  itemCount: number;
  flag: Collected['flag'];
  sample: string[];
  messages: string[];
}

const MAX_EVIDENCE = 8;

export class OvalEngine {
  readonly target: Target;
  private readonly defMemo = new Map<string, Promise<OvalResult>>();
  private readonly testMemo = new Map<string, Promise<TestOutcome>>();
  private readonly objectMemo = new Map<string, Promise<Collected>>();
  private readonly varMemo = new Map<string, Promise<VariableValues>>();
  private readonly stateMemo = new Map<string, Promise<PreparedState | undefined>>();
  private readonly objectCtx: ObjectContext;
  private readonly evaluating = new Set<string>();

  constructor(
    readonly doc: OvalDocument,
    runner: CommandRunner,
    private readonly options: EvaluateOptions = {},
  ) {
    this.target = new Target(runner, { privileged: options.privileged ?? true, signal: options.signal, fileTimes: usesFileTimes(doc) });
    this.objectCtx = {
      doc,
      target: this.target,
      object: (id) => this.object(id),
      variable: (id) => this.variable(id),
      state: (id) => this.state(id),
    };
  }

  object(id: string): Promise<Collected> {
    let p = this.objectMemo.get(id);
    if (!p) {
      const obj = this.doc.objects.get(id);
      p = obj
        ? collectObject(obj, this.objectCtx).catch((e: unknown) => ({
            flag: 'error' as const,
            items: [],
            messages: [`Collection failed: ${String(e)}`],
          }))
        : Promise.resolve({ flag: 'error' as const, items: [], messages: [`Object ${id} is not defined.`] });
      this.objectMemo.set(id, p);
    }
    return p;
  }

  variable(id: string): Promise<VariableValues> {
    let p = this.varMemo.get(id);
    if (!p) {
      p = this.computeVariable(id).catch((e: unknown) => ({
        flag: 'error' as const,
        values: [],
        messages: [`Variable ${id} failed: ${String(e)}`],
      }));
      this.varMemo.set(id, p);
    }
    return p;
  }

  private async computeVariable(id: string): Promise<VariableValues> {
    const v = this.doc.variables.get(id);
    if (!v) return { flag: 'error', values: [], messages: [`Variable ${id} is not defined.`] };
    if (v.kind === 'constant')
      return { flag: 'complete', values: v.values.map((value) => ({ value, datatype: v.datatype })), messages: [] };
    if (v.kind === 'external') {
      const given = this.options.externalVariables?.[id];
      if (given === undefined) return { flag: 'not collected', values: [], messages: [`External variable ${id} has no value.`] };
      const list = Array.isArray(given) ? given : [given];
      return { flag: 'complete', values: list.map((value) => ({ value, datatype: v.datatype })), messages: [] };
    }
    if (!v.component) return { flag: 'error', values: [], messages: [`Local variable ${id} has no component.`] };
    const r = await evaluateComponent(v.component, {
      object: (o) => this.object(o),
      variable: (x) => this.variable(x),
      now: this.options.now ?? (() => Date.now() / 1000),
    });
    if (hasValues(r.flag) && r.values.length === 0)
      return { ...r, flag: 'error', messages: [...r.messages, `Variable ${id} computed no values.`] };
    // The values take the variable's declared datatype, whatever the components produced (as OpenSCAP does).
    return hasValues(r.flag) ? { ...r, values: r.values.map((x) => ({ value: x.value, datatype: v.datatype })) } : r;
  }

  state(id: string): Promise<PreparedState | undefined> {
    let p = this.stateMemo.get(id);
    if (!p) {
      const s = this.doc.states.get(id);
      p = s ? prepareState(s, (v) => this.variable(v)) : Promise.resolve(undefined);
      this.stateMemo.set(id, p);
    }
    return p;
  }

  test(id: string): Promise<TestOutcome> {
    let p = this.testMemo.get(id);
    if (!p) {
      p = this.evaluateTest(id).catch((e: unknown): TestOutcome => ({
        id,
        result: 'error',
        itemCount: 0,
        flag: 'error',
        sample: [],
        messages: [`Test ${id} failed: ${String(e)}`],
      }));
      this.testMemo.set(id, p);
    }
    return p;
  }

  private async evaluateTest(id: string): Promise<TestOutcome> {
    const t = this.doc.tests.get(id);
    const out = (result: OvalResult, c?: Collected, messages: string[] = []): TestOutcome => ({
      id,
      result,
      itemCount: c?.items.length ?? 0,
      flag: c?.flag ?? 'not collected',
      sample: (c?.items ?? []).slice(0, 2).map((i) => describeItem(i)),
      messages: [...messages, ...(c?.messages ?? [])].slice(0, 4),
    });
    if (!t) return out('error', undefined, [`Test ${id} is not defined.`]);
    if (!t.objectRef) return out('unknown', undefined, [`Test ${id} (${t.type}) has no object.`]);
    const c = await this.object(t.objectRef);
    if (c.unsupported) return out('not evaluated', c);
    const hasState = t.stateRefs.length > 0;
    const anyNoState = t.checkExistence === 'any_exist' && !hasState;
    switch (c.flag) {
      case 'error':
        return out(anyNoState ? 'true' : 'error', c);
      case 'not collected':
        return out(anyNoState ? 'true' : 'unknown', c);
      case 'not applicable':
        return out(anyNoState ? 'true' : 'not applicable', c);
      case 'does not exist':
        return out(t.checkExistence === 'none_exist' || t.checkExistence === 'any_exist' ? 'true' : 'false', c);
      default:
        break;
    }
    const exists = c.items.length;
    let result: OvalResult;
    if (c.flag === 'complete') {
      result = existenceResult(t.checkExistence, exists, 0);
    } else {
      // Incomplete collection: only some conclusions are safe.
      if (t.checkExistence === 'any_exist' || (t.checkExistence === 'at_least_one_exists' && exists > 0)) result = 'true';
      else if ((t.checkExistence === 'none_exist' && exists > 0) || (t.checkExistence === 'only_one_exists' && exists > 1))
        result = 'false';
      else result = 'unknown';
    }
    if (result === 'true' && hasState) {
      const states: PreparedState[] = [];
      for (const ref of t.stateRefs) {
        const s = await this.state(ref);
        if (!s) return out('error', c, [`State ${ref} is not defined.`]);
        states.push(s);
      }
      const perItem = c.items.map((item) =>
        combineByOperator(
          states.map((s) => s.test(item)),
          t.stateOperator,
        ),
      );
      result = combineByCheck(perItem, t.check);
      if (c.flag === 'incomplete') {
        if (result === 'true' && t.check !== 'at least one') result = 'unknown';
        else if (result !== 'false' && result !== 'true') result = 'unknown';
      }
    }
    return out(result, c);
  }

  definition(id: string): Promise<OvalResult> {
    let p = this.defMemo.get(id);
    if (!p) {
      p = this.evaluateDefinition(id);
      this.defMemo.set(id, p);
    }
    return p;
  }

  private async evaluateDefinition(id: string): Promise<OvalResult> {
    const d = this.doc.definitions.get(id);
    if (!d) return 'error';
    if (!d.criteria) return 'not evaluated';
    if (this.evaluating.has(id)) return 'error';
    this.evaluating.add(id);
    try {
      return await this.criteria(d.criteria);
    } finally {
      this.evaluating.delete(id);
    }
  }

  async criteria(c: Criteria): Promise<OvalResult> {
    let r: OvalResult;
    if (c.kind === 'criterion') r = (await this.test(c.testRef)).result;
    else if (c.kind === 'extend_definition') r = await this.definition(c.definitionRef);
    else r = combineByOperator(await Promise.all(c.children.map((k) => this.criteria(k))), c.operator);
    return c.negate ? negateResult(r) : r;
  }

  /** The result of one definition with a few lines saying what decided it. */
  async explain(id: string): Promise<DefinitionResult> {
    const d = this.doc.definitions.get(id);
    if (!d) return { id, title: '', class: 'compliance', result: 'error', evidence: [], message: `Definition ${id} is not defined.` };
    const result = await this.definition(id);
    const evidence: string[] = [];
    const messages = new Set<string>();
    const walk = async (c: Criteria): Promise<void> => {
      if (evidence.length >= MAX_EVIDENCE) return;
      if (c.kind === 'criteria') {
        for (const k of c.children) await walk(k);
      } else if (c.kind === 'extend_definition') {
        const r = await this.definition(c.definitionRef);
        const title = this.doc.definitions.get(c.definitionRef)?.title ?? c.definitionRef;
        evidence.push(`${c.negate ? 'not ' : ''}[${title}]: ${c.negate ? negateResult(r) : r}`);
      } else {
        const t = await this.test(c.testRef);
        const label = this.doc.tests.get(c.testRef)?.comment ?? c.testRef;
        const items =
          t.itemCount === 0 ? `no items (${t.flag})` : `${t.itemCount} item${t.itemCount === 1 ? '' : 's'}: ${t.sample.join(' | ')}`;
        evidence.push(`${c.negate ? 'not ' : ''}${label}: ${t.result}; ${items}`.slice(0, 300));
        for (const m of t.messages) messages.add(m);
      }
    };
    if (d.criteria) await walk(d.criteria);
    const out: DefinitionResult = { id, title: d.title, class: d.class, result, evidence };
    if (!d.criteria) out.message = 'The definition has no criteria.';
    else if (messages.size > 0 && (result === 'error' || result === 'unknown' || result === 'not evaluated'))
      out.message = [...messages].slice(0, 3).join(' ');
    return out;
  }
}

// File times cost output on large walks: collect them only when some state looks at them.
function usesFileTimes(doc: OvalDocument): boolean {
  for (const s of doc.states.values()) {
    if (s.type === 'file_state' && s.entities.some((e) => e.name === 'a_time' || e.name === 'c_time' || e.name === 'm_time')) return true;
  }
  return false;
}

/** Evaluates definitions of a document on a target. */
export async function evaluateDefinitions(
  doc: OvalDocument,
  runner: CommandRunner,
  options: EvaluateOptions = {},
): Promise<DefinitionResult[]> {
  const engine = new OvalEngine(doc, runner, options);
  const ids = options.definitionIds ?? [...doc.definitions.keys()];
  const results = await Promise.all(ids.map((id) => engine.explain(id)));
  // Collection turns failures into "error" results; a cancelled evaluation must not look like one that finished.
  options.signal?.throwIfAborted();
  return results;
}
