// A form-level error message, announced to screen readers (role="alert", aria-live) and focusable.
import { Alert } from '@mantine/core';

export function FormError({ message, title }: { message: string | null; title?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" aria-live="assertive" tabIndex={-1} title={title}>
      {message}
    </Alert>
  );
}
