// The template editor's preview: the figures a report would show now (POST reports/prepare-report-data/, nothing saved)
// for all open vulnerabilities or one of the user's saved views, drawn with the report's own web view, the editor's
// unsaved title, logo, sections and row count laid over them.
import { useMemo, useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportTemplateInput } from '@bulwark/core';
import { messageOf } from '../../../api/errors.ts';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { REPORT_KEYS, prepareReportData, type PrepareInput } from '../api/reports-api.ts';
import { viewFilters } from '../report-format.ts';
import { ALL_OPEN } from '../report-forms.ts';
import { ReportView } from './ReportView.tsx';
import { useSavedViews } from './ScopeFields.tsx';
import { withEdits } from '../template-format.ts';

export interface TemplatePreviewProps {
  /** The saved template being edited; null for a new one (the default sections are prepared). */
  templateId: number | null;
  /** The editor's values as they are now. */
  edits: ReportTemplateInput;
  /** The row count the saved template prepares (lists cannot show more until it is saved). */
  savedTopN: number;
}

export function TemplatePreview({ templateId, edits, savedTopN }: TemplatePreviewProps) {
  const views = useSavedViews();
  const [view, setView] = useState(ALL_OPEN);
  const chosen = views.data?.find((v) => String(v.id) === view);
  const input: PrepareInput = {
    template: templateId,
    scope_kind: 'unified_vulns',
    scope: { filters: chosen ? viewFilters(chosen) : {}, scan: null },
  };
  const prepared = useQuery({
    queryKey: REPORT_KEYS.preview(input),
    queryFn: ({ signal }) => prepareReportData(input, signal),
    placeholderData: keepPreviousData,
    // A preview is of now: ask again each time it is opened, not from an old answer.
    staleTime: 0,
    gcTime: 0,
  });
  const { title, description, logo, sections, top_n } = edits;
  const data = useMemo(
    () => (prepared.data ? withEdits(prepared.data, { name: '', title, description, logo, sections, top_n }) : null),
    [prepared.data, title, description, logo, sections, top_n],
  );
  const grows = typeof top_n === 'number' && top_n > savedTopN;

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Preview with"
          value={view}
          onChange={(v) => setView(v ?? ALL_OPEN)}
          data={[
            { value: ALL_OPEN, label: 'All open vulnerabilities' },
            ...(views.data ?? []).map((v) => ({ value: String(v.id), label: `Saved view “${v.name}”` })),
          ]}
          allowDeselect={false}
          w={320}
        />
        <Button variant="default" onClick={() => void prepared.refetch()} loading={prepared.isFetching}>
          Refresh figures
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Today’s figures, nothing saved. Title, logo and sections follow your edits as you type.
        {grows ? ` Lists show at most ${savedTopN} rows here until the template is saved.` : ''}
      </Text>
      {prepared.isError && !data ? (
        <Alert color="red" variant="light" role="alert" title="The preview could not be prepared">
          {messageOf(prepared.error, 'Try again in a moment.')}
        </Alert>
      ) : !data ? (
        <PageLoader label="Preparing the preview…" />
      ) : (
        <ReportView data={data} titleOrder={2} idPrefix="template-preview" />
      )}
    </Stack>
  );
}
