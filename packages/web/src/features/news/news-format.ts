// Pure rules of the news feed screens: the feed's sections (this month, last month, earlier), category colours, which
// links stay in the app, the bell's accessible name, and the announcement form's values, checks and request body.
import {
  announcementInput,
  formatDate,
  formatTime,
  NEWS_CATEGORIES,
  NEWS_CATEGORY_LABELS,
  NEWS_GROUP_LABELS,
  NEWS_GROUPS,
  type Announcement,
  type AnnouncementInput,
  type NewsCategory,
  type NewsGroup,
  type NewsItem,
} from '@bulwark/core';
import { schemaMessage } from '../../components/forms/schema-field.ts';

/** Security alerts stand out in red; the rest are quieter. */
export const NEWS_CATEGORY_COLORS: Record<NewsCategory, string> = {
  announcement: 'blue',
  product: 'teal',
  maintenance: 'orange',
  security: 'red',
};

export const CATEGORY_OPTIONS = NEWS_CATEGORIES.map((category) => ({ value: category, label: NEWS_CATEGORY_LABELS[category] }));

export interface NewsSection {
  group: NewsGroup;
  label: string;
  items: NewsItem[];
}

/** The items under their group's heading, in the order of NEWS_GROUPS; an item met twice (pages shifted) only once. */
export function newsSections(items: readonly NewsItem[]): NewsSection[] {
  const seen = new Set<number>();
  const byGroup = new Map<NewsGroup, NewsItem[]>();
  for (const item of items) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    byGroup.set(item.group, [...(byGroup.get(item.group) ?? []), item]);
  }
  return NEWS_GROUPS.filter((group) => byGroup.has(group)).map((group) => ({
    group,
    label: NEWS_GROUP_LABELS[group],
    items: byGroup.get(group) ?? [],
  }));
}

/** A page of Bulwark ('/vm/…'), opened with the router; not a protocol-relative '//host' address. */
export function isInternalLink(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//');
}

/** An https address, opened in a new tab. */
export function isExternalLink(link: string): boolean {
  return /^https:\/\/\S+$/.test(link);
}

/** The bell's accessible name: 'News', or 'News, 3 unread'. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `News, ${unread} unread` : 'News';
}

/** The customer select's value for an announcement to every customer. */
export const EVERY_CUSTOMER = 'all';

export interface AnnouncementValues {
  category: NewsCategory;
  title: string;
  body: string;
  link: string;
  /** A datetime-local value (local time, 'YYYY-MM-DDTHH:mm'), or '' for now. */
  show_at: string;
  /** A customer's id as text, or EVERY_CUSTOMER. */
  customer: string;
}

/** An ISO moment as a datetime-local value in the browser's time zone ('' when not a date). */
export function toLocalInput(iso: string): string {
  const date = formatDate(iso);
  return date && `${date}T${formatTime(iso)}`;
}

/** A datetime-local value as an ISO moment; null when empty (the server then shows it from now). */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

export function announcementValues(item?: Announcement): AnnouncementValues {
  return {
    category: item?.category ?? 'announcement',
    title: item?.title ?? '',
    body: item?.body ?? '',
    link: item?.link ?? '',
    show_at: item ? toLocalInput(item.show_at) : '',
    customer: item?.customer ? String(item.customer.id) : EVERY_CUSTOMER,
  };
}

/** The body of POST and PUT platform/announcements/: empty link and time as null, every customer as null. */
export function announcementBody(values: AnnouncementValues): AnnouncementInput {
  const link = values.link.trim();
  return {
    category: values.category,
    title: values.title.trim(),
    body: values.body.trim(),
    link: link === '' ? null : link,
    show_at: fromLocalInput(values.show_at),
    customer: values.customer === EVERY_CUSTOMER ? null : Number(values.customer),
  };
}

/** The checks the server makes too, with its messages (core's announcementInput). */
export function validateAnnouncement(values: AnnouncementValues): Partial<Record<keyof AnnouncementValues, string>> {
  const body = announcementBody(values);
  const errors: Partial<Record<keyof AnnouncementValues, string>> = {};
  const checks: [keyof AnnouncementValues, string | null][] = [
    ['title', schemaMessage(announcementInput.shape.title, body.title)],
    ['body', schemaMessage(announcementInput.shape.body, body.body)],
    ['link', schemaMessage(announcementInput.shape.link, body.link)],
    ['show_at', schemaMessage(announcementInput.shape.show_at, body.show_at)],
  ];
  for (const [field, message] of checks) if (message) errors[field] = message;
  return errors;
}
