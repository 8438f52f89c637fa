// The toast and message catalogue of both §8 sections: exact texts, toast kinds and durations.
import { TOAST_DURATION_MS } from './constants.ts';

export const TOAST_KINDS = ['success', 'error', 'warning', 'info', 'ongoing'] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];

export interface Toast {
  kind: ToastKind;
  message: string;
  caption?: string;
  /** Milliseconds before it closes; false: stays until dismissed. */
  autoCloseMs: number | false;
  /** An action button offered on the toast. */
  action?: 'reload';
}

/** A toast of `kind` with the standard 2.5 s duration. */
export function toast(kind: ToastKind, message: string, extra: Partial<Omit<Toast, 'kind' | 'message'>> = {}): Toast {
  return { kind, message, autoCloseMs: TOAST_DURATION_MS, ...extra };
}

/** Exact texts of the spec. */
export const MESSAGES = {
  assets: {
    created: 'Asset created.',
    createFailed: 'Cannot create asset.',
    deleted: 'Asset deleted.',
    updateFailed: 'Cannot update assets.',
  },
  settings: {
    saved: 'Settings saved.',
    saveFailed: 'Cannot save settings.',
    profileSaveFailed: 'Cannot save profile settings',
    ssoTokenFailed: 'Cannot generate SSO token.',
  },
  publicApi: {
    tokenCreated: 'Token created.',
    tokenCreateFailed: 'Cannot create token.',
    activated: 'Public API activated!',
    activateFailed: 'Failed to activate public API!',
  },
  teams: {
    loadFailed: 'Cannot load teams.',
    created: 'Team created.',
    createFailed: 'Cannot create team.',
    updated: 'Team updated.',
    updateFailed: 'Cannot update team.',
    membersLoadFailed: 'Cannot load members.',
    deleted: 'Team deleted.',
    deleteFailed: 'Cannot delete team.',
  },
  policies: {
    created: 'Policy created.',
    createFailed: 'Could not create policy.',
    updated: 'Policy updated.',
    updateFailed: 'Could not update policy.',
    deleted: 'Policy deleted.',
    deleteFailed: 'Cannot delete policy.',
  },
  exceptions: {
    created: 'Exception created.',
    createFailed: 'Cannot create exception.',
    deleteFailed: 'Cannot delete exception.',
  },
  scans: {
    paused: 'Scan paused.',
    pauseFailed: 'Cannot pause scan.',
    stopped: 'Scan stopped.',
    removed: 'Scan removed.',
  },
  tickets: {
    valid: 'Ticket is valid.',
    notValid: 'Ticket is not valid.',
  },
  savedFilters: {
    nameConflict: 'Saved filter with that name already exists',
  },
  tags: {
    /** Our wording: the spec only says such a message exists. */
    dynamicPropagation: 'Changes to dynamic tags may take up to 5 minutes to apply.',
  },
  session: {
    notAuthenticated: 'User is not authenticated',
  },
  timeout: {
    message: 'The server took too long to respond',
    caption: 'If the problem persists, contact support.',
  },
} as const;

/** Input messages of feature-areas §8. */
export function invalidPortOrRangeMessage(value: string): string {
  return `${value} is not a valid port or range.`;
}
export function alreadyOnListMessage(value: string, list: string): string {
  return `${value} already on ${list}.`;
}
export function invalidTicketNumberMessage(value: string): string {
  return `${value} is not a valid ticket number.`;
}

/** Integration connection test results (the spec's spelling, 'succesful', is kept). */
export function connectionSucceededMessage(target: string): string {
  return `Connection to ${target} succesful!`;
}
/** The e-mail test when neither the customer's SMTP server nor the installation's SMTP_URL is set. */
export const MAIL_KEPT_IN_OUTBOX_MESSAGE =
  "No mail server is set, so the test message was kept in Bulwark's outbox and not sent. Enter your SMTP server here (or set SMTP_URL for the whole installation) to send e-mail.";
export function connectionFailedMessage(target: string): string {
  return `Failed to connect to ${target}.`;
}

/** 404 on a monitored website or mail server. */
export function notFoundByIdMessage(kind: 'website' | 'mail server'): string {
  return `Cannot find ${kind} with the given id`;
}

/** Timeout warning: 2.5 s with a caption, unless a retry is in progress (then none is shown). */
export const TIMEOUT_TOAST: Toast = toast('warning', MESSAGES.timeout.message, { caption: MESSAGES.timeout.caption });
/** The data layer's reading of the same condition: a Reload action and no auto-dismiss. */
export const TIMEOUT_RELOAD_TOAST: Toast = toast('warning', MESSAGES.timeout.message, { autoCloseMs: false, action: 'reload' });

/** Codes the login page understands (`?message=` or stored before logout) and their texts. */
export const LOGIN_MESSAGE_CODES = {
  session_expired: 'Your session has expired. Please log in again.',
} as const;
export type LoginMessageCode = keyof typeof LOGIN_MESSAGE_CODES;
export const SESSION_EXPIRED: LoginMessageCode = 'session_expired';

export function loginMessageText(code: string | null | undefined): string | null {
  return code && Object.hasOwn(LOGIN_MESSAGE_CODES, code) ? LOGIN_MESSAGE_CODES[code as LoginMessageCode] : null;
}
