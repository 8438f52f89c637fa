// Validators of the national identity numbers the sensitive-content search looks for (the web profile's
// sc_ss_countries): Danish CPR, Norwegian fødselsnummer, Swedish personnummer and US social security numbers. Each one
// checks its own date and check-digit rules so that random digits do not count.
import { digitsOf, luhn, mod11Control, validDate } from './checksums.ts';

/**
 * Danish CPR number DDMMYY-SSSS. The century comes from the 7th digit (the first of SSSS) and the year; modulus 11 is
 * not checked, because numbers issued since 2007 need not satisfy it — a valid date is what is required (the caller
 * reduces false positives by asking for the separator or a label next to the number).
 */
export function validCpr(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 10) return false;
  const day = Number(d.slice(0, 2));
  const month = Number(d.slice(2, 4));
  const yy = Number(d.slice(4, 6));
  const century = cprCentury(Number(d[6]), yy);
  return validDate(century + yy, month, day);
}

function cprCentury(seventh: number, yy: number): number {
  if (seventh <= 3) return 1900;
  if (seventh === 4 || seventh === 9) return yy <= 36 ? 2000 : 1900;
  return yy <= 57 ? 2000 : 1800; // 5-8
}

const FNR_K1 = [3, 7, 6, 1, 8, 9, 4, 5, 2] as const;
const FNR_K2 = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/**
 * Norwegian fødselsnummer DDMMYYIIIKK: both mod-11 control digits, and a valid date where D-numbers add 40 to the day
 * and H-numbers 40 to the month; the individual number III gives the century.
 */
export function validFodselsnummer(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11) return false;
  if (mod11Control(d, FNR_K1) !== Number(d[9]) || mod11Control(d, FNR_K2) !== Number(d[10])) return false;
  let day = Number(d.slice(0, 2));
  let month = Number(d.slice(2, 4));
  const yy = Number(d.slice(4, 6));
  const individual = Number(d.slice(6, 9));
  if (day > 40) day -= 40; // D-number
  if (month > 40) month -= 40; // H-number
  let century: number;
  if (individual <= 499) century = 1900;
  else if (individual <= 749 && yy >= 54) century = 1800;
  else if (yy <= 39) century = 2000;
  else if (individual >= 900) century = 1900;
  else return false;
  return validDate(century + yy, month, day);
}

/**
 * Swedish personnummer YYMMDD-NNNN (a '+' instead of '-' for people of 100 or more) or YYYYMMDDNNNN: Luhn over the
 * ten digits YYMMDDNNNC and a valid date, where a samordningsnummer adds 60 to the day.
 */
export function validPersonnummer(value: string, now = new Date()): boolean {
  const compact = value.replace(/\s/g, '');
  const m = /^(\d{2})?(\d{2})(\d{2})(\d{2})([-+]?)(\d{4})$/.exec(compact);
  if (!m) return false;
  const [, cc, yy, mm, dd, sep, rest] = m as unknown as [string, string | undefined, string, string, string, string, string];
  if (!luhn(`${yy}${mm}${dd}${rest}`)) return false;
  let day = Number(dd);
  if (day > 60) day -= 60; // samordningsnummer
  let year: number;
  if (cc) {
    year = Number(cc + yy);
    if (year < 1870 || year > now.getUTCFullYear()) return false;
  } else {
    const thisYear = now.getUTCFullYear();
    year = 2000 + Number(yy);
    if (year > thisYear) year -= 100;
    if (sep === '+') year -= 100;
  }
  return validDate(year, Number(mm), day);
}

/** Numbers that were printed in advertisements or on sample cards and used by many people; not anyone's SSN. */
const ADVERTISED_SSNS = new Set(['078051120', '219099999', '123456789', '457555462']);

/**
 * US social security number AAA-GG-SSSS: area not 000, 666 or 900-999, group not 00, serial not 0000, and not one of
 * the well-known advertised numbers.
 */
export function validSsn(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 9) return false;
  const area = Number(d.slice(0, 3));
  if (area === 0 || area === 666 || area >= 900) return false;
  if (d.slice(3, 5) === '00' || d.slice(5) === '0000') return false;
  return !ADVERTISED_SSNS.has(d);
}
