// /admin/platform/announcements (platform operators): every item of the news feed, theirs and Bulwark's own, with its
// category, customer and the moment it is shown from; write one, change one, delete one (after confirming).
import { useState } from 'react';
import { Button, Card, Modal, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Announcement } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/data-table/index.ts';
import { useListState } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { announcementColumns } from './announcement-columns.tsx';
import { AnnouncementForm } from './AnnouncementForm.tsx';
import { NEWS_KEYS, deleteAnnouncement, fetchAnnouncements } from './news-api.ts';

const ANNOUNCEMENTS_PAGE_SIZE = 25;

type Editing = { item?: Announcement } | null;

export default function AnnouncementsPage() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const list = useListState({ pageSize: ANNOUNCEMENTS_PAGE_SIZE });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: NEWS_KEYS.announcementList(list.query),
    queryFn: ({ signal }) => fetchAnnouncements(list.query, signal),
    placeholderData: keepPreviousData,
  });
  const close = () => setEditing(null);

  async function remove(item: Announcement) {
    try {
      await deleteAnnouncement(item.id);
      toastSuccess('Announcement deleted.');
      setDeleting(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: NEWS_KEYS.announcements }),
        queryClient.invalidateQueries({ queryKey: NEWS_KEYS.feed }),
      ]);
    } catch (failure) {
      toastFailure(failure, 'Cannot delete the announcement.');
    }
  }

  const newButton = <Button onClick={() => setEditing({})}>New announcement</Button>;
  return (
    <Stack gap="md">
      <PageHeader
        title="Announcements"
        description="The news feed of every user: your announcements, for every customer or one, and Bulwark's own security alerts."
        actions={newButton}
      />
      <Card withBorder padding="md">
        <DataTable
          id="platform-announcements"
          caption="Announcements"
          columns={announcementColumns({ onEdit: (item) => setEditing({ item }), onDelete: setDeleting })}
          rows={data?.results}
          rowKey={(item) => item.id}
          rowProps={(item) => ({ 'data-announcement-id': item.id })}
          error={error}
          errorMessage="The announcements could not be loaded. Reload the page to try again."
          onRetry={() => void refetch()}
          loadingLabel="Loading announcements…"
          empty={{ title: 'No announcements yet.', description: 'Write one with “New announcement”.' }}
          fetching={isFetching}
          paging={list.paging(data?.count ?? 0, 'announcements', 'announcement')}
          minWidth={900}
        />
      </Card>
      <Modal opened={editing !== null} onClose={close} title={editing?.item ? `Edit ${editing.item.title}` : 'New announcement'} size="lg">
        {editing && <AnnouncementForm key={editing.item?.id ?? 'new'} item={editing.item} onDone={close} />}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete announcement"
        confirmLabel="Delete announcement"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">
          Delete <strong>{deleting?.title}</strong>? It leaves the news feed of every user who can see it.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
