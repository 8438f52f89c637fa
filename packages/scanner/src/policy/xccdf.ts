// Reads an XCCDF 1.1/1.2 benchmark, alone or from a SCAP source datastream: profiles, groups and rules (title,
// severity, description, rationale, fix, the OVAL definition each rule checks, platforms), values, and the CPE
// platform definitions, so that the policy library can list them and a policy scan can run a profile.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ovalFromNode } from './oval-parse.ts';
import type { OvalDocument } from './oval-types.ts';
import { child, childrenNamed, findFirst, parseXml, plainText, rawText, type XmlNode } from './xml.ts';

export const OVAL_SYSTEM = 'http://oval.mitre.org/XMLSchema/oval-definitions-5';

export type RuleSeverity = 'unknown' | 'info' | 'low' | 'medium' | 'high';

export interface XccdfCheck {
  href: string;
  definitionId: string;
  /** OVAL external variables fed from XCCDF values: OVAL variable id → XCCDF value id. */
  exports: { exportName: string; valueId: string }[];
  negate: boolean;
}

export interface XccdfRule {
  id: string;
  title: string;
  severity: RuleSeverity;
  description: string;
  rationale: string;
  /** Fix instructions (fixtext), or the shell remediation when there is no fixtext. */
  fixText?: string;
  fixScript?: string;
  weight: number;
  /** Selected when no profile says otherwise. */
  selected: boolean;
  /** Platform idrefs of the rule and of every enclosing group ("#machine", "cpe:/o:..."). */
  platforms: string[][];
  idents: { system: string; value: string }[];
  references: { href?: string; text: string }[];
  /** The OVAL check, when the rule has one. */
  oval?: XccdfCheck;
  /** Ids of the enclosing groups, outermost first. */
  groups: string[];
  /** Each entry lists items one of which must be selected for this rule to be. */
  requires: string[][];
  /** Items that, when selected, deselect this rule. */
  conflicts: string[];
}

export interface XccdfValue {
  id: string;
  title: string;
  description: string;
  type: string;
  /** Values by selector ("" is the default). */
  options: Record<string, string>;
}

export interface XccdfProfile {
  id: string;
  title: string;
  description: string;
  extends?: string;
  selections: { idref: string; selected: boolean }[];
  refineValues: Record<string, string>;
  setValues: Record<string, string>;
  refineRules: Record<string, { weight?: number; severity?: RuleSeverity }>;
}

/** The group tree, for selection (a deselected group deselects its rules) and XCCDF default scoring. */
export interface XccdfGroupNode {
  id: string;
  title: string;
  weight: number;
  selected: boolean;
  children: (XccdfGroupNode | { rule: string })[];
}

export type PlatformTest = { operator: 'AND' | 'OR'; negate: boolean; factRefs: string[]; tests: PlatformTest[] };

export interface Benchmark {
  id: string;
  title: string;
  description: string;
  version?: string;
  platforms: string[];
  profiles: XccdfProfile[];
  rules: Map<string, XccdfRule>;
  values: Map<string, XccdfValue>;
  root: XccdfGroupNode;
  /** cpe-lang platforms by id (referenced as "#id"). */
  platformSpecs: Map<string, PlatformTest>;
  /** CPE names with the OVAL check that decides them, when a dictionary is available. */
  cpeItems: Map<string, { href: string; definitionId: string }>;
  /** The OVAL document a check href names (parsed on first use). */
  oval(href: string): OvalDocument | undefined;
}

export interface LoadBenchmarkOptions {
  /** Reads a document a check or dictionary refers to by href (files beside the XCCDF). */
  readHref?: (href: string) => string | undefined;
  /** A CPE dictionary (XML) for the platforms, when not in the datastream. */
  cpeDictionary?: string;
}

const num = (s: string | undefined, dflt: number) => (s === undefined || Number.isNaN(Number(s)) ? dflt : Number(s));

function parseCheck(rule: XmlNode): XccdfCheck | undefined {
  for (const c of childrenNamed(rule, 'check')) {
    if (c.attrs.system !== OVAL_SYSTEM) continue;
    const ref = child(c, 'check-content-ref');
    if (!ref?.attrs.name || !ref.attrs.href) continue;
    return {
      href: ref.attrs.href,
      definitionId: ref.attrs.name,
      exports: childrenNamed(c, 'check-export').map((e) => ({ exportName: e.attrs['export-name'], valueId: e.attrs['value-id'] })),
      negate: c.attrs.negate === 'true',
    };
  }
  return undefined;
}

function parsePlatformTest(n: XmlNode): PlatformTest {
  return {
    operator: n.attrs.operator === 'OR' ? 'OR' : 'AND',
    negate: n.attrs.negate === 'true',
    factRefs: childrenNamed(n, 'fact-ref').map((f) => f.attrs.name),
    tests: childrenNamed(n, 'logical-test').map(parsePlatformTest),
  };
}

