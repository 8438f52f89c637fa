// The tests part of the web profile form: passive only, or every test with categories and single tests added (plus) or
// left out (minus), chosen from the web test catalogue — the same plus and minus lists as a network profile's.
import { Alert, MultiSelect, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { messageOf } from '../../../api/errors.ts';
import { fetchAllWebTests, type WebCatalogTest } from '../api/catalog-api.ts';
import type { WebProfileValues } from '../web-profile-form.ts';
import { WEB_KEYS } from '../web-queries.ts';

/** Options for the pickers: every category with its number of tests, and every test (values the profile holds that the
 * catalogue no longer has stay listed, so they can be removed). */
export function selectionOptions(tests: readonly WebCatalogTest[], held: { categories: string[]; tests: string[] }) {
  const counts = new Map<string, number>();
  for (const t of tests) if (t.category) counts.set(t.category, (counts.get(t.category) ?? 0) + 1);
  for (const c of held.categories) if (!counts.has(c)) counts.set(c, 0);
  const categories = [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([value, n]) => ({ value, label: n > 0 ? `${value} (${n} test${n === 1 ? '' : 's'})` : `${value} (not in the catalog)` }));
  const known = new Set(tests.map((t) => t.id));
  const testOptions = [
    ...tests.map((t) => ({ value: t.id, label: `${t.name} (${t.id})` })),
    ...held.tests.filter((id) => !known.has(id)).map((id) => ({ value: id, label: `${id} (not in the catalog)` })),
  ];
  return { categories, tests: testOptions };
}

export function WebTestSelection({ form }: { form: UseFormReturnType<WebProfileValues> }) {
  const catalog = useQuery({ queryKey: WEB_KEYS.catalogAll, queryFn: ({ signal }) => fetchAllWebTests(signal), staleTime: 60_000 });
  const v = form.values;
  const options = selectionOptions(catalog.data ?? [], {
    categories: [...v.plus_categories, ...v.minus_categories],
    tests: [...v.plus_tests, ...v.minus_tests],
  });
  return (
    <Stack gap="md">
      <Switch
        {...form.getInputProps('passive_only', { type: 'checkbox' })}
        label="Passive tests only"
        description="Read what the crawl fetched and send no payloads: safe for production, finds misconfigurations, disclosures and sensitive content, not injections."
      />
      {catalog.error && (
        <Alert color="yellow" variant="light" role="alert">
          {messageOf(catalog.error, 'The web test catalog could not be loaded; the lists below show only what the profile holds.')}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        Every test runs unless you leave categories or tests out. Added tests run even when their category is left out.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiSelect
          {...form.getInputProps('minus_categories')}
          label="Leave out categories"
          data={options.categories}
          searchable
          clearable
          placeholder="None"
        />
        <MultiSelect
          {...form.getInputProps('minus_tests')}
          label="Leave out tests"
          data={options.tests}
          searchable
          clearable
          placeholder="None"
        />
        <MultiSelect
          {...form.getInputProps('plus_categories')}
          label="Add categories"
          description="Run these categories even with passive tests only."
          data={options.categories}
          searchable
          clearable
          placeholder="None"
        />
        <MultiSelect
          {...form.getInputProps('plus_tests')}
          label="Add tests"
          description="Run these tests whatever else is chosen."
          data={options.tests}
          searchable
          clearable
          placeholder="None"
        />
      </SimpleGrid>
    </Stack>
  );
}
