// The change audit log as the API gives it (GET audit/): who changed what, when, from where.
import { z } from 'zod';

export const auditEvent = z.object({
  id: z.number().int(),
  created: z.string(),
  user: z.number().int().nullable(),
  actor: z.string(),
  impersonated: z.boolean(),
  impersonation_source: z.string().nullable(),
  resource: z.string(),
  action: z.string(),
  method: z.string(),
  route: z.string(),
  object_id: z.string().nullable(),
  status: z.number().int(),
  summary: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'execute'] as const;
