// The sign-in part of the web profile form: how the scanner logs in (login form, HTTP basic or digest, headers, or a
// recorded browser login) with only the fields that kind needs, and the indicators that tell a lost session, so the
// scan logs in again instead of scanning the login page.
import { Alert, Checkbox, Code, Group, PasswordInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { WEB_AUTH_KINDS, WEB_AUTH_KIND_LABELS, WEB_AUTH_PASSWORD_PLACEHOLDER } from '@bulwark/core';
import type { WebProfileValues } from '../web-profile-form.ts';

const KIND_OPTIONS = WEB_AUTH_KINDS.map((kind) => ({ value: kind, label: WEB_AUTH_KIND_LABELS[kind] }));

function Indicators({ form }: { form: UseFormReturnType<WebProfileValues> }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...form.getInputProps('auth_logged_in_indicator')}
          label="Logged-in indicator"
          description="A regular expression only a signed-in page shows, e.g. Logout|Sign out"
          ff="monospace"
        />
        <TextInput
          {...form.getInputProps('auth_logged_out_indicator')}
          label="Logged-out indicator"
          description="A regular expression only a signed-out page shows, e.g. Please sign in"
          ff="monospace"
        />
      </SimpleGrid>
      <TextInput
        {...form.getInputProps('auth_check_url')}
        label="Session check page"
        description="Where the session is checked during the scan (default: the page the login lands on)."
        placeholder="https://app.example.com/account"
      />
    </>
  );
}

function Password({ form }: { form: UseFormReturnType<WebProfileValues> }) {
  const stored = form.values.auth_password_stored !== null;
  return (
    <Stack gap={4}>
      <PasswordInput
        {...form.getInputProps('auth_password')}
        label="Password"
        autoComplete="new-password"
        description={stored ? 'A password is stored (encrypted). Leave this empty to keep it.' : 'Stored encrypted; never shown again.'}
        disabled={form.values.auth_password_clear}
      />
      {stored && <Checkbox {...form.getInputProps('auth_password_clear', { type: 'checkbox' })} label="Remove the stored password" />}
    </Stack>
  );
}

export function WebAuthFields({ form }: { form: UseFormReturnType<WebProfileValues> }) {
  const kind = form.values.auth_kind;
  return (
    <Stack gap="md">
      <Select
        {...form.getInputProps('auth_kind')}
        label="Sign-in"
        data={KIND_OPTIONS}
        allowDeselect={false}
        description="A scan that cannot sign in, or cannot stay signed in, ends with “auth failed” rather than a clean-looking empty result."
      />
      {kind === 'form' && (
        <>
          <TextInput
            {...form.getInputProps('auth_login_url')}
            label="Login page"
            required
            placeholder="https://app.example.com/login"
            description="The page with the login form, or the URL the form posts to."
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...form.getInputProps('auth_username')} label="Username" required autoComplete="off" />
            <Password form={form} />
            <TextInput
              {...form.getInputProps('auth_username_field')}
              label="Username field"
              description="Found from the form when left empty."
            />
            <TextInput
              {...form.getInputProps('auth_password_field')}
              label="Password field"
              description="Found from the form when left empty."
            />
          </SimpleGrid>
          <Indicators form={form} />
        </>
      )}
      {(kind === 'basic' || kind === 'digest') && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...form.getInputProps('auth_username')} label="Username" required autoComplete="off" />
          <Password form={form} />
        </SimpleGrid>
      )}
      {kind === 'headers' && (
        <>
          <Textarea
            {...form.getInputProps('auth_headers')}
            label="Sign-in headers"
            required
            autosize
            minRows={2}
            ff="monospace"
            description="One per line, e.g. “Authorization: Bearer …” or “Cookie: session=…”. Values are stored encrypted and shown masked; leave a masked value as it is to keep it."
          />
          <Indicators form={form} />
        </>
      )}
      {kind === 'recorded' && (
        <>
          <Textarea
            {...form.getInputProps('auth_steps')}
            label="Login steps"
            required
            autosize
            minRows={4}
            ff="monospace"
            description={
              <Text span size="xs">
                Replayed in the headless browser, one step per line: <Code>goto URL</Code>, <Code>fill SELECTOR VALUE</Code>,{' '}
                <Code>click SELECTOR</Code>, <Code>press KEY</Code>, <Code>wait SELECTOR</Code> or <Code>wait MS</Code>. Write{' '}
                <Code>{WEB_AUTH_PASSWORD_PLACEHOLDER}</Code> for the password below, so it is stored encrypted.
              </Text>
            }
          />
          <Group grow align="flex-start">
            <Password form={form} />
          </Group>
          <Indicators form={form} />
        </>
      )}
      {kind !== 'none' && (
        <Alert variant="light" color="blue">
          Use an account made for scanning: the scan submits forms as this user.
        </Alert>
      )}
    </Stack>
  );
}
