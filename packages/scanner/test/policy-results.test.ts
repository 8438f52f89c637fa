// OVAL's truth tables: operators and checks over every kind of result, existence checks, negation and the flags of
// set operations.
import { describe, expect, it } from 'vitest';
import { combineByCheck, combineByOperator } from '../src/index.ts';
import type { OvalResult } from '../src/index.ts';
import { combineSetFlags, entityExistenceResult, existenceResult, negateResult } from '../src/policy/results.ts';

const T: OvalResult = 'true';
const F: OvalResult = 'false';
const E: OvalResult = 'error';
const U: OvalResult = 'unknown';
const NE: OvalResult = 'not evaluated';
const NA: OvalResult = 'not applicable';

describe('operators', () => {
  const cases: [OvalResult[], Record<string, OvalResult>][] = [
    [[T, T], { AND: T, OR: T, ONE: F, XOR: F }],
    [[T, F], { AND: F, OR: T, ONE: T, XOR: T }],
    [[F, F], { AND: F, OR: F, ONE: F, XOR: F }],
    [[T, T, T], { AND: T, OR: T, ONE: F, XOR: T }],
    [[T, E], { AND: E, OR: T, ONE: E, XOR: E }],
    [[F, E], { AND: F, OR: E, ONE: E, XOR: E }],
    [[T, U], { AND: U, OR: T, ONE: U, XOR: U }],
    [[F, U], { AND: F, OR: U, ONE: U, XOR: U }],
    [[E, U], { AND: E, OR: E, ONE: E, XOR: E }],
    [[T, NE], { AND: NE, OR: T, ONE: NE, XOR: NE }],
    [[F, NE], { AND: F, OR: NE, ONE: NE, XOR: NE }],
    [[U, NE], { AND: U, OR: U, ONE: U, XOR: U }],
    [[T, NA], { AND: T, OR: T, ONE: T, XOR: T }],
    [[F, NA], { AND: F, OR: F, ONE: F, XOR: F }],
    [[NA, NA], { AND: NA, OR: NA, ONE: NA, XOR: NA }],
    [[T, T, E], { AND: E, OR: T, ONE: F, XOR: E }],
    [[], { AND: U, OR: U, ONE: U, XOR: U }],
  ];
  for (const [inputs, want] of cases) {
    for (const [op, result] of Object.entries(want)) {
      it(`${op}(${inputs.join(', ') || 'nothing'}) = ${result}`, () => {
        expect(combineByOperator(inputs, op as 'AND')).toBe(result);
      });
    }
  }
});

describe('checks', () => {
  const cases: [OvalResult[], Record<string, OvalResult>][] = [
    [[T, T], { all: T, 'at least one': T, 'none satisfy': F, 'only one': F }],
    [[T, F], { all: F, 'at least one': T, 'none satisfy': F, 'only one': T }],
    [[F, F], { all: F, 'at least one': F, 'none satisfy': T, 'only one': F }],
    [[T, E], { all: E, 'at least one': T, 'none satisfy': F, 'only one': E }],
    [[F, E], { all: F, 'at least one': E, 'none satisfy': E, 'only one': E }],
    [[F, U], { all: F, 'at least one': U, 'none satisfy': U, 'only one': U }],
    [[T, NE], { all: NE, 'at least one': T, 'none satisfy': F, 'only one': NE }],
    [[F, NA], { all: F, 'at least one': F, 'none satisfy': T, 'only one': F }],
    [[NA], { all: NA, 'at least one': NA, 'none satisfy': NA, 'only one': NA }],
    [[], { all: U, 'at least one': U, 'none satisfy': U, 'only one': U }],
  ];
  for (const [inputs, want] of cases) {
    for (const [check, result] of Object.entries(want)) {
      it(`${check}(${inputs.join(', ') || 'nothing'}) = ${result}`, () => {
        expect(combineByCheck(inputs, check as 'all')).toBe(result);
      });
    }
  }
  it('treats the deprecated "none exist" like "none satisfy"', () => {
    expect(combineByCheck([F, F], 'none exist')).toBe(T);
    expect(combineByCheck([T, F], 'none exist')).toBe(F);
  });
});

describe('existence', () => {
  it('checks the number of items', () => {
    const table: [Parameters<typeof existenceResult>[0], number, number, OvalResult][] = [
      ['all_exist', 2, 0, T],
      ['all_exist', 0, 0, F],
      ['all_exist', 1, 1, E],
      ['any_exist', 0, 0, T],
      ['any_exist', 3, 1, T],
      ['any_exist', 0, 1, E],
      ['at_least_one_exists', 1, 0, T],
      ['at_least_one_exists', 1, 2, T],
      ['at_least_one_exists', 0, 0, F],
      ['at_least_one_exists', 0, 1, E],
      ['none_exist', 0, 0, T],
      ['none_exist', 1, 0, F],
      ['none_exist', 0, 1, E],
      ['only_one_exists', 1, 0, T],
      ['only_one_exists', 2, 0, F],
      ['only_one_exists', 0, 0, F],
      ['only_one_exists', 1, 1, E],
    ];
    for (const [existence, exists, errors, result] of table)
      expect(existenceResult(existence, exists, errors), `${existence} ${exists}/${errors}`).toBe(result);
  });

  it('checks the statuses of a state entity', () => {
    expect(entityExistenceResult('at_least_one_exists', ['exists', 'does not exist'])).toBe(T);
    expect(entityExistenceResult('all_exist', ['exists', 'does not exist'])).toBe(F);
    expect(entityExistenceResult('none_exist', ['does not exist'])).toBe(T);
    expect(entityExistenceResult('none_exist', ['exists'])).toBe(F);
    expect(entityExistenceResult('only_one_exists', ['exists', 'exists'])).toBe(F);
    expect(entityExistenceResult('any_exist', ['error'])).toBe(E);
  });
});

describe('negation and set flags', () => {
  it('negates only true and false', () => {
    expect([T, F, E, U, NE, NA].map(negateResult)).toEqual([F, T, E, U, NE, NA]);
  });

  it('combines collection flags of set operands', () => {
    expect(combineSetFlags('complete', 'does not exist', 'UNION')).toBe('complete');
    expect(combineSetFlags('does not exist', 'does not exist', 'UNION')).toBe('does not exist');
    expect(combineSetFlags('complete', 'error', 'UNION')).toBe('error');
    expect(combineSetFlags('complete', 'does not exist', 'INTERSECTION')).toBe('does not exist');
    expect(combineSetFlags('complete', 'not collected', 'INTERSECTION')).toBe('not collected');
    expect(combineSetFlags('complete', 'does not exist', 'COMPLEMENT')).toBe('complete');
    expect(combineSetFlags('complete', 'incomplete', 'COMPLEMENT')).toBe('error');
    expect(combineSetFlags('does not exist', 'complete', 'COMPLEMENT')).toBe('does not exist');
  });
});
