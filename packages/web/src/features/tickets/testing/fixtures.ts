// Ticket answers as the server sends them, each checked against @bulwark/core's schema so a test cannot drift from the
// real shapes: a ticket, a subtask, a history event, a fix line; and a session with unified remediation on or off.
import {
  featureFlagMap,
  ticket,
  ticketEvent,
  ticketFix,
  ticketSubtask,
  type Ticket,
  type TicketEvent,
  type TicketFix,
  type TicketSubtask,
  type UserProfile,
} from '@bulwark/core';
import type { Session } from '../../../session/session.ts';
import { aSession, aUserProfile } from '../../../../test/support/fixtures.ts';

export const ADA = { id: 1, email: 'admin@example.com', first_name: 'Ada', last_name: 'Lovelace' };
export const GRACE = { id: 2, email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' };

export function aTicket(overrides: Partial<Ticket> = {}): Ticket {
  return ticket.parse({
    id: 12,
    uuid: '0b6f7a52-1f1e-4c55-9d43-6a1c8f0c2a11',
    number: 7,
    type: 1,
    type_label: 'Vulnerability ticket',
    legacy_type: null,
    legacy_status: 0,
    grouping: 'by_vulnerability',
    title: 'OpenSSH regreSSHion (CVE-2024-6387)',
    description: 'Upgrade OpenSSH on the office servers.',
    status: 0,
    status_label: 'Open',
    status_key: 'OPEN',
    simple_status: 'open',
    priority: 4,
    issue: { id: 5, hid: 'CVE-2024-6387', name: 'OpenSSH regreSSHion' },
    asset: null,
    assignee_user: GRACE,
    assignee_team: null,
    due_date: '2026-11-20',
    overdue: true,
    custom_fields: {},
    rule_id: null,
    retest_run_id: null,
    reopen_count: 0,
    version: 3,
    asset_risk_score: 72,
    issue_threat_score: 81,
    open_findings: 2,
    subtasks_count: 3,
    created_by: ADA,
    created_at: '2026-11-13T09:00:00.000Z',
    updated_at: '2026-11-14T09:00:00.000Z',
    closed_at: null,
    ...overrides,
  });
}

export function aSubtask(overrides: Partial<TicketSubtask> = {}): TicketSubtask {
  return ticketSubtask.parse({
    id: 101,
    ticket_id: 12,
    finding_id: 501,
    status: 0,
    status_label: 'Open',
    open: true,
    name: 'OpenSSH regreSSHion',
    severity: 4,
    finding_state: 1,
    risk_score: 72,
    hid: 'CVE-2024-6387',
    cve: 'CVE-2024-6387',
    port: 22,
    asset: { id: 40, name: 'files.office.lan' },
    created_at: '2026-11-13T09:00:00.000Z',
    closed_at: null,
    ...overrides,
  });
}

export function anEvent(overrides: Partial<TicketEvent> = {}): TicketEvent {
  return ticketEvent.parse({
    id: 1,
    at: '2026-11-13T09:00:00.000Z',
    kind: 'created',
    user: ADA,
    source: null,
    external_id: null,
    changes: {},
    comment: null,
    version: 1,
    ...overrides,
  });
}

export function aFix(overrides: Partial<TicketFix> = {}): TicketFix {
  return ticketFix.parse({
    fix: 'Upgrade openssh-server to 1:9.2p1-2+deb12u3',
    package: 'openssh-server',
    fixed_version: '1:9.2p1-2+deb12u3',
    findings: 20,
    finding_ids: [501, 502],
    cves: ['CVE-2024-6387', 'CVE-2023-48795'],
    max_severity: 4,
    risk: 140,
    ...overrides,
  });
}

/** A signed-in session; unified remediation on unless told, with the profile given (a superuser by default). */
export function ticketSession({ unified = true, profile }: { unified?: boolean; profile?: Partial<UserProfile> } = {}): Session {
  return { ...aSession(aUserProfile(profile)), flags: featureFlagMap(unified ? ['unified-remediation'] : []) };
}

/** A user who may only read tickets. */
export const READER: Partial<UserProfile> = { is_superuser: false, customer_admin: false, permissions: { tickets: ['read'] } };
