// Routes of this app that the spec's route table does not list (profile settings, vulnerability intelligence; user menu).
import type { RouteDef } from '@bulwark/core';

export const PROFILE_SETTINGS_PATH = '/settings/profile';
export const INTEL_SETTINGS_PATH = '/settings/intelligence';

export const WEB_ROUTES: RouteDef[] = [
  { path: PROFILE_SETTINGS_PATH, name: 'profile-settings', title: 'Profile settings', area: 'settings', access: 'signed-in' },
  {
    path: INTEL_SETTINGS_PATH,
    name: 'intel-settings',
    title: 'Vulnerability intelligence',
    area: 'settings',
    access: 'signed-in',
  },
];
