// What to copy into the tracker so its changes reach Bulwark at once: the webhook address (this customer's) and the
// secret it is checked with (generated here, shown once to copy, then only "Set"). Without a webhook Bulwark still polls
// the tracker for what changed, only later.
import { Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Tracker, TrackerSettings } from '@bulwark/core';
import { generateSecret } from '../integration-form.ts';
import { hasSavedWebhookSecret, type TrackerValues } from '../tracker-form.ts';
import { SecretField } from './SecretField.tsx';

const HOW: Record<Tracker, string> = {
  jira: 'In Jira: Settings › System › WebHooks › Create a WebHook. Paste the URL and the secret, tick Issue updated and Comment created, and limit it with JQL to your project (project = SEC). Jira signs each call (X-Hub-Signature) with the secret.',
  servicenow:
    'In ServiceNow: a business rule on the table (after update) with an outbound REST message that POSTs the record (sys_id, number, state, sys_mod_count, sys_updated_on) as JSON to the URL, with the secret in the X-Bulwark-Secret header.',
  topdesk:
    'In TOPdesk: an action sequence on incident changes with an HTTP request that POSTs the incident (id, number, modificationDate) as JSON to the URL, with the secret in the X-Bulwark-Secret header.',
};

export function TrackerWebhookFields({
  tracker,
  form,
  settings,
  url,
}: {
  tracker: Tracker;
  form: UseFormReturnType<TrackerValues>;
  settings: TrackerSettings;
  url: string;
}) {
  const typed = form.values.webhook_secret_mode === 'replace' ? form.values.webhook_secret.trim() : '';
  const generate = () => {
    form.setFieldValue('webhook_secret', generateSecret());
    form.setFieldValue('webhook_secret_mode', 'replace');
  };
  return (
    <Stack gap="md">
      <Text size="sm">{HOW[tracker]}</Text>
      {tracker === 'jira' && form.values.deployment === 'datacenter' && (
        <Text size="sm" c="dimmed" data-testid="datacenter-webhook-note">
          Jira Data Center versions whose webhooks carry no secret cannot be verified: leave the secret empty there, and Bulwark refuses
          their calls and finds the changes by polling instead (a few minutes later).
        </Text>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Webhook URL"
          value={url}
          readOnly
          style={{ flex: 1 }}
          styles={{ input: { fontFamily: 'monospace' } }}
          data-testid="webhook-url"
        />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} aria-label="Copy the webhook URL">
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <SecretField
        label="Webhook secret"
        description={
          <>
            Calls without it (or, for Jira, without a matching <Code>X-Hub-Signature</Code>) are refused. Stored encrypted.
          </>
        }
        saved={hasSavedWebhookSecret(settings)}
        mode={form.values.webhook_secret_mode}
        onModeChange={(mode) => form.setFieldValue('webhook_secret_mode', mode)}
        input={form.getInputProps('webhook_secret')}
        actions={
          <>
            <Button size="compact-sm" variant="light" onClick={generate}>
              Generate a secret
            </Button>
            {typed !== '' && (
              <CopyButton value={typed}>
                {({ copied, copy }) => (
                  <Button size="compact-sm" variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy the secret'}
                  </Button>
                )}
              </CopyButton>
            )}
          </>
        }
      />
      {typed !== '' && (
        <Text size="xs" c="blue">
          Copy the secret into the tracker now: once saved, Bulwark only shows that one is set.
        </Text>
      )}
    </Stack>
  );
}
