// Calls of the audit log: GET audit/ (paged, newest first; filters resource, action, created_after/_before, search).
import { auditEvent, type AuditEvent } from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../components/paged-answer.ts';

const eventPage = pagedAnswer(auditEvent);

export function fetchAuditEvents(query: QueryParams, signal?: AbortSignal): Promise<Paged<AuditEvent>> {
  return api.get('audit/', { query, signal, schema: eventPage });
}
