// Schemas of the news feed (feature-areas §3 News item, §4, §7): announcements with a category and a time to show
// from, read or unread per user, grouped as current, last month and other months; operators write them, and Bulwark
// posts its own (a CVE that CISA newly lists as exploited and that is open on the customer's assets).
import { z } from 'zod';
import { NEWS_GROUPS, type NewsGroup } from '../codes/admin.ts';

export const NEWS_CATEGORIES = ['announcement', 'product', 'maintenance', 'security'] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];
export const NEWS_CATEGORY_LABELS: Record<NewsCategory, string> = {
  announcement: 'Announcement',
  product: 'Product update',
  maintenance: 'Maintenance',
  security: 'Security alert',
};

/** The groups of §3 (codes/admin NEWS_GROUPS): this month, last month, and older. */
export const NEWS_GROUP_LABELS: Record<NewsGroup, string> = { current: 'This month', last_month: 'Last month', other_months: 'Earlier' };

/** Which group a moment falls in, by calendar month (UTC) relative to `now`. */
export function newsGroupOf(showAt: string | Date, now: Date = new Date()): NewsGroup {
  const at = new Date(showAt);
  const months = (now.getUTCFullYear() - at.getUTCFullYear()) * 12 + (now.getUTCMonth() - at.getUTCMonth());
  return months <= 0 ? 'current' : months === 1 ? 'last_month' : 'other_months';
}

export const newsItem = z.object({
  id: z.number().int(),
  category: z.enum(NEWS_CATEGORIES),
  category_label: z.string(),
  title: z.string(),
  body: z.string(),
  /** A page of Bulwark to open, e.g. the vulnerability list filtered to the CVE. */
  link: z.string().nullable(),
  show_at: z.string(),
  /** 'operator' (written by the installation's operators) or 'bulwark' (posted by Bulwark itself). */
  source: z.enum(['operator', 'bulwark']),
  group: z.enum(NEWS_GROUPS),
  read: z.boolean(),
});
export type NewsItem = z.infer<typeof newsItem>;

/** An announcement as operators see and write it: for every customer, or one. */
export const announcement = newsItem.omit({ read: true, group: true }).extend({
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created: z.string(),
});
export type Announcement = z.infer<typeof announcement>;

export const announcementInput = z.object({
  category: z.enum(NEWS_CATEGORIES, { error: `Choose one of: ${NEWS_CATEGORIES.join(', ')}.` }).default('announcement'),
  title: z
    .string({ error: 'This field is required.' })
    .trim()
    .min(1, 'This field may not be blank.')
    .max(200, 'Ensure this field has no more than 200 characters.'),
  body: z.string().trim().max(5000, 'Ensure this field has no more than 5000 characters.').default(''),
  link: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v.startsWith('/') || /^https:\/\/\S+$/.test(v), 'Enter a page of Bulwark (/…) or an https:// link.')
    .nullable()
    .default(null),
  /** Shown from this moment (now when not given); a later moment schedules it. */
  show_at: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), 'Enter a valid date and time.')
    .nullable()
    .default(null),
  /** One customer's id, or null for every customer. */
  customer: z.number().int().positive().nullable().default(null),
});
export type AnnouncementInput = z.input<typeof announcementInput>;
