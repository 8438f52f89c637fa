// Profile settings: the digest e-mail (a summary of what changed, sent to the user daily or weekly at a time in a time
// zone) switched on or off, read from and saved to reports/digest-config/ (form-encoded), with the next send time.
import { TIME_OF_DAY, TIME_OF_DAY_MESSAGE, TIME_ZONE_MESSAGE } from '@bulwark/core';
import { useMemo } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DIGEST_FREQUENCIES, REPORT_FREQUENCY_LABELS, formatDateTime, type DigestConfig, type DigestFrequency } from '@bulwark/core';
import { messageOf } from '../../api/errors.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { DIGEST_KEY, fetchDigestConfig, saveDigestConfig, type DigestInput } from '../reports/api/digest-api.ts';
import { WEEKDAY_OPTIONS, browserTimeZone, formatInZone, isTimeZone, timeZoneChoices } from '../reports/report-format.ts';

interface DigestValues {
  enabled: boolean;
  frequency: DigestFrequency;
  weekday: string;
  time: string;
  time_zone: string;
}

const FIELDS = ['enabled', 'frequency', 'weekday', 'time', 'time_zone'];
const HEADING_ID = 'digest-heading';

/** The form's values of saved settings; with `localZone`, a digest never set up (off, never sent, UTC) offers that zone. */
export function digestValues(config: DigestConfig, localZone?: string): DigestValues {
  const never = localZone !== undefined && !config.enabled && config.last_sent_at === null && config.time_zone === 'UTC';
  return {
    enabled: config.enabled,
    frequency: config.frequency,
    weekday: String(config.weekday),
    time: config.time.slice(0, 5),
    time_zone: never ? localZone : config.time_zone,
  };
}

export function digestInput(v: DigestValues): DigestInput {
  return { enabled: v.enabled, frequency: v.frequency, weekday: Number(v.weekday), time: v.time, time_zone: v.time_zone.trim() };
}

/** 'Next digest: Mon 2026-11-23 07:00 (Europe/Stockholm).' or why none is due. */
export function nextDigestText(config: Pick<DigestConfig, 'enabled' | 'next_run_at' | 'time_zone'>): string {
  if (!config.enabled) return 'The digest is off: no e-mail is sent.';
  if (!config.next_run_at) return 'The next digest has not been planned yet.';
  return `Next digest: ${formatInZone(config.next_run_at, config.time_zone)} (${config.time_zone}).`;
}

function DigestForm({ config }: { config: DigestConfig }) {
  const queryClient = useQueryClient();
  const form = useForm<DigestValues>({
    initialValues: digestValues(config, browserTimeZone()),
    validate: {
      time: (v) => (TIME_OF_DAY.test(v) ? null : TIME_OF_DAY_MESSAGE),
      time_zone: (v) => (isTimeZone(v) ? null : TIME_ZONE_MESSAGE),
    },
  });
  const zones = useMemo(() => timeZoneChoices(config.time_zone), [config.time_zone]);
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, { fields: FIELDS, failed: 'Cannot save the digest settings.' });

  async function save(values: DigestValues) {
    const saved = await saveDigestConfig(digestInput(values));
    queryClient.setQueryData(DIGEST_KEY, saved);
    form.setInitialValues(digestValues(saved));
    form.resetDirty(digestValues(saved));
    toastSuccess(saved.enabled ? 'Digest settings saved.' : 'Digest switched off.');
  }

  const v = form.values;
  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-labelledby={HEADING_ID}>
      <Stack gap="md">
        <FormError message={error} />
        <Switch {...form.getInputProps('enabled', { type: 'checkbox' })} label="E-mail me a digest" />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="digest-frequency-label" c={v.enabled ? undefined : 'dimmed'}>
            How often
          </Text>
          <SegmentedControl
            aria-labelledby="digest-frequency-label"
            value={v.frequency}
            onChange={(value) => form.setFieldValue('frequency', value as DigestFrequency)}
            data={DIGEST_FREQUENCIES.map((f) => ({ value: f, label: REPORT_FREQUENCY_LABELS[f] }))}
            disabled={!v.enabled}
            w="fit-content"
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {v.frequency === 'weekly' && (
            <Select {...form.getInputProps('weekday')} label="On" data={WEEKDAY_OPTIONS} allowDeselect={false} disabled={!v.enabled} />
          )}
          <TextInput {...form.getInputProps('time')} label="At" type="time" description="24-hour time, HH:MM." disabled={!v.enabled} />
          <Select
            {...form.getInputProps('time_zone')}
            label="Time zone"
            data={zones}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No time zone matches"
            limit={100}
            disabled={!v.enabled}
          />
        </SimpleGrid>
        <Stack gap={2}>
          <Text size="sm" data-testid="digest-next">
            {nextDigestText(config)}
          </Text>
          {config.last_sent_at && (
            <Text size="sm" c="dimmed">
              Last sent {formatDateTime(config.last_sent_at)}.
            </Text>
          )}
        </Stack>
        <Group>
          <Button type="submit" loading={busy} disabled={!form.isDirty()}>
            Save digest settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function DigestCard() {
  const digest = useQuery({ queryKey: DIGEST_KEY, queryFn: ({ signal }) => fetchDigestConfig(signal) });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={HEADING_ID}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id={HEADING_ID}>
            Digest e-mail
          </Title>
          <Text size="sm" c="dimmed">
            A summary of what changed since the last one, e-mailed to you daily or weekly at the time you choose.
          </Text>
        </Stack>
        {digest.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading the digest settings…" />
        ) : digest.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{messageOf(digest.error, 'The digest settings could not be loaded.')}</Text>
              <Button size="compact-sm" variant="light" color="red" onClick={() => void digest.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : (
          <DigestForm config={digest.data} />
        )}
      </Stack>
    </Card>
  );
}
