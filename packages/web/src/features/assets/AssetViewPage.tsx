// An asset's page (/assets/assets/view/{id}, /ports, /edit/{editId}; /assets/unified-assets/view/{id}, /details): its
// risk, criticality, tags, owner and facts; what authenticated scans found on a host and its policy compliance; open
// findings by severity; its findings (the vulnerability list's, filtered to it); open ports and services; installed
// packages; the scan runs that saw it. Edit and delete from the header.
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, SEVERITY_LABELS, type AssetPort, type AssetScan, type Severity, type SingleAsset } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { Fact } from '../../components/Fact.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { ASSET_FINDINGS_PREFIX, AssetFindings } from '../vulnerabilities/components/AssetFindings.tsx';
import { AssetPolicyCompliance } from '../policies/AssetPolicyCompliance.tsx';
import { AssetWebScans } from '../was/components/AssetWebScans.tsx';
import { AssetWebFindings } from '../was/components/WebFindingsTab.tsx';
import { AssetAuthentication } from './AssetAuthentication.tsx';
import { AssetForm } from './AssetForm.tsx';
import { ASSET_PACKAGES_PREFIX, AssetPackages } from './AssetPackages.tsx';
import { RiskScore, TagList } from './asset-columns.tsx';
import { ASSET_KEYS, deleteAsset, fetchAssetPorts, fetchAssetScans, fetchSingleAsset } from './assets-api.ts';
import { hostAuthenticationOptions } from './host-auth-api.ts';
// Issue 29: "Create ticket" for the asset's open findings.
import { CreateTicketButton } from '../tickets/components/CreateTicketButton.tsx';
import {
  NET_ASSETS_PATH,
  UNIFIED_ASSETS_PATH,
  assetPath,
  assetSubtitle,
  assetTypeLabel,
  criticalityColor,
  criticalityLabel,
  protocolLabel,
  seenText,
} from './asset-format.ts';

const PAGE = 25;
const SEVERITY_COLORS = ['gray', 'blue', 'yellow', 'orange', 'red'];

const portColumns: DataColumn<AssetPort>[] = [
  { key: 'port', header: 'Port', cell: (p) => <Text size="sm">{`${p.port}/${protocolLabel(p.protocol).toLowerCase()}`}</Text> },
  {
    key: 'service',
    header: 'Service',
    cell: (p) => (
      <Text size="sm">
        {p.service ?? 'unknown'}
        {p.tls ? ' (TLS)' : ''}
      </Text>
    ),
  },
  { key: 'product', header: 'Product', cell: (p) => <Text size="sm">{[p.product, p.version].filter(Boolean).join(' ') || '–'}</Text> },
  {
    key: 'banner',
    header: 'Banner',
    hideable: true,
    cell: (p) => (
      <Text size="xs" ff="monospace" lineClamp={2}>
        {p.banner ?? '–'}
      </Text>
    ),
  },
  { key: 'last', header: 'Last detected', cell: (p) => <Text size="sm">{seenText(p.last_detected)}</Text> },
];

const scanColumns: DataColumn<AssetScan>[] = [
  {
    key: 'scan',
    header: 'Scan',
    cell: (s) => (
      <Anchor component={Link} to={`/scans/scans/view/nscan/${s.run_id}`} size="sm">
        {s.scan_name}
      </Anchor>
    ),
  },
  { key: 'finished', header: 'Finished', cell: (s) => <Text size="sm">{seenText(s.finished)}</Text> },
  { key: 'ports', header: 'Open ports', cell: (s) => <Text size="sm">{s.open_ports}</Text> },
  { key: 'findings', header: 'Findings', cell: (s) => <Text size="sm">{s.findings}</Text> },
  {
    key: 'worst',
    header: 'Worst severity',
    cell: (s) =>
      s.max_severity === null ? (
        <Text size="sm">–</Text>
      ) : (
        <Badge color={SEVERITY_COLORS[s.max_severity]} variant="light">
          {SEVERITY_LABELS[s.max_severity as Severity]}
        </Badge>
      ),
  },
];

/**
 * view/{id}/ports opens on the ports tab; a URL with the findings list's filters, sort or page on the findings tab, with
 * the package list's on the packages tab.
 */
function firstTab(pathname: string, search: string): string {
  if (pathname.endsWith('/ports')) return 'ports';
  const keys = [...new URLSearchParams(search).keys()];
  if (keys.some((k) => k.startsWith(`${ASSET_FINDINGS_PREFIX}.`))) return 'findings';
  return keys.some((k) => k.startsWith(`${ASSET_PACKAGES_PREFIX}.`)) ? 'packages' : 'overview';
}

