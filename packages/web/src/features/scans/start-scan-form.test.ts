// The start-scan form's rules: splitting typed targets, client checks with the server's messages, saved targets merged
// back as asset ids, and a payload the server's schema accepts.
import { describe, expect, it } from 'vitest';
import { networkScanInput } from '@bulwark/core';
import {
  initialStartScanValues,
  mergeSavedTargets,
  splitTargets,
  toScanInput,
  validateStartScan,
  validateTarget,
  type StartScanValues,
} from './start-scan-form.ts';

const values = (overrides: Partial<StartScanValues> = {}): StartScanValues => ({
  ...initialStartScanValues(),
  name: 'Office LAN',
  profile: '2',
  ...overrides,
});

describe('splitTargets', () => {
  it('splits on lines, commas, semicolons and spaces, dropping blanks and repeats (case-insensitive)', () => {
    expect(splitTargets(' 10.0.0.1\n10.0.0.0/24, host.example ;  \n\nHOST.example 10.0.0.1-10.0.0.9')).toEqual([
      '10.0.0.1',
      '10.0.0.0/24',
      'host.example',
      '10.0.0.1-10.0.0.9',
    ]);
    expect(splitTargets('  \n ')).toEqual([]);
  });
});

describe('validateStartScan', () => {
  it('starts pre-filled with the ids of start/{assetIds} and the external probe', () => {
    const initial = initialStartScanValues([3, 9]);
    expect(initial.assets).toEqual(['3', '9']);
    expect(initial.node).toBe('-1');
    expect(initial.runOn).toBe('probe');
  });

  it('requires a name, a target and a profile with the §5 wording', () => {
    const errors = validateStartScan(values({ name: '  ', profile: null }));
    expect(errors.name).toBe('Name is required');
    expect(errors.profile).toBe('Profile is required');
    expect(errors.targets).toBe('Choose at least one target.');
  });

  it('accepts saved targets alone, or typed ones alone', () => {
    expect(validateStartScan(values({ assets: ['4'] }))).toEqual({});
    expect(validateStartScan(values({ targets: '127.0.0.2\n10.0.0.0/30\nscan-me.example' }))).toEqual({});
  });

  it('names each bad typed target with the server’s message', () => {
    const errors = validateStartScan(values({ targets: '10.0.0.0/33, 10.0.0.1-10.0.0.300, ok.example', exclude: '999.1.1.1' }));
    expect(errors.targets).toContain('10.0.0.0/33: Enter a network as address/mask');
    expect(errors.targets).toContain('10.0.0.1-10.0.0.300: Enter a range as start-end');
    expect(errors.targets).not.toContain('ok.example');
    expect(errors.exclude).toBe('999.1.1.1: Enter a valid IP address or host name.');
    expect(validateTarget('192.0.2.1')).toBeNull();
  });

  it('requires a probe group only when the scan runs on a group', () => {
    expect(validateStartScan(values({ assets: ['1'], runOn: 'group' })).probe_group).toBe('Probe group is required');
    expect(validateStartScan(values({ assets: ['1'], runOn: 'group', probe_group: '5' }))).toEqual({});
  });
});

describe('toScanInput', () => {
  it('builds a payload the server accepts, on the external probe by default', () => {
    const input = toScanInput(values({ assets: ['4', '4', '6'], targets: '127.0.0.2, 10.0.0.0/30', exclude: '10.0.0.1' }));
    expect(input).toEqual({
      name: 'Office LAN',
      assets: [4, 6],
      targets: ['127.0.0.2', '10.0.0.0/30'],
      exclude: ['10.0.0.1'],
      profile: 2,
      node: -1,
      probe_group: null,
      unified_tags_set: null,
      start: true,
    });
    expect(networkScanInput.safeParse(input).success).toBe(true);
  });

  it('scans by tags: a tag alone is a target, sent as the tag set to include (any of them)', () => {
    expect(validateStartScan(values({ assets: [], targets: '', tags: ['7'] })).targets).toBeUndefined();
    const input = toScanInput(values({ assets: [], targets: '', tags: ['7', '9'] }));
    expect(input.unified_tags_set).toEqual({
      inclusion_tags: [7, 9],
      exclusion_tags: [],
      inclusion_tags_mode_all: false,
      exclusion_tags_mode_all: false,
    });
    expect(networkScanInput.safeParse(input).success).toBe(true);
  });

  it('sends a probe group instead of a probe (never both, which the server refuses)', () => {
    const input = toScanInput(values({ assets: ['4'], runOn: 'group', probe_group: '5', node: '8' }));
    expect(input.node).toBeNull();
    expect(input.probe_group).toBe(5);
    expect(networkScanInput.safeParse(input).success).toBe(true);
  });

  it('turns typed targets the server saved into asset ids and keeps the others as strings', () => {
    const saved = mergeSavedTargets(['Host.Example', '10.0.0.0/30', '127.0.0.2'], {
      hosts: [{ id: 11, host: 'host.example', name: '', description: '', asset_type: 2, created: '2026-11-20T10:00:00Z' }],
      ipranges: [
        { id: 12, iprange: '10.0.0.0/30', kind: 'network', name: '', description: '', asset_type: 1, created: '2026-11-20T10:00:00Z' },
      ],
      existing: 1,
    });
    expect(saved).toEqual({ assets: [11, 12], targets: ['127.0.0.2'] });
    const input = toScanInput(values({ assets: ['4'], targets: 'Host.Example 10.0.0.0/30 127.0.0.2' }), saved);
    expect(input.assets).toEqual([4, 11, 12]);
    expect(input.targets).toEqual(['127.0.0.2']);
  });
});
