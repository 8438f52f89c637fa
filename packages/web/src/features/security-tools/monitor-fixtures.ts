// Answers of the monitor calls as the server sends them, each checked against core's schemas so the page tests cannot
// drift from the real shapes: websites and their scan-log rows, mail servers and theirs.
import {
  mailServerMonitor,
  mailServerScanLog,
  websiteMonitor,
  websiteScanLog,
  type MailServerMonitor,
  type MailServerScanLog,
  type MonitorCheck,
  type WebsiteMonitor,
  type WebsiteScanLog,
} from '@bulwark/core';

export function aWebsite(overrides: Partial<WebsiteMonitor> = {}): WebsiteMonitor {
  return websiteMonitor.parse({
    id: 4,
    name: 'Shop',
    url: 'https://shop.example.com/',
    asset: { id: 31, name: 'shop.example.com' },
    interval: 15,
    expected_status: null,
    timeout: 15,
    slow_ms: 3000,
    keywords_required: ['Add to basket'],
    keywords_forbidden: [],
    watch_content: true,
    cert_days: 30,
    notification_email_recipients: '["web@example.com"]',
    notification_sms_recipients: '["+4512345678"]',
    active: true,
    last_run: '2026-11-28T10:00:00.000Z',
    next_run: '2026-11-28T10:15:00.000Z',
    last_status: 'failed',
    last_status_code: 500,
    last_response_ms: 420,
    cert_days_left: 12,
    created: '2026-11-01T10:00:00.000Z',
    modified: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });
}

const check = (c: string, status: MonitorCheck['status'], detail: string, target = 'https://shop.example.com/'): MonitorCheck => ({
  check: c,
  target,
  status,
  detail,
});

export function aWebsiteLog(overrides: Partial<WebsiteScanLog> = {}): WebsiteScanLog {
  return websiteScanLog.parse({
    id: 90,
    website: 4,
    started: '2026-11-28T10:00:00.000Z',
    finished: '2026-11-28T10:00:01.000Z',
    status: 'failed',
    trigger: 'schedule',
    response_ms: 420,
    status_code: 500,
    cert_days_left: 12,
    content_changed: false,
    newly_failing: ['status_code'],
    result: {
      url: 'https://shop.example.com/',
      final_url: 'https://shop.example.com/home',
      status_code: 500,
      response_ms: 420,
      redirects: [{ url: 'https://shop.example.com/home', status: 301 }],
      tls: {
        protocol: 'TLSv1.3',
        cipher: 'TLS_AES_256_GCM_SHA384',
        subject: 'CN=shop.example.com',
        issuer: 'CN=Example CA',
        san: ['shop.example.com', 'www.shop.example.com'],
        valid_from: '2026-09-10T00:00:00.000Z',
        valid_to: '2026-12-10T00:00:00.000Z',
        days_left: 12,
        fingerprint_sha256: 'AB:CD',
        chain_ok: true,
        name_ok: true,
        error: null,
      },
      security_headers: [
        { name: 'Strict-Transport-Security', value: 'max-age=31536000', status: 'pass' },
        { name: 'Content-Security-Policy', value: null, status: 'warn' },
      ],
      content_hash: 'abc',
      content_changed: false,
      checks: [
        check('availability', 'pass', 'The website answered.'),
        check('status_code', 'fail', 'The website answered 500 where a 2xx was expected.'),
        check('tls_expiry', 'warn', 'The certificate expires in 12 days.'),
      ],
      error: null,
    },
    ...overrides,
  });
}

export function aMailServer(overrides: Partial<MailServerMonitor> = {}): MailServerMonitor {
  return mailServerMonitor.parse({
    id: 6,
    asset: { id: 52, name: 'mx1.example.org', address: '192.0.2.25' },
    domain: 'example.org',
    domain_override: 'example.org',
    dkim_selectors: ['mailjet'],
    check_relay: true,
    interval: 1440,
    notification_email_recipients: '["postmaster@example.org"]',
    notification_sms_recipients: '[]',
    active: true,
    last_run: '2026-11-28T06:00:00.000Z',
    next_run: '2026-11-29T06:00:00.000Z',
    last_status: 'warning',
    passed: 9,
    warnings: 1,
    failed: 0,
    created: '2026-11-01T10:00:00.000Z',
    modified: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });
}

const MX = 'mx1.example.org (192.0.2.25)';

export function aMailLog(overrides: Partial<MailServerScanLog> = {}): MailServerScanLog {
  return mailServerScanLog.parse({
    id: 70,
    mail_server: 6,
    started: '2026-11-28T06:00:00.000Z',
    finished: '2026-11-28T06:00:09.000Z',
    status: 'warning',
    trigger: 'schedule',
    passed: 9,
    warnings: 1,
    failed: 0,
    newly_failing: [],
    result: {
      domain: 'example.org',
      mx: [{ host: 'mx1.example.org', preference: 10, addresses: ['192.0.2.25'] }],
      checks: [
        check('starttls', 'pass', 'mx1.example.org offers STARTTLS (TLSv1.3).', MX),
        check('spf', 'pass', 'SPF ends in -all: others may not send as example.org.', 'example.org'),
        check('mx', 'pass', 'One MX record.', 'example.org'),
        check('dmarc', 'warn', 'DMARC policy is none: failing mail is still delivered.', 'example.org'),
        check('blocklist', 'pass', 'Not listed on zen.example.net.', 'zen.example.net'),
        check('open_relay', 'pass', 'mx1.example.org refuses to relay.', MX),
      ],
      error: null,
    },
    ...overrides,
  });
}
