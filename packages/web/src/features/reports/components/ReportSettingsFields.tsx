// The fields a report and a schedule share besides the scope: the template (or the default sections) and the format,
// with what each format makes.
import { Select } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { REPORT_FORMAT_LABELS, type ReportFormat } from '@bulwark/core';
import { REPORT_KEYS, fetchTemplateChoices } from '../api/reports-api.ts';
import { FORMAT_HINTS, FORMATS, NO_TEMPLATE } from '../report-forms.ts';

const FORMAT_OPTIONS = FORMATS.map((f) => ({ value: f, label: REPORT_FORMAT_LABELS[f] }));

export function TemplateField({ inputProps }: { inputProps: GetInputPropsReturnType }) {
  const templates = useQuery({ queryKey: REPORT_KEYS.templateChoices, queryFn: ({ signal }) => fetchTemplateChoices(signal) });
  const chosen = typeof inputProps.value === 'string' ? inputProps.value : NO_TEMPLATE;
  const options = [
    { value: NO_TEMPLATE, label: 'Default sections' },
    ...(templates.data ?? []).map((t) => ({ value: String(t.id), label: t.name })),
  ];
  // A template chosen before that is gone (deleted) still shows by number until another is chosen.
  if (!options.some((o) => o.value === chosen)) options.push({ value: chosen, label: `Template #${chosen}` });
  return (
    <Select
      {...inputProps}
      label="Template"
      description={
        templates.isError
          ? 'Your templates could not be loaded; the default sections can still be used.'
          : 'Which sections the report has, its title and logo. Manage them under Report templates.'
      }
      data={options}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No template matches"
    />
  );
}

export function FormatField({ inputProps, format }: { inputProps: GetInputPropsReturnType; format: ReportFormat }) {
  return <Select {...inputProps} label="Format" description={FORMAT_HINTS[format]} data={FORMAT_OPTIONS} allowDeselect={false} required />;
}
