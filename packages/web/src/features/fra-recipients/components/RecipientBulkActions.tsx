// The bulk actions on the selected recipients: add a tag, activate, deactivate (one PATCH fra/recipients/ {ids, changes},
// all or none) and delete after a confirm (DELETE fra/recipients/{id}/ each: the API has no bulk delete).
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Recipient } from '@bulwark/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { toastError, toastFailure, toastSuccess } from '../../../components/toasts.tsx';
import type { PhishingAccess } from '../access.ts';
import { FRA_KEYS, fetchTagBasics, recipients, type BulkChanges } from '../api.ts';
import { plural } from '../format.ts';

/** Runs `work` for each recipient; answers how many failed. */
async function each(selected: readonly Recipient[], work: (r: Recipient) => Promise<unknown>): Promise<number> {
  const outcomes = await Promise.allSettled(selected.map(work));
  return outcomes.filter((o) => o.status === 'rejected').length;
}

export function RecipientBulkActions({
  selected,
  clear,
  access,
}: {
  selected: readonly Recipient[];
  clear(): void;
  access: PhishingAccess;
}) {
  const queryClient = useQueryClient();
  const [tagging, setTagging] = useState(false);
  const [tag, setTag] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const tags = useQuery({ queryKey: FRA_KEYS.tags, queryFn: ({ signal }) => fetchTagBasics(signal), enabled: tagging });

  async function apply(work: (r: Recipient) => Promise<unknown>, done: string) {
    setBusy(true);
    const failed = await each(selected, work);
    setBusy(false);
    if (failed > 0) toastError(`${plural(failed, 'recipient', 'recipients')} could not be changed.`);
    else toastSuccess(done);
    await queryClient.invalidateQueries({ queryKey: FRA_KEYS.recipients });
    clear();
  }
  async function change(changes: BulkChanges, done: string) {
    setBusy(true);
    try {
      await recipients.bulk(
        selected.map((r) => r.id),
        changes,
      );
      toastSuccess(done);
      clear();
    } catch (failure) {
      toastFailure(failure, 'The recipients could not be changed.');
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: FRA_KEYS.recipients });
    }
  }
  const n = plural(selected.length, 'recipient', 'recipients');

  return (
    <>
      {access.update && (
        <>
          <Button size="xs" variant="light" onClick={() => setTagging(true)}>
            Add tag…
          </Button>
          <Button size="xs" variant="light" loading={busy} onClick={() => void change({ active: true }, `${n} activated.`)}>
            Activate
          </Button>
          <Button size="xs" variant="light" loading={busy} onClick={() => void change({ active: false }, `${n} deactivated.`)}>
            Deactivate
          </Button>
        </>
      )}
      {access.delete && (
        <Button size="xs" variant="light" color="red" onClick={() => setDeleting(true)}>
          Delete…
        </Button>
      )}
      <Modal opened={tagging} onClose={() => setTagging(false)} title={`Add a tag to ${n}`}>
        <Stack gap="md">
          <Select
            label="Tag"
            data={(tags.data ?? []).filter((t) => !t.is_dynamic).map((t) => ({ value: String(t.id), label: t.name }))}
            value={tag}
            onChange={setTag}
            searchable
            nothingFoundMessage="No tag of that name"
          />
          <Group justify="flex-end">
            <Button
              disabled={tag === null}
              loading={busy}
              onClick={() => {
                const id = Number(tag);
                setTagging(false);
                void change({ add_tags: [id] }, `Tag added to ${n}.`);
              }}
            >
              Add tag
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={deleting}
        title="Delete recipients"
        confirmLabel={`Delete ${n}`}
        onConfirm={async () => {
          setDeleting(false);
          await apply((r) => recipients.remove(r.id), `${n} deleted.`);
        }}
        onClose={() => setDeleting(false)}
      >
        <Text size="sm">Delete {n}? Their results and phishing findings are deleted with them; past assessments keep their counts.</Text>
      </ConfirmDialog>
    </>
  );
}
