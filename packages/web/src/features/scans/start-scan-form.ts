// Pure rules of the start-scan form: values, splitting typed targets, client-side checks, and the scan payload.
import { EXTERNAL_PROBE_ID, validateHostTarget, validateIpRangeTarget, validateRequired, type NetworkScanInput } from '@bulwark/core';
import type { ScanRangesResult } from './scans-api.ts';

export type RunOn = 'probe' | 'group';

export interface StartScanValues {
  name: string;
  /** Ids of saved targets (strings: the multi-select's values). */
  assets: string[];
  /** Ids of tags (strings): their hosts, networks and ranges are scanned, as tagged when each run starts. */
  tags: string[];
  /** Targets typed by the user: hosts, networks a.b.c.d/m, ranges start-end; one per line or separated by commas/spaces. */
  targets: string;
  /** Also save the typed targets as scan targets for later scans. */
  saveTargets: boolean;
  exclude: string;
  profile: string | null;
  runOn: RunOn;
  /** A probe id; '-1' the external (built-in) probe. */
  node: string;
  probe_group: string | null;
}

/** Fields of the form the server's errors are put on (the server names them alike). */
export const START_SCAN_FIELDS = ['name', 'assets', 'targets', 'exclude', 'profile', 'node', 'probe_group'] as const;
/** Server fields that land on a differently named form field. */
export const START_SCAN_ERROR_FIELDS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(START_SCAN_FIELDS.map((f) => [f, f])),
  unified_tags_set: 'tags',
};

export function initialStartScanValues(assetIds: readonly number[] = []): StartScanValues {
  return {
    name: '',
    assets: assetIds.map(String),
    tags: [],
    targets: '',
    saveTargets: false,
    exclude: '',
    profile: null,
    runOn: 'probe',
    node: String(EXTERNAL_PROBE_ID),
    probe_group: null,
  };
}

/** Typed targets: one entry per line, comma or whitespace; empty entries and repeats left out, order kept. */
export function splitTargets(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const value = part.trim();
    if (value === '' || seen.has(value.toLowerCase())) continue;
    seen.add(value.toLowerCase());
    out.push(value);
  }
  return out;
}

/** A network (a.b.c.d/m) or range (start-end) is checked as one; anything else as a host (the server's rule). */
export function validateTarget(value: string): string | null {
  const isRange = value.includes('/') || (value.includes('-') && /^[0-9a-fA-F.:]+-/.test(value));
  const message = isRange ? validateIpRangeTarget(value) : validateHostTarget(value);
  return message ? `${value}: ${message}` : null;
}

/** The first problems of a list of typed targets, joined (at most three, so the message stays readable). */
export function validateTargetList(values: readonly string[]): string | null {
  const problems = values.map(validateTarget).filter((m): m is string => m !== null);
  if (problems.length === 0) return null;
  const shown = problems.slice(0, 3).join(' ');
  return problems.length > 3 ? `${shown} (${problems.length - 3} more)` : shown;
}

export type StartScanErrors = Partial<Record<keyof StartScanValues, string>>;

/** Client-side checks before anything is sent; the server checks again and its errors land on the same fields. */
export function validateStartScan(values: StartScanValues): StartScanErrors {
  const errors: StartScanErrors = {};
  const name = validateRequired(values.name.trim(), 'Name');
  if (name) errors.name = name;
  const typed = splitTargets(values.targets);
  if (values.assets.length === 0 && values.tags.length === 0 && typed.length === 0) errors.targets = 'Choose at least one target.';
  else {
    const bad = validateTargetList(typed);
    if (bad) errors.targets = bad;
  }
  const exclude = validateTargetList(splitTargets(values.exclude));
  if (exclude) errors.exclude = exclude;
  const profile = validateRequired(values.profile, 'Profile');
  if (profile) errors.profile = profile;
  const group = values.runOn === 'group' ? validateRequired(values.probe_group, 'Probe group') : null;
  if (group) errors.probe_group = group;
  return errors;
}

const normal = (value: string): string => value.trim().toLowerCase();

/**
 * After POST scan/ranges/: typed targets the server saved become asset ids; the rest (already saved before, or
 * written differently by the server) are sent as target strings, so no target is lost.
 */
export function mergeSavedTargets(typed: readonly string[], saved: ScanRangesResult): { assets: number[]; targets: string[] } {
  const ids = new Map<string, number>();
  for (const host of saved.hosts) ids.set(normal(host.host), host.id);
  for (const range of saved.ipranges) ids.set(normal(range.iprange), range.id);
  const assets: number[] = [];
  const targets: string[] = [];
  for (const value of typed) {
    const id = ids.get(normal(value));
    if (id === undefined) targets.push(value);
    else assets.push(id);
  }
  return { assets, targets };
}

/** The POST scan/nscans/ payload; with `saved` (after POST scan/ranges/), typed targets that were saved go as asset ids. */
export function toScanInput(values: StartScanValues, saved?: { assets: number[]; targets: string[] }): NetworkScanInput {
  const chosen = values.assets.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const assets = [...new Set([...chosen, ...(saved?.assets ?? [])])];
  const group = values.runOn === 'group' && values.probe_group ? Number(values.probe_group) : null;
  return {
    name: values.name.trim(),
    assets,
    targets: saved ? saved.targets : splitTargets(values.targets),
    exclude: splitTargets(values.exclude),
    profile: Number(values.profile),
    node: group === null ? Number(values.node) : null,
    probe_group: group,
    unified_tags_set: values.tags.length
      ? { inclusion_tags: values.tags.map(Number), exclusion_tags: [], inclusion_tags_mode_all: false, exclusion_tags_mode_all: false }
      : null,
    start: true,
  };
}
