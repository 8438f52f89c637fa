// NVD applicability statements (CVE API 2.0 `configurations`), as the matcher reads them.

/** One `cpeMatch` entry: a CPE criteria string, optionally bounded by a version range. */
export interface CpeMatch {
  vulnerable: boolean;
  criteria: string;
  versionStartIncluding?: string;
  versionStartExcluding?: string;
  versionEndIncluding?: string;
  versionEndExcluding?: string;
}

/** A node: its cpeMatch entries (and, in NVD 1.1 data, child nodes) joined by AND or OR, possibly negated. */
export interface ConfigNode {
  operator: 'AND' | 'OR';
  negate: boolean;
  cpeMatch: CpeMatch[];
  children?: ConfigNode[];
}

/** A configuration: nodes joined by AND ("running on/with") or OR (the default). */
export interface Configuration {
  operator?: 'AND' | 'OR';
  negate?: boolean;
  nodes: ConfigNode[];
}
