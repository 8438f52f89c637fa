// The ticket page against a stubbed API: its fields, subtasks and history (who, when, what); "Solution applied" sending
// the status and then showing the re-test run's progress and link; "Will not fix" asking for a reason; subtasks updated
// and deleted in bulk; a comment added; watching; the tracker sync state and its error, and sending to a tracker;
// fixes grouped, assets, vulnerabilities and related tickets; a missing ticket; and a reader who sees no actions.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Ticket } from '@bulwark/core';
import TicketViewPage from './TicketViewPage.tsx';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { aRun } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { ADA, GRACE, READER, aFix, aSubtask, aTicket, anEvent, ticketSession } from './testing/fixtures.ts';

const UUID = '0b6f7a52-1f1e-4c55-9d43-6a1c8f0c2a11';
const BASE = `remediation/tickets/${UUID}/`;
const PATH = '/remediation/unified-tickets/view/:uuid';
const URL = `/remediation/unified-tickets/view/${UUID}`;

const HISTORY = [
  anEvent(),
  anEvent({ id: 2, at: '2026-11-14T09:00:00.000Z', kind: 'changed', changes: { status: [0, 4], priority: [3, 4] }, version: 2 }),
  anEvent({ id: 3, at: '2026-11-14T10:00:00.000Z', kind: 'comment', user: GRACE, comment: 'Patch window is Friday.', version: 3 }),
  anEvent({
    id: 4,
    at: '2026-11-14T11:00:00.000Z',
    kind: 'sync_in',
    user: null,
    source: 'jira',
    external_id: '10042',
    changes: { status: [4, 1] },
  }),
];

const JIRA_LINK = {
  tracker: 'jira',
  external_key: 'OPS-12',
  external_url: 'http://127.0.0.1/browse/OPS-12',
  sync_state: 'error',
  last_error: 'Jira answered 429',
  last_synced_at: '2026-11-14T11:00:00.000Z',
  pushed_version: 2,
  ticket_version: 3,
};

/** The API of one ticket whose status and watchers change as the page asks. */
function ticketApi(start: Partial<Ticket> = {}) {
  let current = aTicket(start);
  let watchers = [GRACE];
  let links: object[] = [JIRA_LINK];
  const api = stubApi()
    .on('GET', BASE, () => json(current))
    .on('PATCH', BASE, (req) => {
      const body = req.body as { status?: number };
      if (body.status === 1) current = aTicket({ ...start, status: 1, status_label: 'Solution applied', retest_run_id: 77 });
      else if (body.status !== undefined) current = aTicket({ ...start, status: body.status as Ticket['status'] });
      return json(current);
    })
    .on('GET', `${BASE}subtasks/`, page([aSubtask(), aSubtask({ id: 102, finding_id: 502, asset: { id: 41, name: 'mail.office.lan' } })]))
    .on('POST', `${BASE}subtask-update/`, (req) => json({ count: (req.body as { ids: number[] }).ids.length }))
    .on('POST', `${BASE}subtask-delete/`, (req) => json({ count: (req.body as { ids: number[] }).ids.length }))
    .on('GET', `${BASE}history/`, page(HISTORY))
    .on('POST', `${BASE}comments/`, (req) =>
      json(anEvent({ id: 9, kind: 'comment', comment: (req.body as { comment: string }).comment }), 201),
    )
    .on('GET', `${BASE}watchers/`, () => json({ watchers }))
    .on('POST', `${BASE}watchers/`, () => {
      watchers = [...watchers, ADA];
      return json({ watchers });
    })
    .on('GET', `${BASE}fixes/`, { results: [aFix()] })
    .on('GET', `${BASE}asset/`, [
      { id: 40, name: 'files.office.lan', address: '10.0.0.40', risk_score: 72, findings: 2, open_findings: 1 },
      { id: 41, name: 'mail.office.lan', address: '10.0.0.41', risk_score: 35, findings: 1, open_findings: 1 },
    ])
    .on('GET', `${BASE}vulnerability/`, [
      { id: 5, hid: 'CVE-2024-6387', name: 'OpenSSH regreSSHion', severity: 4, risk_score: 72, findings: 3, open_findings: 2 },
    ])
    .on('GET', `${BASE}related/`, [
      aTicket({ id: 20, uuid: 'r20', number: 3, title: 'Old OpenSSH on files', status: 2, status_label: 'Fixed' }),
    ])
    .on('GET', `${BASE}sync/`, () => json(links))
    .on('POST', `${BASE}sync/`, (req) => {
      const tracker = (req.body as { tracker: 'servicenow' }).tracker;
      links = [...links, { ...JIRA_LINK, tracker, external_key: null, external_url: null, sync_state: 'syncing', last_error: null }];
      return json(links, 202);
    })
    .on('GET', 'trackers/', [
      { tracker: 'jira', enabled: true, state: 'error', last_error: null, last_polled_at: null, linked_tickets: 1, tickets_in_error: 1 },
      {
        tracker: 'servicenow',
        enabled: true,
        state: 'in_sync',
        last_error: null,
        last_polled_at: null,
        linked_tickets: 0,
        tickets_in_error: 0,
      },
      {
        tracker: 'topdesk',
        enabled: false,
        state: 'inactive',
        last_error: null,
        last_polled_at: null,
        linked_tickets: 0,
        tickets_in_error: 0,
      },
    ])
    .on('GET', 'scan/nruns/77/', aRun({ id: 77, name: 'Re-test of ticket #7', progress: 40 }));
  return api;
}

