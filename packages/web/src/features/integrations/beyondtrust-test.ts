// Pure rules of BeyondTrust's "Test a managed account" (POST app1/customer/{id}/beyondtrust/test-account/): the form's
// values and checks (core's beyondTrustTestInput), the steps in the order they run with their labels, each step's
// state from the answer (steps after a failing one are not reported: not reached), and what the saved settings still
// lack (the server tests nothing while the integration is off or incomplete).
import { BEYONDTRUST_STEPS, beyondTrustTestInput, type BeyondTrustTestResult, type IntegrationSettings } from '@bulwark/core';
import type { BeyondTrustTestInput } from './api/integrations-api.ts';
import { hasSavedApiKey } from './integration-form.ts';
import { schemaErrors } from '../../components/forms/schema-field.ts';

export type BeyondTrustStep = (typeof BEYONDTRUST_STEPS)[number];
export type StepState = 'passed' | 'failed' | 'not_reached';

export const BEYONDTRUST_STEP_LABELS: Record<BeyondTrustStep, string> = {
  sign_in: 'Sign in',
  find_account: 'Find the account',
  request: 'Request access',
  retrieve: 'Retrieve the credential',
  check_in: 'Check in',
  sign_out: 'Sign out',
};

export const STEP_STATE_LABELS: Record<StepState, string> = { passed: 'Passed', failed: 'Failed', not_reached: 'Not reached' };

export type AccountTestValues = BeyondTrustTestInput;
export const NEW_ACCOUNT_TEST: AccountTestValues = { system_name: '', account_name: '' };
/** Form fields that receive the server's field errors (400 `{system_name: [msg]}`). */
export const ACCOUNT_TEST_ERROR_FIELDS = ['system_name', 'account_name'] as const;

/** Core's checks of the input, by field (the first message of each). */
export const validateAccountTest = (values: AccountTestValues): Record<string, string> => schemaErrors(beyondTrustTestInput, values);

export interface StepRow {
  step: BeyondTrustStep;
  label: string;
  state: StepState;
  message: string;
}

/** Every step in the order they run: how it went, or not reached when the answer has none for it. */
export function stepRows(result: BeyondTrustTestResult): StepRow[] {
  const notReached = result.steps.some((s) => !s.ok) ? 'Not reached: an earlier step failed.' : 'Not reached.';
  return BEYONDTRUST_STEPS.map((step) => {
    const found = result.steps.find((s) => s.step === step);
    return {
      step,
      label: BEYONDTRUST_STEP_LABELS[step],
      state: found === undefined ? 'not_reached' : found.ok ? 'passed' : 'failed',
      message: found?.message ?? notReached,
    };
  });
}

/**
 * What the test needs but is not saved yet, as a sentence ('Save the API URL and the API key above first: …'); null when
 * it can run.
 */
export function missingSettingsText(settings: Pick<IntegrationSettings, 'enabled' | 'url' | 'api_user' | 'api_key'>): string | null {
  const missing: string[] = [];
  if (!settings.url) missing.push('the API URL');
  if (!settings.api_user) missing.push('the run-as user');
  if (!hasSavedApiKey(settings)) missing.push('the API key');
  if (settings.enabled && missing.length === 0) return null;
  const last = missing.pop();
  const what = last === undefined ? 'the settings' : missing.length > 0 ? `${missing.join(', ')} and ${last}` : last;
  return `${settings.enabled ? 'Save' : 'Switch the integration on and save'} ${what} above first: the test uses the saved settings.`;
}
