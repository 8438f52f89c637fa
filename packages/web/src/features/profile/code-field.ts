// Validation of the 6-digit verification code fields, with the core schema's message.
import { otpCodeRequest, validateRequired } from '@bulwark/core';
import { schemaMessage } from '../../components/forms/schema-field.ts';

export const VERIFICATION_CODE_LABEL = 'Verification code';

export function validateVerificationCode(value: string): string | null {
  return validateRequired(value, VERIFICATION_CODE_LABEL) ?? schemaMessage(otpCodeRequest, { one_time_password: value });
}
