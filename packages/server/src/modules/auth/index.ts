// The face of auth (sign-in, sessions, second factors, tokens): what two-factor, users, customers, the CLI and the
// composition root use of it. Other modules import auth from here only.
export { audit } from './audit.ts';
export { createImpersonationLink } from './impersonation.ts';
export { maskPhone, matchTotp, newTotpSecret, sendSmsCode, totpUri, verifySmsCode, verifyUserTotp } from './otp.ts';
export { resetLink } from './password-reset.ts';
export { dropRecoveryCodes, newRecoveryCodes, remainingRecoveryCodes } from './recovery-codes.ts';
export { authRoutes } from './routes.ts';
export { endOtherSessions, startSession } from './sessions.ts';
export { issueToken, TOKEN_TTL_SECONDS } from './tokens.ts';
export { findUserByEmail, markSignedIn, updateUser } from './users-repo.ts';
