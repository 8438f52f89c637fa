// Check-digit and date rules shared by the identity-number and card validators.

/** Luhn (mod 10) over a string of digits: true when the last digit is the right check digit. */
export function luhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** A real calendar date (month 1-12, the day within the month, leap years counted). */
export function validDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

/** The weighted sum of digits modulo 11, as the Norwegian control digits use it (11 → 0, 10 → no valid digit). */
export function mod11Control(digits: string, weights: readonly number[]): number | null {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (digits.charCodeAt(i) - 48) * weights[i]!;
  const k = 11 - (sum % 11);
  if (k === 11) return 0;
  return k === 10 ? null : k;
}

/** Digits only. */
export const digitsOf = (s: string): string => s.replace(/\D/g, '');