function parseCpeList(list: XmlNode, into: Map<string, { href: string; definitionId: string }>) {
  for (const item of childrenNamed(list, 'cpe-item')) {
    const check = childrenNamed(item, 'check').find((c) => c.attrs.system === OVAL_SYSTEM);
    if (check) into.set(item.attrs.name, { href: check.attrs.href ?? '', definitionId: check.text.trim() });
  }
}

/** Resolves hrefs inside a datastream: catalog names → component-refs → components. */
function datastreamResolver(root: XmlNode): (href: string) => XmlNode | undefined {
  const components = new Map<string, XmlNode>();
  for (const c of childrenNamed(root, 'component')) components.set(c.attrs.id, c);
  const refs = new Map<string, string>();
  const names = new Map<string, string>();
  const visit = (n: XmlNode) => {
    if (n.name === 'component-ref') refs.set(n.attrs.id, (n.attrs.href ?? '').replace(/^#/, ''));
    if (n.name === 'uri' && n.attrs.name && n.attrs.uri) names.set(n.attrs.name, n.attrs.uri.replace(/^#/, ''));
    for (const c of n.children) if (c.name !== 'component') visit(c);
  };
  visit(root);
  return (href) => {
    const key = href.replace(/^#/, '');
    const cref = names.get(key) ?? key;
    return components.get(refs.get(cref) ?? cref);
  };
}

/** Parses a benchmark from an XCCDF document or a source datastream. */
export function loadBenchmark(xml: string, options: LoadBenchmarkOptions = {}): Benchmark {
  const doc = parseXml(xml);
  let bench: XmlNode | undefined;
  let resolveComponent: ((href: string) => XmlNode | undefined) | undefined;
  if (doc.name === 'Benchmark') bench = doc;
  else if (doc.name === 'data-stream-collection') {
    resolveComponent = datastreamResolver(doc);
    for (const c of childrenNamed(doc, 'component')) {
      bench = c.children.find((k) => k.name === 'Benchmark');
      if (bench) break;
    }
  }
  if (!bench) throw new Error(`No XCCDF Benchmark found (root element <${doc.name}>).`);

  const values = new Map<string, XccdfValue>();
  const rules = new Map<string, XccdfRule>();
  const defaultOf = (id: string) => values.get(id)?.options[''] ?? '';
  const pending: { node: XmlNode; groups: string[]; platforms: string[][] }[] = [];

  const walk = (n: XmlNode, groups: string[], platforms: string[][]): XccdfGroupNode['children'] => {
    const out: XccdfGroupNode['children'] = [];
    for (const c of n.children) {
      if (c.name === 'Value') {
        const options: Record<string, string> = {};
        for (const v of childrenNamed(c, 'value')) options[v.attrs.selector ?? ''] = v.text.trim();
        values.set(c.attrs.id, {
          id: c.attrs.id,
          title: plainText(child(c, 'title')),
          description: plainText(child(c, 'description')),
          type: c.attrs.type ?? 'string',
          options,
        });
      } else if (c.name === 'Group') {
        const own = childrenNamed(c, 'platform').map((p) => p.attrs.idref);
        const g: XccdfGroupNode = {
          id: c.attrs.id,
          title: plainText(child(c, 'title')),
          weight: num(c.attrs.weight, 1),
          selected: c.attrs.selected !== 'false',
          children: [],
        };
        g.children = walk(c, [...groups, c.attrs.id], own.length > 0 ? [...platforms, own] : platforms);
        out.push(g);
      } else if (c.name === 'Rule') {
        const own = childrenNamed(c, 'platform').map((p) => p.attrs.idref);
        pending.push({ node: c, groups, platforms: own.length > 0 ? [...platforms, own] : platforms });
        out.push({ rule: c.attrs.id });
      }
    }
    return out;
  };
  const benchPlatforms = childrenNamed(bench, 'platform').map((p) => p.attrs.idref);
  const root: XccdfGroupNode = { id: bench.attrs.id, title: plainText(child(bench, 'title')), weight: 1, selected: true, children: [] };
  root.children = walk(bench, [], []);

  // Rules last: their text substitutes values that may be declared after them.
  for (const { node: c, groups, platforms } of pending) {
    const sub = (idref: string) => defaultOf(idref);
    const fixtext = child(c, 'fixtext');
    const script = childrenNamed(c, 'fix').find((f) => (f.attrs.system ?? '').includes('script:sh')) ?? child(c, 'fix');
    const rule: XccdfRule = {
      id: c.attrs.id,
      title: plainText(child(c, 'title')),
      severity: (c.attrs.severity ?? 'unknown') as RuleSeverity,
      description: plainText(child(c, 'description'), sub),
      rationale: plainText(child(c, 'rationale'), sub),
      weight: num(c.attrs.weight, 1),
      selected: c.attrs.selected !== 'false',
      platforms,
      idents: childrenNamed(c, 'ident').map((i) => ({ system: i.attrs.system ?? '', value: i.text.trim() })),
      references: childrenNamed(c, 'reference').map((r) => ({ ...(r.attrs.href ? { href: r.attrs.href } : {}), text: r.text.trim() })),
      groups,
      requires: childrenNamed(c, 'requires').map((r) => (r.attrs.idref ?? '').split(/\s+/).filter(Boolean)),
      conflicts: childrenNamed(c, 'conflicts').map((r) => r.attrs.idref ?? ''),
    };
    if (fixtext) rule.fixText = plainText(fixtext, sub);
    if (script) rule.fixScript = rawText(script, sub).trim();
    const check = parseCheck(c);
    if (check) rule.oval = check;
    rules.set(rule.id, rule);
  }

  const profiles: XccdfProfile[] = childrenNamed(bench, 'Profile').map((p) => {
    const prof: XccdfProfile = {
      id: p.attrs.id,
      title: plainText(child(p, 'title')),
      description: plainText(child(p, 'description')),
      selections: childrenNamed(p, 'select').map((s) => ({ idref: s.attrs.idref, selected: s.attrs.selected === 'true' })),
      refineValues: Object.fromEntries(childrenNamed(p, 'refine-value').map((r) => [r.attrs.idref, r.attrs.selector ?? ''])),
      setValues: Object.fromEntries(childrenNamed(p, 'set-value').map((r) => [r.attrs.idref, r.text.trim()])),
      refineRules: Object.fromEntries(
        childrenNamed(p, 'refine-rule').map((r) => [
          r.attrs.idref,
          {
            ...(r.attrs.weight !== undefined ? { weight: num(r.attrs.weight, 1) } : {}),
            ...(r.attrs.severity ? { severity: r.attrs.severity as RuleSeverity } : {}),
          },
        ]),
      ),
    };
    if (p.attrs.extends) prof.extends = p.attrs.extends;
    return prof;
  });

  const platformSpecs = new Map<string, PlatformTest>();
  const spec = findFirst(bench, 'platform-specification');
  if (spec) {
    for (const pl of childrenNamed(spec, 'platform')) {
      const lt = child(pl, 'logical-test');
      if (lt) platformSpecs.set(pl.attrs.id, parsePlatformTest(lt));
    }
  }

  const cpeItems = new Map<string, { href: string; definitionId: string }>();
  if (resolveComponent) {
    for (const c of childrenNamed(doc, 'component')) {
      const list = c.children.find((k) => k.name === 'cpe-list');
      if (list) parseCpeList(list, cpeItems);
    }
  }
  if (options.cpeDictionary) {
    const list = parseXml(options.cpeDictionary);
    if (list.name === 'cpe-list') parseCpeList(list, cpeItems);
  }

  const ovalCache = new Map<string, OvalDocument | undefined>();
  const oval = (href: string): OvalDocument | undefined => {
    if (ovalCache.has(href)) return ovalCache.get(href);
    let parsed: OvalDocument | undefined;
    const comp = resolveComponent?.(href);
    const node = comp?.children.find((k) => k.name === 'oval_definitions');
    if (node) parsed = ovalFromNode(node);
    else {
      const text = options.readHref?.(href);
      if (text) {
        const r = parseXml(text);
        if (r.name === 'oval_definitions') parsed = ovalFromNode(r);
      }
    }
    ovalCache.set(href, parsed);
    return parsed;
  };

  const result: Benchmark = {
    id: bench.attrs.id,
    title: plainText(child(bench, 'title')),
    description: plainText(child(bench, 'description')),
    platforms: benchPlatforms,
    profiles,
    rules,
    values,
    root,
    platformSpecs,
    cpeItems,
    oval,
  };
  const version = child(bench, 'version')?.text.trim();
  if (version) result.version = version;
  return result;
}

/** Reads a benchmark file; OVAL documents and the CPE dictionary are read from beside it (SSG's file names). */
export function loadBenchmarkFile(path: string): Benchmark {
  const dir = dirname(path);
  const read = (name: string) => {
    try {
      return readFileSync(join(dir, name), 'utf8');
    } catch {
      return undefined;
    }
  };
  const dictName = path.replace(/.*\//, '').replace(/-(xccdf|ds)(-1\.2)?\.xml$/, '-cpe-dictionary.xml');
  const cpeDictionary = dictName.endsWith('-cpe-dictionary.xml') ? read(dictName) : undefined;
  return loadBenchmark(readFileSync(path, 'utf8'), { readHref: read, ...(cpeDictionary ? { cpeDictionary } : {}) });
}
