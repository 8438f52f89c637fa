// Routes of this app that the spec's route table does not list (profile settings: user menu; the older path of
// vulnerability intelligence, now under Administration, kept working; the list of scan appliances: navigation).
import type { RouteDef } from '@bulwark/core';

export const PROFILE_SETTINGS_PATH = '/settings/profile';
export const INTEL_SETTINGS_PATH = '/settings/intelligence';
/** The spec has only the legacy view of one appliance; the list of probes and probe groups is ours. */
export const SCAN_APPLIANCES_PATH = '/sa/scan-appliances';

export const WEB_ROUTES: RouteDef[] = [
  { path: PROFILE_SETTINGS_PATH, name: 'profile-settings', title: 'Profile settings', area: 'settings', access: 'signed-in' },
  {
    path: INTEL_SETTINGS_PATH,
    name: 'intel-settings',
    title: 'Vulnerability intelligence',
    area: 'settings',
    access: 'signed-in',
  },
  {
    path: SCAN_APPLIANCES_PATH,
    name: 'scan-appliances',
    title: 'Scan appliances',
    area: 'appliances',
    access: 'signed-in',
    permission: 'probes',
    nav: true,
  },
];
