// The tracker settings' pure rules: which page a path is, the webhook address, the secrets sent (kept masked, replaced,
// removed, left out when none), what each tracker sends of its own, and the checks (core's schema included).
import { describe, expect, it } from 'vitest';
import { MASKED, TRACKER_SETTINGS_SCHEMAS, type Tracker, type TrackerSettings } from '@bulwark/core';
import { trackerInput, trackerOfPath, trackerValues, validateTracker, webhookUrl } from './tracker-form.ts';

const BASE = {
  enabled: true,
  url: 'https://acme.atlassian.net',
  username: 'bulwark@acme.com',
  token: MASKED,
  webhook_secret: null,
  status_map: { open: 'todo', in_progress: 'in_progress', solution_applied: 'done', fixed: 'done', will_not_fix: 'done' },
  priority_map: { 1: 'Low', 2: 'Medium', 3: 'High', 4: 'Highest' },
  updated_at: null,
};
const jira = (o: object = {}): TrackerSettings =>
  TRACKER_SETTINGS_SCHEMAS.jira.answer.parse({
    tracker: 'jira',
    ...BASE,
    deployment: 'datacenter',
    project_key: 'SEC',
    issue_type: 'Bug',
    ...o,
  });

describe('pages and addresses', () => {
  it('knows the tracker pages and no other', () => {
    expect(trackerOfPath('/admin/integrations/servicenow/')).toBe('servicenow');
    expect(trackerOfPath('/admin/integrations/email')).toBeNull();
    expect(trackerOfPath('/elsewhere/jira')).toBeNull();
  });

  it('gives the customer’s webhook address', () => {
    expect(webhookUrl('https://bulwark.example.com/', 'jira', 4)).toBe('https://bulwark.example.com/api/trackers/jira/webhook/4/');
  });
});

describe('the body sent', () => {
  it('keeps a saved token masked, sends a typed webhook secret, and the tracker’s own fields', () => {
    const settings = jira();
    const v = { ...trackerValues(settings), webhook_secret: 'abc123', project_key: 'ops' };
    const body = trackerInput('jira', settings, v);
    expect(body).toMatchObject({
      token: MASKED,
      webhook_secret: 'abc123',
      project_key: 'OPS',
      deployment: 'datacenter',
      issue_type: 'Bug',
    });
    expect(TRACKER_SETTINGS_SCHEMAS.jira.input.safeParse(body).success).toBe(true);
  });

  it('removes a saved token with an empty string, and leaves out one never set', () => {
    const settings = jira();
    expect(trackerInput('jira', settings, { ...trackerValues(settings), token_mode: 'remove' }).token).toBe('');
    const none = jira({ token: null });
    expect('token' in trackerInput('jira', none, trackerValues(none))).toBe(false);
  });

  it.each(['servicenow', 'topdesk'] as Tracker[])('%s sends only the fields its schema knows', (tracker) => {
    const settings = TRACKER_SETTINGS_SCHEMAS[tracker].answer.parse({
      tracker,
      ...BASE,
      table: 'incident',
      assignment_group: null,
      impact_map: {},
      urgency_map: {},
      state_map: {},
      close_code: null,
      operator: null,
      operator_group: null,
      category: null,
      subcategory: null,
      call_type: null,
    });
    const body = trackerInput(tracker, settings, trackerValues(settings));
    expect(TRACKER_SETTINGS_SCHEMAS[tracker].input.safeParse(body).success).toBe(true);
  });
});

describe('checks', () => {
  it('asks for a new token once Replace is chosen, and a personal access token needs no user', () => {
    const settings = jira();
    const errors = validateTracker('jira', settings, { ...trackerValues(settings), token_mode: 'replace', username: '' });
    expect(errors).toEqual({ token: 'Type the new personal access token, or keep the saved one.' });
  });

  it('uses core’s schema for what the form does not check itself', () => {
    const settings = jira();
    expect(validateTracker('jira', settings, { ...trackerValues(settings), url: 'acme.atlassian.net' }).url).toBe(
      'Enter a valid URL (http:// or https://).',
    );
  });
});
