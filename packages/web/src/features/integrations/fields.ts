// What every integration's field set receives: the form (whose `enabled` marks the required fields) and the settings as
// saved (whether a secret is set).
import type { UseFormReturnType } from '@mantine/form';
import type { IntegrationSettings } from '@bulwark/core';
import type { IntegrationValues } from './integration-form.ts';

export interface IntegrationFieldsProps {
  form: UseFormReturnType<IntegrationValues>;
  settings: IntegrationSettings;
}
