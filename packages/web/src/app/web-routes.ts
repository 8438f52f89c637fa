// Routes of this app that the spec's route table does not list (profile settings, reached from the user menu).
import type { RouteDef } from '@bulwark/core';

export const PROFILE_SETTINGS_PATH = '/settings/profile';

export const WEB_ROUTES: RouteDef[] = [
  { path: PROFILE_SETTINGS_PATH, name: 'profile-settings', title: 'Profile settings', area: 'settings', access: 'signed-in' },
];
