// Schemas of users managed in the app (platform-core §2 /users/users, §6 superuser and customer admin, §7 list users):
// the admin row (the §3 profile with status, last sign-in and invitation), invite, create, edit and delete, and the
// messages the screen shows. Superusers only; docs/users.md gives the rules.
import { z } from 'zod';
import { permissionsMap, userProfile } from './users.ts';
import { ROLE_PRESETS } from '../roles.ts';
import { blank } from './fields.ts';

/** invited: never signed in and has no password yet; active: may sign in; deactivated: may not (sessions ended). */
export const USER_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = { invited: 'Invited', active: 'Active', deactivated: 'Deactivated' };

export const USER_ORDERINGS = ['email', 'name', 'last_login', 'date_joined', 'status'] as const;

export const userAdminRow = userProfile.extend({
  status: z.enum(USER_STATUSES),
  is_active: z.boolean(),
  /** The last successful sign-in (impersonation does not count), ISO 8601; null: never. */
  last_login: z.string().nullable(),
  date_joined: z.string(),
  /** Invited users: when the newest invitation link stops working (null when none is pending). */
  invitation_expires_at: z.string().nullable(),
  /** Invited users whose every invitation link has expired: resend one. */
  invitation_expired: z.boolean(),
});
export type UserAdminRow = z.infer<typeof userAdminRow>;

const name = z.string().trim().max(150, 'Ensure this field has no more than 150 characters.');
export const userEmail = z
  .string({ error: 'This field is required.' })
  .trim()
  .min(1, blank)
  .max(254, 'Ensure this field has no more than 254 characters.')
  .toLowerCase()
  .refine((v) => z.email().safeParse(v).success, 'Enter a valid email address.');
const role = z.enum(ROLE_PRESETS, { error: `Choose a role: ${ROLE_PRESETS.join(', ')}.` });
const ROLE_OR_MAP = 'Give either a role or customer_admin and permissions, not both.';

const newUserFields = {
  email: userEmail,
  first_name: name.default(''),
  last_name: name.default(''),
  /** A role preset (docs/permissions.md); without role or permissions the user is an auditor (reads only). */
  role: role.optional(),
  customer_admin: z.boolean().optional(),
  permissions: permissionsMap.optional(),
  /** Only a user who is is_superuser may give it. */
  is_superuser: z.boolean().default(false),
};
const roleOrMap = (u: { role?: unknown; customer_admin?: unknown; permissions?: unknown }) =>
  u.role === undefined || (u.customer_admin === undefined && u.permissions === undefined);

/** POST users/users/invite/: the user chooses their password from the mailed welcome link. */
export const userInvite = z
  .object(newUserFields)
  .strict()
  .refine(roleOrMap, { message: ROLE_OR_MAP, path: ['role'] });
export type UserInvite = z.input<typeof userInvite>;

/** POST users/users/: a user with a password the administrator sets (and hands over). */
export const userCreate = z
  .object({ ...newUserFields, password: z.string({ error: 'This field is required.' }).min(1, 'Password is required').max(1024) })
  .strict()
  .refine(roleOrMap, { message: ROLE_OR_MAP, path: ['role'] });
export type UserCreate = z.input<typeof userCreate>;

/** PATCH users/users/{id}/: any of these. Changing the e-mail of an invited user sends the invitation again. */
export const userAdminPatch = z
  .object({
    email: userEmail,
    first_name: name,
    last_name: name,
    role,
    customer_admin: z.boolean(),
    permissions: permissionsMap,
    is_superuser: z.boolean(),
  })
  .partial()
  .strict()
  .refine(roleOrMap, { message: ROLE_OR_MAP, path: ['role'] });
export type UserAdminPatch = z.input<typeof userAdminPatch>;

/** The answer of an action on one user (deactivate, reactivate, reset-two-factor, resend-invitation). */
export const userActionAnswer = z.object({ detail: z.string(), user: userAdminRow });
export type UserActionAnswer = z.infer<typeof userActionAnswer>;

/** What a deleted user's belongings went to (DELETE users/users/{id}/?reassign_to=). */
export const userDeleted = z.object({
  detail: z.string(),
  reassigned_to: z.number().int(),
  reassigned: z.object({
    scans: z.number().int(),
    schedules: z.number().int(),
    monitoring_profiles: z.number().int(),
    tickets: z.number().int(),
    dashboards: z.number().int(),
  }),
});
export type UserDeleted = z.infer<typeof userDeleted>;

/** The words of the screen and the API, one place (feature-areas §8 style). */
export const USER_ADMIN_MESSAGES = {
  invited: (email: string) => `Invitation sent to ${email}.`,
  created: (email: string) => `User ${email} created.`,
  updated: 'User updated.',
  deactivated: (who: string) => `${who} is deactivated: their sessions have ended and they cannot sign in.`,
  reactivated: (who: string) => `${who} can sign in again.`,
  deleted: (who: string) => `${who} is deleted.`,
  twoFactorReset: (who: string) => `The second factor of ${who} is removed; their sessions have ended.`,
  invitationResent: (email: string) => `A new invitation was sent to ${email}; the earlier link no longer works.`,
  emailTaken: 'A user with this e-mail address already exists.',
  notSelfDeactivate: 'You cannot deactivate yourself.',
  notSelfDelete: 'You cannot delete yourself.',
  lastAdmin: 'This is the last active administrator of your organisation: make someone else an administrator first.',
  notSelfDemote: 'You cannot remove your own administrator role.',
  superuserOnly: 'Only a superuser can change superusers or make someone one.',
  operatorOnly: 'Only a platform operator can change another platform operator.',
  notInvited: 'This user has already set a password: an invitation is only for users who have not.',
  deactivatedNoInvite: 'Reactivate the user before sending an invitation.',
  noSecondFactor: 'This user has no second factor to reset.',
  notSelfReset: 'Turn your own second factor off in your profile (it asks for your password).',
  alreadyActive: 'This user is already active.',
  alreadyDeactivated: 'This user is already deactivated.',
  reassignInvalid: 'Choose an active user of your organisation other than the one deleted.',
  impersonated: 'Users cannot be managed in an impersonated session.',
} as const;
