// /reports/templates: the report templates (which sections a report has and in what order, its title, description and
// logo, how long its top lists are) to add, change (with a live preview) and delete. The editor takes the list's place.
import { useState } from 'react';
import { Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { REPORT_SECTION_LABELS, REPORT_SECTIONS, formatDateTime, type ReportTemplate } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { useListState } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { REPORT_KEYS, deleteTemplate, fetchTemplates } from './api/reports-api.ts';
import { TEMPLATE_MESSAGES, TemplateForm } from './components/TemplateForm.tsx';

/** '7 of 9: Executive summary, Risk trend, …'. */
export function sectionsSummary(sections: ReportTemplate['sections'], shown = 3): string {
  const names = sections.slice(0, shown).map((s) => REPORT_SECTION_LABELS[s]);
  const more = sections.length > shown ? `, +${sections.length - shown} more` : '';
  return `${sections.length} of ${REPORT_SECTIONS.length}: ${names.join(', ')}${more}`;
}

export default function TemplatesPage() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ReportTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ReportTemplate | null>(null);
  const list = useListState({ pageSize: 50, defaultOrdering: 'name', sortKeys: ['name', 'updated_at'] });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: REPORT_KEYS.templateList(list.query),
    queryFn: ({ signal }) => fetchTemplates(list.query, signal),
    placeholderData: keepPreviousData,
  });

  const columns: DataColumn<ReportTemplate>[] = [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cellProps: { maw: 300 },
      cell: (t) => (
        <Group gap="sm" wrap="nowrap">
          {t.logo && <Image src={t.logo} alt="" h={24} w="auto" maw={64} fit="contain" />}
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {t.name}
            </Text>
            {t.title && (
              <Text size="xs" c="dimmed">
                {t.title}
              </Text>
            )}
          </Stack>
        </Group>
      ),
    },
    { key: 'sections', header: 'Sections', cellProps: { maw: 360 }, cell: (t) => <Text size="sm">{sectionsSummary(t.sections)}</Text> },
    {
      key: 'top_n',
      header: 'Top lists',
      cell: (t) => (
        <Badge variant="light" color="gray">
          {t.top_n} rows
        </Badge>
      ),
    },
    {
      key: 'updated',
      header: 'Changed',
      sortKey: 'updated_at',
      descendingFirst: true,
      hideable: true,
      cellProps: { style: { whiteSpace: 'nowrap' } },
      cell: (t) => <Text size="sm">{formatDateTime(t.updated_at)}</Text>,
    },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (t) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="subtle" onClick={() => setEditing(t)} aria-label={`Edit ${t.name}`}>
            Edit
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(t)} aria-label={`Delete ${t.name}`}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  async function remove(t: ReportTemplate) {
    try {
      await deleteTemplate(t.id);
      toastSuccess(TEMPLATE_MESSAGES.deleted);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: REPORT_KEYS.templates });
    } catch (failure) {
      toastFailure(failure, TEMPLATE_MESSAGES.deleteFailed);
    }
  }

  if (editing !== null) {
    return (
      <Stack gap="md">
        <PageHeader title="Report templates" description="Which sections a report has, in what order, and how it is titled." />
        <TemplateForm
          key={editing === 'new' ? 'new' : editing.id}
          template={editing === 'new' ? undefined : editing}
          onDone={() => setEditing(null)}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageHeader
        title="Report templates"
        description="Which sections a report has, in what order, and how it is titled."
        actions={<Button onClick={() => setEditing('new')}>New template</Button>}
      />
      <Card withBorder padding="md">
        <DataTable
          id="report-templates"
          caption="Report templates"
          columns={columns}
          rows={data?.results}
          rowKey={(t) => t.id}
          error={error}
          errorMessage="The templates could not be loaded."
          onRetry={() => void refetch()}
          loadingLabel="Loading templates…"
          fetching={isFetching}
          ordering={list.ordering}
          onOrderingChange={list.setOrdering}
          paging={list.paging(data?.count ?? 0, 'templates', 'template')}
          empty={{
            title: 'No templates yet',
            description:
              'Without a template a report has every section in the usual order. A template chooses the sections and their order, a title, a description and your logo.',
            action: <Button onClick={() => setEditing('new')}>Create a template</Button>,
          }}
        />
      </Card>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete template"
        confirmLabel="Delete template"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      >
        Delete the template <strong>{deleting?.name}</strong>? Reports already made with it are not changed.
      </ConfirmDialog>
    </Stack>
  );
}