describe('TicketViewPage', () => {
  it('shows the fields, subtasks, history with who and what, watchers and the sync state', async () => {
    ticketApi();
    renderWithApp(<TicketViewPage />, { path: PATH, url: URL, session: ticketSession() });
    expect(await screen.findByRole('heading', { level: 1, name: '#7 OpenSSH regreSSHion (CVE-2024-6387)' })).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'OpenSSH regreSSHion' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities/hid/CVE-2024-6387',
    );

    const subtasks = await screen.findByRole('table', { name: 'Subtasks' });
    expect(within(subtasks).getByRole('row', { name: /mail\.office\.lan/ })).toBeInTheDocument();
    expect(within(subtasks).getByRole('link', { name: 'files.office.lan:22' })).toBeInTheDocument();

    const history = await screen.findByLabelText('History');
    expect(within(history).getByText('Status: Open → In progress')).toBeInTheDocument();
    expect(within(history).getByText('Priority: High → Critical')).toBeInTheDocument();
    expect(within(history).getByText('Patch window is Friday.')).toBeInTheDocument();
    expect(within(history).getByText('Jira')).toBeInTheDocument();
    expect(within(history).getByText(/change 10042/)).toBeInTheDocument();

    expect(await screen.findByText('OPS-12')).toHaveAttribute('href', 'http://127.0.0.1/browse/OPS-12');
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('alert', { name: '' })).toHaveTextContent('Jira answered 429');
    expect(await screen.findByTestId('ticket-watchers')).toHaveTextContent('Grace Hopper');
  }, 60_000);

  it('sends the ticket to an enabled tracker that does not have it yet', async () => {
    const api = ticketApi();
    const { user } = renderWithApp(<TicketViewPage />, { path: PATH, url: URL, session: ticketSession() });
    await user.click(await screen.findByRole('button', { name: 'Send to ServiceNow' }));
    await waitFor(() => expect(api.calls('POST', `${BASE}sync/`)[0]?.body).toEqual({ tracker: 'servicenow' }));
    expect(await screen.findByText('Syncing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send to Jira' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send to TOPdesk' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send to ServiceNow' })).toBeNull();
  }, 60_000);

  it('applies the solution, which starts a re-test whose run shows on the page', async () => {
    const api = ticketApi();
    const { user } = renderWithApp(<TicketViewPage />, { path: PATH, url: URL, session: ticketSession() });
    const actions = await screen.findByRole('group', { name: 'Change status' });
    await user.click(within(actions).getByRole('button', { name: 'Solution applied' }));
    await waitFor(() => expect(api.calls('PATCH', BASE)).toHaveLength(1));
    expect(api.calls('PATCH', BASE)[0]!.body).toEqual({ status: 1 });
    expect(await screen.findByText('Ticket updated. A re-test checks the fix.')).toBeInTheDocument();
    const retest = await screen.findByTestId('retest');
    expect(await within(retest).findByTestId('run-status')).toBeInTheDocument();
    expect(within(retest).getByRole('link', { name: 'Open the re-test run' })).toHaveAttribute('href', '/scans/scans/view/nscan/77');
    // Solution applied now: it can no longer be applied again, but can be sent back or declined.
    const after = screen.getByRole('group', { name: 'Change status' });
    expect(within(after).queryByRole('button', { name: 'Solution applied' })).toBeNull();
    expect(within(after).getByRole('button', { name: 'Will not fix' })).toBeInTheDocument();
  }, 60_000);

  it('says when no re-test could start, and the history says why', async () => {
    const reason = 'Re-test not started: The ticket has no open finding to re-test.';
    ticketApi()
      .on('PATCH', BASE, aTicket({ status: 1, status_label: 'Solution applied' }))
      .on(
        'GET',
        `${BASE}history/`,
        page([
          ...HISTORY,
          anEvent({ id: 5, at: '2026-11-15T09:00:00.000Z', kind: 'retest_result', user: null, source: 'retest', comment: reason }),
        ]),
      );
    const { user } = renderWithApp(<TicketViewPage />, { path: PATH, url: URL, session: ticketSession() });
    const actions = await screen.findByRole('group', { name: 'Change status' });
    await user.click(within(actions).getByRole('button', { name: 'Solution applied' }));
    expect(await screen.findByText('Ticket updated. No re-test could start: the history says why.')).toBeInTheDocument();
    const history = await screen.findByLabelText('History');
    expect(within(history).getByText('did not start', { exact: false })).toBeInTheDocument();
    expect(within(history).getByText(reason)).toBeInTheDocument();
    expect(screen.queryByTestId('retest')).toBeNull();
  }, 60_000);

  it('asks why a ticket will not be fixed and keeps the reason in the change', async () => {
    const api = ticketApi();
    const { user } = renderWithApp(<TicketViewPage />, { path: PATH, url: URL, session: ticketSession() });
    const actions = await screen.findByRole('group', { name: 'Change status' });
    await user.click(within(actions).getByRole('button', { name: 'Will not fix' }));
    const dialog = await screen.findByRole('form', { name: 'Will not fix' });
    await user.click(within(dialog).getByRole('button', { name: 'Will not fix' }));
    expect(await within(dialog).findByText('Give a reason: it stays in the ticket’s history.')).toBeInTheDocument();
    expect(api.calls('PATCH', BASE)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Why will it not be fixed/ }), 'Host is retired next week.');
    await user.click(within(dialog).getByRole('button', { name: 'Will not fix' }));
    await waitFor(() => expect(api.calls('PATCH', BASE)).toHaveLength(1));
    expect(api.calls('PATCH', BASE)[0]!.body).toEqual({ status: 3, comment: 'Host is retired next week.' });
  }, 60_000);

  it('reopens a closed ticket', async () => {
    const api = ticketApi({ status: 2, status_label: 'Fixed', overdue: false, closed_at: '2026-11-15T09:00:00.000Z' });
    const { user } = renderWithApp(<TicketViewPage />, { path: PATH, url: URL, session: ticketSession() });
    const actions = await screen.findByRole('group', { name: 'Change status' });
    expect(within(actions).queryByRole('button', { name: 'In progress' })).toBeNull();
    await user.click(within(actions).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(api.calls('PATCH', BASE)[0]?.body).toEqual({ status: 0 }));
  }, 60_000);

  it('updates and deletes the selected subtasks in bulk', async () => {
    const api = ticketApi();
    const { user } = renderWithApp(<TicketViewPage />, { path: PATH, url: URL, session: ticketSession() });
    const subtasks = await screen.findByRole('table', { name: 'Subtasks' });
    await user.click(within(subtasks).getByRole('checkbox', { name: 'Select OpenSSH regreSSHion on files.office.lan' }));
    await user.click(within(subtasks).getByRole('checkbox', { name: 'Select OpenSSH regreSSHion on mail.office.lan' }));
    await user.click(screen.getByRole('combobox', { name: 'New status of the selected subtasks' }));
    await user.click(await screen.findByRole('option', { name: 'Fixed' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.calls('POST', `${BASE}subtask-update/`)).toHaveLength(1));
    expect(api.calls('POST', `${BASE}subtask-update/`)[0]!.body).toEqual({ ids: [101, 102], status: 2 });
    expect(await screen.findByText('2 subtasks updated.')).toBeInTheDocument();

    await user.click(within(subtasks).getByRole('checkbox', { name: 'Select OpenSSH regreSSHion on mail.office.lan' }));
    await user.click(screen.getByRole('button', { name: 'Delete subtasks' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete subtasks' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('POST', `${BASE}subtask-delete/`)[0]?.body).toEqual({ ids: [102] }));
  }, 60_000);

  it('adds a comment, watches the ticket and lists the fixes grouped', async () => {
    const api = ticketApi();
    const { user } = renderWithApp(<TicketViewPage />, { path: PATH, url: URL, session: ticketSession() });
    const form = await screen.findByRole('form', { name: 'Add a comment' });
    await user.click(within(form).getByRole('button', { name: 'Add comment' }));
    expect(await within(form).findByText('Write a comment first.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Comment' }), 'Scheduled for Friday.');
    await user.click(within(form).getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(api.calls('POST', `${BASE}comments/`)[0]?.body).toEqual({ comment: 'Scheduled for Friday.' }));

    await screen.findByText('Grace Hopper', { selector: '[data-testid="ticket-watchers"]' });
    await user.click(screen.getByRole('button', { name: 'Watch' }));
    expect(await screen.findByRole('button', { name: 'Stop watching' })).toBeInTheDocument();
    expect(screen.getByTestId('ticket-watchers')).toHaveTextContent('Grace Hopper, Ada Lovelace');

    await user.click(screen.getByRole('tab', { name: 'Fixes grouped' }));
    const fixes = await screen.findByRole('table', { name: 'Fixes grouped' });
    const line = within(fixes).getByRole('row', { name: /Upgrade openssh-server to 1:9\.2p1-2\+deb12u3/ });
    expect(within(line).getByText('20 findings')).toBeInTheDocument();
    expect(within(line).getByText('Critical')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Assets' }));
    const assets = await screen.findByRole('table', { name: 'Assets' });
    expect(within(within(assets).getByRole('row', { name: /files\.office\.lan/ })).getByText('1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Vulnerabilities' }));
    const vulns = await screen.findByRole('table', { name: 'Vulnerabilities' });
    expect(within(vulns).getByRole('link', { name: 'OpenSSH regreSSHion' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities/hid/CVE-2024-6387',
    );
    const related = screen.getByRole('list', { name: 'Related tickets' });
    expect(within(related).getByRole('link', { name: '#3 Old OpenSSH on files' })).toHaveAttribute(
      'href',
      '/remediation/unified-tickets/view/r20',
    );
  }, 60_000);

  it('says when there is no such ticket', async () => {
    stubApi().on('GET', BASE, json({ detail: 'Not found.' }, 404));
    renderWithApp(<TicketViewPage />, { path: PATH, url: URL, session: ticketSession() });
    expect(await screen.findByText('There is no such ticket, or it is about assets you may not see.')).toBeInTheDocument();
  });

  it('shows a reader the ticket without status, edit, delete or bulk actions', async () => {
    ticketApi();
    renderWithApp(<TicketViewPage />, { path: PATH, url: URL, session: ticketSession({ profile: READER }) });
    await screen.findByRole('heading', { level: 1, name: /#7/ });
    const subtasks = await screen.findByRole('table', { name: 'Subtasks' });
    expect(within(subtasks).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Change status' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByText('You may read this ticket but not comment on it.')).toBeInTheDocument();
  }, 60_000);
});
