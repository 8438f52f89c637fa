// What a discovery run found besides its site map: the forms with their fields (and whether they carry an anti-CSRF
// token), the technologies, the virtual hosts — each addable as a web-application asset — and what the crawl did not
// follow because it would destroy state.
import { useState } from 'react';
import { Alert, Badge, Button, Code, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { WebRunDetail } from '@bulwark/core';
import { toastFailure, toastSuccess } from '../../../components/toasts.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table/index.ts';
import { addWebApplication } from '../api/web-scans-api.ts';
import { WEB_KEYS } from '../web-queries.ts';

type Form = WebRunDetail['forms'][number];

const FORM_COLUMNS: DataColumn<Form>[] = [
  {
    key: 'action',
    header: 'Form',
    cell: (f) => (
      <>
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {f.method.toUpperCase()} {f.action}
        </Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          on {f.page}
        </Text>
      </>
    ),
  },
  {
    key: 'fields',
    header: 'Fields',
    cell: (f) => (
      <Group gap={4}>
        {f.fields.map((field) => (
          <Badge key={field.name} variant="outline" color="gray" size="sm" tt="none" title={field.type}>
            {field.name}
          </Badge>
        ))}
      </Group>
    ),
  },
  {
    key: 'csrf',
    header: 'Anti-CSRF token',
    cell: (f) =>
      f.csrf_token ? (
        <Badge variant="light" color="green">
          Yes
        </Badge>
      ) : (
        <Badge variant="light" color="yellow">
          No
        </Badge>
      ),
  },
];

export function FormsTab({ detail }: { detail: WebRunDetail }) {
  return (
    <DataTable
      id="web-forms"
      caption="Forms and parameters"
      columns={FORM_COLUMNS}
      rows={detail.forms}
      rowKey={(f) => f.id}
      error={null}
      errorMessage=""
      loadingLabel=""
      empty={{ title: 'The crawl found no forms.' }}
    />
  );
}

/** 'admin.shop.example.com' on https://shop.example.com:8443/ → https://admin.shop.example.com:8443/. */
export function vhostUrl(vhost: string, target: string): string {
  try {
    const url = new URL(target);
    url.hostname = vhost;
    url.pathname = '/';
    url.search = '';
    url.hash = '';
    return url.href;
  } catch {
    return `https://${vhost}/`;
  }
}

function AddApplication({ url }: { url: string }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  async function add() {
    setState('busy');
    try {
      await addWebApplication(url, new URL(url).host);
      toastSuccess(`${url} is now a web application: scan it from its asset page or the web scans.`);
      setState('done');
      await queryClient.invalidateQueries({ queryKey: WEB_KEYS.webapps });
    } catch (failure) {
      toastFailure(failure, 'Cannot add the web application.');
      setState('idle');
    }
  }
  return state === 'done' ? (
    <Badge variant="light" color="green">
      Added
    </Badge>
  ) : (
    <Button size="xs" variant="light" onClick={() => void add()} loading={state === 'busy'} aria-label={`Add ${url} as a web application`}>
      Add as web application
    </Button>
  );
}

export function HostsAndTechnologiesTab({ detail }: { detail: WebRunDetail }) {
  return (
    <Stack gap="lg">
      <Stack gap="xs" component="section" aria-labelledby="web-vhosts-heading">
        <Title order={3} size="h5" id="web-vhosts-heading">
          Virtual hosts
        </Title>
        {detail.vhosts.length === 0 ? (
          <Text size="sm" c="dimmed">
            No virtual host answered with a site of its own.
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Host</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.vhosts.map((vhost) => (
                <Table.Tr key={vhost}>
                  <Table.Td>{vhost}</Table.Td>
                  <Table.Td>
                    <Code>{vhostUrl(vhost, detail.target)}</Code>
                  </Table.Td>
                  <Table.Td>
                    <AddApplication url={vhostUrl(vhost, detail.target)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="web-tech-heading">
        <Title order={3} size="h5" id="web-tech-heading">
          Technologies
        </Title>
        {detail.technologies.length === 0 ? (
          <Text size="sm" c="dimmed">
            None recognised.
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Technology</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th>How it was recognised</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.technologies.map((t) => (
                <Table.Tr key={`${t.name}/${t.version ?? ''}`}>
                  <Table.Td>{t.name}</Table.Td>
                  <Table.Td>{t.version ?? '—'}</Table.Td>
                  <Table.Td>
                    <Text size="xs">{t.evidence}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {detail.skipped.length > 0 && (
        <Alert
          color="gray"
          variant="light"
          title={`Not followed: ${detail.skipped.length} destructive link${detail.skipped.length === 1 ? '' : 's'} or form${detail.skipped.length === 1 ? '' : 's'}`}
        >
          <Stack gap={2}>
            {detail.skipped.slice(0, 20).map((s) => (
              <Text key={s.url} size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {s.url} — {s.reason}
              </Text>
            ))}
            {detail.skipped.length > 20 && <Text size="xs">… and {detail.skipped.length - 20} more.</Text>}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
