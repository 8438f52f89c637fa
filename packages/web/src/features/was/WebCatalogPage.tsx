// /was/catalog: the web test catalogue — every test a web scan can run (what a profile's plus and minus lists choose
// from), searchable and filtered by category, OWASP Top 10 (2021) category, severity and kind; a test opens its
// description, solution, CWE and references in a drawer.
import { useState, type ReactNode } from 'react';
import { Anchor, Card, Drawer, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CweLinks } from '../../components/CweLinks.tsx';
import { DataTable, sortKeysOf } from '../../components/data-table/index.ts';
import { Fact } from '../../components/Fact.tsx';
import { FilterBar, useListState } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SeverityBadge } from '../vulnerabilities/components/vulnerability-columns.tsx';
import { fetchWebTests, type WebCatalogTest } from './api/catalog-api.ts';
import { WEB_KEYS } from './web-queries.ts';
import { CATALOG_FILTERS, KindBadge, OwaspBadge, catalogColumns } from './components/catalog-columns.tsx';

const SORT_KEYS = sortKeysOf(catalogColumns(() => undefined));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4} component="section">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function TestDrawer({ test, onClose }: { test: WebCatalogTest | null; onClose(): void }) {
  return (
    <Drawer
      opened={test !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={test?.name ?? 'Web test'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {test && (
        <Stack gap="md">
          <Group gap="xs">
            <SeverityBadge severity={test.severity} />
            <OwaspBadge owasp={test.owasp} />
            <KindBadge kind={test.kind} />
          </Group>
          <SimpleGrid cols={2} spacing="sm" component="dl" m={0}>
            <Fact label="Id">
              <Text span size="sm" ff="monospace">
                {test.id}
              </Text>
            </Fact>
            <Fact label="Category">{test.category || '—'}</Fact>
            <Fact label="CWE">{test.cwe.length > 0 ? <CweLinks cwes={test.cwe} /> : '—'}</Fact>
          </SimpleGrid>
          {test.description && (
            <Section title="What it finds">
              <Text size="sm">{test.description}</Text>
            </Section>
          )}
          {test.solution && (
            <Section title="Solution">
              <Text size="sm">{test.solution}</Text>
            </Section>
          )}
          {test.references.length > 0 && (
            <Section title="References">
              <List size="sm">
                {test.references.map((r) => (
                  <List.Item key={r}>
                    <Anchor href={r} target="_blank" rel="noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
                      {r}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </Section>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

export default function WebCatalogPage() {
  const [open, setOpen] = useState<WebCatalogTest | null>(null);
  const list = useListState({ pageSize: 25, defaultOrdering: 'name', sortKeys: SORT_KEYS, filters: CATALOG_FILTERS });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: WEB_KEYS.catalog(list.query),
    queryFn: ({ signal }) => fetchWebTests(list.query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="md">
      <PageHeader
        title="Web test catalog"
        description="The tests a web scan runs on what its crawl finds. A web profile includes or excludes them by category or one by one; passive tests only read the responses, active ones send payloads."
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label="Filter web tests"
            filters={CATALOG_FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <DataTable
            id="web-tests"
            caption="Web tests"
            columns={catalogColumns(setOpen)}
            rows={data?.results}
            rowKey={(test) => test.id}
            error={error}
            errorMessage="The web tests could not be loaded. Reload the page to try again."
            onRetry={() => void refetch()}
            loadingLabel="Loading web tests…"
            empty={{ title: list.activeFilters > 0 ? 'No web test matches this search.' : 'No web tests.' }}
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'tests', 'test')}
          />
        </Stack>
      </Card>
      <TestDrawer test={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
