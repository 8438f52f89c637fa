// The plain-language validation messages that API field errors carry.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginRequest, userProfilePatch } from '../src/index.ts';

describe('validation messages', () => {
  it('names a missing field, a wrong type, an unknown field and a bad choice plainly', () => {
    const r = loginRequest.safeParse({ password: 12 });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({ username: 'This field is required.', password: 'Not a valid string.' });
    const unknown = userProfilePatch.safeParse({ first_name: 'A', is_superuser: true });
    expect(unknown.error!.issues[0]!.message).toBe('Unknown field: is_superuser.');
    expect(z.enum(['a', 'b']).safeParse('c').error!.issues[0]!.message).toBe('Must be one of: a, b.');
  });
});
