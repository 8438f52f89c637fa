// Calls of second-factor enrolment from profile settings: authenticator app (TOTP), SMS, recovery codes, turning it off.
import {
  detailMessage,
  recoveryCodesAnswer,
  setPhoneNumberRequest,
  totpSetup,
  twoFactorStatus,
  type RecoveryCodesAnswer,
} from '@bulwark/core';
import { api } from './client.ts';

export interface TotpSetup {
  secret: string;
  otpauth_url: string;
  /** A `data:image/png;base64,…` URL of the QR code. */
  qr_code: string;
}

/** POST user/two-factor/totp/: starts enrolment and answers the secret and its QR code. */
export function startTotpEnrolment(): Promise<TotpSetup> {
  return api.post('user/two-factor/totp/', {}, { schema: totpSetup });
}

/** POST user/two-factor/totp/confirm/: turns the authenticator app on when the code matches; answers the recovery codes (once). */
export function confirmTotp(code: string): Promise<RecoveryCodesAnswer> {
  return api.post('user/two-factor/totp/confirm/', { one_time_password: code }, { schema: recoveryCodesAnswer });
}

/** GET user/two-factor/: the method, masked phone and how many recovery codes are left. */
export function fetchTwoFactor() {
  return api.get('user/two-factor/', { schema: twoFactorStatus });
}

/** POST user/two-factor/recovery-codes/: ten new recovery codes (the old ones stop working); needs the password. */
export function regenerateRecoveryCodes(password: string): Promise<RecoveryCodesAnswer> {
  return api.post('user/two-factor/recovery-codes/', { password }, { schema: recoveryCodesAnswer });
}

/** POST auth/set-phone-number/: stores the number and sends a code to it (spaces removed, §5). */
export async function setPhoneNumber(phone: string): Promise<string> {
  const body = setPhoneNumberRequest.parse({ phone_number: phone });
  return (await api.post('auth/set-phone-number/', body, { schema: detailMessage })).detail;
}

/** POST user/two-factor/sms/confirm/: turns SMS codes on when the code matches; answers ten recovery codes (once). */
export function confirmSms(code: string): Promise<RecoveryCodesAnswer> {
  return api.post('user/two-factor/sms/confirm/', { one_time_password: code }, { schema: recoveryCodesAnswer });
}

/** POST user/two-factor/disable/: turns the second factor off; needs the current password. */
export async function disableTwoFactor(password: string): Promise<void> {
  await api.post<unknown>('user/two-factor/disable/', { password });
}
