// The settings of one integration (superusers), saved with PUT app1/customer/{id}/{type}/: its fields, Save, and for the
// notification channels "Send test message", which tests the saved settings (with unsaved changes it saves them first)
// and shows the server's answer — on failure its detail, which says why. The server's field errors go onto the fields.
// BeyondTrust has no test message: its page tests a managed account below the form instead.
import { useRef, useState, type ComponentType } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import type { IntegrationSettings, NotificationIntegration, SettingsIntegration } from '@bulwark/core';
import { isAlreadyReported } from '../../../api/errors.ts';
import { useSession } from '../../../session/session.ts';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { BeyondTrustFields } from './BeyondTrustFields.tsx';
import { EmailFields } from './EmailFields.tsx';
import type { IntegrationFieldsProps } from '../fields.ts';
import {
  INTEGRATION_ERROR_FIELDS,
  integrationInput,
  integrationLabel,
  integrationValues,
  isNotificationIntegration,
  lastSavedText,
  testFailureMessage,
  validateIntegration,
  type IntegrationValues,
} from '../integration-form.ts';
import { INTEGRATION_KEYS, saveIntegration, testIntegration } from '../api/integrations-api.ts';
import { AzureFields } from './AzureFields.tsx';
import { SlackFields } from './SlackFields.tsx';
import { TeamsFields } from './TeamsFields.tsx';
import { WebhookFields } from './WebhookFields.tsx';

const FIELDS: Record<SettingsIntegration, ComponentType<IntegrationFieldsProps>> = {
  email: EmailFields,
  slack: SlackFields,
  teams: TeamsFields,
  webhooks: WebhookFields,
  beyondtrust: BeyondTrustFields,
  azure: AzureFields,
};

const HEADING_ID = 'integration-settings-heading';

type TestResult = { outcome: 'sent' | 'stored' | 'failed'; text: string } | null;

const RESULT_LOOK = {
  sent: { color: 'teal', role: 'status', title: 'Test message sent' },
  stored: { color: 'yellow', role: 'status', title: 'Test message kept in the outbox, not sent' },
  failed: { color: 'red', role: 'alert', title: 'Test message not delivered' },
} as const;

export interface IntegrationFormProps {
  type: SettingsIntegration;
  customerId: number;
  settings: IntegrationSettings;
}

/** What the test button does, in words under it. */
function testHint(type: NotificationIntegration, settings: IntegrationSettings, email: string | undefined, dirty: boolean): string {
  const first = dirty ? 'Saves your changes first: the test uses the saved settings. ' : '';
  if (type === 'email') {
    const through = settings.enabled && settings.host ? `your SMTP server (${settings.host})` : 'the installation’s mail server';
    return `${first}Sends a test e-mail to ${email ?? 'you'} through ${through}.`;
  }
  return `${first}Posts a test message through the saved settings.`;
}

export function IntegrationForm({ type, customerId, settings }: IntegrationFormProps) {
  const queryClient = useQueryClient();
  const { profile } = useSession();
  const label = integrationLabel(type);
  const form = useForm<IntegrationValues>({
    initialValues: integrationValues(settings),
    validate: (values) => validateIntegration(type, settings, values),
  });
  const [testing, setTesting] = useState(false);
  const [savingToTest, setSavingToTest] = useState(false);
  const [result, setResult] = useState<TestResult>(null);
  /** The save under way is followed by a test (read when the save ends, so not state). */
  const thenTest = useRef(false);
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: INTEGRATION_ERROR_FIELDS,
    failed: `Cannot save the ${label} settings.`,
  });

  async function runTest() {
    if (!isNotificationIntegration(type)) return;
    setTesting(true);
    setResult(null);
    try {
      const answer = await testIntegration(customerId, type);
      setResult({ outcome: answer.delivered, text: answer.detail });
    } catch (failure) {
      if (!isAlreadyReported(failure)) setResult({ outcome: 'failed', text: testFailureMessage(failure, type) });
    } finally {
      setTesting(false);
      void queryClient.invalidateQueries({ queryKey: INTEGRATION_KEYS.deliveries });
    }
  }

  async function save(values: IntegrationValues) {
    const saved = await saveIntegration(customerId, type, integrationInput(type, settings, values));
    queryClient.setQueryData(INTEGRATION_KEYS.settings(customerId, type), saved);
    // The Slack way chosen stays chosen, even when nothing of it is saved yet.
    const next = { ...integrationValues(saved), slack_mode: values.slack_mode };
    form.setValues(next);
    form.setInitialValues(next);
    form.resetDirty(next);
    toastSuccess(`${label} settings saved.`);
    if (thenTest.current) {
      thenTest.current = false;
      await runTest();
    }
  }

  const dirty = form.isDirty();
  const notifies = isNotificationIntegration(type);
  const canTest = type === 'email' || form.values.enabled;

  function sendTest() {
    if (!dirty) {
      void runTest();
      return;
    }
    thenTest.current = true;
    setSavingToTest(true);
    onSubmit();
  }

  const Fields = FIELDS[type];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={HEADING_ID}>
      <form
        ref={container}
        onSubmit={(event) => {
          thenTest.current = false;
          setSavingToTest(false);
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
          <Fields form={form} settings={settings} />
          <Stack gap={6}>
            <Group gap="sm">
              <Button type="submit" loading={busy && !savingToTest} disabled={!dirty || testing}>
                Save
              </Button>
              {notifies && (
                <Button variant="default" onClick={sendTest} loading={testing || (busy && savingToTest)} disabled={!canTest || busy}>
                  {dirty ? 'Save and send test message' : 'Send test message'}
                </Button>
              )}
            </Group>
            {notifies && (
              <Text size="xs" c="dimmed">
                {canTest ? testHint(type, settings, profile?.email, dirty) : `Switch ${label} on to send a test message.`}
              </Text>
            )}
          </Stack>
          {result && (
            <Alert
              color={RESULT_LOOK[result.outcome].color}
              variant="light"
              role={RESULT_LOOK[result.outcome].role}
              title={RESULT_LOOK[result.outcome].title}
              withCloseButton
              closeButtonLabel="Dismiss the test result"
              onClose={() => setResult(null)}
              data-testid="test-result"
            >
              {result.text}
            </Alert>
          )}
        </Stack>
      </form>
    </Card>
  );
}
