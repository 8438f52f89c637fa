// The sensitive-content search on every response: national identity numbers of the profile's countries
// (sc_ss_countries), payment-card numbers, e-mail addresses, private IP addresses, secrets and keys, and error
// messages. Every match is masked in the evidence.
import {
  NATIONAL_ID_FINDERS,
  findCards,
  findEmails,
  codeLocation,
  findErrorMessages,
  findPrivateIps,
  findSecrets,
  isPrivateIpv4,
  maskAll,
  maskEmail,
  maskValue,
  type SensitiveMatch,
} from '../../sensitive/index.ts';
import type { SensitiveCountry, WebFinding, WebResponse, WebTest } from '../../types.ts';
import { contentType, finding, isJavaScript, once, originOf } from './support.ts';

/** Bodies worth searching: text of any kind, not images, fonts, archives or style sheets. */
function textBody(res: WebResponse): boolean {
  const ct = contentType(res);
  if (!res.body) return false;
  if (!ct) return true;
  return /^text\/(?!css)|json|xml|javascript|ecmascript|x-www-form-urlencoded/.test(ct);
}

/** Documents (not scripts): identity and card numbers in a script are constants, not someone's data. */
const documentBody = (res: WebResponse): boolean => textBody(res) && !isJavaScript(res);

const NATIONAL: { country: SensitiveCountry; id: string; name: string; what: string; refs: string[] }[] = [
  {
    country: 'dk',
    id: 'web-sensitive-cpr',
    name: 'Danish CPR number disclosed',
    what: 'Danish CPR numbers (DDMMYY-SSSS with a valid date and century digit)',
    refs: ['https://cpr.dk/'],
  },
  {
    country: 'no',
    id: 'web-sensitive-fodselsnummer',
    name: 'Norwegian fødselsnummer disclosed',
    what: 'Norwegian fødselsnummer and D-/H-numbers (valid date and both modulus-11 control digits)',
    refs: ['https://www.skatteetaten.no/en/person/national-registry/identification-numbers/'],
  },
  {
    country: 'se',
    id: 'web-sensitive-personnummer',
    name: 'Swedish personnummer disclosed',
    what: 'Swedish personnummer and samordningsnummer (valid date and Luhn check digit)',
    refs: ['https://www.skatteverket.se/privat/folkbokforing/personnummer.4.3810a01c150939e893f18c29.html'],
  },
  {
    country: 'us',
    id: 'web-sensitive-ssn',
    name: 'US social security number disclosed',
    what: 'US social security numbers (AAA-GG-SSSS within the assigned ranges)',
    refs: ['https://www.ssa.gov/employer/randomization.html'],
  },
];

function matchesFinding(test: string, res: WebResponse, matches: SensitiveMatch[], how: string, mask = maskValue): WebFinding {
  const values = [...new Set(matches.map((m) => m.value))];
  const shown = values.slice(0, 10).map((v) => mask(v));
  return finding({
    test,
    res,
    needle: values[0]!,
    proof: `${values.length} ${matches[0]!.label}${values.length > 1 ? 's' : ''}: ${shown.join(', ')}${values.length > 10 ? ' …' : ''}`,
    how,
    maskResponse: (t) => maskAll(t, values, mask),
  });
}

const nationalIdTests: WebTest[] = NATIONAL.map((n) => ({
  id: n.id,
  name: n.name,
  category: 'sensitive-data',
  severity: 3,
  cwe: ['CWE-359'],
  owasp: 'A01:2021',
  description: `A page shows ${n.what}. Identity numbers let others impersonate the person and are personal data under privacy law.`,
  solution:
    'Do not show national identity numbers; where one must be shown, show only part of it and only to its owner after authentication.',
  references: n.refs,
  kind: 'passive',
  response(res, ctx) {
    if (!ctx.spec.sensitive.countries.includes(n.country) || !documentBody(res)) return [];
    const found = NATIONAL_ID_FINDERS[n.country](res.body);
    if (!found.length || !once(ctx, `${n.id} ${res.url}`)) return [];
    return [matchesFinding(n.id, res, found, 'pattern with a valid date and check digits')];
  },
}));

const cards: WebTest = {
  id: 'web-sensitive-card',
  name: 'Payment card number disclosed',
  category: 'sensitive-data',
  severity: 3,
  cwe: ['CWE-359'],
  owasp: 'A01:2021',
  description: 'A page shows payment-card numbers (a major brand’s number range with a valid Luhn check digit).',
  solution:
    'Never show full card numbers (PCI DSS 3.4): show at most the first six and last four digits, and keep full numbers out of responses.',
  references: ['https://www.pcisecuritystandards.org/'],
  kind: 'passive',
  response(res, ctx) {
    if (!documentBody(res)) return [];
    const found = findCards(res.body);
    if (!found.length || !once(ctx, `${'web-sensitive-card'} ${res.url}`)) return [];
    return [matchesFinding('web-sensitive-card', res, found, 'card number range and Luhn check digit')];
  },
};

