// Converts CPE 2.2 URIs (cpe:/a:vendor:product:version…, as nmap prints them) to CPE 2.3 formatted strings.
const FIELDS_23 = 11; // part vendor product version update edition language sw_edition target_sw target_hw other

/** Escapes a decoded value for the formatted-string binding: everything but letters, digits, '_', '.' and '-'. */
function bindFs(value: string): string {
  if (value === '') return '*';
  if (value === '-') return '-';
  let out = '';
  for (const ch of value) {
    if (ch === '*' || ch === '?')
      out += ch; // wildcards decoded from %02 / %01 stay special
    else if (/[A-Za-z0-9_.-]/.test(ch)) out += ch;
    else out += `\\${ch}`;
  }
  return out;
}

/** Percent-decoding of a 2.2 component: %01 is '?', %02 is '*' (wildcards), others are the literal character. */
function decodeUri(component: string): string {
  return component.replace(/%([0-9a-fA-F]{2})/g, (_, h: string) => {
    const code = parseInt(h, 16);
    if (code === 1) return '?';
    if (code === 2) return '*';
    return String.fromCharCode(code);
  });
}

/**
 * cpe:/a:openbsd:openssh:8.9p1 → cpe:2.3:a:openbsd:openssh:8.9p1:*:*:*:*:*:*:*. A packed edition
 * ('~edition~sw_edition~target_sw~target_hw~other') is unpacked. A string already in 2.3 form is returned
 * as it is; anything else gives null.
 */
export function cpe22To23(uri: string): string | null {
  const text = uri.trim();
  if (/^cpe:2\.3:[aho*-]:/i.test(text)) return text;
  const m = /^cpe:\/([aho]?)(?::(.*))?$/i.exec(text);
  if (!m) return null;
  const parts = (m[2] ?? '').split(':');
  if (parts.length > 6) return null;
  const values: string[] = [m[1] === '' ? '*' : m[1].toLowerCase()];
  for (let i = 0; i < 6; i++) {
    const raw = parts[i] ?? '';
    if (i === 4 && raw.startsWith('~')) {
      const [, edition = '', swEdition = '', targetSw = '', targetHw = '', other = ''] = raw.split('~');
      values.push(
        ...[edition, 'LANG', swEdition, targetSw, targetHw, other].map((v) => (v === 'LANG' ? v : bindFs(decodeUri(v).toLowerCase()))),
      );
      continue;
    }
    if (i === 5 && values.includes('LANG')) {
      values[values.indexOf('LANG')] = bindFs(decodeUri(raw).toLowerCase());
      continue;
    }
    values.push(bindFs(decodeUri(raw).toLowerCase()));
  }
  while (values.length < FIELDS_23) values.push('*');
  return `cpe:2.3:${values.slice(0, FIELDS_23).join(':')}`;
}
