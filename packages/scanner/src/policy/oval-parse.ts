// Reads an OVAL 5.x definitions document (alone or inside a SCAP 1.2/1.3 source datastream) into typed definitions,
// tests, objects, states and variables.
import type {
  Check,
  Criteria,
  Datatype,
  DefinitionClass,
  Existence,
  Operation,
  Operator,
  OvalComponent,
  OvalDefinition,
  OvalDocument,
  OvalEntity,
  OvalFilter,
  OvalObject,
  OvalSet,
  OvalState,
  OvalTest,
  OvalVariable,
  SetOperator,
} from './oval-types.ts';
import { child, childrenNamed, NS, parseXml, type XmlNode } from './xml.ts';

const FAMILY_PREFIX = `${NS.ovalDef}#`;
const familyOf = (node: XmlNode) => (node.ns.startsWith(FAMILY_PREFIX) ? node.ns.slice(FAMILY_PREFIX.length) : node.ns);

// Object children that are not entities of the object.
const OBJECT_NON_ENTITIES = new Set(['behaviors', 'filter', 'set', 'notes', 'signature']);

function parseEntity(node: XmlNode): OvalEntity {
  const a = node.attrs;
  const datatype = (a.datatype ?? 'string') as Datatype;
  const entity: OvalEntity = {
    name: node.name,
    value: node.children.length > 0 ? '' : node.text,
    nil: a.nil === 'true',
    datatype,
    operation: (a.operation ?? 'equals') as Operation,
    varCheck: (a.var_check ?? 'all') as Check,
    entityCheck: (a.entity_check ?? 'all') as Check,
    checkExistence: (a.check_existence ?? 'at_least_one_exists') as Existence,
    mask: a.mask === 'true',
  };
  if (a.var_ref) entity.varRef = a.var_ref;
  if (datatype === 'record') entity.fields = node.children.map(parseEntity);
  return entity;
}

const parseFilter = (node: XmlNode): OvalFilter => ({
  action: node.attrs.action === 'include' ? 'include' : 'exclude',
  stateRef: node.text.trim(),
});

function parseSet(node: XmlNode): OvalSet {
  return {
    operator: (node.attrs.set_operator ?? 'UNION') as SetOperator,
    objectRefs: childrenNamed(node, 'object_reference').map((n) => n.text.trim()),
    sets: childrenNamed(node, 'set').map(parseSet),
    filters: childrenNamed(node, 'filter').map(parseFilter),
  };
}

function parseObject(node: XmlNode): OvalObject {
  const obj: OvalObject = {
    id: node.attrs.id,
    type: node.name,
    family: familyOf(node),
    entities: [],
    behaviors: {},
    filters: [],
  };
  if (node.attrs.comment) obj.comment = node.attrs.comment;
  for (const c of node.children) {
    if (c.name === 'behaviors') obj.behaviors = { ...c.attrs };
    else if (c.name === 'filter') obj.filters.push(parseFilter(c));
    else if (c.name === 'set') obj.set = parseSet(c);
    else if (!OBJECT_NON_ENTITIES.has(c.name)) obj.entities.push(parseEntity(c));
  }
  return obj;
}

function parseState(node: XmlNode): OvalState {
  return {
    id: node.attrs.id,
    type: node.name,
    family: familyOf(node),
    operator: (node.attrs.operator ?? 'AND') as Operator,
    entities: node.children.filter((c) => c.name !== 'notes' && c.name !== 'signature').map(parseEntity),
  };
}

function parseTest(node: XmlNode): OvalTest {
  const test: OvalTest = {
    id: node.attrs.id,
    type: node.name,
    family: familyOf(node),
    check: (node.attrs.check ?? 'all') as Check,
    checkExistence: (node.attrs.check_existence ?? 'at_least_one_exists') as Existence,
    stateOperator: (node.attrs.state_operator ?? 'AND') as Operator,
    stateRefs: childrenNamed(node, 'state').map((s) => s.attrs.state_ref),
  };
  if (node.attrs.comment) test.comment = node.attrs.comment;
  const obj = child(node, 'object');
  if (obj?.attrs.object_ref) test.objectRef = obj.attrs.object_ref;
  return test;
}

function parseComponent(node: XmlNode): OvalComponent {
  switch (node.name) {
    case 'literal_component':
      return { kind: 'literal', value: node.text, datatype: (node.attrs.datatype ?? 'string') as Datatype };
    case 'object_component': {
      const c: OvalComponent = { kind: 'object', objectRef: node.attrs.object_ref, itemField: node.attrs.item_field };
      if (node.attrs.record_field) c.recordField = node.attrs.record_field;
      return c;
    }
    case 'variable_component':
      return { kind: 'variable', varRef: node.attrs.var_ref };
    default:
      // Unknown functions are kept: evaluating them gives an error for the variables that use them, not a failed load.
      return {
        kind: 'function',
        name: node.name,
        attrs: { ...node.attrs },
        args: node.children.filter((c) => c.name !== 'notes').map(parseComponent),
      };
  }
}

