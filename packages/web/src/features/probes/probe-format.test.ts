// The scan appliance screens' rules: status badges, heartbeat ages, the add-probe and group payloads, the answer of
// POST probe/probes/ with its token, and the probes list route in the navigation (permission probes).
import { describe, expect, it } from 'vitest';
import { featureFlagMap, probeCreated } from '@bulwark/core';
import { navigationGroups } from '../../app/layout/navigation.ts';
import { SCAN_APPLIANCES_PATH, WEB_ROUTES } from '../../app/web-routes.ts';
import {
  addProbeInput,
  groupInput,
  groupMemberOptions,
  heartbeatText,
  probePath,
  PROBES_PATH,
  probeStatusBadge,
  validateAddProbe,
  validateGroup,
} from './probe-format.ts';
import { aProbe } from '../../../test/support/fixtures.ts';

describe('status and heartbeat', () => {
  it('colours Online, Offline and Not registered', () => {
    expect(probeStatusBadge(aProbe())).toEqual({ label: 'Online', color: 'green' });
    expect(probeStatusBadge(aProbe({ status: 'offline', status_label: 'Offline' }))).toEqual({ label: 'Offline', color: 'red' });
    expect(probeStatusBadge(aProbe({ status: 'pending', status_label: '' }))).toEqual({ label: 'Not registered', color: 'gray' });
  });

  it('writes how long ago the probe was heard from', () => {
    const now = new Date('2026-11-20T12:00:00.000Z');
    expect(heartbeatText(null, now)).toBe('Never');
    expect(heartbeatText('2026-11-20T11:59:30.000Z', now)).toBe('just now');
    expect(heartbeatText('2026-11-20T11:59:00.000Z', now)).toBe('1 minute ago');
    expect(heartbeatText('2026-11-20T11:15:00.000Z', now)).toBe('45 minutes ago');
    expect(heartbeatText('2026-11-20T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(heartbeatText('2026-11-18T09:00:00.000Z', now)).toMatch(/^2026-11-18 \d\d:00$/);
  });
});

describe('forms', () => {
  it('requires a probe name and sends the group as a number or null', () => {
    expect(validateAddProbe({ name: ' ', group: null })).toEqual({ name: 'Name is required' });
    expect(validateAddProbe({ name: 'Branch', group: null })).toEqual({});
    expect(addProbeInput({ name: ' Branch ', group: '3' })).toEqual({ name: 'Branch', group: 3 });
    expect(addProbeInput({ name: 'Branch', group: null })).toEqual({ name: 'Branch', group: null });
  });

  it('builds group payloads and offers only remote probes as members', () => {
    expect(validateGroup({ name: '', probes: [] })).toEqual({ name: 'Name is required' });
    expect(groupInput({ name: ' Branches ', probes: ['4', '7', 'x'] })).toEqual({ name: 'Branches', probes: [4, 7] });
    expect(
      groupMemberOptions([aProbe(), aProbe({ id: -1, name: 'External (built-in)', builtin: true }), aProbe({ id: 9, name: 'Lab' })]),
    ).toEqual([
      { value: '4', label: 'Branch office' },
      { value: '9', label: 'Lab' },
    ]);
  });

  it('reads the new probe with its one-time token and command', () => {
    const created = probeCreated.parse({
      ...aProbe({ status: 'pending', status_label: 'Not registered', last_heartbeat: null, registered: null }),
      registration: {
        token: 'tok_abc',
        expires: '2026-11-21T10:00:00.000Z',
        command: 'npx bulwark probe --server http://x --token tok_abc',
      },
    });
    expect(created.registration.command).toContain('--token tok_abc');
  });
});

describe('routes', () => {
  it('adds the probes list to the navigation for users with the probes permission only', () => {
    expect(PROBES_PATH).toBe(SCAN_APPLIANCES_PATH);
    expect(probePath(4)).toBe('/sa/scan-appliance/view/4');
    const route = WEB_ROUTES.find((r) => r.path === SCAN_APPLIANCES_PATH);
    expect(route).toMatchObject({ name: 'scan-appliances', permission: 'probes', nav: true, access: 'signed-in' });
    const paths = (permissions: Record<string, string[]>) =>
      navigationGroups(WEB_ROUTES, {
        authenticated: true,
        user: { is_superuser: false, customer_admin: false, permissions },
        flags: featureFlagMap([]),
      }).flatMap((g) => g.items.map((i) => i.path));
    expect(paths({ probes: ['read'] })).toContain(SCAN_APPLIANCES_PATH);
    expect(paths({ net_scans: ['read'] })).not.toContain(SCAN_APPLIANCES_PATH);
  });
});
