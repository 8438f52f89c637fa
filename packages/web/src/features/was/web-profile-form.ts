// Pure rules of the web scan profile form: values from and to the API (headers and recorded login steps edited as lines
// of text, the stored password kept unless a new one is typed), and the checks made before saving — the server's own
// rules and messages (core webAuthProblems), so a field shows the same text whichever side finds the problem.
import {
  DEFAULT_WEB_PROFILE,
  WEB_AUTH_PASSWORD_PLACEHOLDER,
  normaliseSensitive,
  validateRequired,
  webAuthProblems,
  type WebAuthStep,
  type WebProfile,
  type WebProfileSettings,
} from '@bulwark/core';
import type { WEB_SCAN_KIND, ScanKindProfileInput } from '@bulwark/core';

export type WebProfileInput = ScanKindProfileInput<typeof WEB_SCAN_KIND>;

/** The form's values: the profile's settings, with headers and login steps as editable text. */
export interface WebProfileValues extends Omit<
  WebProfileSettings,
  'headers' | 'auth_headers' | 'auth_steps' | 'auth_password' | 'auth_credential'
> {
  name: string;
  description: string;
  /** 'Name: value' per line. */
  headers: string;
  auth_headers: string;
  /** One step per line: 'goto <url>', 'fill <selector> <value>', 'click <selector>', 'press <key>', 'wait <selector or ms>'. */
  auth_steps: string;
  /** A new password ('' keeps the stored one). */
  auth_password: string;
  /** The mask the server answered when a password is stored (sent back to keep it), else null. */
  auth_password_stored: string | null;
  /** Remove the stored password on save. */
  auth_password_clear: boolean;
  /** The stored scan credential's id as the picker holds it (null: the username and password below). */
  auth_credential: string | null;
}

/** Form fields that receive the server's field errors (the server names them alike). */
export const WEB_PROFILE_FIELDS: readonly string[] = ['name', 'description', ...Object.keys(DEFAULT_WEB_PROFILE)];

export function headersText(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

/** 'Name: value' lines to a map; a line without ':' is an error naming its line. */
export function parseHeaders(text: string): { headers: Record<string, string>; error: string | null } {
  const headers: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) return { headers, error: `Line ${i + 1}: write a header as “Name: value”.` };
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { headers, error: null };
}

const STEP_ACTIONS = ['goto', 'fill', 'click', 'press', 'wait'] as const;

export function stepsText(steps: readonly WebAuthStep[]): string {
  return steps
    .map((s) => {
      if (s.action === 'goto') return `goto ${s.url ?? ''}`;
      if (s.action === 'fill') return `fill ${s.selector ?? ''} ${s.value ?? ''}`;
      if (s.action === 'press') return `press ${s.selector ? `${s.selector} ` : ''}${s.value ?? ''}`.trim();
      return `${s.action} ${s.selector ?? s.value ?? ''}`.trim();
    })
    .join('\n');
}

/** Step lines to steps: 'goto <url>', 'fill <selector> <value…>', 'click <selector>', 'press <key>', 'wait <selector or ms>'. */
export function parseSteps(text: string): { steps: WebAuthStep[]; error: string | null } {
  const steps: WebAuthStep[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const [word = '', ...rest] = line.split(/\s+/);
    const action = word.toLowerCase() as (typeof STEP_ACTIONS)[number];
    const where = `Line ${i + 1}`;
    if (!STEP_ACTIONS.includes(action)) return { steps, error: `${where}: start with goto, fill, click, press or wait.` };
    if (rest.length === 0) return { steps, error: `${where}: ${action} needs ${action === 'goto' ? 'a URL' : 'a selector or value'}.` };
    if (action === 'goto') steps.push({ action, url: rest.join(' ') });
    else if (action === 'fill') {
      if (rest.length < 2)
        return { steps, error: `${where}: fill needs a selector and a value (${WEB_AUTH_PASSWORD_PLACEHOLDER} for the password).` };
      steps.push({ action, selector: rest[0], value: rest.slice(1).join(' ') });
    } else if (action === 'press') steps.push({ action, value: rest.join(' ') });
    else if (action === 'wait' && /^\d+$/.test(rest[0]!)) steps.push({ action, value: rest[0] });
    else steps.push({ action, selector: rest.join(' ') });
  }
  return { steps, error: null };
}

function valuesOf(settings: WebProfileSettings, name: string, description: string, stored: string | null): WebProfileValues {
  const { headers, auth_headers, auth_steps, auth_credential, ...rest } = settings;
  return {
    ...rest,
    auth_credential: auth_credential === null ? null : String(auth_credential),
    name,
    description,
    headers: headersText(headers),
    auth_headers: headersText(auth_headers),
    auth_steps: stepsText(auth_steps),
    auth_password: '',
    auth_password_stored: stored,
    auth_password_clear: false,
  };
}

export const NEW_WEB_PROFILE: WebProfileValues = valuesOf(DEFAULT_WEB_PROFILE, '', '', null);

export function webProfileValues(profile: WebProfile): WebProfileValues {
  const {
    id: _id,
    name,
    description,
    type: _type,
    builtin: _builtin,
    user: _user,
    created: _created,
    modified: _modified,
    auth_password,
    ...settings
  } = profile;
  return valuesOf(normaliseSensitive({ ...settings, auth_password: null }), name, description, auth_password);
}

/** The password to send: a new one, '' to remove the stored one, or the mask to keep it. */
function passwordToSend(values: WebProfileValues): string | null {
  if (values.auth_password) return values.auth_password;
  if (values.auth_password_clear) return '';
  return values.auth_password_stored;
}

function settingsOf(values: WebProfileValues): WebProfileSettings {
  const {
    name: _name,
    description: _description,
    headers,
    auth_headers,
    auth_steps,
    auth_password_stored: _stored,
    auth_password_clear: _clear,
    auth_credential,
    ...rest
  } = values;
  const credential = auth_credential === null || auth_credential === '' ? null : Number(auth_credential);
  return normaliseSensitive({
    ...rest,
    auth_credential: credential,
    // A stored credential brings the username and password: the profile sends none of its own.
    ...(credential !== null ? { auth_username: '' } : {}),
    headers: parseHeaders(headers).headers,
    auth_headers: parseHeaders(auth_headers).headers,
    auth_steps: parseSteps(auth_steps).steps,
    auth_password: credential !== null ? null : passwordToSend(values),
  });
}

export type WebProfileErrors = Partial<Record<string, string>>;

export function validateWebProfile(values: WebProfileValues): WebProfileErrors {
  const errors: WebProfileErrors = {};
  const name = validateRequired(values.name.trim(), 'Name');
  if (name) errors.name = name;
  for (const field of ['headers', 'auth_headers'] as const) {
    const parsed = parseHeaders(values[field]);
    if (parsed.error) errors[field] = parsed.error;
  }
  const steps = parseSteps(values.auth_steps);
  if (steps.error) errors.auth_steps = steps.error;
  if (Object.keys(errors).length > 0) return errors;
  const settings = settingsOf(values);
  const hasPassword = Boolean(values.auth_password) || (values.auth_password_stored !== null && !values.auth_password_clear);
  for (const [field, messages] of Object.entries(webAuthProblems(settings, hasPassword))) errors[field] = messages[0];
  return errors;
}

/** The POST/PUT body. */
export function webProfileBody(values: WebProfileValues): WebProfileInput {
  return { name: values.name.trim(), description: values.description.trim(), ...settingsOf(values) };
}
