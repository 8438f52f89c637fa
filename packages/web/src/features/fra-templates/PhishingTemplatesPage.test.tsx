// The phishing template list against a stubbed API: the templates with kind, language and difficulty in words; the
// kind filter sent to the server; adding one refused with field messages before sending, then an e-mail-only one sent
// with "-" for its landing pages; archive after a confirm and restore from the archived list; the library import
// dialog with its imported badges; a reader sees no changing buttons.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { crudMessages } from '@bulwark/core';
import PhishingTemplatesPage from './PhishingTemplatesPage.tsx';
import { aPhishingTemplate, anImportable } from './template-fixtures.ts';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/fra/templates';
const MESSAGES = crudMessages('phishing_template');
const TEMPLATES = [
  aPhishingTemplate(),
  aPhishingTemplate({
    id: 12,
    name: 'Password expiry',
    template_type: 'email',
    language: 'german',
    difficulty: 3,
    website_main_template: '-',
    website_response_template: '-',
  }),
];

function api(): ApiStub {
  return stubApi()
    .on('GET', 'fra/phishing-templates/', (r) =>
      json(page(r.query.get('archived') === 'true' ? [aPhishingTemplate({ id: 13, name: 'Old invoice', archived: true })] : TEMPLATES)),
    )
    .on('POST', 'fra/phishing-templates/', () => json(aPhishingTemplate({ id: 14 }), 201))
    .on('DELETE', 'fra/phishing-templates/:id/', () => json(undefined, 204))
    .on('PATCH', 'fra/phishing-templates/:id/restore/', () => json(aPhishingTemplate({ id: 13, name: 'Old invoice' })))
    .on('GET', 'fra/phishing-templates/import/', [
      anImportable(),
      anImportable({ pk: 'invoice-de', name: 'Rechnung offen', language: 'german', imported: true }),
    ])
    .on('POST', 'fra/phishing-templates/import/', () => json(aPhishingTemplate({ id: 15 }), 201));
}

const table = (name = 'Phishing templates') => screen.findByRole('table', { name });

