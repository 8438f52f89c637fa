// checkCpe, the feed readers' validation of criteria, accepts and refuses exactly what parseCpe does, with its messages.
import { describe, expect, test } from 'vitest';
import { checkCpe } from '../src/cpe/cpe.ts';
import { parseCpe } from '../src/index.ts';

const outcome = (f: () => unknown): string => {
  try {
    f();
    return 'ok';
  } catch (e) {
    return (e as Error).message;
  }
};

describe('checkCpe', () => {
  test.each([
    'cpe:2.3:a:openbsd:openssh:8.9:p1:*:*:*:*:*:*',
    '  CPE:2.3:O:microsoft:windows_7:-:sp1:*:*:*:*:*:*  ',
    'cpe:2.3:*:*:*:*:*:*:*:*:*:*:*',
    'cpe:2.3:a:ac\\:me:wid\\\\get:1.0:*:*:*:*:*:*:*',
    'cpe:2.3:a:acme:widget:1.0:*:*:*:*:*:*',
    'cpe:2.3:a:acme:widget:1.0:*:*:*:*:*:*:*:*',
    'cpe:2.2:a:acme:widget:1.0:*:*:*:*:*:*:*',
    'cpe:/a:acme:widget:1.0',
    'cpe:2.3:x:acme:widget:1.0:*:*:*:*:*:*:*',
    'cpe:2.3:\\a:acme:widget:1.0:*:*:*:*:*:*:*',
    'cpe:2.3::acme:widget:1.0:*:*:*:*:*:*:*',
    'cpe:2.3:a:acme:widget:1.0:*:*:*:*:*:*:\\',
    'cpe:2.3:a:acme:widget:1.0:*:*:*:*:*:*:*\\',
    'cpe:2.3:a:acme:widget\\:1.0:*:*:*:*:*:*:*',
    '',
  ])('%j', (text) => {
    expect(outcome(() => checkCpe(text))).toBe(outcome(() => parseCpe(text)));
  });
});
