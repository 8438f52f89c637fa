// The audit log page against a stubbed API: events of audit/ newest first, the filters (search, resource, action,
// dates) sent to the call and kept in the URL, sorting by time, and an event's details with its masked summary.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@bulwark/core';
import AuditLogPage from './AuditLogPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { anAuditEvent } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/admin/audit';
const EVENTS = [
  anAuditEvent(),
  anAuditEvent({
    id: 32,
    created: '2026-11-20T11:30:00.000Z',
    actor: 'grace@example.com',
    impersonated: true,
    impersonation_source: 'ops@bulwark.example',
    resource: 'users',
    action: 'update',
    method: 'PATCH',
    route: '/api/user/profile/:id/',
    object_id: '2',
    status: 200,
    summary: { role: 'auditor', api_key: '********', permissions: { net_scans: ['read'] }, picture: null },
  }),
];

function api(events = EVENTS, count = events.length): ApiStub {
  return stubApi().on('GET', 'audit/', page(events, count));
}

const lastQuery = (stub: ApiStub) => stub.calls('GET', 'audit/').at(-1)!.query;

describe('AuditLogPage', () => {
  it('lists the events newest first: time, who (impersonation noted), action, resource, object and route', async () => {
    const stub = api();
    renderWithApp(<AuditLogPage />, { path: PATH });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const created = within(table).getByRole('row', { name: /admin@example\.com/ });
    expect(within(created).getByText(formatDateTime('2026-11-20T10:15:00.000Z'))).toBeInTheDocument();
    expect(within(created).getByText('Create')).toBeInTheDocument();
    expect(within(created).getByText('Network scans')).toBeInTheDocument();
    expect(within(created).getByText('12')).toBeInTheDocument();
    expect(within(created).getByText('POST /api/scan/nscans/')).toBeInTheDocument();
    expect(created).toHaveAttribute('data-event-id', '31');

    const changed = within(table).getByRole('row', { name: /grace@example\.com/ });
    expect(within(changed).getByText('impersonated by ops@bulwark.example')).toBeInTheDocument();
    expect(within(changed).getByText('Update')).toBeInTheDocument();
    expect(within(changed).getByText('Users')).toBeInTheDocument();

    expect(within(table).getByRole('columnheader', { name: /Time/ })).toHaveAttribute('aria-sort', 'descending');
    const query = lastQuery(stub);
    expect(query.get('ordering')).toBe('-created');
    expect(query.get('page')).toBe('1');
    expect(query.get('page_size')).toBe('50');
    expect(screen.getByText('2 events')).toBeInTheDocument();
  });

  it('sorts by time, oldest first, through the URL', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<AuditLogPage />, { path: PATH });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await user.click(within(table).getByRole('button', { name: /Time/ }));
    await waitFor(() => expect(lastQuery(stub).get('ordering')).toBe('created'));
    expect(search().get('ordering')).toBe('created');
  });

  it('filters by resource, action and search: each sent to audit/ and kept in the URL', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<AuditLogPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Audit log' });
    const filters = screen.getByRole('search', { name: 'Filter audit log' });

    await user.click(within(filters).getByRole('combobox', { name: 'Resource' }));
    await user.click(screen.getByRole('option', { name: 'Network scans' }));
    await user.click(screen.getByRole('option', { name: 'Two-factor authentication' }));
    await waitFor(() => expect(lastQuery(stub).getAll('resource')).toEqual(['net_scans', 'two-factor']));
    expect(search().getAll('resource')).toEqual(['net_scans', 'two-factor']);

    await user.click(within(filters).getByRole('combobox', { name: 'Action' }));
    await user.click(screen.getByRole('option', { name: 'Delete' }));
    await waitFor(() => expect(lastQuery(stub).getAll('action')).toEqual(['delete']));

    await user.type(within(filters).getByRole('textbox', { name: 'Search' }), 'grace');
    await waitFor(() => expect(lastQuery(stub).get('search')).toBe('grace'));
    const query = lastQuery(stub);
    expect(query.getAll('resource')).toEqual(['net_scans', 'two-factor']);
    expect(query.get('ordering')).toBe('-created');
    expect(search().get('search')).toBe('grace');

    const chips = screen.getByRole('list', { name: 'Filters set' });
    expect(within(chips).getByText('Resource: Network scans, Two-factor authentication')).toBeInTheDocument();
    expect(within(chips).getByText('Action: Delete')).toBeInTheDocument();
  });

  it('opens a bookmarked date range: created_after and created_before are the local days’ bounds', async () => {
    const stub = api();
    renderWithApp(<AuditLogPage />, {
      path: PATH,
      url: `${PATH}?created_after=2026-11-01&created_before=2026-11-20&action=update&resource=users`,
    });
    await screen.findByRole('table', { name: 'Audit log' });
    const query = lastQuery(stub);
    expect(query.get('created_after')).toBe(new Date('2026-11-01T00:00:00').toISOString());
    expect(query.get('created_before')).toBe(new Date('2026-11-20T23:59:59.999').toISOString());
    expect(query.getAll('action')).toEqual(['update']);
    expect(query.getAll('resource')).toEqual(['users']);
    const chips = screen.getByRole('list', { name: 'Filters set' });
    expect(within(chips).getByText('Date: 2026-11-01 – 2026-11-20')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
  });

  it('sets a date range with the date inputs', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<AuditLogPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Audit log' });
    await user.type(screen.getByLabelText('From'), '2026-11-05');
    await waitFor(() => expect(search().get('created_after')).toBe('2026-11-05'));
    await waitFor(() => expect(lastQuery(stub).get('created_after')).toBe(new Date('2026-11-05T00:00:00').toISOString()));
  });

  it('shows an event’s details in a drawer, the summary as field and value with masked values masked', async () => {
    api();
    const { user } = renderWithApp(<AuditLogPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Audit log' });
    await user.click(screen.getByRole('button', { name: 'Details of event 32' }));
    const drawer = await screen.findByRole('dialog', { name: 'Audit event 32' });
    const facts = within(drawer).getByRole('table', { name: 'Event' });
    expect(
      within(within(facts).getByRole('row', { name: /Impersonation/ })).getByText('impersonated by ops@bulwark.example'),
    ).toBeVisible();
    expect(within(within(facts).getByRole('row', { name: /Status/ })).getByText('200')).toBeInTheDocument();

    const summary = within(drawer).getByRole('table', { name: 'Changed fields' });
    const row = (field: string) => within(summary).getByRole('row', { name: new RegExp(`^${field}`) });
    expect(within(row('role')).getByText('auditor')).toBeInTheDocument();
    expect(within(row('api_key')).getByText('********')).toBeInTheDocument();
    expect(within(row('permissions')).getByText('{"net_scans":["read"]}')).toBeInTheDocument();
    expect(within(row('picture')).getByText('–')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Audit event 32' })).not.toBeInTheDocument());
  });

  it('says so when no event matches the filters, and shows the failure of the list', async () => {
    api([]);
    const view = renderWithApp(<AuditLogPage />, { path: PATH, url: `${PATH}?action=delete` });
    expect(await screen.findByText('No event matches these filters.')).toBeInTheDocument();
    view.unmount();

    stubApi().on('GET', 'audit/', json({ detail: 'You do not have permission to perform this action.' }, 403));
    renderWithApp(<AuditLogPage />, { path: PATH });
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to perform this action.');
  });
});
