// Port, port range and list-entry validators of feature-areas §5 with the input messages of §8.
import { PORT_MAX, PORT_MIN } from '../constants.ts';
import { alreadyOnListMessage, invalidPortOrRangeMessage } from '../messages.ts';
import { validateTicketNumber } from './basic.ts';

/**
 * Digits only, 1-65535. Leading zeros are accepted ('080' is port 80): the rule is "digits only" and
 * the value is what counts; signs, spaces, decimals and empty strings are not digits.
 */
export function isValidPort(value: string): boolean {
  if (!/^[0-9]+$/.test(value)) return false;
  const n = Number(value);
  return n >= PORT_MIN && n <= PORT_MAX;
}

/** 'a-b': both valid ports and the end not below the start ('80-80' is valid). */
export function isValidPortRange(value: string): boolean {
  const parts = value.split('-');
  if (parts.length !== 2) return false;
  const [start, end] = parts;
  return isValidPort(start) && isValidPort(end) && Number(end) >= Number(start);
}

export function isValidPortOrRange(value: string): boolean {
  return isValidPort(value) || isValidPortRange(value);
}

export function validatePortOrRange(value: string): string | null {
  return isValidPortOrRange(value) ? null : invalidPortOrRangeMessage(value);
}

/**
 * A value about to be added to a list (e.g. a tag input of ports): first its own validity, then
 * duplicates ('{value} already on {list}.'). Values are compared after trimming.
 */
export function validateListEntry(
  value: string,
  existing: readonly string[],
  list: string,
  validate: (v: string) => string | null,
): string | null {
  const v = value.trim();
  const invalid = validate(v);
  if (invalid) return invalid;
  return existing.some((e) => e.trim() === v) ? alreadyOnListMessage(v, list) : null;
}

/** A whole list: the first invalid entry or the first repeated entry, in list order. */
export function validateList(values: readonly string[], list: string, validate: (v: string) => string | null): string | null {
  for (let i = 0; i < values.length; i++) {
    const error = validateListEntry(values[i], values.slice(0, i), list, validate);
    if (error) return error;
  }
  return null;
}

export function validatePortEntry(value: string, existing: readonly string[], list: string): string | null {
  return validateListEntry(value, existing, list, validatePortOrRange);
}

export function validatePortList(values: readonly string[], list: string): string | null {
  return validateList(values, list, validatePortOrRange);
}

/** A comma string of ports and ranges (e.g. a monitoring profile's `ports`). */
export function validatePortString(value: string, list: string): string | null {
  const values = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return validatePortList(values, list);
}

export function validateTicketNumberEntry(value: string, existing: readonly string[], list: string): string | null {
  return validateListEntry(value, existing, list, validateTicketNumber);
}
