// Recognises the login answer that asks for the second factor: 400 {one_time_password: [...], otp_method}.
import { otpRequiredError } from '@bulwark/core';
import { isApiError } from '../../api/errors.ts';

export interface OtpChallenge {
  method: 'totp' | 'sms';
  message: string;
}

export function otpChallengeOf(error: unknown): OtpChallenge | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const parsed = otpRequiredError.safeParse(error.data);
  if (!parsed.success) return null;
  return { method: parsed.data.otp_method, message: parsed.data.one_time_password.join(' ') };
}
