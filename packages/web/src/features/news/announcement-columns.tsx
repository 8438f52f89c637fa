// The columns of the operators' announcement list: title, category (security in red), customer (or every customer), shown from (scheduled
// when still to come), who wrote it, and Edit / Delete.
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { formatDateTime, type Announcement } from '@bulwark/core';
import type { DataColumn } from '../../components/data-table/index.ts';
import { NEWS_CATEGORY_COLORS } from './news-format.ts';

const SOURCE_LABELS: Record<Announcement['source'], string> = { operator: 'Operator', bulwark: 'Bulwark' };

export interface AnnouncementActions {
  onEdit(item: Announcement): void;
  onDelete(item: Announcement): void;
}

export function announcementColumns({ onEdit, onDelete }: AnnouncementActions, now: Date = new Date()): DataColumn<Announcement>[] {
  return [
    {
      key: 'title',
      header: 'Title',
      cell: (item) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {item.title}
          </Text>
          {item.link && (
            <Text size="xs" c="dimmed" truncate maw={360}>
              {item.link}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'category',
      header: 'Category',
      cell: (item) => (
        <Badge size="sm" variant={item.category === 'security' ? 'filled' : 'light'} color={NEWS_CATEGORY_COLORS[item.category]}>
          {item.category_label}
        </Badge>
      ),
    },
    {
      key: 'customer',
      header: 'Customer',
      cell: (item) => <Text size="sm">{item.customer ? item.customer.name : 'Every customer'}</Text>,
    },
    {
      key: 'show_at',
      header: 'Shown from',
      cell: (item) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{formatDateTime(item.show_at) || '–'}</Text>
          {new Date(item.show_at).getTime() > now.getTime() && (
            <Badge size="xs" variant="outline" color="gray">
              Scheduled
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'source', header: 'Source', hideable: true, cell: (item) => <Text size="sm">{SOURCE_LABELS[item.source]}</Text> },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (item) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" variant="light" onClick={() => onEdit(item)} aria-label={`Edit ${item.title}`}>
            Edit
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => onDelete(item)} aria-label={`Delete ${item.title}`}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];
}
