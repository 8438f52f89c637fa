// /assets/cloud/view/{id}: one cloud resource — its provider id, type, account and region, public addresses, first and last
// seen (and gone since, when a scan missed it), its tags and properties as the provider answered them, and its
// vulnerabilities (GET cloud/resources/{id}/vulnerabilities/), each linking to its control's cp page; delete for those
// who may.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Code, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/data-table/index.ts';
import { Fact } from '../../components/Fact.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { deleteCloudResource, fetchCloudResource, fetchResourceVulnerabilities } from './api/cloud-api.ts';
import { useCanDeleteResources } from './cloud-access.ts';
import { providerLabel } from './cloud-profile-form.ts';
import { CLOUD_KEYS } from './cloud-queries.ts';
import { findingColumns } from './components/CloudFindingsTable.tsx';
import { GoneBadge } from './components/ResourcesTable.tsx';

const LIST = '/assets/cloud';

function propertyText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export default function CloudAssetPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canDelete = useCanDeleteResources();
  const [deleting, setDeleting] = useState(false);
  const valid = Number.isInteger(id) && id > 0;
  const { data: r, error } = useQuery({
    queryKey: CLOUD_KEYS.resource(id),
    queryFn: ({ signal }) => fetchCloudResource(id, signal),
    enabled: valid,
  });
  const vulns = useQuery({
    queryKey: CLOUD_KEYS.resourceVulns(id),
    queryFn: ({ signal }) => fetchResourceVulnerabilities(id, signal),
    enabled: valid,
  });
  const back = (
    <Anchor component={Link} to={LIST} size="sm">
      ← Cloud assets
    </Anchor>
  );

  if (!valid || error) {
    const missing = !valid || (isApiError(error) && error.status === 404);
    return (
      <Stack gap="md">
        {back}
        <PageHeader title="Cloud asset" />
        <Alert color={missing ? 'yellow' : 'red'} variant="light" role="alert" title={missing ? 'No such cloud asset' : undefined}>
          {missing ? 'This cloud asset does not exist or was deleted.' : messageOf(error, 'The cloud asset could not be loaded.')}
        </Alert>
      </Stack>
    );
  }
  if (!r) return <PageLoader label="Loading the cloud asset…" />;

  async function remove() {
    try {
      await deleteCloudResource(id);
      toastSuccess('The cloud asset was deleted.');
      await queryClient.invalidateQueries({ queryKey: CLOUD_KEYS.all });
      void navigate(LIST, { replace: true });
    } catch (failure) {
      toastFailure(failure, 'Cannot delete the cloud asset.');
      setDeleting(false);
    }
  }

  const tags = Object.entries(r.tags);
  const properties = Object.entries(r.properties);
  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={r.name || r.uid}
        description={r.resource_type}
        actions={
          <Group gap="xs">
            <GoneBadge since={r.gone_since} />
            <Badge variant="light">{providerLabel(r.provider)}</Badge>
            {canDelete && (
              <Button variant="default" color="red" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            )}
          </Group>
        }
      />
      <Card withBorder padding="lg" component="section" aria-labelledby="resource-facts-heading">
        <Stack gap="md">
          <Title order={2} size="h4" id="resource-facts-heading">
            Resource
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" component="dl" m={0}>
            <Fact label="Provider id">
              <Code>{r.uid}</Code>
            </Fact>
            <Fact label="Service">{r.service}</Fact>
            <Fact label="Account">{r.account}</Fact>
            <Fact label="Region">{r.region ?? 'Global'}</Fact>
            <Fact label="Public addresses">{r.public_addresses.join(', ') || 'None'}</Fact>
            <Fact label="First seen">{formatDateTime(r.first_seen)}</Fact>
            <Fact label="Last seen">{formatDateTime(r.last_seen)}</Fact>
            {r.gone_since && <Fact label="Gone since">{formatDateTime(r.gone_since)}</Fact>}
          </SimpleGrid>
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg" component="section" aria-labelledby="resource-tags-heading">
          <Stack gap="sm">
            <Title order={2} size="h4" id="resource-tags-heading">
              Tags
            </Title>
            {tags.length === 0 ? (
              <Text size="sm" c="dimmed">
                No tags.
              </Text>
            ) : (
              <Group gap={6} role="list" aria-label="Tags">
                {tags.map(([k, v]) => (
                  <Badge key={k} role="listitem" variant="outline" color="gray" tt="none">
                    {v ? `${k}: ${v}` : k}
                  </Badge>
                ))}
              </Group>
            )}
          </Stack>
        </Card>
        <Card withBorder padding="lg" component="section" aria-labelledby="resource-properties-heading">
          <Stack gap="sm">
            <Title order={2} size="h4" id="resource-properties-heading">
              Properties
            </Title>
            {properties.length === 0 ? (
              <Text size="sm" c="dimmed">
                No properties recorded.
              </Text>
            ) : (
              <Table aria-labelledby="resource-properties-heading" withRowBorders={false} verticalSpacing={4}>
                <Table.Tbody>
                  {properties.map(([k, v]) => (
                    <Table.Tr key={k}>
                      <Table.Th scope="row" fw={500} fz="sm" w="40%">
                        {k}
                      </Table.Th>
                      <Table.Td fz="sm" style={{ wordBreak: 'break-word' }}>
                        {propertyText(v)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Card>
      </SimpleGrid>
      <Card withBorder padding="md" component="section" aria-labelledby="resource-vulns-heading">
        <Stack gap="md">
          <Title order={2} size="h4" id="resource-vulns-heading">
            Vulnerabilities
          </Title>
          <DataTable
            id="cloud-asset-vulnerabilities"
            caption="Vulnerabilities of this resource"
            columns={findingColumns({ control: true, resource: false })}
            rows={vulns.data}
            rowKey={(f) => f.id}
            error={vulns.error}
            errorMessage="The vulnerabilities could not be loaded."
            onRetry={() => void vulns.refetch()}
            loadingLabel="Loading vulnerabilities…"
            empty={{ title: 'No open vulnerabilities on this resource.' }}
            fetching={vulns.isFetching}
          />
        </Stack>
      </Card>
      <ConfirmDialog
        opened={deleting}
        title="Delete the cloud asset?"
        onClose={() => setDeleting(false)}
        onConfirm={() => void remove()}
        confirmLabel="Delete"
      >
        {`“${r.name || r.uid}” and its findings are removed; a later scan that finds it adds it again.`}
      </ConfirmDialog>
    </Stack>
  );
}