describe('PhishingTemplatesPage', () => {
  it('lists the templates with kind, language and difficulty in words, and filters by kind on the server', async () => {
    const stub = api();
    const { user } = renderWithApp(<PhishingTemplatesPage />, { path: PATH, session: aSession() });
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(stub.calls('GET', 'fra/phishing-templates/')[0]!.query.get('ordering')).toBe('name');
    expect(within(rows[0]!).getByText('E-mail with landing page')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Medium')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('E-mail only')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('German')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Hard')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Preview Parcel held at depot' })).toHaveAttribute(
      'href',
      '/fra-previews/template/phishing/11',
    );

    await user.click(within(screen.getByRole('search', { name: 'Filter phishing templates' })).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'E-mail only' }));
    await waitFor(() =>
      expect(stub.calls('GET', 'fra/phishing-templates/').some((c) => c.query.get('template_type') === 'email')).toBe(true),
    );
  });

  it('refuses a template without subject or {{link}}, then sends an e-mail-only one with "-" for its pages', async () => {
    const stub = api();
    const { user } = renderWithApp(<PhishingTemplatesPage />, { path: PATH, session: aSession() });
    await table();
    await user.click(screen.getAllByRole('button', { name: 'Add phishing template' })[0]!);
    const form = await screen.findByRole('form', { name: 'Add phishing template' });
    await user.click(within(form).getByRole('textbox', { name: 'Name' }));
    await user.paste('Holiday roster');
    await user.click(within(form).getByRole('textbox', { name: 'Message (HTML)' }));
    await user.paste('<p>See the roster</p>');
    await user.click(within(form).getByRole('button', { name: 'Add phishing template' }));
    expect(await within(form).findByText('A website template’s message must link to the landing page with {{link}}.')).toBeInTheDocument();
    expect(within(form).getAllByText('A website template needs its landing pages.')).toHaveLength(2);
    expect(within(form).getByRole('textbox', { name: 'Subject' })).toHaveAttribute('aria-invalid', 'true');
    expect(stub.calls('POST', 'fra/phishing-templates/')).toHaveLength(0);

    await user.click(within(form).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'E-mail only' }));
    expect(within(form).queryByRole('textbox', { name: 'Landing page (HTML)' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('textbox', { name: 'Subject' }));
    await user.paste('Roster for December');
    await user.click(within(form).getByRole('button', { name: 'Add phishing template' }));
    await waitFor(() => expect(stub.calls('POST', 'fra/phishing-templates/')).toHaveLength(1));
    expect(stub.calls('POST', 'fra/phishing-templates/')[0]!.body).toMatchObject({
      name: 'Holiday roster',
      template_type: 'email',
      email_subject: 'Roster for December',
      website_main_template: '-',
      website_response_template: '-',
    });
    expect(await screen.findByText(MESSAGES.created)).toBeInTheDocument();
  });

  it('inserts a placeholder at the cursor of the message', async () => {
    api();
    const { user } = renderWithApp(<PhishingTemplatesPage />, { path: PATH, session: aSession() });
    await table();
    await user.click(screen.getAllByRole('button', { name: 'Add phishing template' })[0]!);
    const form = await screen.findByRole('form', { name: 'Add phishing template' });
    const body = within(form).getByRole('textbox', { name: 'Message (HTML)' });
    await user.click(body);
    await user.paste('Hello ');
    await user.click(within(form).getByRole('button', { name: 'Insert a placeholder into Message (HTML)' }));
    await user.click(await screen.findByRole('menuitem', { name: '{{first_name}}' }));
    expect(body).toHaveValue('Hello {{first_name}}');
  });

  it('archives a template after a confirm, and restores one from the archived list', async () => {
    const stub = api();
    const { user } = renderWithApp(<PhishingTemplatesPage />, { path: PATH, session: aSession() });
    await table();
    await user.click(screen.getByRole('button', { name: 'Archive Parcel held at depot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive phishing template' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive phishing template' }));
    await waitFor(() => expect(stub.calls('DELETE', 'fra/phishing-templates/11/')).toHaveLength(1));
    expect(await screen.findByText(MESSAGES.deleted)).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Archive' }));
    await user.click(await screen.findByRole('option', { name: 'Archived templates' }));
    const archived = await table('Archived phishing templates');
    await user.click(await within(archived).findByRole('button', { name: 'Restore Old invoice' }));
    await waitFor(() => expect(stub.calls('PATCH', 'fra/phishing-templates/13/restore/')).toHaveLength(1));
    expect(stub.calls('PATCH', 'fra/phishing-templates/13/restore/')[0]!.body).toEqual({ archived: false });
    expect(await screen.findByText('Old invoice restored.')).toBeInTheDocument();
  });

  it('imports from the library, showing which were imported already', async () => {
    const stub = api();
    const { user } = renderWithApp(<PhishingTemplatesPage />, { path: PATH, session: aSession() });
    await table();
    await user.click(screen.getByRole('button', { name: 'Import from library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import from library' });
    const library = await within(dialog).findByRole('table', { name: 'Library' });
    const german = within(library).getByText('Rechnung offen').closest('tr')!;
    expect(within(german).getByText('Imported')).toBeInTheDocument();
    await user.click(within(library).getByRole('button', { name: 'Import Parcel held at depot' }));
    await waitFor(() => expect(stub.calls('POST', 'fra/phishing-templates/import/')).toHaveLength(1));
    expect(stub.calls('POST', 'fra/phishing-templates/import/')[0]!.body).toEqual({ pk: 'parcel-en' });
    expect(await screen.findByText('Parcel held at depot imported.')).toBeInTheDocument();
  });

  it('edits a template with PUT, and puts the server’s field message on its field', async () => {
    const stub = api().on('PUT', 'fra/phishing-templates/:id/', (r) =>
      (r.body as { name: string }).name === 'Password expiry'
        ? json({ name: ['A phishing template with this name exists.'] }, 400)
        : json(aPhishingTemplate({ name: (r.body as { name: string }).name })),
    );
    const { user } = renderWithApp(<PhishingTemplatesPage />, { path: PATH, session: aSession() });
    await user.click(within(await table()).getByRole('button', { name: 'Parcel held at depot' }));
    const form = await screen.findByRole('form', { name: 'Edit phishing template' });
    expect(within(form).getByRole('textbox', { name: 'Landing page (HTML)' })).toHaveValue(aPhishingTemplate().website_main_template);
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.paste('Password expiry');
    await user.click(within(form).getByRole('button', { name: 'Save phishing template' }));
    expect(await within(form).findByText('A phishing template with this name exists.')).toBeInTheDocument();
    await user.clear(name);
    await user.paste('Parcel held (v2)');
    await user.click(within(form).getByRole('button', { name: 'Save phishing template' }));
    expect(await screen.findByText(MESSAGES.updated)).toBeInTheDocument();
    const puts = stub.calls('PUT', 'fra/phishing-templates/11/');
    expect(puts).toHaveLength(2);
    expect(puts[1]!.body).toMatchObject({
      name: 'Parcel held (v2)',
      template_type: 'website',
      difficulty: 2,
      sender_local_part: 'tracking',
    });
  });

  it('shows a reader the list without the buttons that change it', async () => {
    api();
    const reader = aUserProfile({ is_superuser: false, customer_admin: false, permissions: { phishing: ['read'] } });
    renderWithApp(<PhishingTemplatesPage />, { path: PATH, session: aSession(reader) });
    await table();
    expect(screen.queryByRole('button', { name: 'Add phishing template' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archive Parcel held at depot' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preview Parcel held at depot' })).toBeInTheDocument();
  });
});
