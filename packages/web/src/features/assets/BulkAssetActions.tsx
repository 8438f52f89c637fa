// The bulk actions of the asset list, on the selected rows or on every asset the current filters match: add or remove a
// tag, set the business criticality, delete (after a confirm). One call does the whole set, in one transaction.
import { useState } from 'react';
import { Button, Group, Menu, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type AssetBulkInput } from '@bulwark/core';
import type { QueryParams } from '../../api/query-string.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { toastFailure, toastInfo, toastSuccess } from '../../components/toasts.tsx';
import { ASSET_KEYS, bulkOperation, fetchTagCounts } from './assets-api.ts';
import { CRITICALITY_OPTIONS } from './asset-format.ts';

/** The list's filters as the bulk call's `filter` (paging and ordering left out). */
function filterOf(query: QueryParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(query)) {
    if (k === 'page' || k === 'page_size' || k === 'ordering') continue;
    out[k] = Array.isArray(v) ? v.map(String) : String(v);
  }
  return out;
}

export function BulkAssetActions({
  ids,
  query,
  count,
  onDone,
}: {
  ids?: readonly number[];
  query?: QueryParams;
  count: number;
  onDone(): void;
}) {
  const queryClient = useQueryClient();
  const [tagAction, setTagAction] = useState<'add_tags' | 'remove_tags' | null>(null);
  const [tag, setTag] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const tags = useQuery({ queryKey: ASSET_KEYS.tags, queryFn: ({ signal }) => fetchTagCounts(signal) });
  const target = ids ? { ids: [...ids] } : { filter: filterOf(query ?? {}) };
  const what = ids ? `${count} selected` : `all ${count} matching`;

  async function run(input: Omit<AssetBulkInput, 'ids' | 'filter'>) {
    try {
      const r = await bulkOperation({ ...input, ...target });
      if ('job' in r) toastInfo(`${r.matched} assets are being changed in the background; the list shows the result when it is done.`);
      else toastSuccess(input.operation === 'delete' ? `${r.changed} assets deleted.` : `${r.changed} of ${r.matched} assets changed.`);
      await queryClient.invalidateQueries({ queryKey: ASSET_KEYS.all });
      onDone();
    } catch (failure) {
      toastFailure(failure, MESSAGES.assets.updateFailed);
    }
  }

  return (
    <Group gap="xs">
      <Menu position="bottom-start">
        <Menu.Target>
          <Button size="xs" variant="light">
            Edit {what}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setTagAction('add_tags')}>Add a tag…</Menu.Item>
          <Menu.Item onClick={() => setTagAction('remove_tags')}>Remove a tag…</Menu.Item>
          <Menu.Label>Set criticality</Menu.Label>
          {CRITICALITY_OPTIONS.map((c) => (
            <Menu.Item key={c.value} onClick={() => void run({ operation: 'set_criticality', params: { criticality: Number(c.value) } })}>
              {c.label}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => setDeleting(true)}>
            Delete…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={tagAction !== null} onClose={() => setTagAction(null)} title={tagAction === 'add_tags' ? 'Add a tag' : 'Remove a tag'}>
        <Stack gap="md">
          <Select
            label="Tag"
            data={(tags.data?.tags ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
            value={tag}
            onChange={setTag}
            searchable
            data-autofocus
          />
          <Text size="sm" c="dimmed">
            On {what} assets. Dynamic tags follow their rules and cannot be set by hand.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setTagAction(null)}>
              Cancel
            </Button>
            <Button
              disabled={tag === null}
              onClick={() => {
                const operation = tagAction!;
                setTagAction(null);
                void run({ operation, params: { tags: [Number(tag)] } });
              }}
            >
              {tagAction === 'add_tags' ? 'Add tag' : 'Remove tag'}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={deleting}
        title="Delete assets"
        confirmLabel={`Delete ${count} assets`}
        onConfirm={async () => {
          await run({ operation: 'delete', params: {} });
          setDeleting(false);
        }}
        onClose={() => setDeleting(false)}
      >
        <Text size="sm">Delete {what} assets with their ports, findings and history? This cannot be undone.</Text>
      </ConfirmDialog>
    </Group>
  );
}
