// The summary of stored intelligence: four counts and the newest import, or the empty state when nothing is stored.
import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { messageOf } from '../../../api/errors.ts';
import { FeedsEmptyState } from './FeedsEmptyState.tsx';
import { StatCard } from './StatCard.tsx';
import { intelStatusQuery } from '../api/intel-queries.ts';
import { lastImportText } from '../intel-format.ts';

export function FeedSummary({ canImport }: { canImport: boolean }) {
  const { data, error } = useQuery(intelStatusQuery);
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert" title="Cannot load the feed summary">
        {messageOf(error, 'The stored feeds could not be counted. Reload the page to try again.')}
      </Alert>
    );
  }
  if (!data) return <PageLoader label="Loading the feed summary…" />;
  const empty = data.cves + data.kev + data.epss + data.osv + data.distro_fixes === 0;
  return (
    <Stack gap="xs">
      {empty ? (
        <FeedsEmptyState canImport={canImport} sync={data.sync} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
          <StatCard label="CVEs" value={data.cves} description="NVD vulnerability records" />
          <StatCard label="KEV entries" value={data.kev} description="CISA known exploited vulnerabilities" />
          <StatCard label="EPSS scores" value={data.epss} description="FIRST exploit probabilities" />
          <StatCard label="OSV advisories" value={data.osv} description="Affected package versions" />
          <StatCard label="Debian fixes" value={data.distro_fixes} description="Backported fixes by release" />
        </SimpleGrid>
      )}
      <Text size="sm" c="dimmed" data-testid="last-import">
        {lastImportText(data.last_import)}
      </Text>
    </Stack>
  );
}