function parseVariable(node: XmlNode): OvalVariable {
  const kind = node.name === 'constant_variable' ? 'constant' : node.name === 'external_variable' ? 'external' : 'local';
  const v: OvalVariable = {
    id: node.attrs.id,
    kind,
    datatype: (node.attrs.datatype ?? 'string') as Datatype,
    values: kind === 'constant' ? childrenNamed(node, 'value').map((n) => n.text) : [],
  };
  if (node.attrs.comment) v.comment = node.attrs.comment;
  if (kind === 'local') {
    const comp = node.children.find((c) => c.name !== 'notes' && c.name !== 'signature');
    if (comp) v.component = parseComponent(comp);
  }
  return v;
}

function parseCriteria(node: XmlNode): Criteria {
  const negate = node.attrs.negate === 'true';
  const comment = node.attrs.comment;
  if (node.name === 'criterion') return { kind: 'criterion', testRef: node.attrs.test_ref, negate, ...(comment ? { comment } : {}) };
  if (node.name === 'extend_definition') {
    return { kind: 'extend_definition', definitionRef: node.attrs.definition_ref, negate, ...(comment ? { comment } : {}) };
  }
  return {
    kind: 'criteria',
    operator: (node.attrs.operator ?? 'AND') as Operator,
    negate,
    applicabilityCheck: node.attrs.applicability_check === 'true',
    ...(comment ? { comment } : {}),
    children: node.children
      .filter((c) => c.name === 'criteria' || c.name === 'criterion' || c.name === 'extend_definition')
      .map(parseCriteria),
  };
}

function parseDefinition(node: XmlNode): OvalDefinition {
  const meta = child(node, 'metadata');
  const def: OvalDefinition = {
    id: node.attrs.id,
    class: (node.attrs.class ?? 'miscellaneous') as DefinitionClass,
    title: meta ? (child(meta, 'title')?.text.trim() ?? '') : '',
    description: meta ? (child(meta, 'description')?.text.trim() ?? '') : '',
    references: meta
      ? childrenNamed(meta, 'reference').map((r) => ({
          source: r.attrs.source ?? '',
          refId: r.attrs.ref_id ?? '',
          ...(r.attrs.ref_url ? { refUrl: r.attrs.ref_url } : {}),
        }))
      : [],
    platforms: meta ? childrenNamed(meta, 'affected').flatMap((a) => childrenNamed(a, 'platform').map((p) => p.text.trim())) : [],
    deprecated: node.attrs.deprecated === 'true',
  };
  const crit = child(node, 'criteria');
  if (crit) def.criteria = parseCriteria(crit);
  return def;
}

/** Builds the document from an <oval_definitions> element. */
export function ovalFromNode(root: XmlNode): OvalDocument {
  const doc: OvalDocument = {
    definitions: new Map(),
    tests: new Map(),
    objects: new Map(),
    states: new Map(),
    variables: new Map(),
  };
  for (const section of root.children) {
    switch (section.name) {
      case 'generator':
        doc.schemaVersion = child(section, 'schema_version')?.text.trim();
        break;
      case 'definitions':
        for (const n of section.children) if (n.name === 'definition') doc.definitions.set(n.attrs.id, parseDefinition(n));
        break;
      case 'tests':
        for (const n of section.children) doc.tests.set(n.attrs.id, parseTest(n));
        break;
      case 'objects':
        for (const n of section.children) doc.objects.set(n.attrs.id, parseObject(n));
        break;
      case 'states':
        for (const n of section.children) doc.states.set(n.attrs.id, parseState(n));
        break;
      case 'variables':
        for (const n of section.children) doc.variables.set(n.attrs.id, parseVariable(n));
        break;
    }
  }
  return doc;
}

/** Every <oval_definitions> element inside a datastream, by the id of the component that holds it. */
export function ovalComponents(root: XmlNode): Map<string, XmlNode> {
  const found = new Map<string, XmlNode>();
  if (root.name === 'oval_definitions') {
    found.set('', root);
    return found;
  }
  for (const comp of root.children) {
    if (comp.name !== 'component') continue;
    const oval = comp.children.find((c) => c.name === 'oval_definitions');
    if (oval) found.set(comp.attrs.id, oval);
  }
  return found;
}

export interface LoadOvalOptions {
  /** In a datastream, the component whose OVAL to read (id or a part of it); default: the first that is not the CPE OVAL. */
  component?: string;
}

/** Parses OVAL definitions from an OVAL document or a source datastream. */
export function loadOvalDocument(xml: string, options: LoadOvalOptions = {}): OvalDocument {
  const root = parseXml(xml);
  const comps = ovalComponents(root);
  if (comps.size === 0) throw new Error(`No OVAL definitions found (root element <${root.name}>).`);
  const entries = [...comps.entries()];
  const pick = options.component
    ? entries.find(([id]) => id.includes(options.component as string))
    : (entries.find(([id]) => !/cpe-oval/i.test(id)) ?? entries[0]);
  if (!pick) throw new Error(`No OVAL component matching "${options.component}".`);
  return ovalFromNode(pick[1]);
}
