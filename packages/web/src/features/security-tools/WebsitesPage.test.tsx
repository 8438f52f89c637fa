// The website list against a stubbed API: each website's state in words, status code, response time and days to
// certificate expiry; the state filter read from the URL; adding one (recipients sent as JSON strings, phone spaces
// removed, core's "Website created."), the form's own checks and the server's field errors on their fields; editing (PUT
// with the asset kept); check now (the run's outcome); on/off (PATCH of that field alone); delete after a confirm; the
// empty state; and a reader seeing no control that changes anything.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { crudMessages } from '@bulwark/core';
import WebsitesPage from './WebsitesPage.tsx';
import { aWebsite, aWebsiteLog } from './monitor-fixtures.ts';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/security-tools/websites';
const MESSAGES = crudMessages('website');
const SITES = [
  aWebsite(),
  aWebsite({
    id: 5,
    name: '',
    url: 'http://intranet.example.com/',
    asset: null,
    active: false,
    last_run: null,
    last_status: null,
    last_status_code: null,
    last_response_ms: null,
    cert_days_left: null,
  }),
];

function api(sites = SITES): ApiStub {
  return stubApi()
    .on('GET', 'globalview/websites/', page(sites))
    .on('GET', 'assets/webapp/', page([{ id: 31, asset_name: 'shop.example.com', asset_type: 3, kind: 'webapp' }]))
    .on('POST', 'globalview/websites/', (request) => json(aWebsite({ id: 9, ...(request.body as object) }), 201))
    .on('PUT', 'globalview/websites/:id/', (request) => json(aWebsite({ ...(request.body as object), asset: SITES[0]!.asset })))
    .on('PATCH', 'globalview/websites/:id/', (request) => json(aWebsite(request.body as object)));
}

const table = () => screen.findByRole('table', { name: 'Websites' });

