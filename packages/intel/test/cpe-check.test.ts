// checkCpe, the feed readers' validation of criteria, accepts and refuses exactly what parseCpe does, with its messages.
import { describe, expect, test } from 'vitest';
import { checkCpe, cpeProductKey, parseCpeProduct } from '../src/cpe/cpe.ts';
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

describe('cpeProductKey', () => {
  // The store keys every imported criteria by it: the same vendor and product keys as parseCpeProduct, for every form.
  const viaParse = (text: string): { vendor: string; product: string; productPattern: boolean } => {
    const c = parseCpeProduct(text);
    const key = (v: typeof c.vendor): string => (v.kind === 'value' ? v.value : '*');
    return { vendor: key(c.vendor), product: key(c.product), productPattern: c.product.kind === 'value' && c.product.pattern !== null };
  };
  test.each([
    'cpe:2.3:a:openbsd:openssh:8.9:p1:*:*:*:*:*:*',
    'cpe:2.3:o:Microsoft:Windows_7:-:sp1:*:*:*:*:*:*',
    '  CPE:2.3:O:microsoft:windows_7:-:sp1:*:*:*:*:*:*  ',
    'cpe:2.3:*:*:*:*:*:*:*:*:*:*:*',
    'cpe:2.3:a:-:-:*:*:*:*:*:*:*:*',
    'cpe:2.3:a::widget:*:*:*:*:*:*:*:*',
    'cpe:2.3:a:acme:wid*et:*:*:*:*:*:*:*:*',
    'cpe:2.3:a:acme:widge?:*:*:*:*:*:*:*:*',
    'cpe:2.3:a:ac*me:widget:*:*:*:*:*:*:*:*',
    'cpe:2.3:a:ac\\:me:wid\\\\get:1.0:*:*:*:*:*:*:*',
    'cpe:2.3:a:acme:wid\\*get:1.0:*:*:*:*:*:*:*',
    'cpe:2.3:a:acme:widget:1.0:*:*:*:*:*:*:*\t',
  ])('%s', (text) => {
    expect(cpeProductKey(text)).toEqual(viaParse(text));
  });
});
