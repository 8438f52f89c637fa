// The OVAL 5.11 vocabulary Bulwark's policy engine works with: the parsed document (definitions, tests, objects,
// states, variables) and the results, flags and items of an evaluation.

export type OvalResult = 'true' | 'false' | 'error' | 'unknown' | 'not evaluated' | 'not applicable';
export type CollectedFlag = 'complete' | 'incomplete' | 'error' | 'does not exist' | 'not collected' | 'not applicable';
export type ItemStatus = 'exists' | 'does not exist' | 'error' | 'not collected';

export type Operation =
  | 'equals'
  | 'not equal'
  | 'case insensitive equals'
  | 'case insensitive not equal'
  | 'greater than'
  | 'less than'
  | 'greater than or equal'
  | 'less than or equal'
  | 'bitwise and'
  | 'bitwise or'
  | 'pattern match'
  | 'subset of'
  | 'superset of';

export type Datatype =
  | 'string'
  | 'int'
  | 'float'
  | 'boolean'
  | 'evr_string'
  | 'debian_evr_string'
  | 'version'
  | 'binary'
  | 'ipv4_address'
  | 'ipv6_address'
  | 'fileset_revision'
  | 'ios_version'
  | 'record';

export type Check = 'all' | 'at least one' | 'none satisfy' | 'none exist' | 'only one';
export type Existence = 'all_exist' | 'any_exist' | 'at_least_one_exists' | 'none_exist' | 'only_one_exists';
export type Operator = 'AND' | 'OR' | 'ONE' | 'XOR';
export type SetOperator = 'UNION' | 'INTERSECTION' | 'COMPLEMENT';
export type DefinitionClass = 'compliance' | 'inventory' | 'miscellaneous' | 'patch' | 'vulnerability';

/** An entity of an object or a state (`<ind:filepath operation="pattern match">…</ind:filepath>`). */
export interface OvalEntity {
  name: string;
  value: string;
  nil: boolean;
  datatype: Datatype;
  operation: Operation;
  varRef?: string;
  varCheck: Check;
  entityCheck: Check;
  checkExistence: Existence;
  mask: boolean;
  /** Record fields (datatype "record"). */
  fields?: OvalEntity[];
}

export interface OvalFilter {
  action: 'include' | 'exclude';
  stateRef: string;
}

export interface OvalSet {
  operator: SetOperator;
  objectRefs: string[];
  sets: OvalSet[];
  filters: OvalFilter[];
}

export interface OvalObject {
  id: string;
  /** Element name, e.g. "textfilecontent54_object". */
  type: string;
  /** Schema family from the namespace, e.g. "independent", "unix", "linux". */
  family: string;
  comment?: string;
  entities: OvalEntity[];
  behaviors: Record<string, string>;
  filters: OvalFilter[];
  set?: OvalSet;
}

export interface OvalState {
  id: string;
  type: string;
  family: string;
  operator: Operator;
  entities: OvalEntity[];
}

export interface OvalTest {
  id: string;
  type: string;
  family: string;
  comment?: string;
  check: Check;
  checkExistence: Existence;
  stateOperator: Operator;
  objectRef?: string;
  stateRefs: string[];
}

export type Criteria =
  | { kind: 'criteria'; operator: Operator; negate: boolean; comment?: string; applicabilityCheck: boolean; children: Criteria[] }
  | { kind: 'criterion'; testRef: string; negate: boolean; comment?: string }
  | { kind: 'extend_definition'; definitionRef: string; negate: boolean; comment?: string };

export interface OvalReference {
  source: string;
  refId: string;
  refUrl?: string;
}

export interface OvalDefinition {
  id: string;
  class: DefinitionClass;
  title: string;
  description: string;
  references: OvalReference[];
  platforms: string[];
  deprecated: boolean;
  criteria?: Criteria;
}

export type OvalComponent =
  | { kind: 'literal'; value: string; datatype: Datatype }
  | { kind: 'object'; objectRef: string; itemField: string; recordField?: string }
  | { kind: 'variable'; varRef: string }
  | { kind: 'function'; name: string; attrs: Record<string, string>; args: OvalComponent[] };

export interface OvalVariable {
  id: string;
  kind: 'constant' | 'external' | 'local';
  datatype: Datatype;
  comment?: string;
  /** Values of a constant variable. */
  values: string[];
  component?: OvalComponent;
}

export interface OvalDocument {
  schemaVersion?: string;
  definitions: Map<string, OvalDefinition>;
  tests: Map<string, OvalTest>;
  objects: Map<string, OvalObject>;
  states: Map<string, OvalState>;
  variables: Map<string, OvalVariable>;
}

/** One entity of a collected item, with the datatype the probe gave it. */
export interface ItemEntity {
  value: string;
  datatype: Datatype;
  status: ItemStatus;
}

/** A collected item: entities by name, each possibly repeated (subexpression, mount_options, value). */
export interface Item {
  readonly type: string;
  entities(name: string): ItemEntity[];
  /** Every entity name the item carries, in the probe's order. */
  names(): string[];
  /** Identity for set operations: equal content, equal key. */
  key(): string;
}

/** The outcome of collecting one object. */
export interface Collected {
  flag: CollectedFlag;
  items: Item[];
  messages: string[];
  /** The engine has no collector for this object type: tests on it are "not evaluated". */
  unsupported?: boolean;
}

/** A computed variable: its flag and typed values. */
export interface VariableValues {
  flag: CollectedFlag;
  values: { value: string; datatype: Datatype }[];
  messages: string[];
}
