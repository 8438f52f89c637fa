// The profile form's rules: the §5 standard-scan rule, port checks with core's messages, the saved payload
// (normalised, rule applied, credential ids from the pickers), import file reading and the edit route's id.
import { describe, expect, it } from 'vitest';
import { networkProfileInput, type NetworkProfile } from '@bulwark/core';
import {
  NEW_PROFILE,
  normalisePorts,
  parseImportFile,
  parseProfileId,
  profileEditPath,
  profileInput,
  profileValues,
  setStandardScan,
  validateProfile,
} from './profile-form.ts';

function aProfile(overrides: Partial<NetworkProfile> = {}): NetworkProfile {
  return {
    id: 5,
    name: 'Web servers',
    description: 'Only the web ports',
    type: 'nvt',
    builtin: false,
    user: null,
    created: '2026-11-20T10:00:00Z',
    modified: '2026-11-20T10:00:00Z',
    standard_scan: true,
    ss_tcp_extra_ports: '8443',
    ss_use_tcp: true,
    custom_tcp_range: '',
    custom_tcp_range_exclude: '',
    custom_udp_range: '',
    custom_udp_range_exclude: '',
    plus_categories: ['http'],
    minus_categories: [],
    plus_tests: [],
    minus_tests: ['http-trace'],
    safe_checks: true,
    win_auths: [3],
    lin_auths: [],
    kubernetes_auth: null,
    ...overrides,
  };
}

describe('standard scan rule', () => {
  it('switching standard scan off empties extra TCP ports and unchecks use-tcp; on again keeps them empty', () => {
    const off = setStandardScan(profileValues(aProfile()), false);
    expect(off.standard_scan).toBe(false);
    expect(off.ss_tcp_extra_ports).toBe('');
    expect(off.ss_use_tcp).toBe(false);
    const on = setStandardScan(off, true);
    expect(on.standard_scan).toBe(true);
    expect(on.ss_tcp_extra_ports).toBe('');
  });

  it('keeps safe checks as the profile has them, and sends them when saving', () => {
    expect(profileValues(aProfile()).safe_checks).toBe(true);
    expect(profileInput({ ...profileValues(aProfile()), safe_checks: false }).safe_checks).toBe(false);
  });

  it('is applied again when saving, whatever the fields hold', () => {
    const input = profileInput({ ...profileValues(aProfile()), standard_scan: false, custom_tcp_range: '22' });
    expect(input.ss_tcp_extra_ports).toBe('');
    expect(input.ss_use_tcp).toBe(false);
  });
});

describe('validateProfile', () => {
  it('requires a name', () => {
    expect(validateProfile({ ...NEW_PROFILE, name: ' ' }).name).toBe('Name is required');
    expect(validateProfile({ ...NEW_PROFILE, name: 'A' })).toEqual({});
  });

  it('checks every port field with core’s port messages', () => {
    const errors = validateProfile({
      ...NEW_PROFILE,
      name: 'A',
      ss_tcp_extra_ports: '80, 70000',
      custom_tcp_range: '100-90',
      custom_udp_range_exclude: '53, 53',
    });
    expect(errors.ss_tcp_extra_ports).toContain('70000');
    expect(errors.custom_tcp_range).toContain('100-90');
    expect(errors.custom_udp_range_exclude).toContain('53');
    expect(errors.custom_tcp_range_exclude).toBeUndefined();
  });

  it('asks for a port range when the standard scan is off', () => {
    expect(validateProfile({ ...NEW_PROFILE, name: 'A', standard_scan: false }).custom_tcp_range).toBe(
      'Without the standard scan, give a TCP or a UDP port range to scan.',
    );
    expect(validateProfile({ ...NEW_PROFILE, name: 'A', standard_scan: false, custom_udp_range: '53' })).toEqual({});
  });
});

describe('profileInput', () => {
  it('trims and normalises, keeps the credential lists of the edited profile, and passes the server schema', () => {
    const profile = aProfile();
    const input = profileInput({ ...profileValues(profile), name: '  Web servers  ', custom_tcp_range: ' 80 ,443,, 8000-8100 ' });
    expect(input.name).toBe('Web servers');
    expect(input.custom_tcp_range).toBe('80, 443, 8000-8100');
    expect(input.win_auths).toEqual([3]);
    expect(input.plus_categories).toEqual(['http']);
    expect(input.minus_tests).toEqual(['http-trace']);
    expect(networkProfileInput.safeParse(input).success).toBe(true);
  });

  it('holds credential ids as the pickers do (text) and sends them as numbers', () => {
    const values = profileValues(aProfile({ lin_auths: [4, 2], win_auths: [], kubernetes_auth: 8 }));
    expect(values).toMatchObject({ lin_auths: ['4', '2'], win_auths: [], kubernetes_auth: '8' });
    const input = profileInput({ ...values, win_auths: ['6'], kubernetes_auth: null });
    expect(input).toMatchObject({ lin_auths: [4, 2], win_auths: [6], kubernetes_auth: null });
    expect(networkProfileInput.safeParse(input).success).toBe(true);
  });

  it('gives a new profile empty credential lists', () => {
    const input = profileInput({ ...NEW_PROFILE, name: 'New' });
    expect(input).toMatchObject({ win_auths: [], lin_auths: [], kubernetes_auth: null, standard_scan: true, ss_use_tcp: true });
    expect(normalisePorts(' , ')).toBe('');
  });
});

describe('import and routes', () => {
  it('reads an export file, and says what is wrong with other files', () => {
    expect(parseImportFile('{"format":"bulwark-nprofile/1","name":"X"}')).toEqual({ data: { format: 'bulwark-nprofile/1', name: 'X' } });
    expect(parseImportFile('not json')).toEqual({ error: 'The file is not valid JSON.' });
    expect(parseImportFile('[1,2]')).toEqual({ error: 'The file does not hold a scan profile.' });
    expect(parseImportFile('null')).toEqual({ error: 'The file does not hold a scan profile.' });
  });

  it('reads the id of edit/nprofile/{id}', () => {
    expect(parseProfileId('new')).toBe('new');
    expect(parseProfileId('12')).toBe(12);
    expect(parseProfileId('x1')).toBeNull();
    expect(parseProfileId(undefined)).toBeNull();
    expect(profileEditPath('new')).toBe('/scans/scan-profiles/edit/nprofile/new');
    expect(profileEditPath(4)).toBe('/scans/scan-profiles/edit/nprofile/4');
  });
});
