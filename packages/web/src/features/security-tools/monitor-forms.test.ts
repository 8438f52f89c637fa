// The monitor forms' conversions and checks without a page: a monitor's interval read back as a number and a unit and
// sent as minutes, recipients read from and sent as JSON strings (phone spaces removed), empty numbers as null, and
// core's messages landing on the form's own fields (the interval's on its number, a recipient's on its list).
import { describe, expect, it } from 'vitest';
import {
  mailServerFormValues,
  mailServerSave,
  validateMailServer,
  validateWebsite,
  websiteFormValues,
  websiteSave,
} from './monitor-forms.ts';
import { checkLabel } from './monitor-format.ts';
import { aMailServer, aWebsite } from './monitor-fixtures.ts';

describe('monitor forms', () => {
  it('reads a website back and sends it unchanged', () => {
    const values = websiteFormValues(aWebsite({ interval: 120 }));
    expect(values).toMatchObject({ interval_value: 2, interval_unit: 'hours', asset: '31', expected_status: '' });
    expect(values.notification_sms_recipients).toEqual(['+4512345678']);
    expect(websiteSave(values)).toMatchObject({
      interval: 120,
      asset: 31,
      expected_status: null,
      notification_email_recipients: '["web@example.com"]',
      notification_sms_recipients: '["+4512345678"]',
    });
    expect(validateWebsite(values)).toEqual({});
  });

  it('puts core’s messages on the website form’s fields', () => {
    const values = {
      ...websiteFormValues(null),
      url: 'example.com',
      interval_value: 2,
      interval_unit: 'minutes' as const,
      cert_days: '',
      notification_sms_recipients: ['12 34'],
    };
    expect(validateWebsite(values)).toEqual({
      url: 'Enter a URL starting with http:// or https://.',
      interval_value: 'Enter 5 to 10080 minutes.',
      cert_days: expect.any(String) as string,
      notification_sms_recipients: 'Enter a phone number in international format, e.g. +4512345678.',
    });
  });

  it('removes spaces from phone numbers and sends days as minutes for a mail server', () => {
    const values = { ...mailServerFormValues(aMailServer()), notification_sms_recipients: ['+45 12 34 56 78'], domain: '' };
    expect(values).toMatchObject({ interval_value: 1, interval_unit: 'days', asset: '52' });
    expect(mailServerSave(values)).toMatchObject({
      asset: 52,
      domain: null,
      interval: 1440,
      notification_sms_recipients: '["+4512345678"]',
    });
    expect(validateMailServer(values)).toEqual({});
    expect(validateMailServer(mailServerFormValues(null))).toEqual({ asset: 'Mail server is required' });
  });
});

describe('checkLabel', () => {
  it('names a check by its label, and a mail check keyed by what it looked at by both', () => {
    expect(checkLabel('website', 'tls_expiry')).toBe('Certificate expiry');
    expect(checkLabel('mail', 'starttls@mx1.example.org (192.0.2.25)')).toBe('STARTTLS (mx1.example.org (192.0.2.25))');
    expect(checkLabel('mail', 'spf')).toBe('SPF');
    expect(checkLabel('mail', 'someone@example.org')).toBe('someone@example.org');
  });
});
