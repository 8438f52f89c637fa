// What every kind's field set receives: the form, and which secrets the credential being edited has saved.
import type { UseFormReturnType } from '@mantine/form';
import type { CredentialValues, SecretName } from './credential-form.ts';

export interface CredentialFieldsProps {
  form: UseFormReturnType<CredentialValues>;
  /** Secrets the saved credential holds (answered masked); empty for a new one. */
  saved: ReadonlySet<SecretName>;
}
