// The OVAL evaluator end to end on this machine: criteria trees, tests (existence, check, state operators, variables
// in states) and file objects (paths, patterns, recursion, filters, sets) over a small tree made for the test.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateDefinitions, loadOvalDocument, localRunner, OvalEngine, type OvalDocument } from '../src/index.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'policy-fixtures', name), 'utf8');

describe('criteria', () => {
  const doc = loadOvalDocument(fixture('criteria.xml'));
  const results = evaluateDefinitions(doc, localRunner());
  const expected: Record<string, string> = {
    and_tt: 'true',
    and_tf: 'false',
    and_te: 'error',
    and_fe: 'false',
    and_tu: 'unknown',
    and_tn: 'not evaluated',
    or_ft: 'true',
    or_fe: 'error',
    or_te: 'true',
    or_ff: 'false',
    one_tf: 'true',
    one_tt: 'false',
    xor_ttt: 'true',
    xor_tt: 'false',
    negated: 'false',
    negated_error: 'error',
    extends: 'true',
    missing_test: 'error',
  };
  for (const [name, result] of Object.entries(expected)) {
    it(`${name} is ${result}`, async () => {
      const r = (await results).find((x) => x.id === `oval:t:def:${name}`);
      expect(r?.result).toBe(result);
    });
  }

  it('explains results with the tests that decided them', async () => {
    const r = (await results).find((x) => x.id === 'oval:t:def:and_tf');
    expect(r?.title).toBe('AND of true, false');
    expect(r?.evidence).toEqual(['family is unix: true; 1 item: family=unix', 'family is windows: false; 1 item: family=unix']);
    const ne = (await results).find((x) => x.id === 'oval:t:def:and_tn');
    expect(ne?.message).toContain('does not collect windows:registry_object');
  });

  it('only evaluates the definitions asked for', async () => {
    const r = await evaluateDefinitions(doc, localRunner(), { definitionIds: ['oval:t:def:or_ft'] });
    expect(r.map((x) => x.result)).toEqual(['true']);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(evaluateDefinitions(doc, localRunner(), { signal: controller.signal })).rejects.toThrow(/abort/i);
  });

  it('takes external variables from the caller', async () => {
    const engine = new OvalEngine(doc, localRunner(), { externalVariables: { 'oval:t:var:unbound': '1' } });
    expect((await engine.test('oval:t:tst:unknown')).result).toBe('true');
  });
});

