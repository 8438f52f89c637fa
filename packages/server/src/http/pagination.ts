// Paged lists: `page` and `page_size` in, `{count, next, previous, results}` out (ARCHITECTURE: HTTP API).
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

export const MAX_PAGE_SIZE = 1000;

export const pageQuery = z.object({
  page: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(1, 'Page numbers start at 1.')
    .default(1),
  page_size: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(1, 'Page size must be at least 1.')
    .max(MAX_PAGE_SIZE, `Page size must be at most ${MAX_PAGE_SIZE}.`)
    .default(25),
});

export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });

function pageUrl(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, 'http://placeholder');
  url.searchParams.set('page', String(page));
  return `${url.pathname}${url.search}`;
}

export function paged<T>(request: FastifyRequest, page: number, pageSize: number, count: number, results: T[]) {
  return {
    count,
    next: page * pageSize < count ? pageUrl(request, page + 1) : null,
    previous: page > 1 ? pageUrl(request, page - 1) : null,
    results,
  };
}
