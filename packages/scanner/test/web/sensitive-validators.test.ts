// The sensitive-content validators with real valid and invalid numbers, and random digits: each country's date and
// check-digit rules keep random numbers out; matches are found in text only with their separator or a label.
import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  findCards,
  findCpr,
  findEmails,
  findErrorMessages,
  findFodselsnummer,
  findPersonnummer,
  findPrivateIps,
  findSecrets,
  findSsn,
  luhn,
  maskEmail,
  maskValue,
  redactSensitive,
  validCpr,
  validFodselsnummer,
  validPersonnummer,
  validSsn,
} from '../../src/web/sensitive/index.ts';

/** Deterministic digits (a linear congruential generator), so a failure can be reproduced. */
function randomDigits(n: number, seed: { s: number }): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    seed.s = (seed.s * 1103515245 + 12345) % 2147483648;
    out += String(Math.floor((seed.s / 2147483648) * 10));
  }
  return out;
}

function passRate(len: number, valid: (d: string) => boolean, tries = 20_000): number {
  const seed = { s: 42 };
  let ok = 0;
  for (let i = 0; i < tries; i++) if (valid(randomDigits(len, seed))) ok++;
  return ok / tries;
}

describe('Danish CPR', () => {
  it('accepts valid dates with the century from the 7th digit, without modulus 11', () => {
    expect(validCpr('120870-1234')).toBe(true); // 1970 (7th digit 1)
    expect(validCpr('290200-4123')).toBe(true); // 2000 is a leap year (7th digit 4, year 00 → 2000)
    expect(validCpr('290200-1123')).toBe(false); // 1900 was not
    expect(validCpr('010158-5000')).toBe(true); // 1858 (7th digit 5, year 58)
    expect(validCpr('310499-1234')).toBe(false); // 31 April
    expect(validCpr('001270-1234')).toBe(false);
  });
  it('finds a number with its separator or a label, never bare digits', () => {
    expect(findCpr('born 120870-1234.').map((m) => m.value)).toEqual(['120870-1234']);
    expect(findCpr('CPR-nr.: 1208701234').map((m) => m.value)).toEqual(['1208701234']);
    expect(findCpr('order 1208701234 shipped')).toEqual([]);
    expect(findCpr('id 91208701234 and 120870-12345')).toEqual([]);
  });
});

describe('Norwegian fødselsnummer', () => {
  it('accepts valid numbers, D-numbers, and checks both control digits', () => {
    for (const n of ['01010750160', '15076500565', '13097248022', '12058712378']) expect(validFodselsnummer(n), n).toBe(true);
    expect(validFodselsnummer('45038745615')).toBe(true); // D-number: day 05 + 40
    expect(validFodselsnummer('01010750161')).toBe(false); // second control digit
    expect(validFodselsnummer('01010750150')).toBe(false); // first control digit
    expect(validFodselsnummer('12345678901')).toBe(false);
  });
  it('rejects random eleven-digit numbers', () => {
    expect(passRate(11, validFodselsnummer)).toBeLessThan(0.002);
    expect(findFodselsnummer('fnr 01010750160, tel 12345678901').map((m) => m.value)).toEqual(['01010750160']);
  });
});

describe('Swedish personnummer', () => {
  it('checks Luhn over ten digits, the date, samordningsnummer and the century sign', () => {
    expect(validPersonnummer('811218-9876')).toBe(true);
    expect(validPersonnummer('19811218-9876')).toBe(true);
    expect(validPersonnummer('198112189876')).toBe(true);
    expect(validPersonnummer('701063-2391')).toBe(true); // samordningsnummer, day 03 + 60
    expect(validPersonnummer('811218-9877')).toBe(false);
    expect(validPersonnummer('811318-9875')).toBe(false); // month 13
    expect(validPersonnummer('000229-1235', new Date('2026-11-29'))).toBe(true); // 29 Feb 2000
    expect(validPersonnummer('000229+1235', new Date('2026-11-29'))).toBe(false); // '+': 100 years older, and 1900 had no 29 Feb
  });
  it('rejects random numbers; a bare ten-digit number needs a label', () => {
    expect(passRate(10, (d) => validPersonnummer(`${d.slice(0, 6)}-${d.slice(6)}`))).toBeLessThan(0.02);
    expect(findPersonnummer('pnr 8112189876').map((m) => m.value)).toEqual(['8112189876']);
    expect(findPersonnummer('order 8112189876')).toEqual([]);
    expect(findPersonnummer('born 19811218-9876').map((m) => m.value)).toEqual(['19811218-9876']);
  });
});

describe('US social security number', () => {
  it('checks area, group and serial, and leaves out advertised numbers', () => {
    expect(validSsn('536-22-8726')).toBe(true);
    for (const n of [
      '000-12-3456',
      '666-12-3456',
      '912-12-3456',
      '536-00-8726',
      '536-22-0000',
      '078-05-1120',
      '219-09-9999',
      '123-45-6789',
    ])
      expect(validSsn(n), n).toBe(false);
  });
  it('finds dashed numbers, or bare digits after a label', () => {
    expect(findSsn('SSN 536-22-8726').map((m) => m.value)).toEqual(['536-22-8726']);
    expect(findSsn('SSN: 536228726').map((m) => m.value)).toEqual(['536228726']);
    expect(findSsn('zip 536228726')).toEqual([]);
    expect(findSsn('2024-11-29 536-22-87261')).toEqual([]);
  });
});

