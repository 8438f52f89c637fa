// Payment-card numbers: 13-19 digits in a major brand's IIN range, with a valid Luhn check digit.
import { digitsOf, luhn } from './checksums.ts';

interface Brand {
  name: string;
  /** IIN prefix ranges [from, to] compared on as many leading digits as the bound has. */
  ranges: [string, string][];
  lengths: number[];
}

const BRANDS: Brand[] = [
  { name: 'Visa', ranges: [['4', '4']], lengths: [13, 16, 19] },
  {
    name: 'Mastercard',
    ranges: [
      ['51', '55'],
      ['2221', '2720'],
    ],
    lengths: [16],
  },
  {
    name: 'American Express',
    ranges: [
      ['34', '34'],
      ['37', '37'],
    ],
    lengths: [15],
  },
  {
    name: 'Discover',
    ranges: [
      ['6011', '6011'],
      ['644', '649'],
      ['65', '65'],
      ['622126', '622925'],
    ],
    lengths: [16, 17, 18, 19],
  },
  { name: 'JCB', ranges: [['3528', '3589']], lengths: [16, 17, 18, 19] },
  {
    name: 'Diners Club',
    ranges: [
      ['300', '305'],
      ['36', '36'],
      ['38', '39'],
    ],
    lengths: [14, 15, 16, 17, 18, 19],
  },
  { name: 'UnionPay', ranges: [['62', '62']], lengths: [16, 17, 18, 19] },
  {
    name: 'Maestro',
    ranges: [
      ['50', '50'],
      ['56', '58'],
      ['6', '6'],
    ],
    lengths: [13, 14, 15, 16, 17, 18, 19],
  },
];

/** Test numbers the card schemes and payment providers publish for integration tests: never a real card. */
const TEST_CARDS = new Set([
  '4111111111111111',
  '4242424242424242',
  '4012888888881881',
  '5555555555554444',
  '5105105105105100',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '3530111333300000',
  '30569309025904',
]);

/** The brand of a valid card number, or null when the number is not one (wrong length, range or check digit). */
export function cardBrand(value: string): string | null {
  const d = digitsOf(value);
  if (d.length < 13 || d.length > 19 || !luhn(d) || TEST_CARDS.has(d)) return null;
  // Numbers made of one repeated digit or a run pass Luhn by chance on pages full of placeholders.
  if (/^(\d)\1+$/.test(d.slice(1))) return null;
  for (const b of BRANDS) {
    if (!b.lengths.includes(d.length)) continue;
    for (const [from, to] of b.ranges) {
      const p = d.slice(0, from.length);
      if (p >= from && p <= to) return b.name;
    }
  }
  return null;
}
