// The web profile form's pure rules: header and login-step lines both ways, the sign-in checks (core's messages), the
// stored password kept, cleared or replaced, and the sensitive countries sent both as the list and the switches.
import { describe, expect, it } from 'vitest';
import { aWebProfile } from './testing/fixtures.ts';
import {
  NEW_WEB_PROFILE,
  parseHeaders,
  parseSteps,
  stepsText,
  validateWebProfile,
  webProfileBody,
  webProfileValues,
} from './web-profile-form.ts';

describe('web profile form rules', () => {
  it('reads header lines and names the line that is wrong', () => {
    expect(parseHeaders('X-Api-Key: abc\n\nCookie: a=b; c=d')).toEqual({
      headers: { 'X-Api-Key': 'abc', Cookie: 'a=b; c=d' },
      error: null,
    });
    expect(parseHeaders('X-Ok: 1\nno colon').error).toBe('Line 2: write a header as “Name: value”.');
  });

  it('reads recorded login steps and writes them back the same', () => {
    const text = 'goto http://127.0.0.9/login\nfill #user scanner\nfill #pass {{password}}\nclick button[type=submit]\nwait 500';
    const { steps, error } = parseSteps(text);
    expect(error).toBeNull();
    expect(steps).toEqual([
      { action: 'goto', url: 'http://127.0.0.9/login' },
      { action: 'fill', selector: '#user', value: 'scanner' },
      { action: 'fill', selector: '#pass', value: '{{password}}' },
      { action: 'click', selector: 'button[type=submit]' },
      { action: 'wait', value: '500' },
    ]);
    expect(stepsText(steps)).toBe(text);
    expect(parseSteps('jump #x').error).toBe('Line 1: start with goto, fill, click, press or wait.');
    expect(parseSteps('fill #user').error).toMatch(/^Line 1: fill needs a selector and a value/);
  });

  it('checks what a login form needs with the server’s messages', () => {
    const errors = validateWebProfile({ ...NEW_WEB_PROFILE, name: 'Shop', auth_kind: 'form' });
    expect(errors).toMatchObject({
      auth_login_url: 'Login URL is required',
      auth_username: 'Username is required',
      auth_password: 'Password is required',
    });
    expect(errors.auth_logged_in_indicator).toMatch(/logged-in or a logged-out indicator/);
    expect(validateWebProfile({ ...NEW_WEB_PROFILE, name: '' }).name).toBeTruthy();
  });

  it('keeps, clears or replaces a stored password', () => {
    const values = webProfileValues(aWebProfile({ auth_kind: 'basic', auth_username: 'ops', auth_password: '••••' }));
    expect(values.auth_password).toBe('');
    expect(validateWebProfile(values)).toEqual({});
    expect(webProfileBody(values).auth_password).toBe('••••');
    expect(webProfileBody({ ...values, auth_password_clear: true }).auth_password).toBe('');
    expect(webProfileBody({ ...values, auth_password: 'new' }).auth_password).toBe('new');
    expect(validateWebProfile({ ...values, auth_password_clear: true }).auth_password).toBe('Password is required');
  });

  it('takes the login from a stored credential: no username or password asked for, none sent', () => {
    const values = webProfileValues(aWebProfile({ auth_kind: 'basic', auth_username: 'ops', auth_password: '••••' }));
    expect(values.auth_credential).toBeNull();
    const chosen = { ...values, auth_credential: '7', auth_username: '', auth_password_clear: true };
    expect(validateWebProfile(chosen)).toEqual({});
    expect(webProfileBody(chosen)).toMatchObject({ auth_credential: 7, auth_username: '', auth_password: null });
    // A profile read back with its credential shows it in the picker.
    expect(webProfileValues(aWebProfile({ auth_kind: 'form', auth_credential: 7 })).auth_credential).toBe('7');
    // Cleared again, the typed login is needed.
    expect(validateWebProfile({ ...chosen, auth_credential: null })).toMatchObject({ auth_username: 'Username is required' });
  });

  it('sends the sensitive countries as the list and the per-country switches', () => {
    const body = webProfileBody({ ...NEW_WEB_PROFILE, name: 'x', sc_ss_countries: ['se', 'us'] });
    expect(body).toMatchObject({ sc_ss_countries: ['se', 'us'], sc_ss_swe: true, sc_ss_ssn: true, sc_ss_dan: false, sc_ss_nor: false });
  });
});
