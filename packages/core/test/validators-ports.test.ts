// Tests of the port, port range, list and ticket number validators (feature-areas §5, §8).
import { describe, it, expect } from 'vitest';
import {
  isValidPort,
  isValidPortRange,
  validatePortEntry,
  validatePortList,
  validatePortOrRange,
  validatePortString,
  validateTicketNumber,
  validateTicketNumberEntry,
} from '../src/validators.ts';

describe('port', () => {
  it('accepts 1 to 65535', () => {
    expect(isValidPort('1')).toBe(true);
    expect(isValidPort('80')).toBe(true);
    expect(isValidPort('65535')).toBe(true);
  });

  it('rejects 0, 65536 and non-digits', () => {
    for (const v of ['0', '65536', '99999', '', ' 80', '80 ', '+80', '-1', '8.0', '1e3', 'http', '٨٠'])
      expect(isValidPort(v), v).toBe(false);
  });

  it('accepts leading zeros by value (documented choice: "digits only" and 1-65535)', () => {
    expect(isValidPort('01')).toBe(true);
    expect(isValidPort('00')).toBe(false);
  });
});

describe('port range', () => {
  it('accepts a-b with both ports valid and end not below start', () => {
    expect(isValidPortRange('1-65535')).toBe(true);
    expect(isValidPortRange('80-80')).toBe(true);
    expect(isValidPortRange('10-20')).toBe(true);
  });

  it('rejects a reversed range, invalid ends and bad shapes', () => {
    for (const v of ['10-5', '0-10', '10-65536', '10-', '-10', '1-2-3', '10 - 20', 'a-b', '10']) expect(isValidPortRange(v), v).toBe(false);
  });
});

describe('port or range message', () => {
  it('is null when valid and the exact message otherwise', () => {
    expect(validatePortOrRange('443')).toBeNull();
    expect(validatePortOrRange('8000-8080')).toBeNull();
    expect(validatePortOrRange('70000')).toBe('70000 is not a valid port or range.');
    expect(validatePortOrRange('10-5')).toBe('10-5 is not a valid port or range.');
  });
});

describe('port lists and duplicates', () => {
  it('rejects a value already on the list', () => {
    expect(validatePortEntry('80', ['22', '80'], 'TCP ports')).toBe('80 already on TCP ports.');
    expect(validatePortEntry(' 80 ', ['80'], 'TCP ports')).toBe('80 already on TCP ports.');
    expect(validatePortEntry('81', ['22', '80'], 'TCP ports')).toBeNull();
  });

  it('reports invalidity before duplication', () => {
    expect(validatePortEntry('0', ['0'], 'TCP ports')).toBe('0 is not a valid port or range.');
  });

  it('checks a whole list in order', () => {
    expect(validatePortList(['22', '80-90', '443'], 'extra ports')).toBeNull();
    expect(validatePortList(['22', '22'], 'extra ports')).toBe('22 already on extra ports.');
    expect(validatePortList(['22', 'x', '22'], 'extra ports')).toBe('x is not a valid port or range.');
    expect(validatePortList([], 'extra ports')).toBeNull();
  });

  it('checks a comma string of ports', () => {
    expect(validatePortString('22, 80,443-445', 'ports')).toBeNull();
    expect(validatePortString('22,80,22', 'ports')).toBe('22 already on ports.');
    expect(validatePortString('22,99999', 'ports')).toBe('99999 is not a valid port or range.');
  });
});

describe('ticket number', () => {
  it('accepts digits only', () => {
    expect(validateTicketNumber('12345')).toBeNull();
    expect(validateTicketNumber('INC-1')).toBe('INC-1 is not a valid ticket number.');
    expect(validateTicketNumber('')).toBe(' is not a valid ticket number.');
    expect(validateTicketNumber('-1')).toBe('-1 is not a valid ticket number.');
  });

  it('rejects duplicates on a list', () => {
    expect(validateTicketNumberEntry('7', ['7'], 'tickets')).toBe('7 already on tickets.');
    expect(validateTicketNumberEntry('8', ['7'], 'tickets')).toBeNull();
  });
});
