// The columns of the phishing template list: name (opens the editor), kind, language, difficulty, last change, and the
// row's actions — preview, copy, archive, or restore in the archived list.
import { Anchor, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  formatDateTime,
  LANGUAGE_LABELS,
  PHISHING_DIFFICULTY_LABELS,
  PHISHING_TEMPLATE_TYPE_LABELS,
  type PhishingTemplate,
} from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import type { TemplateAccess } from '../template-access.ts';

export const phishingPreviewPath = (id: number) => `/fra-previews/template/phishing/${id}`;

export interface PhishingRowHandlers {
  access: TemplateAccess;
  busy: ReadonlySet<number>;
  onEdit(t: PhishingTemplate): void;
  onCopy(t: PhishingTemplate): void;
  onArchive(t: PhishingTemplate): void;
  onRestore(t: PhishingTemplate): void;
}

export function Modified({ at }: { at: string }) {
  return (
    <Text size="sm" component="time" dateTime={at} style={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(at)}
    </Text>
  );
}

export function phishingTemplateColumns(h: PhishingRowHandlers): DataColumn<PhishingTemplate>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (t) =>
        h.access.update && !t.archived ? (
          <Anchor component="button" type="button" size="sm" fw={500} onClick={() => h.onEdit(t)}>
            {t.name}
          </Anchor>
        ) : (
          <Text size="sm" fw={500}>
            {t.name}
          </Text>
        ),
    },
    {
      key: 'type',
      header: 'Kind',
      cell: (t) => <Text size="sm">{PHISHING_TEMPLATE_TYPE_LABELS[t.template_type]}</Text>,
    },
    { key: 'language', header: 'Language', sortKey: 'language', cell: (t) => <Text size="sm">{LANGUAGE_LABELS[t.language]}</Text> },
    {
      key: 'difficulty',
      header: 'Difficulty',
      sortKey: 'difficulty',
      cell: (t) => <Text size="sm">{PHISHING_DIFFICULTY_LABELS[t.difficulty] ?? String(t.difficulty)}</Text>,
    },
    { key: 'modified', header: 'Modified', sortKey: 'modified', descendingFirst: true, cell: (t) => <Modified at={t.modified} /> },
    {
      key: 'row-actions',
      header: 'Actions of the phishing template',
      headerHidden: true,
      cell: (t) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" variant="subtle" component={Link} to={phishingPreviewPath(t.id)} aria-label={`Preview ${t.name}`}>
            Preview
          </Button>
          {t.archived ? (
            h.access.update && (
              <Button
                size="compact-sm"
                variant="subtle"
                loading={h.busy.has(t.id)}
                onClick={() => h.onRestore(t)}
                aria-label={`Restore ${t.name}`}
              >
                Restore
              </Button>
            )
          ) : (
            <>
              {h.access.create && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  loading={h.busy.has(t.id)}
                  onClick={() => h.onCopy(t)}
                  aria-label={`Copy ${t.name}`}
                >
                  Copy
                </Button>
              )}
              {h.access.delete && (
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => h.onArchive(t)} aria-label={`Archive ${t.name}`}>
                  Archive
                </Button>
              )}
            </>
          )}
        </Group>
      ),
    },
  ];
}
