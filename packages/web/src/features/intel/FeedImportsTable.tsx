// Superusers: the feed imports, newest first, ten per page from the server; asks again every 2 s while one is under way.
import { Alert, Box, Card, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messageOf } from '../../api/errors.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { FeedImportRow } from './FeedImportRow.tsx';
import { feedImportsQuery } from './intel-queries.ts';
import { IMPORTS_PAGE_SIZE } from './intel-format.ts';
import { useRefreshStatusWhenSettled } from './use-refresh-status-when-settled.ts';

const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;
const HEADINGS = ['Import', 'Sources', 'Status', 'Progress', 'Counts', 'Started', 'Finished', 'Problems'];

export function FeedImportsTable({ page, onPageChange }: { page: number; onPageChange(page: number): void }) {
  const { data, error } = useQuery(feedImportsQuery(page));
  useRefreshStatusWhenSettled(data?.results);
  const pages = data ? Math.max(1, Math.ceil(data.count / IMPORTS_PAGE_SIZE)) : 1;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="feed-imports-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="feed-imports-heading">
          Imports
        </Title>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {messageOf(error, 'The imports could not be loaded. Reload the page to try again.')}
          </Alert>
        ) : !data ? (
          <PageLoader label="Loading the imports…" />
        ) : data.count === 0 ? (
          <Text size="sm" c="dimmed">
            No import has been started from Bulwark yet.
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={980}>
              <Table verticalSpacing="sm" striped aria-labelledby="feed-imports-heading">
                <Table.Thead>
                  <Table.Tr>
                    {HEADINGS.map((heading) => (
                      <Table.Th key={heading} scope="col">
                        {heading}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.results.map((item) => (
                    <FeedImportRow key={item.id} item={item} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {data.count} import{data.count === 1 ? '' : 's'}
              </Text>
              <Box component="nav" aria-label="Pages of imports">
                <Pagination
                  total={pages}
                  value={page}
                  onChange={onPageChange}
                  hideWithOnePage
                  getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
                />
              </Box>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
