// Schemas of the team calls (feature-areas §3 Team, §7 Teams): a team with its notification address (empty becomes
// null), asset permissions ALL or LIMITED (permission tags only when LIMITED), owner tags and members. Superuser only.
import { z } from 'zod';
import { blank } from './fields.ts';
import { TEAM_ASSET_PERMISSIONS } from '../codes/assets.ts';

const ids = z.array(z.number().int().positive()).max(1000);

export const teamInput = z
  .object({
    name: z
      .string({ error: 'This field is required.' })
      .trim()
      .min(1, blank)
      .max(100, 'Ensure this field has no more than 100 characters.'),
    notification_email: z
      .string()
      .trim()
      .max(254)
      .nullable()
      .default(null)
      .transform((v) => (v === '' ? null : v))
      .refine((v) => v === null || z.email().safeParse(v).success, 'Enter a valid email address.'),
    asset_permissions: z.enum(TEAM_ASSET_PERMISSIONS, { error: 'Choose ALL or LIMITED.' }).default('ALL'),
    asset_permissions_tags: ids.default([]),
    asset_owner_tags: ids.default([]),
    members: ids.default([]),
  })
  .superRefine((t, ctx) => {
    if (t.asset_permissions === 'LIMITED' && t.asset_permissions_tags.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['asset_permissions_tags'],
        message: 'Choose at least one tag: a LIMITED team sees only the assets with these tags.',
      });
  })
  // Tags limit only a LIMITED team (§3): with ALL the list is sent empty.
  .transform((t) => (t.asset_permissions === 'ALL' ? { ...t, asset_permissions_tags: [] } : t));
export type TeamInput = z.input<typeof teamInput>;

export const team = z.object({
  id: z.number().int(),
  name: z.string(),
  notification_email: z.string().nullable(),
  asset_permissions: z.enum(TEAM_ASSET_PERMISSIONS),
  asset_permissions_tags: z.array(z.number().int()),
  asset_owner_tags: z.array(z.number().int()),
  members: z.array(z.number().int()),
  created: z.string(),
});
export type Team = z.infer<typeof team>;

export const teamBasic = z.object({ id: z.number().int(), name: z.string() });

/** GET teams/teams/{id}/members/: with mode_all every user of the customer, each saying whether it is a member. */
export const teamMember = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_member: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMember>;
