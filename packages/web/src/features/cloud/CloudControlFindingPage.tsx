// /vm/unified-vulnerabilities/cp/{cp}: a cloud control's page (GET cloud/controls/{cp}/: its benchmark and reference, what
// it checks and how to fix it) with the resources it failed on — the unified findings of its check id (cloud:<cp>).
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isApiError, messageOf } from '../../api/errors.ts';
import { Fact } from '../../components/Fact.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { LIST_PATH } from '../vulnerabilities/vulnerability-format.ts';
import { CLOUD_CHECK_PREFIX, fetchCloudControl } from './api/cloud-api.ts';
import { providerLabel } from './cloud-profile-form.ts';
import { CLOUD_KEYS } from './cloud-queries.ts';
import { CloudFindingsTable, SeverityBadge } from './components/CloudFindingsTable.tsx';

export default function CloudControlFindingPage() {
  const cp = useParams().cp ?? '';
  const { data: control, error } = useQuery({
    queryKey: CLOUD_KEYS.control(cp),
    queryFn: ({ signal }) => fetchCloudControl(cp, signal),
    enabled: cp !== '',
  });
  const back = (
    <Anchor component={Link} to={LIST_PATH} size="sm">
      ← Vulnerabilities
    </Anchor>
  );

  if (error) {
    const missing = isApiError(error) && error.status === 404;
    return (
      <Stack gap="md">
        {back}
        <PageHeader title={`Cloud policy finding ${cp}`} />
        <Alert color={missing ? 'yellow' : 'red'} variant="light" role="alert" title={missing ? 'No such cloud control' : undefined}>
          {missing ? `No cloud control is named “${cp}”.` : messageOf(error, 'The cloud control could not be loaded.')}
        </Alert>
      </Stack>
    );
  }
  if (!control) return <PageLoader label="Loading the cloud control…" />;

  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={control.title}
        description={`Cloud policy finding ${control.id}`}
        actions={
          <Group gap="xs">
            <SeverityBadge severity={control.severity} />
            <Badge variant="light" color="gray">
              {providerLabel(control.provider)}
            </Badge>
          </Group>
        }
      />
      <Card withBorder padding="lg" component="section" aria-labelledby="control-facts-heading">
        <Stack gap="md">
          <Title order={2} size="h4" id="control-facts-heading">
            Control
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" component="dl" m={0}>
            <Fact label="Benchmark">{control.benchmark || '–'}</Fact>
            <Fact label="Reference">{control.reference || '–'}</Fact>
            <Fact label="Resource type">{control.resource_type || control.service}</Fact>
          </SimpleGrid>
          <Stack gap={4}>
            <Text fw={600} size="sm">
              Description
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {control.description}
            </Text>
          </Stack>
          <Stack gap={4}>
            <Text fw={600} size="sm">
              Solution
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {control.solution}
            </Text>
          </Stack>
        </Stack>
      </Card>
      <Card withBorder padding="md" component="section" aria-labelledby="control-resources-heading">
        <Stack gap="md">
          <Title order={2} size="h4" id="control-resources-heading">
            Resources that fail it
          </Title>
          <CloudFindingsTable
            id="control-findings"
            caption="Resources that fail this control"
            query={{ check: `${CLOUD_CHECK_PREFIX}${control.id}` }}
            show={{ control: false, resource: true }}
            empty="No resource fails this control."
          />
        </Stack>
      </Card>
    </Stack>
  );
}
