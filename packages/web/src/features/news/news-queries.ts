// The feed as one infinite query (5 a page, "Show more" adds the next), asked again every 5 minutes and when the window
// regains focus; marking read updates the cached pages at once, then asks the server again.
import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { NEWS_KEYS, fetchNewsFeed, type NewsFeedPage } from './news-api.ts';

/** How often the bell asks for its unread count: gently. */
export const NEWS_POLL_MS = 5 * 60_000;

export const newsFeedOptions = infiniteQueryOptions({
  queryKey: NEWS_KEYS.feed,
  queryFn: ({ pageParam, signal }) => fetchNewsFeed(pageParam, signal),
  initialPageParam: 1,
  getNextPageParam: (last: NewsFeedPage, pages: NewsFeedPage[]) => (last.next ? pages.length + 1 : undefined),
  refetchInterval: NEWS_POLL_MS,
  refetchOnWindowFocus: true,
});

type Feed = InfiniteData<NewsFeedPage>;

/** The unread count of the newest answer (every page carries the count of the whole feed). */
export function unreadOf(feed: { pages: readonly NewsFeedPage[] } | undefined): number {
  return feed?.pages[0]?.unread ?? 0;
}

function updateFeed(queryClient: QueryClient, change: (page: NewsFeedPage) => NewsFeedPage): void {
  queryClient.setQueryData<Feed>(NEWS_KEYS.feed, (feed) => feed && { ...feed, pages: feed.pages.map(change) });
}

/** Item `id` is read now: its marker goes and the count drops by one (when it was unread). */
export function markReadInCache(queryClient: QueryClient, id: number): void {
  const feed = queryClient.getQueryData<Feed>(NEWS_KEYS.feed);
  const wasUnread = feed?.pages.some((page) => page.results.some((item) => item.id === id && !item.read)) ?? false;
  updateFeed(queryClient, (page) => ({
    ...page,
    unread: wasUnread ? Math.max(0, page.unread - 1) : page.unread,
    results: page.results.map((item) => (item.id === id ? { ...item, read: true } : item)),
  }));
}

/** Every item is read now. */
export function markAllReadInCache(queryClient: QueryClient): void {
  updateFeed(queryClient, (page) => ({ ...page, unread: 0, results: page.results.map((item) => ({ ...item, read: true })) }));
}

/** When the feed closes: keep its first page only, so polling asks for one page, not every page shown. */
export function keepFirstPage(queryClient: QueryClient): void {
  queryClient.setQueryData<Feed>(
    NEWS_KEYS.feed,
    (feed) => feed && { pages: feed.pages.slice(0, 1), pageParams: feed.pageParams.slice(0, 1) },
  );
}
