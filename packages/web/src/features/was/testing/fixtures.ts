// Test data of the web-application scanning pages: a web profile, a web run row and the parts of its result, shaped as
// the API answers them (parsed with core's schemas where there is one, so a drifting fixture fails loudly).
import { DEFAULT_WEB_PROFILE, webProfile, type WebProfile } from '@bulwark/core';

export function aWebProfile(overrides: Partial<WebProfile> = {}): WebProfile {
  return webProfile.parse({
    ...DEFAULT_WEB_PROFILE,
    id: 7,
    name: 'Shop login scan',
    description: '',
    type: 'was',
    builtin: false,
    user: null,
    created: '2026-11-28T10:00:00Z',
    modified: '2026-11-28T10:00:00Z',
    auth_password: null,
    ...overrides,
  });
}
