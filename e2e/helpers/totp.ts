// TOTP codes for browser tests, from the secret the profile page shows (otplib, as an authenticator app would).
import { authenticator } from 'otplib';

/** The code for the current 30-second step, or `stepsAhead` steps later (the server refuses a step it has already seen). */
export function totpCode(secret: string, stepsAhead = 0): string {
  const previous = authenticator.options;
  authenticator.options = { ...previous, epoch: Date.now() + stepsAhead * 30_000 };
  try {
    return authenticator.generate(secret);
  } finally {
    authenticator.options = previous;
  }
}
