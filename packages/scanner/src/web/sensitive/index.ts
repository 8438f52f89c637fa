// The sensitive-content search's face: validators, finders, error messages and masking.
export { luhn, validDate } from './checksums.ts';
export { validCpr, validFodselsnummer, validPersonnummer, validSsn } from './national-ids.ts';
export { cardBrand } from './cards.ts';
export {
  NATIONAL_ID_FINDERS,
  findCards,
  findCpr,
  findEmails,
  findFodselsnummer,
  findPersonnummer,
  findPrivateIps,
  findSecrets,
  findSsn,
  isPrivateIpv4,
  type SensitiveMatch,
} from './find.ts';
export { codeLocation, findErrorMessages, type ErrorMatch } from './errors.ts';
export { maskAll, maskEmail, maskValue } from './mask.ts';
export { redactSensitive } from './redact.ts';
