// The training invitation e-mails against a stubbed API: listed as email session templates with a preview link; a new
// one without a subject refused with the server's words, then sent with its parts by subkind; delete after a confirm.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { crudMessages } from '@bulwark/core';
import EmailTemplatesPage from './EmailTemplatesPage.tsx';
import { anEmailTemplate } from './template-fixtures.ts';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/fra/email-templates';
const MESSAGES = crudMessages('email_template');

function api(): ApiStub {
  return stubApi()
    .on('GET', 'fra/session-templates/', page([anEmailTemplate()]))
    .on('POST', 'fra/session-templates/', () => json(anEmailTemplate({ id: 32 }), 201))
    .on('DELETE', 'fra/session-templates/:id/', () => json(undefined, 204));
}

describe('EmailTemplatesPage', () => {
  it('lists the invitation e-mails with a preview link', async () => {
    const stub = api();
    renderWithApp(<EmailTemplatesPage />, { path: PATH, session: aSession() });
    const table = await screen.findByRole('table', { name: 'Email templates' });
    expect(stub.calls('GET', 'fra/session-templates/')[0]!.query.get('session_type')).toBe('email');
    expect(within(table).getByRole('link', { name: 'Preview Training invitation' })).toHaveAttribute(
      'href',
      '/fra-previews/training-template/email/31',
    );
  });

  it('refuses an invitation without a subject, then sends its parts by subkind', async () => {
    const stub = api();
    const { user } = renderWithApp(<EmailTemplatesPage />, { path: PATH, session: aSession() });
    await screen.findByRole('table', { name: 'Email templates' });
    await user.click(screen.getAllByRole('button', { name: 'Add email template' })[0]!);
    const form = await screen.findByRole('form', { name: 'Add email template' });
    await user.click(within(form).getByRole('textbox', { name: 'Name' }));
    await user.paste('Invitation (short)');
    await user.click(within(form).getByRole('button', { name: 'Add email template' }));
    expect(await within(form).findByText('An e-mail template needs a subject.')).toBeInTheDocument();
    expect(stub.calls('POST', 'fra/session-templates/')).toHaveLength(0);
    await user.click(within(form).getByRole('textbox', { name: 'Subject' }));
    await user.paste('Your training, {{first_name}}');
    await user.click(within(form).getByRole('textbox', { name: 'Button text' }));
    await user.paste('Start');
    await user.click(within(form).getByRole('button', { name: 'Add email template' }));
    await waitFor(() => expect(stub.calls('POST', 'fra/session-templates/')).toHaveLength(1));
    expect(stub.calls('POST', 'fra/session-templates/')[0]!.body).toMatchObject({
      name: 'Invitation (short)',
      session_type: 'email',
      section: 'content',
      components: { subject: 'Your training, {{first_name}}', button: 'Start', heading: '' },
    });
    expect(await screen.findByText(MESSAGES.created)).toBeInTheDocument();
  });

  it('deletes an invitation after a confirm', async () => {
    const stub = api();
    const { user } = renderWithApp(<EmailTemplatesPage />, { path: PATH, session: aSession() });
    await screen.findByRole('table', { name: 'Email templates' });
    await user.click(screen.getByRole('button', { name: 'Delete Training invitation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete email template' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete email template' }));
    await waitFor(() => expect(stub.calls('DELETE', 'fra/session-templates/31/')).toHaveLength(1));
    expect(await screen.findByText(MESSAGES.deleted)).toBeInTheDocument();
  });
});
