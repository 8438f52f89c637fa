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

/** Resource of sign-in events in the audit log, and their actions with the words shown for them. */
export const SIGN_IN_RESOURCE = 'authentication';
export const SIGN_IN_ACTION_LABELS = {
  sign_in: 'Sign-in',
  sign_out: 'Sign-out',
  sign_in_failed: 'Failed sign-in',
  lockout: 'Sign-in delayed',
  throttled: 'Sign-in refused (too many attempts)',
} as const;
export type SignInAuditAction = keyof typeof SIGN_IN_ACTION_LABELS;
