// "Import from library": the shipped templates (several of the spec's languages) with the ones already imported marked;
// importing one makes a customer copy of it (POST {pk}) that can then be changed.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LANGUAGE_LABELS, type ImportableTemplate } from '@bulwark/core';
import { toastFailure, toastSuccess } from '../../../components/toasts.tsx';

export interface ImportDialogProps {
  opened: boolean;
  onClose(): void;
  /** 'phishing templates', 'web templates'… */
  noun: string;
  queryKey: readonly unknown[];
  /** The query key of the lists refreshed after an import. */
  listKey: readonly unknown[];
  load(signal?: AbortSignal): Promise<ImportableTemplate[]>;
  importOne(pk: string): Promise<unknown>;
  /** Only the library entries of this kind (website / email), when the library mixes kinds. */
  kind?: string;
}

export function ImportDialog({ opened, onClose, noun, queryKey, listKey, load, importOne, kind }: ImportDialogProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const { data, error, isLoading } = useQuery({ queryKey, queryFn: ({ signal }) => load(signal), enabled: opened });
  const rows = (data ?? []).filter((t) => !kind || t.kind === kind);

  async function run(t: ImportableTemplate) {
    setBusy(t.pk);
    try {
      await importOne(t.pk);
      toastSuccess(`${t.name} imported.`);
      await Promise.all([queryClient.invalidateQueries({ queryKey }), queryClient.invalidateQueries({ queryKey: listKey })]);
    } catch (failure) {
      toastFailure(failure, `Cannot import ${t.name}.`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Import from library" size="xl">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Bulwark ships {noun} in several languages. Importing one makes your own copy, which you can change.
        </Text>
        {isLoading && <Loader size="sm" role="status" aria-label="Loading the library…" />}
        {error && <Alert color="red">The library could not be loaded.</Alert>}
        {data && rows.length === 0 && <Text size="sm">The library has no {noun}.</Text>}
        {rows.length > 0 && (
          <Table aria-label="Library" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Language</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Import</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((t) => (
                <Table.Tr key={t.pk} data-library-pk={t.pk}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text size="sm">{t.name}</Text>
                      {t.imported && (
                        <Badge size="sm" variant="light" color="green">
                          Imported
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{LANGUAGE_LABELS[t.language]}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{t.description}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant={t.imported ? 'subtle' : 'light'}
                      loading={busy === t.pk}
                      disabled={busy !== null && busy !== t.pk}
                      onClick={() => void run(t)}
                      aria-label={`${t.imported ? 'Import again' : 'Import'} ${t.name}`}
                    >
                      {t.imported ? 'Import again' : 'Import'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
