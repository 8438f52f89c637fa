// Refuses text holding a NUL character (U+0000) anywhere in a request, before validation: PostgreSQL cannot store it in
// text, and a query that carries one fails. One check for every route, with DRF's message, keyed by the field.
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

export const NULL_CHARACTERS = 'Null characters are not allowed.';

/** Depth-first search for a string with a NUL; answers the top-level key it was found under. */
function fieldWithNul(value: unknown, top: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? top : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    if (typeof key === 'string' && key.includes('\u0000')) return depth === 0 ? key : top;
    const found = fieldWithNul(inner, depth === 0 ? String(key) : top, depth + 1);
    if (found) return found;
  }
  return null;
}

export function registerNullCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = fieldWithNul(part, 'non_field_errors');
      if (field) throw badRequest({ [field === '' ? 'non_field_errors' : field]: [NULL_CHARACTERS] });
    }
  });
}
