// One item of the feed: category (security alerts in red), date, title, body, its link (a page of Bulwark through the
// router, an https address in a new tab) and, while unread, a marker and "Mark read". Clicking the item marks it read.
import { useId } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Box, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatDate, type NewsItem } from '@bulwark/core';
import { isExternalLink, isInternalLink, NEWS_CATEGORY_COLORS } from './news-format.ts';

export interface NewsEntryProps {
  item: NewsItem;
  onMarkRead(item: NewsItem): void;
  /** A link to a page of Bulwark was followed (the feed closes). */
  onNavigate(): void;
}

function NewsLink({ link, title, onNavigate }: { link: string; title: string; onNavigate(): void }) {
  if (isInternalLink(link)) {
    return (
      <Anchor component={Link} to={link} size="sm" onClick={onNavigate} aria-label={`Open: ${title}`}>
        Open
      </Anchor>
    );
  }
  if (!isExternalLink(link)) return null;
  return (
    <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm" aria-label={`Read more: ${title} (opens in a new tab)`}>
      Read more
    </Anchor>
  );
}

export function NewsEntry({ item, onMarkRead, onNavigate }: NewsEntryProps) {
  const titleId = useId();
  const unread = !item.read;
  const security = item.category === 'security';
  return (
    <Box
      component="li"
      aria-labelledby={titleId}
      data-news-id={item.id}
      data-read={item.read}
      onClick={unread ? () => onMarkRead(item) : undefined}
      px="sm"
      py="xs"
      style={{
        listStyle: 'none',
        cursor: unread ? 'pointer' : undefined,
        borderRadius: 'var(--mantine-radius-sm)',
        borderLeft: `3px solid ${unread ? `var(--mantine-color-${security ? 'red' : 'blue'}-filled)` : 'transparent'}`,
        background: unread ? 'var(--mantine-color-default-hover)' : undefined,
      }}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <Badge size="sm" variant={security ? 'filled' : 'light'} color={NEWS_CATEGORY_COLORS[item.category]}>
              {item.category_label}
            </Badge>
            {unread && <VisuallyHidden>Unread</VisuallyHidden>}
          </Group>
          <Text size="xs" c="dimmed" component="time" dateTime={item.show_at}>
            {formatDate(item.show_at)}
          </Text>
        </Group>
        <Text id={titleId} size="sm" fw={unread ? 700 : 500}>
          {item.title}
        </Text>
        {item.body && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {item.body}
          </Text>
        )}
        {(item.link || unread) && (
          <Group gap="sm" justify="space-between">
            {item.link ? <NewsLink link={item.link} title={item.title} onNavigate={onNavigate} /> : <span />}
            {unread && (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={(event) => {
                  event.stopPropagation();
                  onMarkRead(item);
                }}
                aria-label={`Mark read: ${item.title}`}
              >
                Mark read
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Box>
  );
}
