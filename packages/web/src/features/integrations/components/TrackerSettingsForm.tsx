// The settings of one ticketing integration (superusers), saved with PUT app1/customer/{id}/{tracker}/: connection,
// mapping, webhook; Save; "Test connection" (§8 "Connection to X succesful!" / "Failed to connect to X." with the
// server's reason) and "Create test ticket" (the key, linked). Both use the saved settings: with unsaved changes
// they save first. The server's field errors go onto the fields.
import { useRef, useState } from 'react';
import { Alert, Anchor, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { connectionFailedMessage, type Tracker, type TrackerSettings } from '@bulwark/core';
import { isAlreadyReported, isApiError, messageOf } from '../../../api/errors.ts';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { lastSavedText } from '../integration-form.ts';
import {
  TRACKER_ERROR_FIELDS,
  trackerInput,
  trackerLabel,
  trackerValues,
  validateTracker,
  webhookUrl,
  type TrackerValues,
} from '../tracker-form.ts';
import { TRACKER_KEYS, createTestTicket, saveTrackerSettings, testTrackerConnection } from '../api/trackers-api.ts';
import { TrackerConnectionFields } from './TrackerConnectionFields.tsx';
import { TrackerMappingFields } from './TrackerMappingFields.tsx';
import { TrackerWebhookFields } from './TrackerWebhookFields.tsx';

const HEADING_ID = 'tracker-settings-heading';

type Check = 'connection' | 'ticket';
type Result = { ok: boolean; text: string; link?: { key: string; url: string } } | null;

/** The failure's words: the server's detail (it says why), else §8's "Failed to connect to X.". */
function failureText(error: unknown, label: string): string {
  const fallback = connectionFailedMessage(label);
  if (isApiError(error) && error.kind === 'http' && typeof error.data === 'object' && error.data !== null) {
    const detail = (error.data as Record<string, unknown>).detail;
    if (typeof detail === 'string' && detail.trim() !== '') return detail;
  }
  return messageOf(error, fallback);
}

export function TrackerSettingsForm({
  tracker,
  customerId,
  settings,
}: {
  tracker: Tracker;
  customerId: number;
  settings: TrackerSettings;
}) {
  const queryClient = useQueryClient();
  const label = trackerLabel(tracker);
  const form = useForm<TrackerValues>({
    initialValues: trackerValues(settings),
    validate: (values) => validateTracker(tracker, settings, values),
  });
  const [checking, setChecking] = useState<Check | null>(null);
  const [result, setResult] = useState<Result>(null);
  /** The check to run once the save under way ends (read then, so not state). */
  const thenCheck = useRef<Check | null>(null);
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: TRACKER_ERROR_FIELDS,
    failed: `Cannot save the ${label} settings.`,
  });

  async function runCheck(check: Check) {
    setChecking(check);
    setResult(null);
    try {
      if (check === 'connection') {
        const answer = await testTrackerConnection(customerId, tracker);
        setResult({ ok: true, text: answer.detail });
      } else {
        const answer = await createTestTicket(customerId, tracker);
        setResult({ ok: true, text: `${answer.detail} Test issue ${answer.key} created.`, link: { key: answer.key, url: answer.url } });
      }
    } catch (failure) {
      if (!isAlreadyReported(failure)) setResult({ ok: false, text: failureText(failure, label) });
    } finally {
      setChecking(null);
      void queryClient.invalidateQueries({ queryKey: TRACKER_KEYS.states });
      void queryClient.invalidateQueries({ queryKey: TRACKER_KEYS.deliveries(tracker) });
    }
  }

  async function save(values: TrackerValues) {
    const saved = await saveTrackerSettings(customerId, tracker, trackerInput(tracker, settings, values));
    queryClient.setQueryData(TRACKER_KEYS.settings(customerId, tracker), saved);
    void queryClient.invalidateQueries({ queryKey: TRACKER_KEYS.states });
    const next = trackerValues(saved);
    form.setValues(next);
    form.setInitialValues(next);
    form.resetDirty(next);
    toastSuccess(`${label} settings saved.`);
    const check = thenCheck.current;
    thenCheck.current = null;
    if (check) await runCheck(check);
  }

  const dirty = form.isDirty();
  const on = form.values.enabled;
  function check(kind: Check) {
    if (!dirty) {
      void runCheck(kind);
      return;
    }
    thenCheck.current = kind;
    onSubmit();
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={HEADING_ID}>
      <form
        ref={container}
        onSubmit={(event) => {
          thenCheck.current = null;
          onSubmit(event);
        }}
        noValidate
        aria-labelledby={HEADING_ID}
      >
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Title order={2} size="h4" id={HEADING_ID}>
              {label} settings
            </Title>
            <Text size="sm" c="dimmed" data-testid="last-saved">
              {settings.updated_at ? <time dateTime={settings.updated_at}>{lastSavedText(settings.updated_at)}</time> : lastSavedText(null)}
            </Text>
          </Group>
          <FormError message={error} />
          <TrackerConnectionFields tracker={tracker} form={form} settings={settings} />
          <Divider label="Mapping" labelPosition="left" />
          <TrackerMappingFields tracker={tracker} form={form} />
          <Divider label={`From ${label} to Bulwark`} labelPosition="left" />
          <TrackerWebhookFields
            tracker={tracker}
            form={form}
            settings={settings}
            url={webhookUrl(window.location.origin, tracker, customerId)}
          />
          <Stack gap={6}>
            <Group gap="sm">
              <Button type="submit" loading={busy && thenCheck.current === null} disabled={!dirty || checking !== null}>
                Save
              </Button>
              <Button
                variant="default"
                onClick={() => check('connection')}
                loading={checking === 'connection'}
                disabled={!on || busy || checking !== null}
              >
                {dirty ? 'Save and test connection' : 'Test connection'}
              </Button>
              <Button
                variant="default"
                onClick={() => check('ticket')}
                loading={checking === 'ticket'}
                disabled={!on || busy || checking !== null}
              >
                {dirty ? 'Save and create test ticket' : 'Create test ticket'}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {on
                ? `The tests use the saved settings${dirty ? ' (your changes are saved first)' : ''}: Test connection signs in and finds the ${tracker === 'jira' ? 'project' : tracker === 'servicenow' ? 'table' : 'incidents API'}; Create test ticket makes a real issue you can delete.`
                : `Switch ${label} on to test it.`}
            </Text>
          </Stack>
          {result && (
            <Alert
              color={result.ok ? 'teal' : 'red'}
              variant="light"
              role={result.ok ? 'status' : 'alert'}
              title={result.ok ? 'It works' : 'It does not work yet'}
              withCloseButton
              closeButtonLabel="Dismiss the test result"
              onClose={() => setResult(null)}
              data-testid="test-result"
            >
              {result.text}
              {result.link && (
                <>
                  {' '}
                  <Anchor href={result.link.url} target="_blank" rel="noreferrer" inherit>
                    Open {result.link.key}
                  </Anchor>
                </>
              )}
            </Alert>
          )}
        </Stack>
      </form>
    </Card>
  );
}
