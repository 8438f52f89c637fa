// The columns of the recipient list: name (opens the recipient) and e-mail, department, job title, language, tags,
// phishing severity in words, source, active, last assessed, and the row's actions.
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime, type Recipient } from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import type { PhishingAccess } from '../access.ts';
import { SOURCE_LABELS, languageLabel, recipientName, recipientPath } from '../format.ts';
import { PhishingSeverityBadge } from './SeverityBadge.tsx';
import { TagBadges } from './TagBadges.tsx';

const dash = (v: string) => v || '–';

export function recipientColumns(h: { access: PhishingAccess; onEdit(r: Recipient): void }): DataColumn<Recipient>[] {
  return [
    {
      key: 'name',
      header: 'Recipient',
      sortKey: 'name',
      cell: (r) => (
        <Stack gap={0}>
          <Anchor component={Link} to={recipientPath(r.id)} size="sm" fw={500}>
            {recipientName(r)}
          </Anchor>
          <Text size="xs" c="dimmed">
            {r.email}
          </Text>
        </Stack>
      ),
    },
    { key: 'department', header: 'Department', sortKey: 'department', cell: (r) => <Text size="sm">{dash(r.department)}</Text> },
    { key: 'job_title', header: 'Job title', hideable: true, cell: (r) => <Text size="sm">{dash(r.job_title)}</Text> },
    { key: 'language', header: 'Language', hideable: true, cell: (r) => <Text size="sm">{languageLabel(r.language)}</Text> },
    { key: 'tags', header: 'Tags', cell: (r) => <TagBadges tags={r.tags} /> },
    {
      key: 'severity',
      header: 'Severity',
      sortKey: 'severity',
      descendingFirst: true,
      cell: (r) => <PhishingSeverityBadge severity={r.severity} />,
    },
    { key: 'source', header: 'Source', hideable: true, cell: (r) => <Text size="sm">{SOURCE_LABELS[r.source]}</Text> },
    { key: 'active', header: 'Active', cell: (r) => <Text size="sm">{r.active ? 'Active' : 'Inactive'}</Text> },
    {
      key: 'last_assessed',
      header: 'Last assessed',
      cell: (r) =>
        r.last_assessed ? (
          <Text size="sm" component="time" dateTime={r.last_assessed}>
            {formatDateTime(r.last_assessed)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Never
          </Text>
        ),
    },
    {
      key: 'row-actions',
      header: 'Actions of the recipient',
      headerHidden: true,
      cell: (r) =>
        h.access.update ? (
          <Group gap="xs" wrap="nowrap">
            <Button size="compact-sm" variant="subtle" onClick={() => h.onEdit(r)} aria-label={`Edit ${r.email}`}>
              Edit
            </Button>
          </Group>
        ) : null,
    },
  ];
}
