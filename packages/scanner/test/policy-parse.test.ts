// Reading OVAL: the SCAP Security Guide documents on this machine (alone and inside the datastream) and the details
// that matter for evaluation: entity attributes, behaviors, filters, sets, nil entities, component order.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOvalDocument } from '../src/index.ts';

const SSG = '/usr/share/xml/scap/ssg/content';
const have = existsSync(join(SSG, 'ssg-debian11-oval.xml')) && existsSync(join(SSG, 'ssg-debian11-ds.xml'));

describe('a hand-written document', () => {
  const doc = loadOvalDocument(readFileSync(join(import.meta.dirname, 'policy-fixtures', 'files.xml'), 'utf8'));

  it('reads objects with their entities, behaviors, filters and sets', () => {
    const deep = doc.objects.get('oval:f:obj:deep_depth_1');
    expect(deep).toMatchObject({
      type: 'file_object',
      family: 'unix',
      behaviors: { recurse_direction: 'down', max_depth: '1', recurse_file_system: 'all' },
    });
    expect(deep?.entities.map((e) => [e.name, e.operation])).toEqual([
      ['path', 'equals'],
      ['filename', 'pattern match'],
    ]);
    expect(doc.objects.get('oval:f:obj:deep_dirs')?.entities[1]).toMatchObject({ name: 'filename', nil: true });
    expect(doc.objects.get('oval:f:obj:perm_world_writable')?.filters).toEqual([{ action: 'include', stateRef: 'oval:f:ste:owrite' }]);
    expect(doc.objects.get('oval:f:obj:nested_sets')?.set?.sets.map((s) => s.operator)).toEqual(['UNION', 'COMPLEMENT']);
    expect(doc.objects.get('oval:f:obj:var_patterns')?.entities[1]).toMatchObject({
      varRef: 'oval:f:var:patterns',
      varCheck: 'at least one',
    });
  });

  it('reads tests, states and variables', () => {
    expect(doc.tests.get('oval:f:tst:port_22_or_2222')).toMatchObject({
      check: 'all',
      checkExistence: 'at_least_one_exists',
      stateOperator: 'OR',
      objectRef: 'oval:f:obj:port',
      stateRefs: ['oval:f:ste:port_22', 'oval:f:ste:port_2222'],
    });
    expect(doc.states.get('oval:f:ste:port_gt_100')?.entities[0]).toMatchObject({
      datatype: 'int',
      operation: 'greater than',
      value: '100',
    });
    expect(doc.variables.get('oval:f:var:ports')).toMatchObject({ kind: 'constant', values: ['22', '2222'] });
    expect(doc.definitions.get('oval:f:def:sshd_port')?.criteria).toEqual({
      kind: 'criteria',
      operator: 'AND',
      negate: false,
      applicabilityCheck: false,
      children: [{ kind: 'criterion', testRef: 'oval:f:tst:port_all_22', negate: false }],
    });
  });

  it('refuses what is not OVAL', () => {
    expect(() => loadOvalDocument('<html><body/></html>')).toThrow(/No OVAL definitions/);
  });
});

describe.skipIf(!have)('the SCAP Security Guide', () => {
  const d11 = have ? loadOvalDocument(readFileSync(join(SSG, 'ssg-debian11-oval.xml'), 'utf8')) : undefined;

  it('reads Debian 11 and 10 OVAL, and the OVAL inside the datastream', () => {
    const d10 = loadOvalDocument(readFileSync(join(SSG, 'ssg-debian10-oval.xml'), 'utf8'));
    const ds = loadOvalDocument(readFileSync(join(SSG, 'ssg-debian11-ds.xml'), 'utf8'));
    const cpe = loadOvalDocument(readFileSync(join(SSG, 'ssg-debian11-ds.xml'), 'utf8'), { component: 'cpe-oval' });
    for (const doc of [d11, d10, ds]) {
      expect(doc?.definitions.size).toBe(487);
      expect(doc?.tests.size).toBe(918);
      expect(doc?.objects.size).toBe(998);
      expect(doc?.schemaVersion).toBe('5.11');
    }
    expect(ds.states.size).toBe(d11?.states.size);
    expect(ds.variables.size).toBe(d11?.variables.size);
    expect(cpe.definitions.has('oval:ssg-installed_env_is_a_machine:def:1')).toBe(true);
  });

  it('keeps the order of concatenated components and decodes entities', () => {
    const concat = [...(d11?.variables.values() ?? [])].find(
      (x) =>
        x.component?.kind === 'function' &&
        x.component.name === 'concat' &&
        x.component.args.some((a) => a.kind === 'variable' && a.varRef === 'oval:ssg-var_rekey_limit_size:var:1'),
    );
    const args = concat?.component?.kind === 'function' ? concat.component.args : [];
    expect(args.map((a) => (a.kind === 'literal' ? a.value : a.kind))).toEqual(['^', 'variable', '[\\s]+', 'variable', '[\\s]*$']);
    const audit = d11?.objects.get('oval:ssg-object_system_privileged_commands:obj:1');
    expect(audit?.filters.map((f) => f.action)).toEqual(['include', 'exclude']);
    const patterns = [...(d11?.objects.values() ?? [])].flatMap((o) => o.entities.filter((e) => e.name === 'pattern').map((e) => e.value));
    expect(patterns.some((p) => p.includes('auid>=1000'))).toBe(true);
    expect(patterns.some((p) => p.includes('&gt;') || p.includes('&amp;'))).toBe(false);
  });
});
