// The domain categories (a second table on the domains page): name and how many domains, add, rename and delete.
import { useState } from 'react';
import { Button, Group, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../../api/errors.ts';
import { toastFailure, toastSuccess } from '../../../components/toasts.tsx';
import type { PhishingAccess } from '../access.ts';
import { FRA_KEYS, domains, type DomainCategory } from '../api.ts';
import { MESSAGES } from '../format.ts';

function CategoryName({ initial, label, onSave }: { initial: string; label: string; onSave(name: string): Promise<void> }) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        onSave(name.trim())
          .then(() => setName(initial))
          .catch((failure: unknown) => setError(messageOf(failure, MESSAGES.categoryFailed)))
          .finally(() => setBusy(false));
      }}
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput size="xs" value={name} onChange={(e) => setName(e.currentTarget.value)} aria-label={label} error={error} />
        <Button size="xs" type="submit" variant="light" loading={busy} disabled={name.trim() === ''}>
          {initial ? 'Rename' : 'Add'}
        </Button>
      </Group>
    </form>
  );
}

export function DomainCategories({ categories, access }: { categories: DomainCategory[]; access: PhishingAccess }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: FRA_KEYS.domains });
  async function remove(c: DomainCategory) {
    try {
      await domains.removeCategory(c.id);
      toastSuccess(MESSAGES.categoryDeleted);
      await refresh();
    } catch (failure) {
      toastFailure(failure, MESSAGES.categoryDeleteFailed);
    }
  }
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Categories
      </Title>
      <Text size="sm" c="dimmed">
        Group domains by the kind of sender they imitate (cloud services, parcel delivery, banks).
      </Text>
      <Table aria-label="Domain categories" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Category</Table.Th>
            <Table.Th>Domains</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {categories.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text size="sm" c="dimmed">
                  No categories yet.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {categories.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                {access.update ? (
                  <CategoryName
                    initial={c.name}
                    label={`Name of category ${c.name}`}
                    onSave={async (name) => {
                      await domains.renameCategory(c.id, name);
                      toastSuccess(MESSAGES.categorySaved);
                      await refresh();
                    }}
                  />
                ) : (
                  c.name
                )}
              </Table.Td>
              <Table.Td>{c.domains}</Table.Td>
              <Table.Td>
                {access.delete && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => void remove(c)}
                    aria-label={`Delete category ${c.name}`}
                  >
                    Delete
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {access.create && (
        <CategoryName
          initial=""
          label="New category"
          onSave={async (name) => {
            await domains.createCategory(name);
            toastSuccess(MESSAGES.categorySaved);
            await refresh();
          }}
        />
      )}
    </Stack>
  );
}
