// Mantine's PasswordInput, with aria-invalid set on the input when it shows an error (Mantine only sets data-invalid).
import { PasswordInput, type PasswordInputProps } from '@mantine/core';

export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput {...props} aria-invalid={props.error ? true : undefined} />;
}
