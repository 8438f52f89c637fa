// Local variables: each OVAL function over literals and collected items, and how variables without values behave in
// objects and tests.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOvalDocument, localRunner, OvalEngine } from '../src/index.ts';

describe('local variables', () => {
  let root: string;
  let engine: OvalEngine;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'bulwark-oval-vars-'));
    writeFileSync(join(root, 'login.defs'), '# UMASK 077\nUMASK 022\n');
    writeFileSync(join(root, 'passwd'), 'root:x:0:0\nbin:x:1:1\nroot:x:0:0\n');
    const xml = readFileSync(join(import.meta.dirname, 'policy-fixtures', 'variables.xml'), 'utf8').replaceAll('@ROOT@', root);
    engine = new OvalEngine(loadOvalDocument(xml), localRunner(), { now: () => 5000 });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const values = async (id: string) => (await engine.variable(`oval:v:var:${id}`)).values.map((v) => v.value);

  it('computes each function', async () => {
    expect(await values('literal')).toEqual(['7']);
    expect(await values('concat')).toEqual(['pre-alpha-post', 'pre-beta-post']);
    expect(await values('split')).toEqual(['a', 'b', '', 'c']);
    expect(await values('substring')).toEqual(['bc']);
    expect(await values('regex_capture')).toEqual(['answer']);
    expect(await values('regex_no_match')).toEqual(['']);
    expect(await values('arithmetic')).toEqual(['20']);
    expect(await values('count')).toEqual(['3']);
    expect(await values('unique')).toEqual(['bin', 'root']);
    expect(await values('escape')).toEqual(['/etc/a\\.b\\(c\\)']);
    expect(await values('begin_end')).toEqual(['/etc/']);
    expect(await values('glob')).toEqual(['^/etc/rsyslog\\.d/(?=[^.])[^/]*\\.conf$']);
    expect(await values('time_difference')).toEqual(['86400']);
    expect(await values('age')).toEqual(['4000']);
    expect(await values('umask_digits')).toEqual(['0', '2', '2']);
  });

  it('types values: count and arithmetic give integers', async () => {
    expect((await engine.variable('oval:v:var:count')).values[0].datatype).toBe('int');
    expect((await engine.variable('oval:v:var:arithmetic')).values[0].datatype).toBe('int');
    expect((await engine.variable('oval:v:var:concat')).values[0].datatype).toBe('string');
  });

  it('computes an octal umask from collected text and tests it', async () => {
    expect(await values('umask_number')).toEqual(['18']);
    expect((await engine.test('oval:v:tst:umask_octal')).result).toBe('true');
    expect((await engine.test('oval:v:tst:umask_bits')).result).toBe('true');
  });

  it('carries "does not exist" from an empty object', async () => {
    const none = await engine.variable('oval:v:var:count_none');
    expect(none.flag).toBe('does not exist');
    expect((await engine.variable('oval:v:var:capture_none')).flag).toBe('does not exist');
    // A variable_object over a variable without values does not exist, so at_least_one_exists fails.
    expect((await engine.object('oval:v:obj:missing_number')).flag).toBe('does not exist');
    expect((await engine.test('oval:v:tst:no_values')).result).toBe('false');
  });

  it('is an error when items lack the field', async () => {
    const v = await engine.variable('oval:v:var:missing_field');
    expect(v.flag).toBe('error');
    expect(v.messages.join(' ')).toContain('no_such_field');
  });
});
