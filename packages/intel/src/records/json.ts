// Small readers for untrusted JSON records: each failure throws a RecordError naming the field.

/** A record that cannot be used; the feed reader reports it with its position and goes on. */
export class RecordError extends Error {}

export type JsonObject = Record<string, unknown>;

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The object itself, or a RecordError. */
export function asObject(v: unknown, what: string): JsonObject {
  if (!isObject(v)) throw new RecordError(`${what} is not an object`);
  return v;
}

/** A required non-empty string field. */
export function requiredString(o: JsonObject, key: string, what = key): string {
  const v = o[key];
  if (typeof v !== 'string' || v.trim() === '') throw new RecordError(`${what} is missing or not a string`);
  return v;
}

/** An optional string field (null when absent); a value of another type is an error. */
export function optionalString(o: JsonObject, key: string, what = key): string | null {
  const v = o[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw new RecordError(`${what} is not a string`);
  return v;
}

/** An optional array field ([] when absent). */
export function optionalArray(o: JsonObject, key: string, what = key): unknown[] {
  const v = o[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new RecordError(`${what} is not an array`);
  return v;
}

/** An optional array of strings. */
export function stringArray(o: JsonObject, key: string, what = key): string[] {
  return optionalArray(o, key, what).map((v, i) => {
    if (typeof v !== 'string') throw new RecordError(`${what}[${i}] is not a string`);
    return v;
  });
}

export const CVE_ID = /^CVE-\d{4}-\d{4,}$/;

/** A CVE id in canonical upper case, or a RecordError. */
export function cveId(value: unknown, what: string): string {
  const id = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (!CVE_ID.test(id)) throw new RecordError(`${what} is not a CVE id: ${JSON.stringify(value)}`);
  return id;
}

/** A probability-like number in [0, 1], given as a number or a decimal string (EPSS JSON uses strings). */
export function unitNumber(value: unknown, what: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new RecordError(`${what} is not a number between 0 and 1: ${JSON.stringify(value)}`);
  return n;
}
