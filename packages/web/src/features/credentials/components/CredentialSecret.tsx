// A secret of a scan credential (password, private key, passphrase, root password, token). A saved one shows as the mask
// in a read-only field with Replace; replacing opens an empty input (a password field, or a monospace text area for a
// key) with a way back to the saved value. The form value is the mask while kept, so an untouched secret is sent back
// unchanged. Focus follows each switch so keyboard users keep their place.
import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { MASKED, isMaskedSecret } from '@bulwark/core';
import { PasswordField } from '../../../components/forms/PasswordField.tsx';

interface InputProps {
  value?: string;
  onChange(value: unknown): void;
  error?: ReactNode;
  onFocus?(): void;
  onBlur?(): void;
}

export interface CredentialSecretProps {
  /** 'Password', 'Private key', 'Passphrase', 'Root password', 'Token'. */
  label: string;
  description?: string;
  /** A secret is saved (the credential answered it masked). */
  saved: boolean;
  /** The form's input props of the field (value, onChange, error). */
  input: InputProps;
  required?: boolean;
  /** A multi-line monospace text area (private keys). */
  multiline?: boolean;
  placeholder?: string;
}

export function CredentialSecret({ label, description, saved, input, required, multiline, placeholder }: CredentialSecretProps) {
  const value = input.value ?? '';
  const kept = isMaskedSecret(value);
  const name = label.toLowerCase();
  const primary = useRef<HTMLElement | null>(null);
  const moved = useRef(false);
  const setPrimary = (element: HTMLElement | null) => {
    primary.current = element;
  };

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    primary.current?.focus();
  }, [kept]);

  const switchTo = (next: string) => {
    moved.current = true;
    input.onChange(next);
  };

  if (kept) {
    return (
      <Group gap="xs" align="flex-end" wrap="nowrap" data-secret-state="saved">
        <TextInput
          label={label}
          description="Saved and hidden: Bulwark never shows it again."
          value={MASKED}
          readOnly
          withAsterisk={required}
          error={input.error}
          aria-invalid={input.error ? true : undefined}
          style={{ flex: 1 }}
          ff="monospace"
        />
        <Button ref={setPrimary} variant="default" onClick={() => switchTo('')} aria-label={`Replace the ${name}`}>
          Replace
        </Button>
      </Group>
    );
  }

  const hint = saved ? `Leave empty to remove the saved ${name}.` : undefined;
  const common = {
    ...input,
    value,
    label,
    description: [description, hint].filter(Boolean).join(' ') || undefined,
    placeholder,
    withAsterisk: required,
    spellCheck: false,
    'data-secret-state': saved ? 'replacing' : 'empty',
  };
  return (
    <Stack gap={6}>
      {multiline ? (
        <Textarea
          {...common}
          ref={setPrimary}
          autosize
          minRows={4}
          maxRows={14}
          autoComplete="off"
          aria-invalid={input.error ? true : undefined}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        />
      ) : (
        <PasswordField {...common} ref={setPrimary} autoComplete="new-password" />
      )}
      {saved && (
        <Group gap="xs">
          <Button size="compact-sm" variant="subtle" onClick={() => switchTo(MASKED)}>
            Keep the saved {name}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
