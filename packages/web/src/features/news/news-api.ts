// Calls of the news feed (feature-areas §7 News feed): the signed-in user's feed (5 a page, with the unread count),
// marking one or all read; and the platform operators' announcements (list, write, change, delete) with the customers
// an announcement may be for.
import {
  announcement,
  newsItem,
  NEWS_PAGE_SIZE,
  platformCustomer,
  type Announcement,
  type AnnouncementInput,
  type NewsItem,
  type PlatformCustomer,
} from '@bulwark/core';
import { api, type AnswerSchema } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { listAnswer, pagedAnswer, type Paged } from '../../components/paged-answer.ts';

/** A page of the feed and how many items of the whole feed the user has not read. */
export interface NewsFeedPage extends Paged<NewsItem> {
  unread: number;
}

const newsPage = pagedAnswer(newsItem);
const feedPage: AnswerSchema<NewsFeedPage> = {
  parse(data: unknown): NewsFeedPage {
    const page = newsPage.parse(data);
    const unread = (data as { unread?: unknown }).unread;
    if (typeof unread !== 'number' || !Number.isInteger(unread)) throw new Error('unread missing');
    return { ...page, unread };
  },
};
const announcementPage = pagedAnswer(announcement);
const customerList = listAnswer(platformCustomer);

export const NEWS_KEYS = {
  feed: ['news', 'feed'] as const,
  announcements: ['news', 'announcements'] as const,
  announcementList: (query: QueryParams) => ['news', 'announcements', 'list', query] as const,
  customers: ['news', 'customers'] as const,
};

/** GET news-feed/announcements/: one page of the user's feed, newest first. */
export function fetchNewsFeed(page: number, signal?: AbortSignal): Promise<NewsFeedPage> {
  return api.get('news-feed/announcements/', { query: { page, page_size: NEWS_PAGE_SIZE }, signal, schema: feedPage });
}

export function markNewsRead(id: number): Promise<unknown> {
  return api.post(`news-feed/announcements/${id}/mark_read/`);
}

export function markAllNewsRead(): Promise<unknown> {
  return api.post('news-feed/announcements/mark_all_read/');
}

/** GET platform/announcements/ (platform operators): every item of the installation. */
export function fetchAnnouncements(query: QueryParams, signal?: AbortSignal): Promise<Paged<Announcement>> {
  return api.get('platform/announcements/', { query, signal, schema: announcementPage });
}

export function createAnnouncement(input: AnnouncementInput): Promise<Announcement> {
  return api.post('platform/announcements/', input, { schema: announcement });
}

export function updateAnnouncement(id: number, input: AnnouncementInput): Promise<Announcement> {
  return api.put(`platform/announcements/${id}/`, input, { schema: announcement });
}

export function deleteAnnouncement(id: number): Promise<void> {
  return api.delete(`platform/announcements/${id}/`);
}

/** The installation's customers, for the form's "for whom" choice. */
export function fetchCustomerChoices(signal?: AbortSignal): Promise<PlatformCustomer[]> {
  return api.get('platform/customers/', { query: { page_size: 1000 }, signal, schema: customerList });
}
