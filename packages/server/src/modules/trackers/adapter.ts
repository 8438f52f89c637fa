// What the tracker sync asks of a ticketing system (Jira, ServiceNow, TOPdesk): one adapter per tracker, speaking its
// published REST API. The sync engine (outbox, webhooks, polling, sync states) is written once over this interface.
import type { Tracker, TrackerSettings } from '@bulwark/core';

/**
 * A tracker's settings as its adapter reads them: the settings answer of core (JiraSettings, ServicenowSettings,
 * TopdeskSettings) with `token` and `webhook_secret` opened (never answered like this).
 */
export type OpenTrackerSettings<T extends Tracker = Tracker> = Extract<TrackerSettings, { tracker: T }>;

/** Where an issue's status stands, whatever the tracker's own workflow calls it (Jira's status categories). */
export type StatusCategory = 'todo' | 'in_progress' | 'done';

/** What Bulwark writes into a tracker's issue. */
export interface TrackerIssueInput {
  title: string;
  /** Plain text (adapters convert: Jira Cloud's ADF, ServiceNow's text, TOPdesk's HTML request). */
  description: string;
  /** 1 low … 4 critical, mapped by the settings' priority mapping. */
  priority: number;
  due_date: string | null;
  /** Bulwark's ticket address and number, kept on the issue (a label, correlation id or external number). */
  reference: { number: number; uuid: string; url: string };
}

export interface RemoteComment {
  id: string;
  body: string;
  author: string | null;
  created_at: Date;
}

/** An issue as the tracker answers it. */
export interface RemoteIssue {
  id: string;
  key: string;
  url: string;
  /** The tracker's status name and where it stands. */
  status: string;
  category: StatusCategory;
  title: string;
  updated_at: Date;
  /** What changes whenever the issue changes (Jira's newest changelog id, ServiceNow's sys_mod_count, TOPdesk's modificationDate). */
  change_id: string;
  /**
   * When its status last changed, when the tracker says (Jira: the newest changelog entry with a status item). A
   * status change is weighed against Bulwark's own edits by this time; without it, by `updated_at`.
   */
  status_changed_at?: Date | null;
  comments: RemoteComment[];
}

/** One change a webhook announced: the issue and, when the payload carries it, what changed. */
export interface RemoteChange {
  issue_id: string;
  change_id: string | null;
  at: Date | null;
}

export type ConnectionResult = { ok: true; detail: string } | { ok: false; error: string };

/** A call the tracker refused: the HTTP status and its own error text (429 with Retry-After is retried later). */
export class TrackerError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

export interface TrackerAdapter {
  readonly tracker: Tracker;
  testConnection(): Promise<ConnectionResult>;
  createIssue(input: TrackerIssueInput): Promise<RemoteIssue>;
  updateIssue(id: string, input: TrackerIssueInput): Promise<void>;
  addComment(id: string, body: string): Promise<RemoteComment>;
  /** Moves the issue to a status of the category (the workflow's own transition to it, found by category, not by name). */
  transition(id: string, to: StatusCategory): Promise<void>;
  getIssue(id: string): Promise<RemoteIssue>;
  /** Issues changed since the time (inclusive), every page of them, oldest first. */
  changedSince(since: Date): AsyncIterable<RemoteIssue>;
  /**
   * The changes a webhook call announces, after checking its secret or signature (a bad one throws TrackerError 401);
   * an event Bulwark does not follow answers [].
   */
  parseWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): RemoteChange[];
}
