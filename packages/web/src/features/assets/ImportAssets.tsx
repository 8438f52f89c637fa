// The asset CSV import: choose a file (the template shows the columns), whether to update assets that exist and to
// create missing tags; Preview says what would happen, Import does it. Every bad cell is listed by line and column, and
// nothing is written until the whole file is right.
import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, FileInput, Group, List, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { AssetImportResult } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { ASSET_KEYS, IMPORT_TEMPLATE_URL, importAssets } from './assets-api.ts';

function summary(r: AssetImportResult): string {
  const verb = r.preview ? 'would be' : 'were';
  const parts = [`${r.created} ${verb} created`, `${r.updated} ${verb} updated`, `${r.skipped} ${verb} skipped (they exist)`];
  if (r.tags_created.length) parts.push(`tags ${r.preview ? 'to create' : 'created'}: ${r.tags_created.join(', ')}`);
  return `${r.rows} rows: ${parts.join('; ')}.`;
}

export function ImportAssets({ onDone }: { onDone(): void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [update, setUpdate] = useState(false);
  const [createTags, setCreateTags] = useState(false);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const [result, setResult] = useState<AssetImportResult | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  async function run(preview: boolean) {
    if (!file) return;
    setBusy(preview ? 'preview' : 'import');
    setErrors([]);
    setResult(null);
    try {
      const r = await importAssets(file, { update, createMissingTags: createTags, preview });
      setResult(r);
      if (!preview) {
        toastSuccess(`Imported ${r.rows} rows.`);
        await queryClient.invalidateQueries({ queryKey: ASSET_KEYS.all });
        await queryClient.invalidateQueries({ queryKey: ['tags'] });
      }
    } catch (failure) {
      // Each problem of the file is its own message (line and column), so they are listed one by one.
      const data = isApiError(failure) && failure.status === 400 ? (failure.data as Record<string, unknown> | null) : null;
      const fields = data
        ? Object.values(data)
            .flat()
            .filter((m): m is string => typeof m === 'string')
        : [];
      setErrors(fields.length ? fields : [messageOf(failure, 'The file could not be imported.')]);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        One asset per row: an address or host name, a network, an IP range or a web application URL, with optional name, description,
        criticality, owner (email), flags and tags.{' '}
        <Anchor href={IMPORT_TEMPLATE_URL} download>
          Download the template
        </Anchor>
        .
      </Text>
      <FileInput
        label="CSV file"
        placeholder="Choose a .csv file"
        accept=".csv,text/csv"
        value={file}
        onChange={(f) => {
          setFile(f);
          setResult(null);
          setErrors([]);
        }}
        clearable
      />
      <Checkbox
        label="Update assets that already exist (empty cells leave a field as it is)"
        checked={update}
        onChange={(e) => setUpdate(e.currentTarget.checked)}
      />
      <Checkbox label="Create missing tags" checked={createTags} onChange={(e) => setCreateTags(e.currentTarget.checked)} />
      {errors.length > 0 && (
        <Alert color="red" variant="light" title="Nothing was imported" role="alert">
          <List size="sm">
            {errors.map((m, i) => (
              <List.Item key={i}>{m}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {result && (
        <Alert
          color={result.preview ? 'blue' : 'teal'}
          variant="light"
          title={result.preview ? 'Preview' : 'Imported'}
          aria-label="Import result"
        >
          {summary(result)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {result && !result.preview ? 'Close' : 'Cancel'}
        </Button>
        <Button variant="light" onClick={() => void run(true)} disabled={!file} loading={busy === 'preview'}>
          Preview
        </Button>
        <Button onClick={() => void run(false)} disabled={!file || (result !== null && !result.preview)} loading={busy === 'import'}>
          Import
        </Button>
      </Group>
    </Stack>
  );
}
