// The calls of a scan kind's profiles, built from its descriptor (core scan-kinds): scan/<profiles>/ list, one, create,
// update, delete, copy, export and import, each answer checked with the kind's own schema.
import type { ScanKind, ScanKindProfile, ScanKindProfileExport, ScanKindProfileInput } from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../components/paged-answer.ts';

export interface ProfileApi<P, I, E> {
  list(query: QueryParams, signal?: AbortSignal): Promise<Paged<P>>;
  get(id: number, signal?: AbortSignal): Promise<P>;
  create(input: I): Promise<P>;
  update(id: number, input: I): Promise<P>;
  remove(id: number): Promise<void>;
  /** POST …/{id}/copy/: a copy named by the copy-name rule ('Name (1)'). */
  copy(id: number): Promise<P>;
  exportJson(id: number): Promise<E>;
  /** POST …/import/ with the JSON of an export. */
  importJson(data: unknown): Promise<P>;
}

export function profileApi<K extends ScanKind>(kind: K): ProfileApi<ScanKindProfile<K>, ScanKindProfileInput<K>, ScanKindProfileExport<K>> {
  type P = ScanKindProfile<K>;
  type E = ScanKindProfileExport<K>;
  const base = `scan/${kind.api.profiles}/`;
  const one = kind.schemas.profile as { parse(data: unknown): P };
  const page = pagedAnswer(one);
  const exported = kind.schemas.profileExport as { parse(data: unknown): E };
  return {
    list: (query, signal) => api.get(base, { query, signal, schema: page }),
    get: (id, signal) => api.get(`${base}${id}/`, { signal, schema: one }),
    create: (input) => api.post(base, input, { schema: one }),
    update: (id, input) => api.put(`${base}${id}/`, input, { schema: one }),
    remove: (id) => api.delete(`${base}${id}/`),
    copy: (id) => api.post(`${base}${id}/copy/`, undefined, { schema: one }),
    exportJson: (id) => api.get(`${base}${id}/export/`, { schema: exported }),
    importJson: (data) => api.post(`${base}import/`, data, { schema: one }),
  };
}
