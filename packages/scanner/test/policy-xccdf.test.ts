// XCCDF benchmarks: reading rules, values, profiles and platforms (a small hand-written benchmark and the SCAP
// Security Guide content on this machine), and evaluating a profile with CPE applicability and scoring.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluatePolicy, loadBenchmark, loadBenchmarkFile, localRunner, resolveProfile } from '../src/index.ts';

const FIXTURES = join(import.meta.dirname, 'policy-fixtures');
const SSG = '/usr/share/xml/scap/ssg/content';

describe('a small benchmark', () => {
  const b = loadBenchmarkFile(join(FIXTURES, 'small-xccdf.xml'));

  it('reads rules, values and profiles', () => {
    expect(b.title).toBe('Small benchmark');
    expect(b.version).toBe('1.0');
    expect(b.profiles.map((p) => p.id)).toEqual(['xccdf_test_profile_strict', 'xccdf_test_profile_stricter']);
    const rule = b.rules.get('xccdf_test_rule_pass');
    expect(rule).toMatchObject({
      title: 'Passes',
      severity: 'high',
      description: 'Needs 41.',
      rationale: 'Because.',
      fixText: 'Do nothing.',
      oval: { href: 'small-oval.xml', definitionId: 'oval:b:def:true', exports: [], negate: false },
      groups: ['xccdf_test_group_main'],
      idents: [{ system: 'https://nvd.nist.gov/cce/index.cfm', value: 'CCE-0000-1' }],
    });
    expect(b.rules.get('xccdf_test_rule_fail')?.fixScript).toBe('echo 41');
    expect(b.rules.get('xccdf_test_rule_value')?.oval?.exports).toEqual([
      { exportName: 'oval:b:var:answer', valueId: 'xccdf_test_value_answer' },
    ]);
    expect(b.values.get('xccdf_test_value_answer')?.options).toEqual({ right: '42', '': '41' });
    expect(b.cpeItems.get('cpe:/a:unix')).toEqual({ href: 'small-oval.xml', definitionId: 'oval:b:def:true' });
  });

  it('resolves profile selections, extension and values', () => {
    expect(resolveProfile(b).selectedRules).toEqual([
      'xccdf_test_rule_pass',
      'xccdf_test_rule_fail',
      'xccdf_test_rule_value',
      'xccdf_test_rule_windows',
      'xccdf_test_rule_nocheck',
      'xccdf_test_rule_legacy',
    ]);
    const strict = resolveProfile(b, 'xccdf_test_profile_strict');
    expect(strict.selectedRules).toContain('xccdf_test_rule_optional');
    // requires: one of the listed rules must be selected; conflicts: none may be.
    expect(strict.selectedRules).toContain('xccdf_test_rule_needs_optional');
    expect(resolveProfile(b).selectedRules).not.toContain('xccdf_test_rule_needs_optional');
    expect(strict.selectedRules).not.toContain('xccdf_test_rule_conflicts_pass');
    expect(strict.selectedRules).not.toContain('xccdf_test_rule_legacy');
    expect(strict.values.xccdf_test_value_answer).toBe('42');
    expect(strict.weights.xccdf_test_rule_fail).toBe(1);
    const stricter = resolveProfile(b, 'xccdf_test_profile_stricter');
    expect(stricter.selectedRules).not.toContain('xccdf_test_rule_nocheck');
    expect(stricter.values.xccdf_test_value_answer).toBe('42');
    expect(() => resolveProfile(b, 'nope')).toThrow(/not in benchmark/);
  });

  it('evaluates a profile: results, applicability, values and scores', async () => {
    const r = await evaluatePolicy(b, 'xccdf_test_profile_strict', localRunner());
    const by = Object.fromEntries(r.rules.map((x) => [x.ruleId.replace('xccdf_test_rule_', ''), x.result]));
    expect(by).toEqual({
      pass: 'pass',
      fail: 'fail',
      value: 'pass',
      windows: 'notapplicable',
      nocheck: 'notchecked',
      needs_optional: 'pass',
      optional: 'pass',
    });
    expect(r.counts).toEqual({ pass: 4, fail: 1, error: 0, unknown: 0, notapplicable: 1, notchecked: 1 });
    expect(r.scoreFlat).toBe(80);
    expect(r.score).toBe(80);
    expect(r.rules.find((x) => x.ruleId === 'xccdf_test_rule_fail')?.severity).toBe('low');
    expect(r.rules[0].evidence[0]).toContain('true');
  });

  it('scores by weight, group by group, without a profile', async () => {
    const r = await evaluatePolicy(b, undefined, localRunner());
    expect(r.counts).toMatchObject({ pass: 1, fail: 3, notapplicable: 1, notchecked: 1 });
    expect(r.scoreFlat).toBe(16.67);
    expect(r.score).toBe(10);
  });

  it('marks everything not applicable when the benchmark platform does not match', async () => {
    const xml = readFileSync(join(FIXTURES, 'small-xccdf.xml'), 'utf8').replace(
      '<platform idref="#unix"/>',
      '<platform idref="#windows"/>',
    );
    const read = (href: string) => readFileSync(join(FIXTURES, href), 'utf8');
    const other = loadBenchmark(xml, { readHref: read, cpeDictionary: read('small-cpe-dictionary.xml') });
    expect((await evaluatePolicy(other, undefined, localRunner())).counts.notapplicable).toBe(6);
    const forced = await evaluatePolicy(other, undefined, localRunner(), { ignoreBenchmarkPlatform: true });
    expect(forced.counts.pass).toBe(1);
  });
});

describe.skipIf(!existsSync(join(SSG, 'ssg-debian11-ds.xml')))('the SCAP Security Guide for Debian 11', () => {
  it('reads the XCCDF file and the datastream alike', () => {
    const file = loadBenchmarkFile(join(SSG, 'ssg-debian11-xccdf.xml'));
    const ds = loadBenchmark(readFileSync(join(SSG, 'ssg-debian11-ds.xml'), 'utf8'));
    for (const b of [file, ds]) {
      expect(b.id).toBe('xccdf_org.ssgproject.content_benchmark_DEBIAN-11');
      expect(b.profiles.map((p) => p.id)).toContain('xccdf_org.ssgproject.content_profile_standard');
      expect(b.rules.size).toBe(355);
      expect(b.cpeItems.get('cpe:/a:machine')?.definitionId).toBe('oval:ssg-installed_env_is_a_machine:def:1');
      const rule = b.rules.get('xccdf_org.ssgproject.content_rule_accounts_maximum_age_login_defs');
      expect(rule?.oval?.definitionId).toBe('oval:ssg-accounts_maximum_age_login_defs:def:1');
      expect(rule?.oval?.exports[0].exportName).toBe('oval:ssg-var_accounts_maximum_age_login_defs:var:1');
      expect(rule?.platforms).toEqual([['#login_defs']]);
      expect(rule?.description).toContain('PASS_MAX_DAYS 60');
      expect(b.oval('ssg-debian11-oval.xml')?.definitions.size).toBe(487);
    }
    const std = resolveProfile(file, 'xccdf_org.ssgproject.content_profile_standard');
    expect(std.selectedRules.length).toBeGreaterThan(40);
  });
});
