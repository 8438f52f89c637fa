// "Import CSV": a file is first read as a dry run (nothing written) — how many rows, the errors of each bad row keyed by
// column, the first rows as they would be stored — and only then imported ("Import N recipients"). Rows with errors are
// left out and listed; the others import.
import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { RECIPIENT_CSV_COLUMNS, type RecipientImportResult } from '@bulwark/core';
import { messageOf } from '../../../api/errors.ts';
import { toastFailure, toastSuccess } from '../../../components/toasts.tsx';
import { FRA_KEYS, recipients } from '../api.ts';
import { languageLabel, plural } from '../format.ts';

/** Rows the import would store: every row but those with errors. */
export const importableRows = (r: RecipientImportResult) => r.rows - new Set(r.errors.map((e) => e.row)).size;

function ErrorRows({ result }: { result: RecipientImportResult }) {
  if (result.errors.length === 0) return null;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {plural(result.errors.length, 'row has errors and will be left out', 'rows have errors and will be left out')}
      </Text>
      <Table withTableBorder striped aria-label="Rows with errors">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Column</Table.Th>
            <Table.Th>Error</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.errors.flatMap((e) =>
            Object.entries(e.errors).map(([column, messages]) => (
              <Table.Tr key={`${e.row}-${column}`} data-row={e.row}>
                <Table.Td>{e.row}</Table.Td>
                <Table.Td>{column}</Table.Td>
                <Table.Td>{messages.join(' ')}</Table.Td>
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function PreviewRows({ result }: { result: RecipientImportResult }) {
  if (result.preview.length === 0) return null;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        The first rows as they will be stored
      </Text>
      <Table withTableBorder aria-label="Preview of the import">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Department</Table.Th>
            <Table.Th>Language</Table.Th>
            <Table.Th>Tags</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.preview.map((p) => (
            <Table.Tr key={p.row}>
              <Table.Td>{p.row}</Table.Td>
              <Table.Td>{p.email}</Table.Td>
              <Table.Td>{`${p.first_name ?? ''} ${p.last_name ?? ''}`.trim() || '–'}</Table.Td>
              <Table.Td>{p.department || '–'}</Table.Td>
              <Table.Td>{languageLabel(p.language ?? 'english')}</Table.Td>
              <Table.Td>{p.tags.join(', ') || '–'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export function ImportRecipients({ onDone }: { onDone(): void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<RecipientImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(dryRun: boolean) {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await recipients.importCsv(file, dryRun);
      if (dryRun) setPreview(result);
      else {
        toastSuccess(`Imported: ${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged.`);
        await queryClient.invalidateQueries({ queryKey: FRA_KEYS.recipients });
        onDone();
      }
    } catch (error) {
      const message = messageOf(error, 'The file could not be read.');
      setFailure(message);
      toastFailure(error, message);
    } finally {
      setBusy(false);
    }
  }

  const count = preview ? importableRows(preview) : 0;
  return (
    <Stack gap="md">
      <Text size="sm">
        A CSV file with a header row. Columns, in any order: {RECIPIENT_CSV_COLUMNS.join(', ')} (email required; tags separated by ";"). A
        recipient whose e-mail exists already is updated.
      </Text>
      <FileInput
        label="CSV file"
        accept=".csv,text/csv"
        value={file}
        onChange={(f) => {
          setFile(f);
          setPreview(null);
        }}
        placeholder="Choose a file"
        clearable
      />
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {preview && (
        <Stack gap="md" aria-live="polite">
          <List size="sm">
            <List.Item>{plural(preview.rows, 'row read', 'rows read')}</List.Item>
            <List.Item>{plural(preview.created, 'new recipient', 'new recipients')}</List.Item>
            <List.Item>{plural(preview.updated, 'recipient updated', 'recipients updated')}</List.Item>
          </List>
          <ErrorRows result={preview} />
          <PreviewRows result={preview} />
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        {preview ? (
          <Button loading={busy} disabled={count === 0} onClick={() => void run(false)}>
            {`Import ${plural(count, 'recipient', 'recipients')}`}
          </Button>
        ) : (
          <Button loading={busy} disabled={!file} onClick={() => void run(true)}>
            Preview
          </Button>
        )}
      </Group>
    </Stack>
  );
}
