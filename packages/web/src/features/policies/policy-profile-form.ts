// Pure rules of the policy profile form: values from and to the API, and the checks made before saving (the server's
// own rules and messages, so a field shows the same text whichever side finds the problem).
import { validateRequired, type PolicyProfile, type PolicyProfileInput } from '@bulwark/core';

export interface PolicyProfileValues {
  name: string;
  description: string;
  /** An id of scan/ovalpolicies/; null until one is chosen. */
  policy: string | null;
  /** Linux credential ids as text (the multi-select's values), tried in this order. */
  lin_auths: string[];
  ignore_platform: boolean;
}

/** Form fields that receive the server's field errors (the server names them alike). */
export const POLICY_PROFILE_FIELDS: readonly (keyof PolicyProfileValues)[] = [
  'name',
  'description',
  'policy',
  'lin_auths',
  'ignore_platform',
];

export const NO_LINUX_CREDENTIAL = 'Choose at least one Linux credential: a policy scan logs in to read the configuration.';
export const NO_POLICY = 'Choose a policy.';

export const NEW_POLICY_PROFILE: PolicyProfileValues = {
  name: '',
  description: '',
  policy: null,
  lin_auths: [],
  ignore_platform: false,
};

export function policyProfileValues(profile: PolicyProfile): PolicyProfileValues {
  return {
    name: profile.name,
    description: profile.description,
    policy: profile.policy,
    lin_auths: profile.lin_auths.map(String),
    ignore_platform: profile.ignore_platform,
  };
}

export type PolicyProfileErrors = Partial<Record<keyof PolicyProfileValues, string>>;

export function validatePolicyProfile(values: PolicyProfileValues): PolicyProfileErrors {
  const errors: PolicyProfileErrors = {};
  const name = validateRequired(values.name.trim(), 'Name');
  if (name) errors.name = name;
  if (!values.policy) errors.policy = NO_POLICY;
  if (values.lin_auths.length === 0) errors.lin_auths = NO_LINUX_CREDENTIAL;
  return errors;
}

/** The POST/PUT body: trimmed text, credential ids as numbers. */
export function policyProfileInput(values: PolicyProfileValues): PolicyProfileInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    policy: values.policy ?? '',
    lin_auths: values.lin_auths.map(Number).filter((n) => Number.isInteger(n) && n > 0),
    ignore_platform: values.ignore_platform,
  };
}
