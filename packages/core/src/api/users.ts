// Schemas of the customer, user profile, feature flag and SSO calls (platform-core §3, §7).
import { z } from 'zod';
import { TWO_FACTOR_METHODS } from './auth.ts';
import { PERMISSION_ACTIONS, PERMISSION_RESOURCES } from '../permissions.ts';
import { ROLE_PRESETS } from '../roles.ts';
import { RETENTION_OPTIONS_DAYS } from '../codes/admin.ts';
import { digestConfig } from './reports.ts';
import { blackoutWindow } from '../blackout.ts';
import { QOD_RANGE } from '../codes/qod.ts';
import { samlSettings, samlSettingsInput } from './saml.ts';

// Partial: a user's map names only the resources they have actions on.
export const permissionsMap = z.partialRecord(z.enum(PERMISSION_RESOURCES), z.array(z.enum(PERMISSION_ACTIONS)));

export const userProfile = z.object({
  id: z.number().int(),
  user: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  picture: z.string().nullable(),
  phone_number: z.string().nullable(),
  is_superuser: z.boolean(),
  customer_admin: z.boolean(),
  customer: z.number().int(),
  customer_name: z.string(),
  days_to_expiration: z.number().int().nullable(),
  permissions: z.record(z.string(), z.array(z.string())),
  /** The role preset the user's grant equals (docs/permissions.md), or null for a custom map. */
  role: z.enum(ROLE_PRESETS).nullable(),
  platform_operator: z.boolean(),
  two_factor_method: z.enum(TWO_FACTOR_METHODS),
  /** The digest e-mail's settings (reports/digest-config/); null until the user sets one. */
  digestreportconfig: digestConfig.nullable(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** Fields a user may change on their own profile; superusers may also set roles and permissions of their customer's users. */
export const userProfilePatch = z
  .object({
    first_name: z.string().trim().max(150),
    last_name: z.string().trim().max(150),
    picture: z
      .string()
      .trim()
      .max(2048)
      .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'Invalid link. Only valid image links are supported')
      .nullable(),
    customer_admin: z.boolean(),
    permissions: permissionsMap,
    /** A role preset: sets customer_admin and permissions at once (not together with them). */
    role: z.enum(ROLE_PRESETS, { error: `Choose a role: ${ROLE_PRESETS.join(', ')}.` }),
  })
  .partial()
  .strict()
  .refine((p) => p.role === undefined || (p.customer_admin === undefined && p.permissions === undefined), {
    message: 'Give either a role or customer_admin and permissions, not both.',
    path: ['role'],
  });

export const customer = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  subscription_tier: z.number().int(),
  license_end_date: z.string().nullable(),
  days_to_expiration: z.number().int().nullable(),
  integrations: z.array(z.string()),
  /** Lifecycle management: hosts not seen for lifecycle_period days are archived and their findings closed. */
  lifecycle_management_enabled: z.boolean(),
  lifecycle_period: z.number().int(),
  /** A risk acceptance counts only once someone other than the person who asked for it approves it. */
  risk_acceptance_approval: z.boolean(),
  /** Findings below this quality of detection (0-100, codes/qod.ts) are hidden from lists, dashboards and reports. */
  min_qod: z.number().int().default(70),
  /** The blackout window (null: never set); §5: the form sends it only when enabled or when one existed. */
  blackouts: blackoutWindow.nullable(),
  /** Scan tasks the customer may run at once (a subscription setting; null: no limit); the others wait as Queued. */
  max_concurrent_tasks: z.number().int().nullable(),
  /** SAML single sign-on (api/saml.ts); null until configured. */
  saml: samlSettings.nullable().optional(),
});
export type Customer = z.infer<typeof customer>;

const QOD_SETTING_ERROR = `Enter a quality of detection from ${QOD_RANGE.min} to ${QOD_RANGE.max} %.`;

export const customerPatch = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(200),
    logo: z
      .string()
      .trim()
      .max(2048)
      .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'Invalid link. Only valid image links are supported')
      .nullable(),
    lifecycle_management_enabled: z.boolean(),
    risk_acceptance_approval: z.boolean(),
    min_qod: z
      .number({ error: QOD_SETTING_ERROR })
      .int(QOD_SETTING_ERROR)
      .min(QOD_RANGE.min, QOD_SETTING_ERROR)
      .max(QOD_RANGE.max, QOD_SETTING_ERROR),
    blackouts: blackoutWindow.nullable(),
    lifecycle_period: z
      .number()
      .int()
      .refine((v) => (RETENTION_OPTIONS_DAYS as readonly number[]).includes(v), `Choose one of ${RETENTION_OPTIONS_DAYS.join(', ')} days.`),
    /** §5: the form sends it only when enabled or already configured. */
    saml: samlSettingsInput,
  })
  .partial()
  .strict();

export const ssoToken = z.object({ token: z.string(), expires_in_seconds: z.number().int() });

/** Change one's own password from profile settings (the current password is needed). */
export const changePasswordRequest = z.object({
  current_password: z.string().min(1, 'Current password is required'),
  new_password: z.string().min(1, 'New password is required').max(1024),
});
