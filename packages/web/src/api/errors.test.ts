// Error extraction of the API client: the server's non_field_errors/message preferred, field errors for the form (§7, §8).
import { describe, expect, it } from 'vitest';
import { ApiError, errorMessageFromBody, fieldErrorsFromBody, messageOf } from './errors.ts';
import { applyServerErrors } from '../components/forms/server-errors.ts';

const http = (status: number, data: unknown) =>
  new ApiError({ kind: 'http', status, data, message: errorMessageFromBody(data) ?? `HTTP ${status}` });

describe('errorMessageFromBody', () => {
  it('prefers non_field_errors, then message, then detail', () => {
    expect(errorMessageFromBody({ detail: 'D', message: 'M', non_field_errors: ['N'] })).toBe('N');
    expect(errorMessageFromBody({ detail: 'D', message: 'M' })).toBe('M');
    expect(errorMessageFromBody({ detail: 'Not found.' })).toBe('Not found.');
  });

  it("joins a list of errors with '. '", () => {
    expect(errorMessageFromBody({ non_field_errors: ['First', 'Second'] })).toBe('First. Second');
  });

  it('is null for field errors only, empty or non-object bodies', () => {
    expect(errorMessageFromBody({ password: ['Too short.'] })).toBeNull();
    expect(errorMessageFromBody(undefined)).toBeNull();
    expect(errorMessageFromBody('<html>Bad gateway</html>')).toBeNull();
    expect(errorMessageFromBody(['a'])).toBeNull();
  });
});

describe('fieldErrorsFromBody', () => {
  it('keys errors by field, several joined with a space, without the general keys', () => {
    expect(
      fieldErrorsFromBody({ password: ['Too short.', 'Too common.'], first_name: ['Required.'], detail: 'x', non_field_errors: ['y'] }),
    ).toEqual({
      password: 'Too short. Too common.',
      first_name: 'Required.',
    });
  });
});

describe('ApiError and messageOf', () => {
  it('carries status, body and field errors of an HTTP failure', () => {
    const error = http(400, { one_time_password: ['Invalid code.'] });
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({ one_time_password: 'Invalid code.' });
    expect(error.hasServerMessage).toBe(false);
    expect(messageOf(error, 'Cannot save profile settings')).toBe('Cannot save profile settings');
  });

  it("shows the server's message when there is one", () => {
    const error = http(400, { non_field_errors: ['Unable to log in with provided credentials.'] });
    expect(messageOf(error, 'Sign-in failed.')).toBe('Unable to log in with provided credentials.');
    expect(messageOf(http(429, { detail: 'Too many attempts.' }), 'x')).toBe('Too many attempts.');
  });

  it('rejects a cancelled call with its message as the data (§8)', () => {
    const error = new ApiError({ kind: 'cancelled', message: 'User is not authenticated' });
    expect(error.data).toBe('User is not authenticated');
    expect(messageOf(error, 'fallback')).toBe('User is not authenticated');
  });

  it('uses the fallback for anything that is not an ApiError', () => {
    expect(messageOf(new Error('boom'), 'Cannot save settings.')).toBe('Cannot save settings.');
  });
});

describe('applyServerErrors', () => {
  function target() {
    const set: Record<string, string>[] = [];
    return { set, setErrors: (errors: Record<string, string>) => set.push(errors) };
  }

  it('puts known field errors on the form and shows no general message', () => {
    const form = target();
    expect(applyServerErrors(form, http(400, { password: ['Too short.'] }), ['password'], 'Failed')).toBeNull();
    expect(form.set).toEqual([{ password: 'Too short.' }]);
  });

  it('adds errors of unknown fields to the general message', () => {
    const form = target();
    expect(applyServerErrors(form, http(400, { password: ['Too short.'], token: ['Expired.'] }), ['password'], 'Failed')).toBe('Expired.');
  });

  it('adds nothing for failures the client already reported (timeout, lost session)', () => {
    const form = target();
    expect(
      applyServerErrors(form, new ApiError({ kind: 'timeout', message: 'The server took too long to respond' }), ['password'], 'Failed'),
    ).toBeNull();
    expect(
      applyServerErrors(form, new ApiError({ kind: 'cancelled', message: 'User is not authenticated' }), ['password'], 'Failed'),
    ).toBeNull();
    expect(form.set).toEqual([]);
  });

  it('returns the server message, or the fallback when there is nothing else', () => {
    expect(applyServerErrors(target(), http(400, { non_field_errors: ['Nope.'] }), ['password'], 'Failed')).toBe('Nope.');
    expect(applyServerErrors(target(), http(500, undefined), ['password'], 'Failed')).toBe('Failed');
  });
});
