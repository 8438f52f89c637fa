// The bell of the header (feature-areas §7 News feed): the unread count on it, and the feed in a popover grouped as
// this month, last month and earlier, 5 at a time, with "Mark all as read".
import { useId, useState } from 'react';
import { ActionIcon, Button, Divider, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewsItem } from '@bulwark/core';
import { ListError } from '../../components/data-table/index.ts';
import { toastFailure } from '../../components/toasts.tsx';
import { NEWS_KEYS, markAllNewsRead, markNewsRead } from './news-api.ts';
import { bellLabel, newsSections } from './news-format.ts';
import { keepFirstPage, markAllReadInCache, markReadInCache, newsFeedOptions, unreadOf } from './news-queries.ts';
import { NewsEntry } from './NewsEntry.tsx';

function BellIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function NewsFeed({ headingId, onNavigate }: { headingId: string; onNavigate(): void }) {
  const queryClient = useQueryClient();
  const feed = useInfiniteQuery(newsFeedOptions);
  const unread = unreadOf(feed.data);
  const refresh = () => queryClient.invalidateQueries({ queryKey: NEWS_KEYS.feed });

  const markOne = useMutation({
    mutationFn: (item: NewsItem) => markNewsRead(item.id),
    onSuccess: (_answer, item) => {
      markReadInCache(queryClient, item.id);
      return refresh();
    },
    onError: (failure) => toastFailure(failure, 'Cannot mark the item read.'),
  });
  const markAll = useMutation({
    mutationFn: markAllNewsRead,
    onSuccess: () => {
      markAllReadInCache(queryClient);
      return refresh();
    },
    onError: (failure) => toastFailure(failure, 'Cannot mark the news read.'),
  });

  const items = feed.data?.pages.flatMap((page) => page.results) ?? [];
  const sections = newsSections(items);
  let content;
  if (feed.isPending) {
    content = (
      <Group justify="center" py="md">
        <Loader size="sm" role="status" aria-label="Loading news…" />
      </Group>
    );
  } else if (feed.isError && items.length === 0) {
    content = <ListError error={feed.error} fallback="The news could not be loaded." onRetry={() => void feed.refetch()} />;
  } else if (sections.length === 0) {
    content = (
      <Text size="sm" c="dimmed" py="md" ta="center" role="status">
        No news yet.
      </Text>
    );
  } else {
    content = (
      <Stack gap="sm">
        {sections.map((section) => (
          <section key={section.group} aria-labelledby={`news-group-${section.group}`}>
            <Title order={3} size="xs" tt="uppercase" c="dimmed" mb={4} id={`news-group-${section.group}`}>
              {section.label}
            </Title>
            <Stack component="ul" gap={4} m={0} p={0}>
              {section.items.map((item) => (
                <NewsEntry
                  key={item.id}
                  item={item}
                  onNavigate={onNavigate}
                  onMarkRead={(read) => {
                    if (!markOne.isPending || markOne.variables?.id !== read.id) markOne.mutate(read);
                  }}
                />
              ))}
            </Stack>
          </section>
        ))}
        {feed.hasNextPage && (
          <Button variant="subtle" size="compact-sm" onClick={() => void feed.fetchNextPage()} loading={feed.isFetchingNextPage}>
            Show more
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h5" id={headingId}>
          News
        </Title>
        <Button size="compact-sm" variant="subtle" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()}>
          Mark all as read
        </Button>
      </Group>
      <Divider />
      <ScrollArea.Autosize mah="min(480px, 70vh)" type="auto" offsetScrollbars>
        {content}
      </ScrollArea.Autosize>
    </Stack>
  );
}

export function NewsBell() {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const headingId = useId();
  const { data } = useInfiniteQuery(newsFeedOptions);
  const unread = unreadOf(data);

  function setOpen(next: boolean) {
    setOpened(next);
    if (!next) keepFirstPage(queryClient);
  }

  return (
    <Popover opened={opened} onChange={setOpen} position="bottom-end" width={380} shadow="md" trapFocus withinPortal>
      {/* The count is on the bell for the eye; the bell's name says it for screen readers. */}
      <Indicator
        label={unread}
        disabled={unread === 0}
        maxValue={99}
        size={16}
        color="red"
        offset={7}
        inline
        attributes={{ indicator: { 'aria-hidden': true, 'data-testid': 'news-unread' } }}
      >
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={bellLabel(unread)} onClick={() => setOpen(!opened)}>
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      {/* Named by its heading, not (as Popover does) by the bell with its count. */}
      <Popover.Dropdown aria-labelledby={headingId} p="sm">
        <NewsFeed headingId={headingId} onNavigate={() => setOpen(false)} />
      </Popover.Dropdown>
    </Popover>
  );
}