describe('files and text content', () => {
  let root: string;
  let doc: OvalDocument;
  let engine: OvalEngine;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'bulwark-oval-'));
    const w = (p: string, s: string, mode?: number) => {
      mkdirSync(join(root, p, '..'), { recursive: true });
      writeFileSync(join(root, p), s);
      if (mode !== undefined) chmodSync(join(root, p), mode);
    };
    w('etc/app.conf', '# Port 1\nPort 22\nPort 2222\nPermitRootLogin no\nMaxAuthTries 4\n');
    w('conf.d/a.conf', 'enabled=yes\n');
    w('conf.d/b.conf', 'enabled=no\n');
    w('conf.d/c.txt', 'enabled=yes\n');
    w('deep/l1/x.conf', '');
    w('deep/l1/l2/y.conf', '');
    w('deep/l1/l2/l3/z.conf', '');
    w('perm/open', '', 0o666);
    w('perm/closed', '', 0o600);
    w('perm/suid', '', 0o4755);
    w('multi.txt', 'begin\nfoo\nend\n');
    symlinkSync('etc/app.conf', join(root, 'link'));
    doc = loadOvalDocument(fixture('files.xml').replaceAll('@ROOT@', root));
    engine = new OvalEngine(doc, localRunner());
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const items = async (id: string) => (await engine.object(`oval:f:obj:${id}`)).items;
  const test = async (id: string) => (await engine.test(`oval:f:tst:${id}`)).result;
  const field = (list: { entities(n: string): { value: string }[] }[], name: string) =>
    list.map((i) =>
      i
        .entities(name)
        .map((e) => e.value)
        .join(','),
    );

  it('reads every instance of a pattern with its subexpressions', async () => {
    const got = await items('port');
    expect(field(got, 'subexpression')).toEqual(['22', '2222']);
    expect(field(got, 'instance')).toEqual(['1', '2']);
    expect(field(got, 'text')).toEqual(['Port 22', 'Port 2222']);
    expect(field(got, 'path')).toEqual([`${root}/etc`, `${root}/etc`]);
    expect(field(await items('port_first'), 'subexpression')).toEqual(['22']);
    expect(field(await items('port_second'), 'subexpression')).toEqual(['2222']);
  });

  it('applies check to the items', async () => {
    expect(await test('port_all_22')).toBe('false');
    expect(await test('port_one_22')).toBe('true');
    expect(await test('port_none_23')).toBe('true');
    expect(await test('port_none_22')).toBe('false');
    expect(await test('port_only_one_22')).toBe('true');
    expect(await test('port_all_gt_100')).toBe('false');
    expect(await test('port_one_gt_100')).toBe('true');
  });

  it('combines several states with state_operator', async () => {
    expect(await test('port_22_or_2222')).toBe('true');
    expect(await test('port_22_and_2222')).toBe('false');
  });

  it('compares with variables by var_check', async () => {
    expect(await test('port_in_var_any')).toBe('true');
    expect(await test('port_in_var_all')).toBe('false');
  });

  it('applies check_existence', async () => {
    expect(await test('port_all_exist')).toBe('true');
    expect(await test('port_any_exist')).toBe('true');
    expect(await test('port_at_least_one')).toBe('true');
    expect(await test('port_none_exist')).toBe('false');
    expect(await test('port_only_one')).toBe('false');
    expect(await test('first_only_one')).toBe('true');
    expect(await test('missing_all_exist')).toBe('false');
    expect(await test('missing_any_exist')).toBe('true');
    expect(await test('missing_none_exist')).toBe('true');
    expect(await test('missing_at_least_one')).toBe('false');
    expect((await engine.object('oval:f:obj:missing')).flag).toBe('does not exist');
  });

  it('finds files by filepath pattern and by path with filename pattern', async () => {
    expect(field(await items('conf_d'), 'filename').sort()).toEqual(['a.conf', 'b.conf']);
    expect(field(await items('conf_d_path'), 'subexpression').sort()).toEqual(['no', 'yes']);
  });

  it('honours singleline and multiline behaviors', async () => {
    expect(field(await items('singleline'), 'subexpression')).toEqual(['foo']);
    expect(await items('no_singleline')).toHaveLength(0);
    expect(await items('not_multiline')).toHaveLength(0);
  });

  it('collects every value of a variable used in an object entity', async () => {
    expect(field(await items('var_patterns'), 'subexpression').sort()).toEqual(['22', '2222', '4']);
    const none = await engine.object('oval:f:obj:empty_var_pattern');
    expect(none.flag).toBe('does not exist');
    expect(none.messages[0]).toContain('oval:f:var:none');
  });

  it('recurses down with max_depth and up through parents', async () => {
    expect(field(await items('deep_depth_1'), 'filename')).toEqual(['x.conf']);
    expect(field(await items('deep_all'), 'filename').sort()).toEqual(['x.conf', 'y.conf', 'z.conf']);
    expect(field(await items('no_recursion'), 'filename')).toEqual([]);
    expect(field(await items('deep_dirs'), 'path').sort()).toEqual(
      ['deep', 'deep/l1', 'deep/l1/l2', 'deep/l1/l2/l3'].map((p) => `${root}/${p}`),
    );
    expect(field(await items('deep_dirs'), 'filepath')).toEqual(['', '', '', '']);
    expect(field(await items('deep_dirs_1'), 'path').sort()).toEqual([`${root}/deep`, `${root}/deep/l1`]);
    expect(field(await items('deep_up'), 'filepath')).toEqual([`${root}/deep/l1/x.conf`]);
    expect(field(await items('pattern_path'), 'filename').sort()).toEqual(['x.conf', 'y.conf']);
  });

  it('reports modes, owners and types', async () => {
    const perm = await items('perm_all');
    const byName = Object.fromEntries(perm.map((i) => [i.entities('filename')[0].value, i]));
    expect(byName.open.entities('owrite')[0]).toEqual({ value: 'true', datatype: 'boolean', status: 'exists' });
    expect(byName.closed.entities('gread')[0].value).toBe('false');
    expect(byName.suid.entities('suid')[0].value).toBe('true');
    expect(byName.suid.entities('user_id')[0]).toEqual({ value: String(process.getuid?.() ?? 0), datatype: 'int', status: 'exists' });
    expect(await test('suid_set')).toBe('true');
    expect(await test('all_owner_readable')).toBe('true');
    expect(await test('link_is_symlink')).toBe('true');
    // A filepath that names a directory is not a file item.
    expect(await items('conf_dir')).toHaveLength(0);
  });

  it('filters items by state', async () => {
    expect(field(await items('perm_world_writable'), 'filename')).toEqual(['open']);
    expect(field(await items('perm_not_world_writable'), 'filename').sort()).toEqual(['closed', 'suid']);
    expect(await test('no_world_writable')).toBe('false');
  });

  it('evaluates sets', async () => {
    expect(field(await items('set_complement'), 'filename').sort()).toEqual(['b.conf', 'c.txt']);
    expect(field(await items('set_intersection'), 'filename')).toEqual(['a.conf']);
    expect(field(await items('set_union_filtered'), 'filename').sort()).toEqual(['a.conf', 'closed', 'suid']);
    expect(field(await items('nested_sets'), 'filename').sort()).toEqual(['a.conf', 'closed', 'suid']);
  });

  it('asks the target in batches', async () => {
    const fresh = new OvalEngine(doc, localRunner());
    await Promise.all([...doc.tests.keys()].map((id) => fresh.test(id)));
    await Promise.all([...doc.objects.keys()].map((id) => fresh.object(id)));
    // 40-odd objects: a handful of waves (exact paths, walks, reads, and the objects that depend on variables).
    expect(fresh.target.commands).toBeLessThanOrEqual(12);
  });
});
