// The webhooks integration's fields: on or off, the receiver's URL, and the signing secret (generated here if wanted,
// shown once to copy to the receiver); a warning while requests would go out unsigned.
import { Alert, Button, CopyButton, Stack, Switch, TextInput } from '@mantine/core';
import type { IntegrationFieldsProps } from '../fields.ts';
import { generateSecret, hasSavedSecret, secretInput } from '../integration-form.ts';
import { SecretField } from './SecretField.tsx';

export function WebhookFields({ form, settings }: IntegrationFieldsProps) {
  const on = form.values.enabled;
  const saved = hasSavedSecret(settings);
  const typed = form.values.token_mode === 'replace' ? form.values.token.trim() : '';
  const unsigned = on && !secretInput(saved, form.values);
  const generate = () => {
    form.setFieldValue('token', generateSecret());
    form.setFieldValue('token_mode', 'replace');
  };
  return (
    <Stack gap="md">
      <Switch
        {...form.getInputProps('enabled', { type: 'checkbox' })}
        label="Send events to a webhook"
        description="While off, nothing is sent: messages schedules send to webhooks end in the delivery log as failed."
      />
      <TextInput
        {...form.getInputProps('url')}
        label="URL"
        description="Bulwark POSTs a JSON body here for each event and waits up to 10 seconds; any 2xx answer counts as delivered, anything else is tried again later. Use https://."
        placeholder="https://soar.example.com/hooks/bulwark"
        withAsterisk={on}
        autoComplete="off"
        spellCheck={false}
        type="url"
      />
      <SecretField
        label="Signing secret"
        description="Shared with your receiver, which checks X-Bulwark-Signature with it (see below). Stored encrypted."
        saved={saved}
        mode={form.values.token_mode}
        onModeChange={(mode) => form.setFieldValue('token_mode', mode)}
        input={form.getInputProps('token')}
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
        <Alert color="blue" variant="light" p="xs">
          Copy the secret to your receiver now: once saved, Bulwark only shows that one is set.
        </Alert>
      )}
      {unsigned && (
        <Alert color="yellow" variant="light" p="xs" data-testid="unsigned-warning">
          Without a signing secret requests carry no X-Bulwark-Signature, and your receiver cannot tell them from forged ones.
        </Alert>
      )}
    </Stack>
  );
}
