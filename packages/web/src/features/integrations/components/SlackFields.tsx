// The Slack integration's fields: on or off, and how messages are posted — an incoming webhook URL (bound to one channel)
// or a bot token with the channel it posts to (chat.postMessage); saving one way clears the other.
import { Alert, Radio, Stack, Switch, TextInput } from '@mantine/core';
import type { IntegrationFieldsProps } from '../fields.ts';
import { hasSavedSecret, type SlackMode } from '../integration-form.ts';
import { SecretField } from './SecretField.tsx';

export function SlackFields({ form, settings }: IntegrationFieldsProps) {
  const on = form.values.enabled;
  const mode = form.values.slack_mode;
  const savedToken = hasSavedSecret(settings);
  return (
    <Stack gap="md">
      <Switch
        {...form.getInputProps('enabled', { type: 'checkbox' })}
        label="Post notifications to Slack"
        description="While off, nothing is posted: messages schedules send to Slack end in the delivery log as failed."
      />
      <Radio.Group
        value={mode}
        onChange={(value) => form.setFieldValue('slack_mode', value as SlackMode)}
        label="How Bulwark posts"
        description="Use one of the two; saving with one removes the settings of the other."
      >
        <Stack gap="xs" mt="xs">
          <Radio
            value="webhook"
            label="Incoming webhook"
            description="Simplest: a URL Slack gives for one channel (your Slack app › Incoming Webhooks › Add New Webhook)."
          />
          <Radio
            value="bot"
            label="Bot token and channel"
            description="Your Slack app’s bot posts with chat.postMessage: one token for any channel the bot is in."
          />
        </Stack>
      </Radio.Group>
      {mode === 'webhook' ? (
        <>
          <TextInput
            {...form.getInputProps('url')}
            label="Webhook URL"
            description="Treat it as a secret: anyone who has it can post to the channel."
            placeholder="https://hooks.slack.com/services/T…/B…/…"
            withAsterisk={on}
            autoComplete="off"
            spellCheck={false}
            type="url"
          />
          {savedToken && (
            <Alert color="yellow" variant="light" p="xs">
              A bot token is saved: saving with the webhook removes it and the bot’s channel.
            </Alert>
          )}
        </>
      ) : (
        <>
          <SecretField
            label="Bot token"
            description="The Bot User OAuth Token of your Slack app (OAuth & Permissions), with the chat:write scope. Stored encrypted."
            placeholder="xoxb-…"
            saved={savedToken}
            mode={form.values.token_mode}
            onModeChange={(next) => form.setFieldValue('token_mode', next)}
            input={form.getInputProps('token')}
            required={on}
          />
          <TextInput
            {...form.getInputProps('channel')}
            label="Channel"
            description="A channel name or its ID (C0123ABCD). Invite the bot to it first (/invite @your-app); without that only public channels work, and only with the chat:write.public scope."
            placeholder="#security"
            withAsterisk={on}
            autoComplete="off"
            spellCheck={false}
          />
        </>
      )}
    </Stack>
  );
}
