// A secret of an integration (SMTP password, Slack bot token, webhook signing secret, BeyondTrust API key) that the server never shows again:
// when one is saved, a "Set" state with Replace and Remove; replacing opens a masked input (with a way back to the saved
// one), removing says it happens on save (with Undo). Focus follows each change so keyboard users keep their place.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { PasswordField } from '../../../components/forms/PasswordField.tsx';
import type { SecretMode } from '../integration-form.ts';

interface InputProps {
  value?: string;
  onChange(value: unknown): void;
  error?: ReactNode;
  onFocus?(): void;
  onBlur?(): void;
}

export interface SecretFieldProps {
  /** 'Password', 'Bot token', 'Signing secret'. */
  label: string;
  /** How the buttons name it ('Replace the …'); the label in lower case unless given (e.g. 'API key'). */
  name?: string;
  description: ReactNode;
  /** A secret is saved (the server answered it masked). */
  saved: boolean;
  mode: SecretMode;
  onModeChange(mode: SecretMode): void;
  /** The form's input props of the typed value (value, onChange, error). */
  input: InputProps;
  placeholder?: string;
  required?: boolean;
  /** Further controls under the input while a value is typed (e.g. Generate). */
  actions?: ReactNode;
}

export function SecretField({
  label,
  name = label.toLowerCase(),
  description,
  saved,
  mode,
  onModeChange,
  input,
  placeholder,
  required,
  actions,
}: SecretFieldProps) {
  const labelId = useId();
  const descriptionId = useId();
  const errorId = useId();
  const primary = useRef<HTMLElement | null>(null);
  const moved = useRef(false);

  // After Replace, Remove, Undo or Keep, the control that replaced the one clicked takes focus.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    primary.current?.focus();
  }, [mode]);

  const change = (next: SecretMode) => {
    moved.current = true;
    if (next !== 'replace') input.onChange('');
    onModeChange(next);
  };
  const setPrimary = (element: HTMLElement | null) => {
    primary.current = element;
  };

  if (!saved || mode === 'replace') {
    return (
      <Stack gap={6}>
        <PasswordField
          {...input}
          ref={setPrimary}
          label={label}
          description={description}
          placeholder={placeholder}
          withAsterisk={required}
          autoComplete="new-password"
          spellCheck={false}
          data-secret-state={saved ? 'replacing' : 'empty'}
        />
        {(saved || actions) && (
          <Group gap="xs">
            {actions}
            {saved && (
              <Button size="compact-sm" variant="subtle" onClick={() => change('keep')}>
                Keep the saved {name}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    );
  }

  const error = input.error;
  return (
    <Stack
      gap={4}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? `${errorId} ${descriptionId}` : descriptionId}
      data-secret-state={mode === 'keep' ? 'set' : 'removing'}
    >
      <Text id={labelId} size="sm" fw={500}>
        {label}
        {required && (
          <Text component="span" c="red" aria-hidden>
            {' *'}
          </Text>
        )}
      </Text>
      <Text id={descriptionId} size="xs" c="dimmed">
        {description}
      </Text>
      {mode === 'keep' ? (
        <Group gap="sm" wrap="wrap">
          <Badge color="teal" variant="light">
            Set
          </Badge>
          <Text size="sm" c="dimmed">
            Saved and hidden: Bulwark never shows it again.
          </Text>
          <Button ref={setPrimary} size="compact-sm" variant="default" onClick={() => change('replace')} aria-label={`Replace the ${name}`}>
            Replace
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => change('remove')} aria-label={`Remove the ${name}`}>
            Remove
          </Button>
        </Group>
      ) : (
        <Group gap="sm" wrap="wrap">
          <Badge color="red" variant="light">
            Removed on save
          </Badge>
          <Button ref={setPrimary} size="compact-sm" variant="default" onClick={() => change('keep')} aria-label={`Keep the ${name}`}>
            Undo
          </Button>
        </Group>
      )}
      {error && (
        <Text id={errorId} size="sm" c="red" data-invalid="true" tabIndex={-1}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