function Overview({ asset }: { asset: SingleAsset }) {
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Text fw={600} mb="sm">
          Open findings
        </Text>
        <Group gap="sm" aria-label="Open findings by severity">
          {[4, 3, 2, 1, 0].map((s) => (
            <Badge key={s} color={SEVERITY_COLORS[s]} variant={asset.findings_by_severity[s] ? 'filled' : 'light'} size="lg">
              {SEVERITY_LABELS[s as Severity]}: {asset.findings_by_severity[s]}
            </Badge>
          ))}
        </Group>
        {asset.findings_below_qod > 0 && (
          <Text size="xs" c="dimmed" mt="xs">
            {asset.findings_below_qod} more below your organisation’s minimum quality of detection, not counted.
          </Text>
        )}
      </Card>
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" component="dl" m={0}>
          <Fact label="Type">{assetTypeLabel(asset)}</Fact>
          <Fact label="Value">{asset.value}</Fact>
          <Fact label="Address">{asset.ipv4 ?? asset.ipv6 ?? '–'}</Fact>
          <Fact label="Host names">{asset.hostnames.join(', ') || '–'}</Fact>
          <Fact label="Operating system">{asset.os ?? '–'}</Fact>
          <Fact label="Open ports">{asset.open_ports}</Fact>
          <Fact label="Owner">{asset.owner ? asset.owner.email : 'Nobody'}</Fact>
          <Fact label="Exposure">{asset.internet_facing ? 'Internet-facing' : 'Internal'}</Fact>
          <Fact label="Server">{asset.is_server ? 'Yes' : 'No'}</Fact>
          <Fact label="PCI scope">{asset.pci ? 'Yes' : 'No'}</Fact>
          <Fact label="Found in">
            {asset.parent ? (
              <Anchor component={Link} to={assetPath(asset.parent.id)} size="sm">
                {asset.parent.asset_name}
              </Anchor>
            ) : (
              '–'
            )}
          </Fact>
          <Fact label="Added">{seenText(asset.created)}</Fact>
          <Fact label="First detected">{seenText(asset.first_detected)}</Fact>
          <Fact label="Last detected">{seenText(asset.last_detected)}</Fact>
          <Fact label="Last scan">{asset.last_scan ? `${asset.last_scan.scan_name}, ${seenText(asset.last_scan.finished)}` : 'Never'}</Fact>
        </SimpleGrid>
        {asset.description && (
          <Text size="sm" mt="md">
            {asset.description}
          </Text>
        )}
      </Card>
      {asset.kind === 'host' && <AssetAuthentication assetId={asset.id} />}
      {asset.kind === 'host' && <AssetPolicyCompliance assetId={asset.id} />}
    </Stack>
  );
}

function PagedTab<Row>(props: {
  id: string;
  caption: string;
  columns: DataColumn<Row>[];
  queryKey: readonly unknown[];
  fetch(page: number, signal: AbortSignal): Promise<{ count: number; results: Row[] }>;
  rowKey(r: Row): string | number;
  empty: string;
  noun: [string, string];
}) {
  const [page, setPage] = useState(1);
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: [...props.queryKey, page],
    queryFn: ({ signal }) => props.fetch(page, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable
      id={props.id}
      caption={props.caption}
      columns={props.columns}
      rows={data?.results}
      rowKey={props.rowKey}
      error={error}
      errorMessage={`The ${props.noun[0]} could not be loaded.`}
      onRetry={() => void refetch()}
      loadingLabel={`Loading ${props.noun[0]}…`}
      empty={{ title: props.empty }}
      fetching={isFetching}
      paging={{ page, pageSize: PAGE, count: data?.count ?? 0, onPageChange: setPage, noun: props.noun[0], singular: props.noun[1] }}
    />
  );
}

