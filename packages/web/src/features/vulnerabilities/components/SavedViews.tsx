// Saved views of the vulnerability list (§3 saved filter, §4, §5): the user's saved filters to apply, make the default
// (the list opens with it) or delete, and "Save view" for the filters shown; a taken name is said on the name field.
import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, Popover, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SAVED_FILTER_NAME_TAKEN, type SavedFilter } from '@bulwark/core';
import { isApiError } from '../../../api/errors.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastFailure, toastSuccess } from '../../../components/toasts.tsx';
import { createSavedFilter, deleteSavedFilter, fetchSavedFilters, setDefaultSavedFilter, VULN_KEYS } from '../api/vulnerabilities-api.ts';

type Filters = Record<string, string | string[]>;

function SaveViewForm({ filters, onDone }: { filters: Filters; onDone(): void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { name: '', makeDefault: false },
    validate: {
      name: (v) =>
        v.trim() === '' ? 'Name is required' : v.trim().length > 100 ? 'Ensure this field has no more than 100 characters.' : null,
    },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: ['name'],
    failed: 'Cannot save the view.',
    onFailure(failure) {
      if (!(isApiError(failure) && failure.status === 409)) return false;
      // §5: a taken name is shown on the name field, in the spec's words.
      form.setFieldError('name', SAVED_FILTER_NAME_TAKEN);
      return true;
    },
  });

  async function save(values: { name: string; makeDefault: boolean }) {
    const saved = await createSavedFilter({ name: values.name.trim(), filters });
    if (values.makeDefault) await setDefaultSavedFilter(saved.id, true);
    toastSuccess(`View “${saved.name}” saved.`);
    await queryClient.invalidateQueries({ queryKey: VULN_KEYS.saved });
    onDone();
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label="Save view">
      <Stack gap="md">
        <FormError message={error} />
        <TextInput {...form.getInputProps('name')} label="Name" required data-autofocus autoComplete="off" maxLength={100} />
        <Checkbox {...form.getInputProps('makeDefault', { type: 'checkbox' })} label="Open the list with this view" />
        <Text size="xs" c="dimmed">
          Saves the filters, the grouping and the order shown now. Only you see your views.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save view
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SavedViews({ current, onApply }: { current: Filters; onApply(view: SavedFilter): void }) {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<SavedFilter | null>(null);
  const views = useQuery({ queryKey: VULN_KEYS.saved, queryFn: ({ signal }) => fetchSavedFilters(signal) });
  const list = views.data ?? [];

  async function toggleDefault(view: SavedFilter) {
    try {
      await setDefaultSavedFilter(view.id, !view.is_default);
      toastSuccess(view.is_default ? `“${view.name}” is no longer the default view.` : `The list now opens with “${view.name}”.`);
      await queryClient.invalidateQueries({ queryKey: VULN_KEYS.saved });
    } catch (failure) {
      toastFailure(failure, 'Cannot change the default view.');
    }
  }

  async function remove(view: SavedFilter) {
    try {
      await deleteSavedFilter(view.id);
      toastSuccess(`View “${view.name}” deleted.`);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: VULN_KEYS.saved });
    } catch (failure) {
      toastFailure(failure, 'Cannot delete the view.');
    }
  }

  return (
    <Group gap="xs">
      <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus withinPortal width={360}>
        <Popover.Target>
          <Button variant="default" onClick={() => setOpened((o) => !o)} aria-expanded={opened}>
            Saved views{list.length > 0 ? ` (${list.length})` : ''}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" role="list" aria-label="Saved views">
            {views.isPending && <Text size="sm">Loading views…</Text>}
            {views.error && (
              <Text size="sm" c="red">
                The saved views could not be loaded.
              </Text>
            )}
            {!views.isPending && !views.error && list.length === 0 && (
              <Text size="sm" c="dimmed">
                No saved views yet. Set filters, then “Save view”.
              </Text>
            )}
            {list.map((view) => (
              <Group key={view.id} role="listitem" justify="space-between" wrap="nowrap" gap="xs">
                <UnstyledButton
                  onClick={() => {
                    setOpened(false);
                    onApply(view);
                  }}
                  aria-label={`Apply view ${view.name}`}
                  style={{ flex: 1, minWidth: 0 }}
                >
                  <Group gap={6} wrap="nowrap">
                    {/* A view's name is read whole: it wraps rather than ending in "…". */}
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {view.name}
                    </Text>
                    {view.is_default && (
                      <Badge size="xs" variant="light">
                        Default
                      </Badge>
                    )}
                  </Group>
                </UnstyledButton>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => void toggleDefault(view)}
                    aria-label={view.is_default ? `Remove default from ${view.name}` : `Set ${view.name} as default`}
                  >
                    {view.is_default ? 'Remove default' : 'Set as default'}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => {
                      setOpened(false);
                      setDeleting(view);
                    }}
                    aria-label={`Delete view ${view.name}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <Button variant="default" onClick={() => setSaving(true)}>
        Save view
      </Button>
      <Modal opened={saving} onClose={() => setSaving(false)} title="Save view">
        <SaveViewForm filters={current} onDone={() => setSaving(false)} />
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete view"
        confirmLabel="Delete view"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      >
        Delete the saved view <strong>{deleting?.name}</strong>? The findings are not changed.
      </ConfirmDialog>
    </Group>
  );
}
