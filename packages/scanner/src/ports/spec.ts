// Port specs ('22,80,8000-8100'): parse into sorted unique port numbers, with exclusions in the same syntax.
import { invalidPortOrRangeMessage, isValidPortOrRange } from '@bulwark/core';

/** A port spec entry that is not a port (1-65535) or a range 'a-b' with a <= b. */
export class PortSpecError extends Error {
  constructor(readonly entry: string) {
    super(invalidPortOrRangeMessage(entry));
    this.name = 'PortSpecError';
  }
}

/** A spec as one string (entries split on commas and white space) or as a list of entries; null/undefined is empty. */
export type PortSpec = string | readonly string[] | readonly number[] | null | undefined;

function entries(spec: PortSpec): string[] {
  if (spec === null || spec === undefined) return [];
  const list = typeof spec === 'string' ? [spec] : spec.map((e) => String(e));
  return list.flatMap((s) => s.split(/[\s,]+/)).filter((s) => s !== '');
}

/** Adds every port of the spec to `into`; throws PortSpecError on the first bad entry. */
export function addPorts(spec: PortSpec, into: Set<number>): Set<number> {
  for (const entry of entries(spec)) {
    if (!isValidPortOrRange(entry)) throw new PortSpecError(entry);
    const [a, b = a] = entry.split('-').map(Number);
    for (let p = a; p <= b; p++) into.add(p);
  }
  return into;
}

/** The ports of `spec` minus those of `exclude`, ascending and each once. */
export function parsePortSpec(spec: PortSpec, exclude: PortSpec = null): number[] {
  const ports = addPorts(spec, new Set<number>());
  for (const p of addPorts(exclude, new Set<number>())) ports.delete(p);
  return [...ports].sort((x, y) => x - y);
}

/** Compact text of a port list: '1,3-4,80'. */
export function formatPortSpec(ports: readonly number[]): string {
  const sorted = [...new Set(ports)].sort((x, y) => x - y);
  const out: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    out.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return out.join(',');
}