export default function AssetViewPage() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unified = location.pathname.startsWith(UNIFIED_ASSETS_PATH);
  const text = params.id ?? params.editId;
  const id = text && /^[0-9]+$/.test(text) ? Number(text) : null;
  const [editing, setEditing] = useState(params.editId !== undefined);
  const [deleting, setDeleting] = useState(false);
  const [tab, setTab] = useState<string>(() => firstTab(location.pathname, location.search));
  const { data: asset, error } = useQuery({
    queryKey: ASSET_KEYS.one(id ?? 0),
    queryFn: ({ signal }) => fetchSingleAsset(id!, signal),
    enabled: id !== null,
  });
  // What authenticated scans found: hosts only; the packages tab shows once a look has been recorded.
  const { data: authentication } = useQuery(hostAuthenticationOptions(id ?? 0, id !== null && asset?.kind === 'host'));
  const listPath = unified ? UNIFIED_ASSETS_PATH : NET_ASSETS_PATH;
  const back = (
    <Anchor component={Link} to={listPath} size="sm">
      ← {unified ? 'Assets' : 'Network assets'}
    </Anchor>
  );
  if (id === null || error) {
    const missing = id === null || (isApiError(error) && error.status === 404);
    return (
      <Stack gap="md">
        {back}
        <PageHeader title="Asset" />
        <Alert color={missing ? 'yellow' : 'red'} variant="light" role="alert">
          {missing
            ? 'This asset does not exist, was deleted, or is not one your teams may see.'
            : messageOf(error, 'The asset could not be loaded.')}
        </Alert>
      </Stack>
    );
  }
  if (!asset) return <PageLoader />;

  async function remove() {
    try {
      await deleteAsset(id!);
      toastSuccess(MESSAGES.assets.deleted);
      await queryClient.invalidateQueries({ queryKey: ASSET_KEYS.all });
      void navigate(listPath);
    } catch (failure) {
      toastFailure(failure, MESSAGES.assets.updateFailed);
    }
  }

  const subtitle = assetSubtitle(asset);
  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={asset.asset_name}
        description={subtitle ?? assetTypeLabel(asset)}
        actions={
          <Group gap="xs">
            <CreateTicketButton source={{ kind: 'asset', id: asset.id, name: asset.asset_name }} label="Create ticket…" />
            <Button variant="default" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button variant="light" color="red" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </Group>
        }
      />
      <Group gap="sm">
        <Text size="sm">Risk score</Text>
        <RiskScore score={asset.risk_score} />
        <Badge color={criticalityColor(asset.criticality)} variant="dot">
          {criticalityLabel(asset.criticality)} criticality
        </Badge>
        {asset.archived && <Badge color="gray">Archived</Badge>}
        <TagList tags={asset.tags} />
      </Group>
      <Tabs
        value={tab}
        // The first tab comes from the URL (firstTab), so it can be linked to; switching tabs stays on the page.
        onChange={(v) => setTab(v ?? 'overview')}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="ports">Ports and services ({asset.open_ports})</Tabs.Tab>
          <Tabs.Tab value="findings">Open findings ({asset.open_findings})</Tabs.Tab>
          {authentication && (
            <Tabs.Tab value="packages">
              Installed packages{authentication.package_count !== null ? ` (${authentication.package_count})` : ''}
            </Tabs.Tab>
          )}
          {asset.kind === 'webapp' && <Tabs.Tab value="web-findings">Web findings</Tabs.Tab>}
          {asset.kind === 'webapp' && <Tabs.Tab value="web-scans">Web scans</Tabs.Tab>}
          <Tabs.Tab value="history">Scan history</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <Overview asset={asset} />
        </Tabs.Panel>
        <Tabs.Panel value="ports" pt="md">
          <PagedTab
            id="asset-ports"
            caption="Open ports"
            columns={portColumns}
            queryKey={ASSET_KEYS.ports(id, {})}
            fetch={(page, signal) => fetchAssetPorts(id, { page, page_size: PAGE }, signal)}
            rowKey={(p) => `${p.protocol}/${p.port}`}
            empty="No open ports seen. Scan the asset to find its services."
            noun={['ports', 'port']}
          />
        </Tabs.Panel>
        <Tabs.Panel value="findings" pt="md">
          <AssetFindings assetId={id} />
        </Tabs.Panel>
        <Tabs.Panel value="packages" pt="md">
          <AssetPackages assetId={id} />
        </Tabs.Panel>
        {asset.kind === 'webapp' && (
          <Tabs.Panel value="web-findings" pt="md">
            <AssetWebFindings assetId={id} prefix="web" />
          </Tabs.Panel>
        )}
        {asset.kind === 'webapp' && (
          <Tabs.Panel value="web-scans" pt="md">
            <AssetWebScans assetId={id} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="history" pt="md">
          <PagedTab
            id="asset-scans"
            caption="Scan history"
            columns={scanColumns}
            queryKey={ASSET_KEYS.scans(id, {})}
            fetch={(page, signal) => fetchAssetScans(id, { page, page_size: PAGE }, signal)}
            rowKey={(s) => s.run_id}
            empty="No scan has seen this asset yet."
            noun={['scan runs', 'scan run']}
          />
        </Tabs.Panel>
      </Tabs>
      <Modal opened={editing} onClose={() => setEditing(false)} title="Edit asset" size="lg">
        <AssetForm asset={asset} onDone={() => setEditing(false)} />
      </Modal>
      <ConfirmDialog
        opened={deleting}
        title="Delete asset"
        confirmLabel="Delete asset"
        onConfirm={remove}
        onClose={() => setDeleting(false)}
      >
        <Text size="sm">
          Delete <strong>{asset.asset_name}</strong> with its ports, findings and history? This cannot be undone.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
