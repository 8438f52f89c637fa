// The e-mail integration's fields: whether notification e-mail leaves through the customer's own SMTP server (otherwise
// the installation's mail server sends it), the server's host and port, its sign-in, and the sender address.
import { Grid, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { SMTP_SECURITY, SMTP_SECURITY_LABELS, smtpSecurityOf } from '@bulwark/core';
import type { IntegrationFieldsProps } from '../fields.ts';
import { DEFAULT_SMTP_PORT, hasSavedSecret, portOf } from '../integration-form.ts';

const portOrNull = (value: number | string): number | null => {
  const port = portOf(value);
  return port !== null && Number.isInteger(port) ? port : null;
};
import { SecretField } from './SecretField.tsx';

export function EmailFields({ form, settings }: IntegrationFieldsProps) {
  const on = form.values.enabled;
  return (
    <Stack gap="md">
      <Switch
        {...form.getInputProps('enabled', { type: 'checkbox' })}
        label="Send through your own SMTP server"
        description="Off: notification e-mails go out through this installation’s own mail server, from its sender address, as they do until you set this up."
      />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput
            {...form.getInputProps('host')}
            label="SMTP server"
            description="Host name or IP address, without smtp:// or a port."
            placeholder="smtp.example.com"
            withAsterisk={on}
            autoComplete="off"
            spellCheck={false}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NumberInput
            {...form.getInputProps('port')}
            label="Port"
            description={`Empty: ${DEFAULT_SMTP_PORT}, or 465 for TLS from the start.`}
            placeholder={String(DEFAULT_SMTP_PORT)}
            min={1}
            max={65535}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
          />
        </Grid.Col>
      </Grid>
      <Select
        {...form.getInputProps('smtp_security')}
        label="Connection security"
        description="STARTTLS required: nothing is sent, not even the password, over a connection the server would not encrypt."
        data={[
          { value: '', label: `Default for the port (${SMTP_SECURITY_LABELS[smtpSecurityOf(null, portOrNull(form.values.port))]})` },
          ...SMTP_SECURITY.map((value) => ({ value, label: SMTP_SECURITY_LABELS[value] })),
        ]}
        allowDeselect={false}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...form.getInputProps('username')}
          label="Username"
          description="Leave empty for a relay that accepts mail without signing in (e.g. by source address)."
          autoComplete="off"
          spellCheck={false}
        />
        <SecretField
          label="Password"
          description="Used with the username to sign in (SMTP AUTH). Stored encrypted."
          saved={hasSavedSecret(settings)}
          mode={form.values.token_mode}
          onModeChange={(mode) => form.setFieldValue('token_mode', mode)}
          input={form.getInputProps('token')}
        />
      </SimpleGrid>
      <TextInput
        {...form.getInputProps('channel')}
        label="Sender address"
        description="The From of notification e-mails. Your server and domain (SPF, DKIM, DMARC) must allow it. Empty: the installation’s sender address."
        placeholder="Bulwark <bulwark@example.com>"
        autoComplete="off"
        spellCheck={false}
      />
    </Stack>
  );
}
