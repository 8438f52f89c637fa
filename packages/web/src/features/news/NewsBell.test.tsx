// The header's news bell against a stubbed feed that keeps read state as the server does: the unread count on the bell,
// the feed grouped under This month / Last month / Earlier (security items in red, unread marked, links in and out of
// the app), marking one or all read, "Show more" for the next 5, and the empty feed.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newsItem, type NewsItem } from '@bulwark/core';
import { NewsBell } from './NewsBell.tsx';
import { json, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const FEED = 'news-feed/announcements/';
const MARK_READ = 'news-feed/announcements/:id/mark_read/';
const MARK_ALL = 'news-feed/announcements/mark_all_read/';

function anItem(overrides: Partial<NewsItem> = {}): NewsItem {
  return newsItem.parse({
    id: 1,
    category: 'announcement',
    category_label: 'Announcement',
    title: 'Welcome to Bulwark',
    body: 'Your installation is ready.',
    link: null,
    show_at: '2026-11-20T10:00:00.000Z',
    source: 'operator',
    group: 'current',
    read: true,
    ...overrides,
  });
}

/** Newest first: two this month (one security alert, unread), two last month, three earlier; 3 unread in all. */
const ITEMS: NewsItem[] = [
  anItem({
    id: 12,
    category: 'security',
    category_label: 'Security alert',
    title: 'CVE-2026-1234 is now known to be exploited',
    body: 'It is open on 3 of your assets: fix it first.',
    link: '/vm/unified-vulnerabilities?group=asset&cve=CVE-2026-1234',
    source: 'bulwark',
    show_at: '2026-11-21T08:00:00.000Z',
    read: false,
  }),
  anItem({ id: 11, title: 'Maintenance on Sunday', category: 'maintenance', category_label: 'Maintenance', read: false }),
  anItem({
    id: 10,
    title: 'New dashboard widgets',
    category: 'product',
    category_label: 'Product update',
    link: 'https://bulwark.example/blog/widgets',
    show_at: '2026-10-12T09:00:00.000Z',
    group: 'last_month',
  }),
  anItem({ id: 9, title: 'Faster scans', show_at: '2026-10-02T09:00:00.000Z', group: 'last_month', read: false }),
  anItem({ id: 8, title: 'Summer release', show_at: '2026-07-02T09:00:00.000Z', group: 'other_months' }),
  anItem({ id: 7, title: 'Spring release', show_at: '2026-04-02T09:00:00.000Z', group: 'other_months' }),
  anItem({ id: 6, title: 'Bulwark is live', show_at: '2026-01-02T09:00:00.000Z', group: 'other_months' }),
];

/** A feed that pages as the server does and remembers what was marked read. */
function feedApi(items: NewsItem[] = ITEMS): ApiStub {
  const feed = items.map((item) => ({ ...item }));
  return stubApi()
    .on('GET', 'check-authentication/', { isAuthenticated: true })
    .on('GET', FEED, (request) => {
      const page = Number(request.query.get('page') ?? '1');
      const size = Number(request.query.get('page_size') ?? '5');
      const more = page * size < feed.length;
      return json({
        count: feed.length,
        next: more ? `/api/${FEED}?page=${page + 1}&page_size=${size}` : null,
        previous: page > 1 ? `/api/${FEED}?page=${page - 1}&page_size=${size}` : null,
        results: feed.slice((page - 1) * size, page * size),
        unread: feed.filter((item) => !item.read).length,
      });
    })
    .on('POST', MARK_READ, (_request, [id]) => {
      const item = feed.find((i) => i.id === Number(id));
      if (!item) return json({ detail: 'Not found.' }, 404);
      item.read = true;
      return json({ id: item.id, read: true });
    })
    .on('POST', MARK_ALL, () => {
      const marked = feed.filter((item) => !item.read).length;
      for (const item of feed) item.read = true;
      return json({ marked });
    });
}

const bell = (name: string | RegExp = /^News/) => screen.findByRole('button', { name });

async function openFeed() {
  const view = renderWithApp(<NewsBell />);
  await view.user.click(await bell('News, 3 unread'));
  const dialog = await screen.findByRole('dialog', { name: 'News' });
  await within(dialog).findByRole('region', { name: 'This month' });
  return { ...view, dialog };
}

const entry = (dialog: HTMLElement, title: string) => within(dialog).getByRole('listitem', { name: title });

describe('NewsBell', () => {
  it('shows the unread count of the feed answer on the bell', async () => {
    const stub = feedApi();
    renderWithApp(<NewsBell />);
    expect(await bell('News, 3 unread')).toBeInTheDocument();
    expect(screen.getByTestId('news-unread')).toHaveTextContent(/^3$/);
    expect(screen.getByTestId('news-unread')).toHaveAttribute('aria-hidden', 'true');
    const call = stub.calls('GET', FEED)[0];
    expect(call.query.get('page')).toBe('1');
    expect(call.query.get('page_size')).toBe('5');
  });

  it('shows no count when everything is read', async () => {
    feedApi(ITEMS.map((item) => ({ ...item, read: true })));
    const { user } = renderWithApp(<NewsBell />);
    await user.click(await bell());
    const dialog = await screen.findByRole('dialog', { name: 'News' });
    expect(await within(dialog).findByText('Maintenance on Sunday')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'News' })).toBeInTheDocument();
    expect(screen.queryByTestId('news-unread')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Unread')).not.toBeInTheDocument();
  });

  it('lists the first 5 items grouped under This month, Last month and Earlier', async () => {
    feedApi();
    const { dialog } = await openFeed();
    const headings = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual(['This month', 'Last month', 'Earlier']);

    const titles = (group: string) =>
      within(within(dialog).getByRole('region', { name: group }))
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-news-id'));
    expect(titles('This month')).toEqual(['12', '11']);
    expect(titles('Last month')).toEqual(['10', '9']);
    expect(titles('Earlier')).toEqual(['8']);
    expect(within(dialog).queryByText('Spring release')).not.toBeInTheDocument();

    const alert = entry(dialog, 'CVE-2026-1234 is now known to be exploited');
    const badge = within(alert).getByText('Security alert');
    expect(badge.closest('.mantine-Badge-root')).toHaveAttribute('data-variant', 'filled');
    expect(badge.closest('.mantine-Badge-root')).toHaveStyle({ '--badge-bg': 'var(--mantine-color-red-filled)' });
    expect(within(alert).getByText('It is open on 3 of your assets: fix it first.')).toBeInTheDocument();
    expect(within(alert).getByText('2026-11-21')).toBeInTheDocument();
    expect(within(alert).getByText('Unread')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: /^Open/ })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities?group=asset&cve=CVE-2026-1234',
    );

    const widgets = entry(dialog, 'New dashboard widgets');
    expect(within(widgets).queryByText('Unread')).not.toBeInTheDocument();
    expect(within(widgets).queryByRole('button', { name: /Mark read/ })).not.toBeInTheDocument();
    const external = within(widgets).getByRole('link', { name: /^Read more/ });
    expect(external).toHaveAttribute('href', 'https://bulwark.example/blog/widgets');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
  });

  it('marks all read with mark_all_read and the count goes to 0', async () => {
    const stub = feedApi();
    const { dialog, user } = await openFeed();
    const before = stub.calls('GET', FEED).length;
    await user.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(stub.calls('POST', MARK_ALL)).toHaveLength(1));
    expect(await bell('News')).toBeInTheDocument();
    expect(screen.queryByTestId('news-unread')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Unread')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await waitFor(() => expect(stub.calls('GET', FEED).length).toBeGreaterThan(before));
    expect(stub.calls('POST', MARK_READ)).toHaveLength(0);
  });

  it('marks one item read with its mark_read', async () => {
    const stub = feedApi();
    const { dialog, user } = await openFeed();
    const maintenance = entry(dialog, 'Maintenance on Sunday');
    await user.click(within(maintenance).getByRole('button', { name: 'Mark read: Maintenance on Sunday' }));
    await waitFor(() => expect(stub.calls('POST', MARK_READ)).toHaveLength(1));
    expect(stub.calls('POST', MARK_READ)[0].path).toBe('news-feed/announcements/11/mark_read/');
    expect(await bell('News, 2 unread')).toBeInTheDocument();
    expect(screen.getByTestId('news-unread')).toHaveTextContent(/^2$/);
    await waitFor(() => expect(within(entry(dialog, 'Maintenance on Sunday')).queryByText('Unread')).not.toBeInTheDocument());
    expect(within(entry(dialog, 'Faster scans')).getByText('Unread')).toBeInTheDocument();
  });

  it('marks an item read when it is clicked, and follows its link into the app', async () => {
    const stub = feedApi();
    const { dialog, user, router } = await openFeed();
    await user.click(within(entry(dialog, 'Faster scans')).getByText('Faster scans'));
    await waitFor(() => expect(stub.calls('POST', MARK_READ).map((r) => r.path)).toEqual(['news-feed/announcements/9/mark_read/']));
    expect(await bell('News, 2 unread')).toBeInTheDocument();

    const alert = entry(dialog, 'CVE-2026-1234 is now known to be exploited');
    await user.click(within(alert).getByRole('link', { name: /^Open/ }));
    await waitFor(() => expect(stub.calls('POST', MARK_READ).map((r) => r.path)).toContain('news-feed/announcements/12/mark_read/'));
    expect(router.state.location.pathname).toBe('/vm/unified-vulnerabilities');
    expect(router.state.location.search).toBe('?group=asset&cve=CVE-2026-1234');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'News' })).not.toBeInTheDocument());
  });

  it('loads the next 5 with "Show more"', async () => {
    const stub = feedApi();
    const { dialog, user } = await openFeed();
    await user.click(within(dialog).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(stub.calls('GET', FEED).some((r) => r.query.get('page') === '2')).toBe(true));
    const second = stub.calls('GET', FEED).find((r) => r.query.get('page') === '2')!;
    expect(second.query.get('page_size')).toBe('5');
    const earlier = within(dialog).getByRole('region', { name: 'Earlier' });
    expect(await within(earlier).findByText('Spring release')).toBeInTheDocument();
    expect(within(earlier).getByText('Bulwark is live')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('says so when there is no news', async () => {
    feedApi([]);
    const { user } = renderWithApp(<NewsBell />);
    await user.click(await bell('News'));
    const dialog = await screen.findByRole('dialog', { name: 'News' });
    expect(await within(dialog).findByText('No news yet.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});
