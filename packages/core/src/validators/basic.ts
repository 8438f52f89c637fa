// Basic field validators (platform-core §5, feature-areas §5): required, integer, boolean string, ticket number.
import { invalidTicketNumberMessage } from '../messages.ts';

/** '{label} is required' when the value is missing, blank or an empty list. */
export function validateRequired(value: unknown, label: string): string | null {
  const empty =
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0);
  return empty ? requiredMessage(label) : null;
}

export function requiredMessage(label: string): string {
  return `${label} is required`;
}

/** Optional minus, then digits. */
export function isInteger(value: string): boolean {
  return /^-?[0-9]+$/.test(value);
}

export const INTEGER_MESSAGE = 'Enter a whole number.';
export function validateInteger(value: string): string | null {
  return isInteger(value) ? null : INTEGER_MESSAGE;
}

/** Exactly 'true' or 'false'. */
export function isBooleanString(value: string): value is 'true' | 'false' {
  return value === 'true' || value === 'false';
}

export const BOOLEAN_STRING_MESSAGE = 'Enter true or false.';
export function validateBooleanString(value: string): string | null {
  return isBooleanString(value) ? null : BOOLEAN_STRING_MESSAGE;
}

/** A ticket number is digits only. */
export function isTicketNumber(value: string): boolean {
  return /^[0-9]+$/.test(value);
}

export function validateTicketNumber(value: string): string | null {
  return isTicketNumber(value) ? null : invalidTicketNumberMessage(value);
}
