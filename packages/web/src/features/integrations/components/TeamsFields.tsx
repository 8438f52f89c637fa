// The Microsoft Teams integration's fields: on or off, and the channel's webhook URL — a Workflows webhook, or a retired
// Office 365 connector URL, which still works and is recognised (the page says so, and suggests moving on).
import { Alert, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { IntegrationFieldsProps } from '../fields.ts';
import { isTeamsConnectorUrl } from '../integration-form.ts';

export function TeamsFields({ form }: IntegrationFieldsProps) {
  const on = form.values.enabled;
  const connector = isTeamsConnectorUrl(form.values.url);
  return (
    <Stack gap="md">
      <Switch
        {...form.getInputProps('enabled', { type: 'checkbox' })}
        label="Post notifications to Microsoft Teams"
        description="While off, nothing is posted: messages schedules send to Teams end in the delivery log as failed."
      />
      <TextInput
        {...form.getInputProps('url')}
        label="Webhook URL"
        description={
          <>
            In Teams, on the channel: … › Workflows › “Post to a channel when a webhook request is received”, then copy the URL the workflow
            shows. Bulwark posts an Adaptive Card to it. Treat the URL as a secret: anyone who has it can post.
          </>
        }
        placeholder="https://….logic.azure.com/workflows/…"
        withAsterisk={on}
        autoComplete="off"
        spellCheck={false}
        type="url"
      />
      {connector ? (
        <Alert color="yellow" variant="light" title="An Office 365 connector URL" data-testid="teams-connector">
          Microsoft has retired Office 365 connectors. Bulwark still posts to this one (as a MessageCard) for as long as it answers; create
          a Workflows webhook to replace it.
        </Alert>
      ) : (
        <Text size="xs" c="dimmed">
          A URL of a retired Office 365 connector (…webhook.office.com/webhookb2/…) also works: Bulwark recognises it and sends the older
          MessageCard format.
        </Text>
      )}
    </Stack>
  );
}
