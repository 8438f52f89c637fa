// /vt/vulnerability-tests/:id: the page of one vulnerability test (issue 26) — its name, severity, category, source
// (shipped with Bulwark or a community template), description, solution, CWE, CVSS, CVEs, references, and what it runs
// on (protocols, ports, services), so a finding's "how to fix" can be read before any scan finds it.
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SEVERITY_LABELS, type NetworkTestDetail, type Severity } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { CweLinks } from '../../components/CweLinks.tsx';
import { Fact } from '../../components/Fact.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { fetchCatalogueTest } from './catalogue-api.ts';
import { SourceBadge, UnsafeBadge } from './catalogue-columns.tsx';

const LIST_PATH = '/vt/vulnerability-tests';

function BackLink() {
  return (
    <Anchor component={Link} to={LIST_PATH} size="sm">
      All vulnerability tests
    </Anchor>
  );
}

function runsOnText(t: NetworkTestDetail): string {
  const parts = [t.runs_on.protocols.join(', ').toUpperCase() || 'No requests'];
  if (t.runs_on.ports.length) parts.push(`port ${t.runs_on.ports.join(', ')}`);
  parts.push(t.runs_on.services.length ? `services: ${t.runs_on.services.join(', ')}` : 'any service of its protocol');
  return parts.join(' · ');
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function TestView({ test }: { test: NetworkTestDetail }) {
  return (
    <Stack gap="md">
      <PageHeader title={test.name} />
      <Group gap="xs">
        <BackLink />
        <SourceBadge source={test.source} origin={test.origin} />
        <UnsafeBadge reason={test.unsafe} />
        {test.ignored && (
          <Badge variant="light" color="gray">
            Ignored by your organisation
          </Badge>
        )}
      </Group>
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
          <Fact label="Test id">{test.id}</Fact>
          <Fact label="Severity">{SEVERITY_LABELS[test.severity as Severity]}</Fact>
          <Fact label="Category">{test.category_name}</Fact>
          <Fact label="Source">{test.source === 'community' ? `${test.origin}${test.file ? ` (${test.file})` : ''}` : 'Built in'}</Fact>
          <Fact label="Safe checks">{test.unsafe ? `Off while safe checks are on: ${test.unsafe}` : 'Runs with safe checks on'}</Fact>
          <Fact label="Runs on">{runsOnText(test)}</Fact>
          <Fact label="CVSS">{test.cvss === null ? '—' : `${test.cvss}${test.cvss_vector ? ` (${test.cvss_vector})` : ''}`}</Fact>
          <Fact label="CVE">{test.cve.length ? test.cve.join(', ') : '—'}</Fact>
          <Fact label="CWE">{test.cwe.length ? <CweLinks cwes={test.cwe} /> : '—'}</Fact>
        </SimpleGrid>
      </Card>
      <Section title="Description">
        <Text size="sm">{test.description || 'No description.'}</Text>
      </Section>
      <Section title="Solution">
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {test.solution || 'No solution is known yet.'}
        </Text>
      </Section>
      <Section title="References">
        {test.references.length ? (
          <List size="sm" aria-label="References">
            {test.references.map((url) => (
              <List.Item key={url}>
                <Anchor href={url} target="_blank" rel="noreferrer">
                  {url}
                </Anchor>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            The test names no references.
          </Text>
        )}
      </Section>
    </Stack>
  );
}

export default function TestPage() {
  const id = useParams().id ?? '';
  const { data, error, isPending } = useQuery({
    queryKey: ['catalogue', 'test', id],
    queryFn: ({ signal }) => fetchCatalogueTest(id, signal),
    retry: false,
  });
  if (isPending) return <PageLoader />;
  if (error || !data)
    return (
      <Stack gap="md">
        <PageHeader title="Vulnerability test" />
        <Alert color="red" variant="light" role="alert" title="This test cannot be shown">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {isApiError(error) && error.status === 404 ? `There is no test ${id}.` : messageOf(error, 'The test could not be loaded.')}
            </Text>
            <BackLink />
          </Stack>
        </Alert>
      </Stack>
    );
  return <TestView test={data} />;
}