/** Puts text in a field at once (typing it key by key is slow on a loaded machine); a tag list takes pasted text as a tag. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('WebsitesPage', () => {
  it('lists the websites with their state in words and their last figures', async () => {
    const stub = api();
    renderWithApp(<WebsitesPage />, { path: PATH, session: aSession() });
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.getAttribute('data-website-id'))).toEqual(['4', '5']);
    expect(stub.calls('GET', 'globalview/websites/')[0]!.query.get('ordering')).toBe('name');
    const shop = rows[0]!;
    expect(within(shop).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/security-tools/websites/view/4');
    expect(within(shop).getByText('https://shop.example.com/')).toBeInTheDocument();
    expect(within(shop).getByText('Failed')).toBeInTheDocument();
    expect(within(shop).getByText('500')).toBeInTheDocument();
    expect(within(shop).getByText('420 ms')).toBeInTheDocument();
    expect(within(shop).getByText('12 days')).toBeInTheDocument();
    expect(within(shop).getByText('15 minutes')).toBeInTheDocument();
    expect(within(shop).getByRole('switch', { name: 'Shop active' })).toBeChecked();
    const intranet = rows[1]!;
    expect(within(intranet).getByRole('link', { name: 'http://intranet.example.com/' })).toBeInTheDocument();
    expect(within(intranet).getByText('Not checked yet')).toBeInTheDocument();
    expect(within(intranet).getByText('Never')).toBeInTheDocument();
    expect(within(intranet).getByRole('switch', { name: 'http://intranet.example.com/ active' })).not.toBeChecked();
  });

  it('asks for the states named in the address', async () => {
    const stub = api();
    renderWithApp(<WebsitesPage />, { path: PATH, url: `${PATH}?last_status=failed&last_status=warning&search=shop`, session: aSession() });
    await table();
    const query = stub.calls('GET', 'globalview/websites/')[0]!.query;
    expect(query.getAll('last_status')).toEqual(['failed', 'warning']);
    expect(query.get('search')).toBe('shop');
  });

  // The long form takes seconds to fill on a loaded machine.
  it('adds a website, sending the recipients as JSON strings without phone spaces', async () => {
    const stub = api();
    const { user } = renderWithApp(<WebsitesPage />, { path: PATH, session: aSession() });
    await table();
    await user.click(screen.getAllByRole('button', { name: 'Add website' })[0]!);
    const form = await screen.findByRole('form', { name: 'Add website' });
    await fill(user, within(form).getByRole('textbox', { name: 'URL' }), 'https://blog.example.com/');
    await fill(user, within(form).getByRole('textbox', { name: 'Name' }), 'Blog');
    await fill(user, within(form).getByRole('combobox', { name: 'Forbidden keywords' }), 'hacked');
    await fill(user, within(form).getByRole('combobox', { name: 'E-mail recipients' }), 'web@example.com');
    await fill(user, within(form).getByRole('combobox', { name: 'SMS recipients' }), '+45 12 34 56 78');
    await user.click(within(form).getByRole('button', { name: 'Add website' }));
    await waitFor(() => expect(stub.calls('POST', 'globalview/websites/')).toHaveLength(1));
    expect(stub.calls('POST', 'globalview/websites/')[0]!.body).toEqual({
      url: 'https://blog.example.com/',
      name: 'Blog',
      asset: null,
      interval: 15,
      expected_status: null,
      timeout: 15,
      slow_ms: 3000,
      keywords_required: [],
      keywords_forbidden: ['hacked'],
      watch_content: true,
      cert_days: 30,
      notification_email_recipients: '["web@example.com"]',
      notification_sms_recipients: '["+4512345678"]',
      active: true,
    });
    expect(await screen.findByText(MESSAGES.created)).toBeInTheDocument();
    // The dialog closes (queried by selector: a role query can race the closing dialog's removal).
    await waitFor(() => expect(document.querySelector('form[aria-label="Add website"]')).toBeNull());
    await waitFor(() => expect(stub.calls('GET', 'globalview/websites/').length).toBeGreaterThan(1));
  });

  // The long form takes seconds to fill on a loaded machine.
  it('says what is wrong on the field, before sending and from the server', async () => {
    const stub = api().on('POST', 'globalview/websites/', json({ url: ['This URL is watched already.'] }, 400));
    const { user } = renderWithApp(<WebsitesPage />, { path: PATH, session: aSession() });
    await table();
    await user.click(screen.getAllByRole('button', { name: 'Add website' })[0]!);
    const form = await screen.findByRole('form', { name: 'Add website' });
    const url = within(form).getByRole('textbox', { name: 'URL' });
    await fill(user, url, 'ftp://files.example.com/');
    await fill(user, within(form).getByRole('combobox', { name: 'E-mail recipients' }), 'not-an-address');
    await user.click(within(form).getByRole('button', { name: 'Add website' }));
    expect(await within(form).findByText('Enter a URL starting with http:// or https://.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(stub.calls('POST', 'globalview/websites/')).toHaveLength(0);

    await user.clear(url);
    await fill(user, url, 'https://shop.example.com/');
    await user.type(within(form).getByRole('combobox', { name: 'E-mail recipients' }), '{Backspace}');
    await user.click(within(form).getByRole('button', { name: 'Add website' }));
    expect(await within(form).findByText('This URL is watched already.')).toBeInTheDocument();
    expect(stub.calls('POST', 'globalview/websites/')).toHaveLength(1);
  });

  // The long form takes seconds to fill on a loaded machine.
  it('edits a website with its settings filled in, keeping its web application', async () => {
    const stub = api();
    const { user } = renderWithApp(<WebsitesPage />, { path: PATH, session: aSession() });
    await user.click(within(await table()).getByRole('button', { name: 'Edit Shop' }));
    const form = await screen.findByRole('form', { name: 'Edit website' });
    expect(within(form).getByRole('textbox', { name: 'URL' })).toHaveValue('https://shop.example.com/');
    expect(within(form).getByRole('combobox', { name: 'Web application' })).toHaveValue('shop.example.com');
    expect(within(form).getByText('web@example.com')).toBeInTheDocument();
    expect(within(form).getByText('Add to basket')).toBeInTheDocument();
    const every = within(form).getByRole('textbox', { name: 'Check every' });
    await user.clear(every);
    await fill(user, every, '2');
    await user.click(within(form).getByRole('combobox', { name: 'Unit' }));
    await user.click(await screen.findByRole('option', { name: 'Hours' }));
    await user.click(within(form).getByRole('button', { name: 'Save website' }));
    await waitFor(() => expect(stub.calls('PUT', 'globalview/websites/:id/')).toHaveLength(1));
    const put = stub.calls('PUT', 'globalview/websites/:id/')[0]!;
    expect(put.path).toBe('globalview/websites/4/');
    expect(put.body).toMatchObject({
      asset: 31,
      interval: 120,
      keywords_required: ['Add to basket'],
      notification_email_recipients: '["web@example.com"]',
      notification_sms_recipients: '["+4512345678"]',
    });
    expect(await screen.findByText(MESSAGES.updated)).toBeInTheDocument();
  });

  it('checks a website now and says how the run went', async () => {
    const stub = api().on('POST', 'scan-website/', aWebsiteLog({ trigger: 'manual' }));
    const { user } = renderWithApp(<WebsitesPage />, { path: PATH, session: aSession() });
    await user.click(within(await table()).getByRole('button', { name: 'Check Shop now' }));
    expect(await screen.findByText('Shop checked: Failed. 1 check started failing.')).toBeInTheDocument();
    expect(stub.calls('POST', 'scan-website/')[0]!.body).toEqual({ id: 4 });
    await waitFor(() => expect(stub.calls('GET', 'globalview/websites/').length).toBeGreaterThan(1));
  });

  it('turns a website off, sending only that', async () => {
    const stub = api();
    const { user } = renderWithApp(<WebsitesPage />, { path: PATH, session: aSession() });
    await user.click(within(await table()).getByRole('switch', { name: 'Shop active' }));
    await waitFor(() => expect(stub.calls('PATCH', 'globalview/websites/:id/')).toHaveLength(1));
    expect(stub.calls('PATCH', 'globalview/websites/:id/')[0]!.body).toEqual({ active: false });
    expect(await screen.findByText(MESSAGES.updated)).toBeInTheDocument();
  });

  it('deletes a website after a confirm, and says when it cannot', async () => {
    const stub = api().on('DELETE', 'globalview/websites/:id/', json(undefined, 204));
    const { user } = renderWithApp(<WebsitesPage />, { path: PATH, session: aSession() });
    await user.click(within(await table()).getByRole('button', { name: 'Delete Shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete website' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete website' }));
    await waitFor(() => expect(stub.calls('DELETE', 'globalview/websites/:id/').map((c) => c.path)).toEqual(['globalview/websites/4/']));
    expect(await screen.findByText(MESSAGES.deleted)).toBeInTheDocument();

    stub.on('DELETE', 'globalview/websites/:id/', json({ detail: 'Server error' }, 500));
    await user.click(within(await table()).getByRole('button', { name: 'Delete http://intranet.example.com/' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete website' })).getByRole('button', { name: 'Delete website' }));
    expect(await screen.findByText('Server error')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Delete website' })).toBeInTheDocument();
  });

  it('says how to start when no website is watched', async () => {
    api([]);
    renderWithApp(<WebsitesPage />, { path: PATH, session: aSession() });
    expect(await screen.findByText('No websites watched yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add website' })).toHaveLength(2);
  });

  it('shows a user who may only read no control that changes or runs a website', async () => {
    api();
    const reader = aUserProfile({ is_superuser: false, customer_admin: false, permissions: { monitoring: ['read'] } });
    renderWithApp(<WebsitesPage />, { path: PATH, session: aSession(reader) });
    const t = await table();
    expect(within(t).getByRole('switch', { name: 'Shop active' })).toBeDisabled();
    expect(within(t).queryByRole('button', { name: /^(Check|Edit|Delete)/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add website' })).not.toBeInTheDocument();
  });
});
