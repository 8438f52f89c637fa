// Superusers: start an import of feed files already on the server, one path per line relative to its feeds directory.
import { Button, Card, Group, Stack, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { feedImportRequest, FEED_IMPORT_STATUS_LABELS } from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { schemaMessage } from '../../../components/forms/schema-field.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { startFeedImport } from '../api/intel-api.ts';
import { splitSources } from '../intel-format.ts';

interface Values {
  sources: string;
}

const FAILED = 'Cannot start the import.';

export function ImportFeedsForm({ onStarted }: { onStarted(): Promise<void> }) {
  const form = useForm<Values>({
    initialValues: { sources: '' },
    validate: { sources: (value) => schemaMessage(feedImportRequest, { sources: splitSources(value) }) },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, { fields: ['sources'], failed: FAILED });

  async function save(values: Values) {
    const created = await startFeedImport(splitSources(values.sources));
    form.reset();
    toastSuccess(`Import ${created.id} ${FEED_IMPORT_STATUS_LABELS[created.status].toLowerCase()}.`);
    await onStarted();
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="import-feeds-heading">
      <form ref={container} onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="import-feeds-heading">
            Import feeds
          </Title>
          <FormError message={error} />
          <Textarea
            {...form.getInputProps('sources')}
            label="Feed files"
            description="One file or directory per line, relative to the server’s feeds directory (BULWARK_FEEDS_DIR, by default <data dir>/feeds). A directory imports every file in it; formats and compression are recognised by content."
            placeholder={'nvd/nvdcve-2.0-2024.json.xz\nkev/known_exploited_vulnerabilities.json'}
            autosize
            minRows={3}
            maxRows={12}
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Group>
            <Button type="submit" loading={busy}>
              Start import
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
