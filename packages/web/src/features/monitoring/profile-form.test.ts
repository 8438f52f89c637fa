// The profile editor's rules without a page: a profile's values for the form and back to the request unchanged, core's
// checks reported by field in the user's words (ports in §8's words, each bad address or number named), the interval and
// the check result in words.
import { describe, expect, it } from 'vitest';
import { MONITORING_TRIGGERS, monitoringProfile } from '@bulwark/core';
import { NEW_PROFILE, checkResultText, intervalText, profileInput, profileValues, splitList, validateProfile } from './profile-form.ts';

const SAVED = monitoringProfile.parse({
  id: 3,
  name: 'Internet edge',
  user: { id: 5, email: 'ops@example.com', first_name: '', last_name: '' },
  ports: '22,80,443',
  network_assets: [{ id: 11, name: '192.0.2.10', type: 2 }],
  web_applications: [{ id: 12, name: 'https://shop.example.com/', type: 3 }],
  tags: [{ id: 7, name: 'Production', color: null }],
  minus_tags: [{ id: 8, name: 'Lab', color: null }],
  triggers: ['unexpected_port', 'cert_expiring'],
  min_severity: 4,
  cert_days: 14,
  check_interval: 15,
  active: true,
  notify_owner: false,
  notif_cc: ['a@example.com', 'b@example.com'],
  notif_sms_recipients: ['+4512345678'],
  slack: true,
  teams: false,
  webhooks: true,
  watched_assets: 2,
  open_alerts: 0,
  last_check: null,
  next_check: null,
  created: '2026-11-20T10:00:00.000Z',
  modified: '2026-11-20T10:00:00.000Z',
});

describe('profile form', () => {
  it('reads a saved profile and sends it back as it was', () => {
    const values = profileValues(SAVED);
    expect(values.assets).toEqual(['11', '12']);
    expect(values.ports).toBe('22, 80, 443');
    expect(validateProfile(values)).toEqual({});
    expect(profileInput(values)).toEqual({
      name: 'Internet edge',
      user: 5,
      ports: '22, 80, 443',
      assets: [11, 12],
      tags: [7],
      minus_tags: [8],
      triggers: ['unexpected_port', 'cert_expiring'],
      min_severity: 4,
      cert_days: 14,
      check_interval: 15,
      active: true,
      notify_owner: false,
      notif_cc: ['a@example.com', 'b@example.com'],
      notif_sms_recipients: ['+4512345678'],
      slack: true,
      teams: false,
      webhooks: true,
    });
  });

  it('reports each field in words', () => {
    const errors = validateProfile({
      ...NEW_PROFILE,
      name: ' ',
      ports: '22, 22',
      triggers: [],
      cert_days: '',
      check_interval: 3,
      notif_cc: 'ok@example.com\nnot-an-address',
      notif_sms_recipients: '12',
      tags: ['7'],
      minus_tags: ['7'],
    });
    expect(errors).toEqual({
      name: expect.any(String),
      ports: '22 already on ports.',
      triggers: 'Choose at least one trigger.',
      cert_days: 'Enter 1 to 365 days.',
      check_interval: 'Enter 0 (no own check) or 5 to 43200 minutes.',
      notif_cc: 'not-an-address: Enter a valid email address.',
      notif_sms_recipients: '12: Enter a phone number in international format, e.g. +4512345678.',
      minus_tags: 'A tag cannot be both watched and left out.',
    });
    expect(validateProfile({ ...NEW_PROFILE, name: 'x', ports: '70000' }).ports).toBe('70000 is not a valid port or range.');
    expect(validateProfile({ ...NEW_PROFILE, name: 'x', check_interval: 0 })).toEqual({});
    expect(NEW_PROFILE.triggers).toEqual([...MONITORING_TRIGGERS]);
    // A cleared owner picker holds null: the caller owns the profile.
    expect(profileInput({ ...NEW_PROFILE, name: 'x', user: null }).user).toBeNull();
  });

  it('splits lists and says intervals and check results in words', () => {
    expect(splitList(' a@x.dk, b@x.dk\n\nc@x.dk; ')).toEqual(['a@x.dk', 'b@x.dk', 'c@x.dk']);
    expect([0, 1, 15, 60, 90, 120, 1440, 10080].map(intervalText)).toEqual([
      'Scans only',
      'Every minute',
      'Every 15 minutes',
      'Every hour',
      'Every 90 minutes',
      'Every 2 hours',
      'Every day',
      'Every week',
    ]);
    const none = { assets: 1, ports_checked: 1, changes: 0, alerts_raised: 0, alerts_updated: 0, alerts_resolved: 0 };
    expect(checkResultText(none)).toBe('Checked 1 asset (1 port): no change.');
    expect(checkResultText({ ...none, assets: 3, ports_checked: 42, changes: 1 })).toBe(
      'Checked 3 assets (42 ports): 1 change awaiting a second look.',
    );
    expect(checkResultText({ ...none, alerts_raised: 2, alerts_updated: 1, alerts_resolved: 1 })).toBe(
      'Checked 1 asset (1 port): 2 new alerts, 1 alert still open, 1 alert resolved.',
    );
  });
});
