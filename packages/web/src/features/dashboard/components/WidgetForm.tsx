// Adds a widget (POST dashboard/widgets/ at the first free slot at the bottom) or configures one (PATCH): kind, display
// type among those that suit the kind, title, and for trends the days, series and grouped/stacked; beside the form a
// live preview (POST dashboard/widgets/preview/) drawn as the widget will be.
import { useMemo } from 'react';
import { Box, Button, Checkbox, Group, NativeSelect, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WIDGET_DISPLAY_TYPE_LABELS,
  WIDGET_KIND_DISPLAYS,
  WIDGET_KIND_LABELS,
  WIDGET_KINDS,
  WIDGET_LAYOUT,
  WIDGET_SERIES_LABELS,
  type Widget,
  type WidgetConfig,
  type WidgetKind,
  type WidgetSeries,
} from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { DASHBOARD_KEYS, createWidget, previewWidget, updateWidget } from '../api/dashboards-api.ts';
import {
  DAY_CHOICES,
  configOf,
  formValues,
  newWidgetBody,
  usesDays,
  usesSeries,
  widgetPatch,
  withKind,
  type WidgetFormValues,
} from '../widget-form.ts';
import { WidgetMessage, WidgetView } from './WidgetView.tsx';

export const WIDGET_MESSAGES = {
  created: 'Widget added.',
  createFailed: 'Cannot add widget.',
  updated: 'Widget updated.',
  updateFailed: 'Cannot update widget.',
  deleted: 'Widget removed.',
  deleteFailed: 'Cannot remove widget.',
};

const FIELDS = ['kind', 'display_type', 'title', 'config', 'slot', 'width', 'height'];
const KIND_OPTIONS = WIDGET_KINDS.map((k) => ({ value: k, label: WIDGET_KIND_LABELS[k] }));
const SERIES_CODES = Object.keys(WIDGET_SERIES_LABELS).map(Number) as WidgetSeries[];

export interface WidgetFormProps {
  dashboardId: number;
  /** The widget to configure; a new one otherwise. */
  widget?: Widget;
  /** Where a new widget goes. */
  slot: number;
  onDone(): void;
}

export function WidgetForm({ dashboardId, widget, slot, onDone }: WidgetFormProps) {
  const queryClient = useQueryClient();
  const form = useForm<WidgetFormValues>({
    initialValues: formValues(widget),
    validate: {
      title: (v) => (v.trim().length > 100 ? 'Ensure this field has no more than 100 characters.' : null),
      series: (v, values) => (usesSeries(values.kind) && v.length === 0 ? 'Choose at least one series.' : null),
    },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: FIELDS,
    failed: widget ? WIDGET_MESSAGES.updateFailed : WIDGET_MESSAGES.createFailed,
  });
  const values = form.getValues();
  // The same settings keep the same object, so the preview is not redrawn on every keystroke of the title.
  const configKey = JSON.stringify(configOf(values));
  const config = useMemo(() => JSON.parse(configKey) as WidgetConfig, [configKey]);
  const previewable = !usesSeries(values.kind) || values.series.length > 0;
  const preview = useQuery({
    queryKey: DASHBOARD_KEYS.preview(values.kind, config),
    queryFn: ({ signal }) => previewWidget(values.kind, config, signal),
    placeholderData: keepPreviousData,
    enabled: previewable,
  });

  async function save(v: WidgetFormValues) {
    if (widget) await updateWidget(widget.id, widgetPatch(v));
    else await createWidget(newWidgetBody(v, dashboardId, slot));
    toastSuccess(widget ? WIDGET_MESSAGES.updated : WIDGET_MESSAGES.created);
    await queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.widgets(dashboardId) });
    if (widget) await queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.widget(widget.id) });
    onDone();
  }

  const label = widget ? 'Configure widget' : 'Add widget';
  const previewTitle = values.title.trim() || WIDGET_KIND_LABELS[values.kind];
  // The preview's data may still be the previous kind's while the new one loads: draw only data of the chosen kind.
  const previewData = preview.data && preview.data.kind === values.kind ? preview.data : undefined;

  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        <FormError message={error} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="sm">
            <NativeSelect
              label="Kind"
              data={KIND_OPTIONS}
              disabled={Boolean(widget)}
              description={widget ? 'A widget keeps its kind; add another for a different one.' : undefined}
              value={values.kind}
              error={form.errors.kind}
              onChange={(e) => form.setValues(withKind(form.getValues(), e.currentTarget.value as WidgetKind))}
            />
            <Radio.Group {...form.getInputProps('display_type')} label="Display">
              <Group mt={4} gap="sm">
                {WIDGET_KIND_DISPLAYS[values.kind].map((d) => (
                  <Radio key={d} value={String(d)} label={WIDGET_DISPLAY_TYPE_LABELS[d]} />
                ))}
              </Group>
            </Radio.Group>
            <TextInput {...form.getInputProps('title')} label="Title" placeholder={WIDGET_KIND_LABELS[values.kind]} autoComplete="off" />
            {usesDays(values.kind) && (
              <Radio.Group {...form.getInputProps('days')} label="Days">
                <Group mt={4} gap="sm">
                  {DAY_CHOICES.map((d) => (
                    <Radio key={d} value={String(d)} label={`${d} days`} />
                  ))}
                </Group>
              </Radio.Group>
            )}
            {usesSeries(values.kind) && (
              <>
                <Checkbox.Group {...form.getInputProps('series')} label="Series">
                  <Group mt={4} gap="sm">
                    {SERIES_CODES.map((c) => (
                      <Checkbox key={c} value={String(c)} label={WIDGET_SERIES_LABELS[c]} />
                    ))}
                  </Group>
                </Checkbox.Group>
                <Radio.Group {...form.getInputProps('layout')} label="Layout">
                  <Group mt={4} gap="sm">
                    <Radio value={String(WIDGET_LAYOUT.grouped)} label="Grouped" />
                    <Radio value={String(WIDGET_LAYOUT.stacked)} label="Stacked" />
                  </Group>
                </Radio.Group>
              </>
            )}
          </Stack>
          <Stack gap={6} component="section" aria-label="Preview">
            <Title order={3} size="h6">
              Preview
            </Title>
            <Text size="sm" fw={600}>
              {previewTitle}
            </Text>
            <Box h={260}>
              {!previewable ? (
                <WidgetMessage>Choose at least one series to see a preview.</WidgetMessage>
              ) : preview.isError ? (
                <WidgetMessage>The preview could not be loaded.</WidgetMessage>
              ) : previewData ? (
                <WidgetView data={previewData} display={Number(values.display_type)} config={config} title={previewTitle} />
              ) : (
                <WidgetMessage>Loading the preview…</WidgetMessage>
              )}
            </Box>
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {widget ? 'Save widget' : 'Add widget'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
