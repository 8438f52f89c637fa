// Payload and answer schemas of the authentication, session and second-factor calls (platform-core §7).
import { z } from 'zod';

export const loginRequest = z.object({
  username: z.string().trim().min(1, 'Username is required').max(254),
  password: z.string().min(1, 'Password is required').max(1024),
  keep_logged_in: z.boolean().optional().default(false),
  one_time_password: z.string().trim().max(16).optional(),
  /** One of the user's recovery codes, in place of the second-factor code (each works once). */
  recovery_code: z.string().trim().max(40).optional(),
});
export type LoginRequest = z.input<typeof loginRequest>;

/** Answer of check-authentication/, login, renewal and impersonation login. */
export const authStatus = z.object({
  isAuthenticated: z.boolean(),
  sessionExpiryAgeSeconds: z.number().int(),
  impersonated: z.boolean(),
  impersonation_source: z.string().nullable(),
});
export type AuthStatus = z.infer<typeof authStatus>;

/** Second-factor methods a user may have. */
export const TWO_FACTOR_METHODS = ['none', 'totp', 'sms'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

/** 400 answer of login when a second factor is needed or wrong. */
export const otpRequiredError = z.object({
  one_time_password: z.array(z.string()),
  otp_method: z.enum(['totp', 'sms']),
});

export const generateOtpRequest = z.object({
  username: z.string().trim().min(1, 'Username is required'),
  password: z.string().min(1, 'Password is required'),
});

/** Phone numbers have spaces removed before sending (§5); E.164-like: optional +, 6-15 digits. */
export const phoneNumber = z
  .string()
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\+?[0-9]{6,15}$/, 'Enter a phone number in international format, e.g. +4512345678.'));

export const setPhoneNumberRequest = z.object({ phone_number: phoneNumber });

export const passwordResetRequest = z.object({
  username: z.string().trim().min(1, 'Username is required').max(254),
});

export const passwordResetConfirmRequest = z.object({
  password: z.string().min(1, 'Password is required').max(1024),
});

export const impersonationLoginRequest = z.object({ token: z.string().min(1, 'Token is required').max(200) });

export const otpCodeRequest = z.object({
  one_time_password: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, 'Enter the 6-digit code.'),
});

export const disableTwoFactorRequest = z.object({ password: z.string().min(1, 'Password is required') });

export const twoFactorStatus = z.object({
  method: z.enum(TWO_FACTOR_METHODS),
  phone_number: z.string().nullable(),
  /** Unused recovery codes left (0 without a second factor). */
  recovery_codes_remaining: z.number().int(),
});

/** How many recovery codes a user gets at a time. */
export const RECOVERY_CODE_COUNT = 10;

/** Answer that carries fresh recovery codes: shown once, never again. */
export const recoveryCodesAnswer = z.object({ detail: z.string(), recovery_codes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesAnswer>;

/** Regenerating recovery codes needs the password or a code from the authenticator. */
export const regenerateRecoveryCodesRequest = z
  .object({
    password: z.string().max(1024).optional(),
    one_time_password: z
      .string()
      .trim()
      .regex(/^[0-9]{6}$/, 'Enter the 6-digit code.')
      .optional(),
  })
  .refine((v) => Boolean(v.password) || Boolean(v.one_time_password), {
    message: 'Enter your password or a code from your authenticator app.',
    path: ['password'],
  });

/** Messages of sign-in and the second factor, shared by the server and the web app. */
export const AUTH_MESSAGES = {
  badCredentials: 'Unable to log in with provided credentials.',
  totpRequired: 'Enter the 6-digit code from your authenticator app.',
  totpInvalid: 'The code is not valid. Check the time on your device and try the newest code.',
  smsInvalid: 'The code is not valid or has expired. Ask for a new code.',
  recoveryCodeInvalid: 'This recovery code is not valid or has already been used.',
  recoveryCodesNone: 'Turn on a second factor before creating recovery codes.',
  recoveryCodesCreated: 'New recovery codes were created; the old ones no longer work.',
  wrongPassword: 'The password is not correct.',
  totpEnabled: 'The authenticator app is now your second factor.',
} as const;

export const totpSetup = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_code: z.string(),
});

export const detailMessage = z.object({ detail: z.string() });
