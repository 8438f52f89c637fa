// Reads list answers of the API: a page `{count, next, previous, results}` (or, tolerated, a bare array) of checked items.
import type { AnswerSchema } from '../api/client.ts';

export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

interface ItemSchema<T> {
  parse(data: unknown): T;
}

function nullableString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A page of items, each checked with `item`. A bare array (an unpaged list) is read as one page holding it all. */
export function pagedAnswer<T>(item: ItemSchema<T>): AnswerSchema<Paged<T>> {
  return {
    parse(data: unknown): Paged<T> {
      if (Array.isArray(data)) return { count: data.length, next: null, previous: null, results: data.map((d) => item.parse(d)) };
      if (typeof data !== 'object' || data === null) throw new Error('not a list');
      const body = data as Record<string, unknown>;
      if (!Array.isArray(body.results)) throw new Error('results missing');
      const results = body.results.map((d) => item.parse(d));
      const count = typeof body.count === 'number' && Number.isInteger(body.count) ? body.count : results.length;
      return { count, next: nullableString(body.next), previous: nullableString(body.previous), results };
    },
  };
}

/** A list of items, whether the server pages it (`{results}`) or not (a bare array). */
export function listAnswer<T>(item: ItemSchema<T>): AnswerSchema<T[]> {
  const paged = pagedAnswer(item);
  return { parse: (data: unknown) => paged.parse(data).results };
}

/** Number of pages of `count` items, at least 1. */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}
