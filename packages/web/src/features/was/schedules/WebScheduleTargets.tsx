// The targets of a web schedule on the shared schedule form: the web applications it scans (scan_basics/webapps, the
// start-scan form's picker and query), whether it only maps them (discovery, no tests) and the virtual host names sent
// with each request.
import { Checkbox, Fieldset, MultiSelect, Stack, TagsInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import type { ScheduleValues } from '../../schedules/schedule-form.ts';
import { fetchWebAppChoices } from '../api/web-scans-api.ts';
import { WEB_KEYS } from '../web-queries.ts';

export function WebScheduleTargets({ form }: { form: UseFormReturnType<ScheduleValues> }) {
  const apps = useQuery({ queryKey: [...WEB_KEYS.webapps, 'choices'], queryFn: ({ signal }) => fetchWebAppChoices(signal) });
  const data = (apps.data ?? []).map((a) => ({ value: String(a.id), label: a.name && a.name !== a.url ? `${a.url} (${a.name})` : a.url }));
  // A chosen application the picker does not hold (deleted since) still shows, by its number.
  const known = new Set(data.map((d) => d.value));
  for (const id of form.values.assets) if (!known.has(id)) data.push({ value: id, label: `Web application ${id}` });
  return (
    <Fieldset legend="Targets" variant="unstyled">
      <Stack gap="sm">
        <MultiSelect
          {...form.getInputProps('assets')}
          label="Web applications"
          description="The web-application assets each run scans."
          data={data}
          searchable
          clearable
          required
          nothingFoundMessage="No web application matches"
          placeholder={
            apps.isPending ? 'Loading web applications…' : data.length === 0 ? 'No web applications yet' : 'Choose web applications'
          }
        />
        <Checkbox
          {...form.getInputProps('is_was_discovery', { type: 'checkbox' })}
          label="Discovery only"
          description="Maps the applications (pages, forms, technologies) without running tests."
        />
        <TagsInput
          {...form.getInputProps('vhosts')}
          label="Virtual hosts"
          description="Host names to try on the same addresses (press Enter after each)."
          placeholder="admin.example.com"
          clearable
          maxTags={1000}
        />
      </Stack>
    </Fieldset>
  );
}
