// The pure rules of the policy screens: scores, result counts, the profile form's values and checks, the policy picker's
// choices, the OVAL import's name, and where a run's result and its calls are for each kind of scan.
import { describe, expect, it } from 'vitest';
import { countItems, parsePolicyProfileId, policyProfileEditPath, scoreColor, scoreText, sumCounts } from './policy-format.ts';
import { scoreNote } from './PolicyRunSummary.tsx';
import { NO_LINUX_CREDENTIAL, policyProfileInput, policyProfileValues, validatePolicyProfile } from './policy-profile-form.ts';
import { policyChoices } from './PolicyPicker.tsx';
import { nameFromFile } from './ImportOvalForm.tsx';
import { assetFilters } from '../assets/asset-format.ts';
import { runResultPath } from '../scans/scan-format.ts';
import { runsPath, scansPath } from '../scans/scans-api.ts';
import { aPolicy, aPolicyHost, aPolicyProfile, aPolicyRun, STANDARD } from '../../../test/support/policies.ts';

describe('scores and counts', () => {
  it('writes a score with at most one decimal and colours it by band', () => {
    expect(scoreText(72.41)).toBe('72.4%');
    expect(scoreText(50)).toBe('50%');
    expect(scoreText(null)).toBe('–');
    expect([scoreColor(95), scoreColor(80), scoreColor(79.9), scoreColor(50), scoreColor(12), scoreColor(null)]).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
      'gray',
    ]);
  });

  it('lists pass, fail, error and not applicable always, unknown and not checked only when there are any', () => {
    const counts = aPolicyHost().counts;
    expect(countItems(counts).map((c) => `${c.label}: ${c.count}`)).toEqual(['Pass: 16', 'Fail: 2', 'Error: 1', 'Not applicable: 25']);
    expect(countItems({ ...counts, notchecked: 3 }).map((c) => c.result)).toContain('notchecked');
    expect(sumCounts([counts, counts])).toEqual({ pass: 32, fail: 4, error: 2, unknown: 0, notapplicable: 50, notchecked: 0 });
  });
});

describe('the policy profile form', () => {
  it('round-trips a profile and sends trimmed text and credential ids as numbers', () => {
    const values = policyProfileValues(aPolicyProfile({ lin_auths: [4, 7] }));
    expect(values).toEqual({
      name: 'Debian baseline',
      description: 'The jump hosts',
      policy: STANDARD,
      lin_auths: ['4', '7'],
      ignore_platform: true,
    });
    expect(policyProfileInput({ ...values, name: '  Baseline ' })).toEqual({
      name: 'Baseline',
      description: 'The jump hosts',
      policy: STANDARD,
      lin_auths: [4, 7],
      ignore_platform: true,
    });
  });

  it('asks for a name, a policy and a Linux credential before anything is sent', () => {
    expect(validatePolicyProfile({ name: ' ', description: '', policy: null, lin_auths: [], ignore_platform: false })).toEqual({
      name: expect.stringMatching(/required/i),
      policy: 'Choose a policy.',
      lin_auths: NO_LINUX_CREDENTIAL,
    });
  });

  it('groups the library by source, and keeps a chosen policy the library lost', () => {
    const imported = aPolicy({ id: 'imported:3', name: 'SSH rules', source: 'imported', benchmark: 'SSH rules', version: null });
    const groups = policyChoices([aPolicy(), imported], 'gone.xml#p', 'Old policy');
    expect(groups.map((g) => [g.group, g.items.map((i) => i.label)])).toEqual([
      ['SCAP Security Guide', ['Debian 11: Standard System Security Profile for Debian 11']],
      ['Imported OVAL files', ['SSH rules']],
      ['Chosen before', ['Old policy (no longer in the library)']],
    ]);
    expect(policyChoices([aPolicy()], STANDARD, null)).toHaveLength(1);
  });

  it('names an imported file after the file, and parses the editor’s address', () => {
    expect(nameFromFile('ssh-rules.oval.xml')).toBe('ssh-rules');
    expect(nameFromFile('Hardening.XML')).toBe('Hardening');
    expect(policyProfileEditPath(12)).toBe('/scans/scan-profiles/edit/oprofile/12');
    expect([parsePolicyProfileId('new'), parsePolicyProfileId('12'), parsePolicyProfileId('x'), parsePolicyProfileId('0')]).toEqual([
      'new',
      12,
      null,
      null,
    ]);
  });
});

describe('network and policy runs', () => {
  it('puts each kind at its own addresses', () => {
    expect(runResultPath(7)).toBe('/scans/scans/view/nscan/7');
    expect(runResultPath(31, 'oval')).toBe('/scans/scans/view/oscan/31');
    expect([runsPath('nvt'), runsPath('oval'), scansPath('nvt'), scansPath('oval')]).toEqual([
      'scan/nruns',
      'scan/noruns',
      'scan/nscans',
      'scan/oscans',
    ]);
  });
});

describe('the asset list', () => {
  it('filters by kind, Policy among them (hosts with a policy result)', () => {
    const kind = assetFilters([], false).find((f) => f.name === 'asset_kind');
    expect(kind).toMatchObject({ kind: 'multi-select', label: 'Kind' });
    expect(kind?.kind === 'multi-select' ? kind.options.map((o) => o.value) : []).toContain('policy');
  });
});

describe('the policy run summary’s score note', () => {
  it('agrees with the hosts evaluated beside it', () => {
    const ended = aPolicyRun({ status: 2, score: null });
    expect(scoreNote(aPolicyRun({ status: 2, score: 80 }), 1)).toBe('The mean score of the hosts evaluated (XCCDF default model).');
    expect(scoreNote(ended, 0)).toBe('Nothing could be scored: no host was evaluated.');
    // One host evaluated with every rule not applicable: not "no host was evaluated".
    expect(scoreNote(ended, 1)).toBe(
      'Nothing could be scored: the host was evaluated, but no rule of the policy applied (every rule was not applicable or not checked).',
    );
    expect(scoreNote(ended, 1)).not.toContain('no host was evaluated');
    expect(scoreNote(ended, 3)).toContain('3 hosts were evaluated');
  });
});
