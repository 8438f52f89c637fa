// The recipient list against a stubbed API: each recipient with its severity in words and its tags; the filters read
// from the address; adding one (core's checks on the field, the server's field errors); the CSV import — a dry run
// whose per-row errors are shown by row and column, then the import itself; the Azure AD sync's result; bulk
// deactivate (one call) and delete; and a reader seeing no control that changes anything.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import RecipientsPage from './RecipientsPage.tsx';
import { aRecipient } from './fixtures.ts';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/fra/recipients';
const ROWS = [
  aRecipient(),
  aRecipient({
    id: 8,
    asset_id: 80,
    email: 'bob@example.com',
    first_name: '',
    last_name: '',
    severity: 0,
    tags: [],
    active: false,
    last_assessed: null,
  }),
];
const DRY_RUN = {
  dry_run: true,
  rows: 3,
  created: 2,
  updated: 0,
  unchanged: 0,
  errors: [{ row: 3, errors: { email: ['Enter a valid email address.'] } }],
  preview: [
    {
      row: 1,
      email: 'c@example.com',
      first_name: 'Cy',
      last_name: 'Dee',
      department: 'IT',
      job_title: '',
      language: 'danish',
      active: true,
      tags: ['IT'],
    },
    {
      row: 2,
      email: 'e@example.com',
      first_name: 'Ed',
      last_name: 'Fox',
      department: 'IT',
      job_title: '',
      language: 'english',
      active: true,
      tags: [],
    },
  ],
};

function api(rows = ROWS): ApiStub {
  return stubApi()
    .on('GET', 'fra/recipients/', page(rows))
    .on('GET', 'fra/recipients/departments/', [{ department: 'Finance', recipients: 1, active: 1 }])
    .on('GET', 'tags_basics/', [{ id: 3, name: 'Finance team', color: '#ff0000', is_dynamic: false }])
    .on('GET', 'app1/customer/:id/azure/', json({ detail: 'Forbidden' }, 403))
    .on('POST', 'fra/recipients/', (r) => json(aRecipient({ id: 9, ...(r.body as object), tags: [] }), 201))
    .on('PATCH', 'fra/recipients/', (r) => json({ updated: (r.body as { ids: number[] }).ids.length }))
    .on('DELETE', 'fra/recipients/:id/', json(undefined, 204));
}
const table = () => screen.findByRole('table', { name: 'Recipients' });
const reader = aUserProfile({ is_superuser: false, customer_admin: false, permissions: { phishing: ['read'] } });

