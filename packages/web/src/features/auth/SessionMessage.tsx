// The login message shown when arriving with a message code (e.g. ?message=session_expired after a lost session).
import { Alert } from '@mantine/core';
import { loginMessageText } from '@bulwark/core';

export function SessionMessage({ code }: { code: string | null }) {
  const text = loginMessageText(code);
  if (!text) return null;
  return (
    <Alert color="yellow" variant="light" role="status" aria-live="polite" data-testid="login-message">
      {text}
    </Alert>
  );
}
