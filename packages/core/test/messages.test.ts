// Tests of the toast catalogue, toast kinds and durations, login messages and server error texts (§8).
import { describe, it, expect } from 'vitest';
import {
  LOGIN_MESSAGE_CODES,
  MESSAGES,
  SESSION_EXPIRED,
  TIMEOUT_RELOAD_TOAST,
  TIMEOUT_TOAST,
  TOAST_KINDS,
  alreadyOnListMessage,
  connectionFailedMessage,
  connectionSucceededMessage,
  invalidPortOrRangeMessage,
  invalidTicketNumberMessage,
  loginMessageText,
  notFoundByIdMessage,
  toast,
} from '../src/messages.ts';
import { crudMessages, CRUD_ENTITIES } from '../src/crud-messages.ts';
import { fieldErrors, policyCreateErrorMessage, serverErrorMessage } from '../src/server-errors.ts';

describe('catalogue texts', () => {
  it('has the scan and settings messages of platform-core §8', () => {
    expect(MESSAGES.scans).toEqual({
      paused: 'Scan paused.',
      pauseFailed: 'Cannot pause scan.',
      stopped: 'Scan stopped.',
      removed: 'Scan removed.',
    });
    expect(MESSAGES.settings).toEqual({
      saved: 'Settings saved.',
      saveFailed: 'Cannot save settings.',
      profileSaveFailed: 'Cannot save profile settings',
      ssoTokenFailed: 'Cannot generate SSO token.',
    });
    expect(MESSAGES.session.notAuthenticated).toBe('User is not authenticated');
  });

  it('has the feature-area messages of feature-areas §8', () => {
    expect(Object.values(MESSAGES.assets)).toEqual(['Asset created.', 'Cannot create asset.', 'Asset deleted.', 'Cannot update assets.']);
    expect(Object.values(MESSAGES.publicApi)).toEqual([
      'Token created.',
      'Cannot create token.',
      'Public API activated!',
      'Failed to activate public API!',
    ]);
    expect(Object.values(MESSAGES.teams)).toEqual([
      'Cannot load teams.',
      'Team created.',
      'Cannot create team.',
      'Team updated.',
      'Cannot update team.',
      'Cannot load members.',
      'Team deleted.',
      'Cannot delete team.',
    ]);
    expect(Object.values(MESSAGES.policies)).toEqual([
      'Policy created.',
      'Could not create policy.',
      'Policy updated.',
      'Could not update policy.',
      'Policy deleted.',
      'Cannot delete policy.',
    ]);
    expect(Object.values(MESSAGES.exceptions)).toEqual(['Exception created.', 'Cannot create exception.', 'Cannot delete exception.']);
    expect(MESSAGES.tickets).toEqual({ valid: 'Ticket is valid.', notValid: 'Ticket is not valid.' });
    expect(MESSAGES.savedFilters.nameConflict).toBe('Saved filter with that name already exists');
  });

  it('builds the input, connection and not-found messages', () => {
    expect(invalidPortOrRangeMessage('x')).toBe('x is not a valid port or range.');
    expect(alreadyOnListMessage('80', 'ports')).toBe('80 already on ports.');
    expect(invalidTicketNumberMessage('a1')).toBe('a1 is not a valid ticket number.');
    expect(connectionSucceededMessage('Jira')).toBe('Connection to Jira succesful!');
    expect(connectionFailedMessage('Jira')).toBe('Failed to connect to Jira.');
    expect(notFoundByIdMessage('website')).toBe('Cannot find website with the given id');
    expect(notFoundByIdMessage('mail server')).toBe('Cannot find mail server with the given id');
  });
});

describe('toasts', () => {
  it('has five kinds and a 2.5 s duration', () => {
    expect(TOAST_KINDS).toEqual(['success', 'error', 'warning', 'info', 'ongoing']);
    expect(toast('ongoing', 'Working')).toEqual({ kind: 'ongoing', message: 'Working', autoCloseMs: 2500 });
    expect(toast('error', 'x', { caption: 'y' }).caption).toBe('y');
  });

  it('gives both readings of the timeout warning', () => {
    expect(TIMEOUT_TOAST).toEqual({
      kind: 'warning',
      message: 'The server took too long to respond',
      caption: 'If the problem persists, contact support.',
      autoCloseMs: 2500,
    });
    expect(TIMEOUT_RELOAD_TOAST).toEqual({
      kind: 'warning',
      message: 'The server took too long to respond',
      autoCloseMs: false,
      action: 'reload',
    });
  });
});

describe('login messages', () => {
  it('knows session_expired', () => {
    expect(SESSION_EXPIRED).toBe('session_expired');
    expect(loginMessageText('session_expired')).toBe(LOGIN_MESSAGE_CODES.session_expired);
    expect(loginMessageText('session_expired')?.length).toBeGreaterThan(0);
    expect(loginMessageText('other')).toBeNull();
    expect(loginMessageText('toString')).toBeNull();
    expect(loginMessageText(null)).toBeNull();
  });
});

describe('CRUD messages', () => {
  it("follow the spec's style", () => {
    expect(crudMessages('schedule')).toEqual({
      created: 'Schedule created.',
      createFailed: 'Cannot create schedule.',
      updated: 'Schedule updated.',
      updateFailed: 'Cannot update schedule.',
      deleted: 'Schedule deleted.',
      deleteFailed: 'Cannot delete schedule.',
    });
    expect(crudMessages('ip_range').createFailed).toBe('Cannot create IP range.');
    expect(crudMessages('scan_profile').deleteFailed).toBe('Cannot delete scan profile.');
    expect(Object.keys(CRUD_ENTITIES)).toEqual(expect.arrayContaining(['schedule', 'scan', 'scan_profile', 'host', 'network', 'ip_range']));
  });
});

describe('server error texts', () => {
  it('prefers non_field_errors, then message, then the fallback', () => {
    expect(serverErrorMessage({ non_field_errors: ['A', 'B'], message: 'M' }, 'F')).toBe('A. B');
    expect(serverErrorMessage({ message: 'M' }, 'F')).toBe('M');
    expect(serverErrorMessage({ detail: 'Not found.' }, 'F')).toBe('Not found.');
    expect(serverErrorMessage({ name: ['taken'] }, 'F')).toBe('F');
    expect(serverErrorMessage(null, 'F')).toBe('F');
    expect(serverErrorMessage({ non_field_errors: [] }, 'F')).toBe('F');
  });

  it('keys field errors by field, joined with a space', () => {
    expect(fieldErrors({ name: ['Too long.', 'Taken.'], port: 'Bad.', non_field_errors: ['x'] })).toEqual({
      name: 'Too long. Taken.',
      port: 'Bad.',
    });
  });

  it('shows the first conditions error of a failed policy create', () => {
    expect(policyCreateErrorMessage({ conditions: ['Pick a field.', 'Other'] }, MESSAGES.policies.createFailed)).toBe('Pick a field.');
    expect(policyCreateErrorMessage({}, MESSAGES.policies.createFailed)).toBe('Could not create policy.');
  });
});