describe('payment cards', () => {
  it('needs a brand range, its length and Luhn', () => {
    expect(luhn('4556852963074186')).toBe(true);
    expect(cardBrand('4556 8529 6307 4186')).toBe('Visa');
    expect(cardBrand('5425852963074182')).toBe('Mastercard');
    expect(cardBrand('2221852963074185')).toBe('Mastercard');
    expect(cardBrand('371485296307410')).toBe('American Express');
    expect(cardBrand('6011852963074180')).toBe('Discover');
    expect(cardBrand('3530852963074189')).toBe('JCB');
    expect(cardBrand('4556852963074187')).toBeNull(); // Luhn
    expect(cardBrand('9556852963074183')).toBeNull(); // no brand starts with 9
    expect(cardBrand('4111111111111111')).toBeNull(); // published test number
  });
  it('finds grouped and plain numbers but not mixed separators or longer runs', () => {
    expect(findCards('card 4556 8529 6307 4186 exp').map((m) => m.value)).toEqual(['4556 8529 6307 4186']);
    expect(findCards('4556-8529-6307-4186').length).toBe(1);
    expect(findCards('4556-8529 6307-4186')).toEqual([]);
    expect(findCards('id 45568529630741861')).toEqual([]);
    expect(findCards('ref 4556852963070')).toEqual([]); // a 13-digit Visa only counts when written in groups
    expect(passRate(16, (d) => cardBrand(d) !== null)).toBeLessThan(0.1);
  });
});

describe('other content', () => {
  it('e-mail addresses without image names and placeholders', () => {
    expect(findEmails('write to anna.jensen@shop-mail.dk or x@example.com; logo@2x.png').map((m) => m.value)).toEqual([
      'anna.jensen@shop-mail.dk',
    ]);
  });
  it('private addresses only', () => {
    expect(findPrivateIps('10.0.3.7 172.16.0.1 172.32.0.1 192.168.1.1 8.8.8.8 v1.10.0.3').map((m) => m.value)).toEqual([
      '10.0.3.7',
      '172.16.0.1',
      '192.168.1.1',
    ]);
  });
  it('keys and tokens, not documentation examples', () => {
    const text = [
      'AKIAJ3K4L5M6N7P8Q9R2',
      'AKIAIOSFODNN7EXAMPLE',
      `ghp_${'a1B2'.repeat(9)}`,
      `sk_live_${'x9Y8'.repeat(6)}`,
      '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAx3f9Kq2LmN8pQwErTyUiOpAsDfGhJkLzXcVbNm1234567890ab\n-----END RSA PRIVATE KEY-----',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    ].join('\n');
    expect(findSecrets(text).map((m) => m.label)).toEqual([
      'AWS access key id',
      'private key',
      'GitHub token',
      'Stripe secret key',
      'JSON Web Token',
    ]);
    // Code that writes a PEM header is not a key.
    expect(findSecrets("out = '-----BEGIN OPENSSH PRIVATE KEY-----\\n';\n  out += encode(privateKeyBuffer);\n-----END")).toEqual([]);
  });
  it('error messages of each platform', () => {
    const labels = (t: string): string[] => findErrorMessages(t).map((e) => e.label);
    expect(labels('java.lang.NullPointerException: x\n\tat com.shop.Cart.add(Cart.java:42)')).toEqual(['Java stack trace']);
    expect(labels('Traceback (most recent call last):\n  File "/app/views.py", line 10, in index')).toEqual(['Python traceback']);
    expect(labels('TypeError: x is undefined\n    at Object.handler (/srv/app/index.js:12:5)')).toEqual(['Node.js stack trace']);
    // Express's HTML error page (errorhandler), as OWASP Juice Shop answers an unknown API path.
    const express =
      '<title>Error: Unexpected path: /rest/qwertz</title></head><body><div id="wrapper"><h1>OWASP Juice Shop (Express ^4.21.0)</h1>' +
      '<h2><em>500</em> Error: Unexpected path: /rest/qwertz</h2><ul id="stacktrace"><li> &nbsp; &nbsp;at /srv/juice-shop/build/routes/angular.js:52:18</li>' +
      '<li> &nbsp; &nbsp;at Layer.handle [as handle_request] (/srv/juice-shop/node_modules/express/lib/router/layer.js:95:5)</li></ul>';
    expect(labels(express)).toEqual(['Node.js stack trace']);
    // A page that only talks about errors, with a list, is no trace.
    expect(labels('<h2>Error handling</h2><ul><li>at the start of the page: see the log</li></ul>')).toEqual([]);
    expect(labels('   at Shop.Cart.Add(Int32 id) in C:\\src\\Shop\\Cart.cs:line 42')).toEqual(['.NET stack trace']);
    expect(labels('<b>Fatal error</b>: Uncaught Error in <b>/var/www/html/a.php</b> on line <b>3</b>')).toEqual([
      'PHP error with a file path',
    ]);
    expect(labels('You have an error in your SQL syntax; check the manual')).toEqual(['MySQL error']);
    expect(labels('ORA-00933: SQL command not properly ended')).toEqual(['Oracle error']);
    expect(labels('An error occurred. Please try again. Error: not found. Warning: low stock')).toEqual([]);
  });
  it('masks keeping the first four (three when short) and last two characters', () => {
    expect(maskValue('120870-1234')).toBe('1208••-••34');
    expect(maskValue('536-22-8726')).toBe('536-••-••26');
    expect(maskEmail('anna.jensen@shop-mail.dk')).toBe('a•••@shop-mail.dk');
    expect(redactSensitive('Anna 120870-1234, SSN 536-22-8726, anna@shop-mail.dk')).toBe(
      'Anna 1208••-••34, SSN 536-••-••26, a•••@shop-mail.dk',
    );
  });
});
