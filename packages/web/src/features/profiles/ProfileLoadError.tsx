// Why a profile's page shows no profile: gone (404) or not loaded, for network and policy profiles alike.
import { Alert } from '@mantine/core';
import { isApiError, messageOf } from '../../api/errors.ts';

export function ProfileLoadError({ error, noun }: { error: unknown; noun: string }) {
  const missing = isApiError(error) && error.status === 404;
  return (
    <Alert color={missing ? 'yellow' : 'red'} variant="light" role="alert">
      {missing ? `This ${noun} does not exist or was deleted.` : messageOf(error, `The ${noun} could not be loaded.`)}
    </Alert>
  );
}