const emails: WebTest = {
  id: 'web-sensitive-email',
  name: 'E-mail addresses disclosed',
  category: 'sensitive-data',
  severity: 0,
  cwe: ['CWE-200'],
  owasp: 'A01:2021',
  description: 'The site shows e-mail addresses, which are harvested for spam and phishing.',
  solution: 'Show addresses only where needed; use contact forms or role addresses instead of personal ones.',
  references: ['https://cwe.mitre.org/data/definitions/200.html'],
  kind: 'passive',
  response(res, ctx) {
    if (!documentBody(res)) return [];
    const found = findEmails(res.body);
    if (!found.length || !once(ctx, `${'web-sensitive-email'} ${originOf(res.url)}`)) return [];
    return [matchesFinding('web-sensitive-email', res, found, 'e-mail address pattern (reported once per site)', maskEmail)];
  },
};

const privateIps: WebTest = {
  id: 'web-private-ip',
  name: 'Private IP address disclosed',
  category: 'information-disclosure',
  severity: 1,
  cwe: ['CWE-200'],
  owasp: 'A01:2021',
  description: 'A response shows an internal (RFC 1918) IP address, which tells an attacker about the network behind the site.',
  solution: 'Remove internal addresses from pages and headers (proxies, load balancers, error pages, comments).',
  references: ['https://datatracker.ietf.org/doc/html/rfc1918'],
  kind: 'passive',
  response(res, ctx) {
    const host = new URL(res.url).hostname;
    // A site on a private address shows its own address legitimately.
    if (isPrivateIpv4(host)) return [];
    const headerText = Object.entries(res.headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n');
    const found = [...findPrivateIps(headerText), ...(textBody(res) ? findPrivateIps(res.body) : [])];
    if (!found.length || !once(ctx, `${'web-private-ip'} ${originOf(res.url)}`)) return [];
    const ips = [...new Set(found.map((m) => m.value))];
    return [
      finding({
        test: 'web-private-ip',
        res,
        needle: ips[0]!,
        proof: `private address${ips.length > 1 ? 'es' : ''}: ${ips.slice(0, 10).join(', ')}`,
        how: 'RFC 1918 address in the response (reported once per site)',
      }),
    ];
  },
};

const secrets: WebTest = {
  id: 'web-secret-key',
  name: 'Secret key or token disclosed',
  category: 'sensitive-data',
  severity: 3,
  cwe: ['CWE-798', 'CWE-312'],
  owasp: 'A07:2021',
  description: 'A response contains a secret: a cloud access key, a private key, an API token or a session token (JWT) in a page.',
  solution: 'Remove the secret from the response and revoke it; keep keys on the server side, in a secrets store.',
  references: ['https://cwe.mitre.org/data/definitions/798.html'],
  kind: 'passive',
  response(res, ctx) {
    if (!textBody(res)) return [];
    const found = findSecrets(res.body).filter((m) => m.label !== 'JSON Web Token' || contentType(res) === 'text/html');
    // One finding per URL (the unit of a finding), with every kind of secret on it; the worst sets the severity.
    if (!found.length || !once(ctx, `web-secret-key ${res.url}`)) return [];
    const labels = [...new Set(found.map((m) => m.label))];
    const f = matchesFinding('web-secret-key', res, found, 'the key’s format');
    f.severity = Math.max(...found.map((m) => m.severity)) as WebFinding['severity'];
    f.name =
      labels.length === 1 ? `${labels[0]![0]!.toUpperCase()}${labels[0]!.slice(1)} disclosed` : `Secrets disclosed: ${labels.join(', ')}`;
    f.evidence.proof = labels
      .map((l) => `${l}: ${[...new Set(found.filter((m) => m.label === l).map((m) => maskValue(m.value)))].slice(0, 5).join(', ')}`)
      .join('; ');
    return [f];
  },
};

const errorMessages: WebTest = {
  id: 'web-error-message',
  name: 'Error message or stack trace disclosed',
  category: 'information-disclosure',
  severity: 1,
  cwe: ['CWE-209'],
  owasp: 'A04:2021',
  description:
    'A page shows an error message: a stack trace, a PHP warning with a file path, or a database error. It tells an attacker the software, its paths and its queries.',
  solution: 'Show a generic error page; log the details on the server. Turn off display_errors and debug modes in production.',
  references: ['https://owasp.org/www-community/Improper_Error_Handling'],
  kind: 'passive',
  response(res, ctx) {
    if (!documentBody(res)) return [];
    const errors = findErrorMessages(res.body);
    if (!errors.length || !once(ctx, `web-error-message ${originOf(res.url)}${new URL(res.url).pathname}`)) return [];
    // The same trace from the same line of code is one error, whatever URL showed it: a test's payload in a path
    // segment makes a URL of each request (on Juice Shop, 80 answers of one Express error handler).
    const where = errors.map((e) => codeLocation(e.proof));
    if (
      where.every(Boolean) &&
      !once(ctx, `web-error-message ${originOf(res.url)} ${errors.map((e, i) => `${e.label} ${where[i]}`).join(' | ')}`)
    )
      return [];
    // One finding per URL, naming every kind of error on it.
    const labels = errors.map((e) => e.label);
    return [
      finding({
        test: 'web-error-message',
        res,
        needle: errors[0]!.proof,
        proof: errors.map((e) => e.proof).join('\n'),
        how: labels.join(', '),
        name: `${labels.join(', ')} disclosed`,
      }),
    ];
  },
};

export const SENSITIVE_TESTS: WebTest[] = [...nationalIdTests, cards, emails, privateIps, secrets, errorMessages];
