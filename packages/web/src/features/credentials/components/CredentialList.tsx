// One kind's credentials (a tab of the page): a server-paged table with search, and the dialogs of its actions — the
// form to add or edit, the test, and delete after a confirm (a credential a profile uses cannot be deleted: the server
// says which profiles, in a toast).
import { useState } from 'react';
import { Button, Modal, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CREDENTIAL_KIND_LABELS, type ScanAuthOs } from '@bulwark/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DataTable } from '../../../components/data-table/index.ts';
import { FilterBar, useListState } from '../../../components/filter-bar/index.ts';
import { toastFailure, toastSuccess } from '../../../components/toasts.tsx';
import { deleteCredential, type ScanCredential } from '../api/credentials-api.ts';
import { CREDENTIAL_KEYS, credentialListOptions, CREDENTIALS_PAGE_SIZE } from '../api/credential-queries.ts';
import { CREDENTIAL_FILTERS, CREDENTIAL_SORT_KEYS, credentialColumns } from './credential-columns.tsx';
import { CREDENTIAL_EMPTY_TEXT } from '../credential-format.ts';
import { CREDENTIAL_MESSAGES, CredentialForm } from './CredentialForm.tsx';
import { TestCredentialDialog } from './TestCredentialDialog.tsx';

export interface CredentialListProps {
  kind: ScanAuthOs;
  /** The page's "New credential" button was pressed for this kind. */
  creating: boolean;
  onCreatingChange(creating: boolean): void;
}

export function CredentialList({ kind, creating, onCreatingChange }: CredentialListProps) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ScanCredential | null>(null);
  const [testing, setTesting] = useState<ScanCredential | null>(null);
  const [deleting, setDeleting] = useState<ScanCredential | null>(null);
  const list = useListState({
    pageSize: CREDENTIALS_PAGE_SIZE,
    defaultOrdering: 'name',
    sortKeys: CREDENTIAL_SORT_KEYS,
    filters: CREDENTIAL_FILTERS,
  });
  const { data, error, isFetching, refetch } = useQuery(credentialListOptions(kind, list.query));
  const label = CREDENTIAL_KIND_LABELS[kind];
  const columns = credentialColumns(
    { edit: setEditing, test: setTesting, remove: setDeleting },
    kind === 'kubernetes' ? 'API server' : 'Username',
  );

  async function remove(credential: ScanCredential) {
    try {
      await deleteCredential(kind, credential.id);
      toastSuccess(CREDENTIAL_MESSAGES.deleted);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: CREDENTIAL_KEYS.all });
    } catch (failure) {
      toastFailure(failure, CREDENTIAL_MESSAGES.deleteFailed);
      setDeleting(null);
    }
  }

  const formOpen = creating || editing !== null;
  const closeForm = () => {
    setEditing(null);
    onCreatingChange(false);
  };

  return (
    <Stack gap="md">
      <FilterBar
        label={`Filter ${label} credentials`}
        filters={CREDENTIAL_FILTERS}
        values={list.filters}
        onChange={list.setFilter}
        onClear={list.clearFilters}
      />
      <DataTable
        id={`credentials-${kind}`}
        caption={`${label} credentials`}
        columns={columns}
        rows={data?.results}
        rowKey={(c) => c.id}
        rowProps={(c) => ({ 'data-credential-id': c.id })}
        error={error}
        errorMessage="The credentials could not be loaded. Reload the page to try again."
        onRetry={() => void refetch()}
        loadingLabel="Loading credentials…"
        empty={
          list.activeFilters > 0
            ? { title: 'No credential matches this search.' }
            : {
                title: `No ${label} credentials yet.`,
                description: CREDENTIAL_EMPTY_TEXT,
                action: <Button onClick={() => onCreatingChange(true)}>New {label} credential</Button>,
              }
        }
        fetching={isFetching}
        ordering={list.ordering}
        onOrderingChange={list.setOrdering}
        paging={list.paging(data?.count ?? 0, 'credentials', 'credential')}
        highlightOnHover
      />
      <Modal opened={formOpen} onClose={closeForm} title={editing ? `Edit ${label} credential` : `New ${label} credential`} size="lg">
        {formOpen && <CredentialForm key={editing?.id ?? 'new'} kind={kind} credential={editing ?? undefined} onDone={closeForm} />}
      </Modal>
      <TestCredentialDialog kind={kind} credential={testing} onClose={() => setTesting(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete the credential?"
        confirmLabel="Delete"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      >
        “{deleting?.name}” is deleted for good. A credential that a scan profile uses cannot be deleted: remove it from the profile first.
      </ConfirmDialog>
    </Stack>
  );
}
