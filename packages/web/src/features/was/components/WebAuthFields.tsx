// The sign-in part of the web profile form: how the scanner logs in (login form, HTTP basic or digest, headers, or a
// recorded browser login) with only the fields that kind needs, the login taken from a stored scan credential or typed
// here, and the indicators that tell a lost session, so the scan logs in again instead of scanning the login page.
import { Alert, Anchor, Checkbox, Code, PasswordInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { WEB_AUTH_KINDS, WEB_AUTH_KIND_LABELS, WEB_AUTH_PASSWORD_PLACEHOLDER, WEB_AUTH_USERNAME_PLACEHOLDER } from '@bulwark/core';
import { credentialChoicesOptions } from '../../credentials/api/credential-queries.ts';
import { CREDENTIALS_PATH } from '../../credentials/credential-form.ts';
import { credentialOptions } from '../../profiles/CredentialPickers.tsx';
import type { WebProfileValues } from '../web-profile-form.ts';

const KIND_OPTIONS = WEB_AUTH_KINDS.map((kind) => ({ value: kind, label: WEB_AUTH_KIND_LABELS[kind] }));

/** The stored Linux and Windows credentials (a username and a password), grouped by kind, as the login's source. */
function StoredCredential({ form }: { form: UseFormReturnType<WebProfileValues> }) {
  const { data, error } = useQuery({ ...credentialChoicesOptions, refetchOnWindowFocus: true });
  const chosen = form.values.auth_credential;
  const linux = credentialOptions(data ?? [], 'linux', []);
  const windows = credentialOptions(data ?? [], 'windows', []);
  // A chosen id the lists do not hold (deleted since) is still shown by name, never as a bare number.
  const missing =
    chosen !== null && data && ![...linux, ...windows].some((o) => o.value === chosen)
      ? [{ group: 'Not found', items: [{ value: chosen, label: `Credential ${chosen} (not found)` }] }]
      : [];
  return (
    <Select
      {...form.getInputProps('auth_credential')}
      label="Stored credential"
      description={
        <Text span size="xs">
          Sign in with the username and password of a scan credential (a vault one is borrowed for each scan), or leave empty and type them
          below.{' '}
          <Anchor href={CREDENTIALS_PATH} target="_blank" rel="noopener" size="xs">
            Manage scan credentials (opens in a new tab)
          </Anchor>
        </Text>
      }
      data={[{ group: 'Linux', items: linux }, { group: 'Windows', items: windows }, ...missing]}
      placeholder={!data && !error ? 'Loading…' : 'None: type the login below'}
      nothingFoundMessage="No credential matches"
      error={form.errors.auth_credential ?? (error ? 'The scan credentials could not be loaded.' : undefined)}
      searchable
      clearable
    />
  );
}

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

/** The username and password typed here, unless a stored credential brings them. */
function Login({ form }: { form: UseFormReturnType<WebProfileValues> }) {
  if (form.values.auth_credential !== null) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {form.values.auth_kind !== 'recorded' && (
        <TextInput {...form.getInputProps('auth_username')} label="Username" required autoComplete="off" />
      )}
      <Password form={form} />
    </SimpleGrid>
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
          <StoredCredential form={form} />
          <Login form={form} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
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
        <>
          <StoredCredential form={form} />
          <Login form={form} />
        </>
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
                <Code>{WEB_AUTH_PASSWORD_PLACEHOLDER}</Code> for the password (below, or the stored credential’s), so it is stored
                encrypted, and <Code>{WEB_AUTH_USERNAME_PLACEHOLDER}</Code> for the stored credential’s username.
              </Text>
            }
          />
          <StoredCredential form={form} />
          <Login form={form} />
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