describe('RecipientsPage', () => {
  it('lists recipients with their severity in words, tags and state', async () => {
    const stub = api();
    renderWithApp(<RecipientsPage />, { path: PATH, session: aSession() });
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.getAttribute('data-recipient-id'))).toEqual(['7', '8']);
    expect(stub.calls('GET', 'fra/recipients/')[0]!.query.get('ordering')).toBe('name');
    expect(within(rows[0]!).getByRole('link', { name: 'Ada Byron' })).toHaveAttribute('href', '/fra/recipients/7');
    expect(within(rows[0]!).getByText('High')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Finance team')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('CSV import')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'bob@example.com' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Neutral')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Inactive')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Never')).toBeInTheDocument();
  });

  it('asks for the filters named in the address', async () => {
    const stub = api();
    renderWithApp(<RecipientsPage />, {
      path: PATH,
      url: `${PATH}?severity=3&severity=4&department=Finance&search=ada&active=true`,
      session: aSession(),
    });
    await table();
    const query = stub.calls('GET', 'fra/recipients/')[0]!.query;
    expect(query.getAll('severity')).toEqual(['3', '4']);
    expect(query.get('department')).toBe('Finance');
    expect(query.get('search')).toBe('ada');
    expect(query.get('active')).toBe('true');
  });

  it('says the empty state when there is nobody yet', async () => {
    api([]);
    renderWithApp(<RecipientsPage />, { path: PATH, session: aSession() });
    expect(await screen.findByText('No recipients yet.')).toBeInTheDocument();
  });

  it('adds a recipient, checking the address first and showing the server’s field error', async () => {
    const stub = api().on('POST', 'fra/recipients/', json({ email: ['A recipient with this email address already exists.'] }, 400));
    const { user } = renderWithApp(<RecipientsPage />, { path: PATH, session: aSession() });
    await table();
    await user.click(screen.getAllByRole('button', { name: 'Add recipient' })[0]!);
    const form = await screen.findByRole('form', { name: 'Add recipient' });
    const email = within(form).getByRole('textbox', { name: 'E-mail' });
    await user.click(email);
    await user.paste('not-an-address');
    await user.click(within(form).getByRole('button', { name: 'Add recipient' }));
    expect(await within(form).findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(stub.calls('POST', 'fra/recipients/')).toHaveLength(0);
    await user.clear(email);
    await user.paste('ada@example.com');
    await user.click(within(form).getByRole('button', { name: 'Add recipient' }));
    expect(await within(form).findByText('A recipient with this email address already exists.')).toBeInTheDocument();
    expect(stub.calls('POST', 'fra/recipients/')[0]!.body).toMatchObject({
      email: 'ada@example.com',
      language: 'english',
      tags: [],
      active: true,
    });
  });

  it('imports a CSV after a dry run that shows the bad row’s error by column', async () => {
    const stub = api().on('POST', 'fra/recipients/import/', () =>
      stub.calls('POST', 'fra/recipients/import/').length === 1 ? json(DRY_RUN) : json({ ...DRY_RUN, dry_run: false, preview: [] }),
    );
    const { user } = renderWithApp(<RecipientsPage />, { path: PATH, session: aSession() });
    await table();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import recipients from CSV' });
    const file = new File(['email,first_name\nc@example.com,Cy\ne@example.com,Ed\nbad,Zed\n'], 'people.csv', { type: 'text/csv' });
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, file);
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const errors = await within(dialog).findByRole('table', { name: 'Rows with errors' });
    const bad = within(errors).getAllByRole('row')[1]!;
    expect(within(bad).getByText('3')).toBeInTheDocument();
    expect(within(bad).getByText('email')).toBeInTheDocument();
    expect(within(bad).getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('table', { name: 'Preview of the import' })).getByText('Danish')).toBeInTheDocument();
    const sent = () =>
      vi
        .mocked(fetch)
        .mock.calls.filter(([u]) => String(u).includes('fra/recipients/import/'))
        .map(([, init]) => init?.body as FormData);
    expect(sent()[0]!.get('dry_run')).toBe('true');
    expect((sent()[0]!.get('csv_file') as File).name).toBe('people.csv');
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 recipients' }));
    expect(await screen.findByText('Imported: 2 created, 0 updated, 0 unchanged.')).toBeInTheDocument();
    expect(sent()[1]!.get('dry_run')).toBe('false');
  });

  it('syncs from Azure AD and says what changed', async () => {
    const stub = api()
      .on('GET', 'app1/customer/:id/azure/', {
        type: 'azure',
        enabled: true,
        username: null,
        token: null,
        url: null,
        channel: null,
        tenant: 't',
        client_id: 'c',
        client_secret: '********',
        host: null,
        port: null,
        smtp_security: null,
        api_user: null,
        api_key: null,
        updated_at: null,
      })
      .on('POST', 'fra/recipients/sync/azure_ad/', {
        fetched: 1200,
        created: 1000,
        updated: 150,
        deactivated: 3,
        pages: 2,
        throttled: 1,
        finished: '2026-11-29T12:00:00Z',
      });
    const { user } = renderWithApp(<RecipientsPage />, { path: PATH, session: { ...aSession(), customer: null } });
    await table();
    await user.click(await screen.findByRole('button', { name: 'Sync from Azure AD' }));
    const result = await screen.findByRole('status');
    expect(within(result).getByText(/1200 users read/)).toBeInTheDocument();
    expect(within(result).getByText('1000 recipients created')).toBeInTheDocument();
    expect(within(result).getByText(/3 recipients deactivated/)).toBeInTheDocument();
    expect(within(result).getByText(/1 throttled answer waited out/)).toBeInTheDocument();
    expect(stub.calls('POST', 'fra/recipients/sync/azure_ad/')).toHaveLength(1);
  });

  it('deactivates and deletes the selected recipients one by one', async () => {
    const stub = api();
    const { user } = renderWithApp(<RecipientsPage />, { path: PATH, session: aSession() });
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Select ada@example.com' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select bob@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(stub.calls('PATCH', 'fra/recipients/')).toHaveLength(1));
    expect(stub.calls('PATCH', 'fra/recipients/')[0]!.body).toEqual({ ids: [7, 8], changes: { active: false } });
    expect(await screen.findByText('2 recipients deactivated.')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select ada@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    await user.click(await screen.findByRole('button', { name: 'Delete 1 recipient' }));
    await waitFor(() => expect(stub.calls('DELETE', 'fra/recipients/:id/').map((c) => c.path)).toEqual(['fra/recipients/7/']));
  });

  it('shows a reader no control that changes anything', async () => {
    api();
    renderWithApp(<RecipientsPage />, { path: PATH, session: aSession(reader) });
    await table();
    expect(screen.queryByRole('button', { name: 'Add recipient' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit ada@example.com' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select ada@example.com' })).not.toBeInTheDocument();
  });
});
