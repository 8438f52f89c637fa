// The columns of a credential list: name, method, the login (username, vault account or API URL), last change, and the
// row's actions (Edit, Test, Delete).
import { Anchor, Button, Group, Text } from '@mantine/core';
import { formatDateTime } from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import type { FilterDef } from '../../../components/filter-bar/index.ts';
import type { ScanCredential } from '../api/credentials-api.ts';
import { loginDetail, loginText, methodLabel } from '../credential-format.ts';

export interface CredentialActions {
  edit(credential: ScanCredential): void;
  test(credential: ScanCredential): void;
  remove(credential: ScanCredential): void;
}

export function credentialColumns(actions: CredentialActions, loginHeader: string): DataColumn<ScanCredential>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (c) => (
        <Anchor component="button" type="button" fw={500} size="sm" onClick={() => actions.edit(c)}>
          {c.name}
        </Anchor>
      ),
    },
    { key: 'method', header: 'Method', hideable: true, cell: (c) => <Text size="sm">{methodLabel(c.method)}</Text> },
    {
      key: 'login',
      header: loginHeader,
      cell: (c) => {
        const detail = loginDetail(c);
        return (
          <>
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {loginText(c) || '–'}
            </Text>
            {detail && (
              <Text size="xs" c="dimmed">
                {detail}
              </Text>
            )}
          </>
        );
      },
    },
    {
      key: 'modified',
      header: 'Modified',
      sortKey: 'modified',
      descendingFirst: true,
      hideable: true,
      cell: (c) => <Text size="sm">{formatDateTime(c.modified)}</Text>,
    },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (c) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Button size="compact-sm" variant="subtle" onClick={() => actions.edit(c)} aria-label={`Edit ${c.name}`}>
            Edit
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => actions.test(c)} aria-label={`Test ${c.name}`}>
            Test
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => actions.remove(c)} aria-label={`Delete ${c.name}`}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];
}

export const CREDENTIAL_SORT_KEYS = ['name', 'modified'] as const;

/** Search in the name and username (scan/{os}auths/?search=). */
export const CREDENTIAL_FILTERS: readonly FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Name or username', width: 260 },
];
