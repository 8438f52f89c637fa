// The stepwise assessment form against a stubbed API: a step's checks before Next; templates, a department (with its
// head count), a sender domain whose DNS check failed ("mail may not be delivered"), the review, then Start now (created
// and started in one call: the body); a server field error brings the form back to its step and shows it on the
// field; a running assessment cannot be edited.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import AssessmentEditPage from './AssessmentEditPage.tsx';
import { aDomain, aRecipient, aTemplate, aTraining, anAssessment } from './fra-fixtures.ts';
import { ASSESSMENT_MESSAGES } from './use-assessment-actions.ts';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/fra/assessments/edit/:uuid';
const CREATED = anAssessment({ state: 'draft', uuid: 'a1b2c3d4-0000-4000-8000-00000000000a' });
const BAD_DOMAIN = aDomain({
  id: 6,
  name: 'lure.example.net',
  dns: {
    checked_at: '2026-11-19T00:00:00.000Z',
    spf: 'fail',
    dkim: 'missing',
    dmarc: 'pass',
    mx: 'pass',
    messages: ['SPF does not allow 192.0.2.7, which sends for Bulwark.'],
    deliverable: false,
  },
});

function api() {
  return stubApi()
    .on('GET', 'fra/phishing-templates/', page([aTemplate(), aTemplate({ id: 4, name: 'Old lure', archived: true })]))
    .on('GET', 'fra/session-templates/', page([aTraining()]))
    .on('GET', 'fra/domains/', page([aDomain(), BAD_DOMAIN]))
    .on('GET', 'fra/recipients/', page([aRecipient()]))
    .on(
      'GET',
      'fra/recipients/departments/',
      page([
        { department: 'Finance', recipients: 13, active: 12 },
        { department: 'Sales', recipients: 30, active: 30 },
      ]),
    )
    .on('GET', 'tags/tags/', page([]))
    .on('POST', 'fra/assessments/', (r) => json({ ...CREATED, state: (r.body as { start?: boolean }).start ? 'sending' : 'draft' }, 201))
    .on('POST', 'fra/assessments/:uuid/start/', json({ ...CREATED, state: 'sending' }));
}

async function choose(user: UserEvent, box: HTMLElement, option: string) {
  await user.click(box);
  await user.click(await screen.findByRole('option', { name: option }));
}

const form = () => screen.findByRole('form', { name: 'New assessment' });
const next = async (user: UserEvent) => user.click(within(await form()).getByRole('button', { name: 'Next' }));

describe('AssessmentEditPage', () => {
  it('walks the steps, warns of an undeliverable domain, and starts the assessment', { timeout: 60_000 }, async () => {
    const stub = api();
    const { user } = renderWithApp(<AssessmentEditPage />, { path: PATH, url: '/fra/assessments/edit/new', session: aSession() });
    const f = await form();
    await next(user);
    expect(await within(f).findByText('Choose at least one phishing template.')).toBeInTheDocument();
    expect(within(f).getByText('This field may not be blank.')).toBeInTheDocument();

    await user.type(within(f).getByRole('textbox', { name: 'Name' }), 'Q4 invoice lure');
    await user.click(within(f).getByRole('combobox', { name: 'Phishing templates' }));
    expect(screen.queryByRole('option', { name: /Old lure/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Unpaid invoice (website, English)' }));
    await next(user);

    await next(user);
    expect(await within(f).findByText('Choose recipients, tags or departments.')).toBeInTheDocument();
    await choose(user, within(f).getByRole('combobox', { name: 'Departments' }), 'Finance (12)');
    expect(within(f).getByTestId('recipient-count')).toHaveTextContent('Who gets it: 12 in the chosen departments');
    await next(user);

    await choose(user, within(f).getByRole('combobox', { name: 'Sender domain' }), 'lure.example.net — mail may not be delivered');
    expect(await within(f).findByText('Mail from lure.example.net may not be delivered')).toBeInTheDocument();
    expect(within(f).getByText('SPF does not allow 192.0.2.7, which sends for Bulwark.')).toBeInTheDocument();
    await choose(user, within(f).getByRole('combobox', { name: 'Sender domain' }), 'billing-example.com — DNS check passed');
    await next(user);

    await choose(user, within(f).getByRole('combobox', { name: 'Training follows' }), 'After a click');
    await next(user);
    expect(await within(f).findByText('Choose the training that follows.')).toBeInTheDocument();
    await choose(user, within(f).getByRole('combobox', { name: 'Training' }), 'Spot the lure (English)');
    await next(user);

    await next(user);
    expect(await within(f).findByText(/Templates: Unpaid invoice/)).toBeInTheDocument();
    await user.click(within(f).getByRole('button', { name: 'Start now' }));
    await waitFor(() => expect(stub.calls('POST', 'fra/assessments/')).toHaveLength(1));
    expect(stub.calls('POST', 'fra/assessments/')[0]!.body).toEqual({
      name: 'Q4 invoice lure',
      phishing_templates: [3],
      recipients: { recipients: [], tags: [], departments: ['Finance'] },
      sender_domain: 5,
      landing_domain: null,
      training_template: 8,
      training_trigger: 'click',
      rate_per_minute: 60,
      tracking_days: 14,
      send_start: null,
      send_end: null,
      start: true,
    });
    expect(stub.calls('POST', 'fra/assessments/:uuid/start/')).toHaveLength(0);
    expect(await screen.findByText(ASSESSMENT_MESSAGES.started)).toBeInTheDocument();
    expect(await screen.findByText('Another page')).toBeInTheDocument();
  });

  it('shows a server field error on its field, back on its step', { timeout: 60_000 }, async () => {
    const stub = api().on('POST', 'fra/assessments/', json({ name: ['An assessment with this name already exists.'] }, 400));
    const { user } = renderWithApp(<AssessmentEditPage />, { path: PATH, url: '/fra/assessments/edit/new', session: aSession() });
    const f = await form();
    await user.type(within(f).getByRole('textbox', { name: 'Name' }), 'Q4');
    await choose(user, within(f).getByRole('combobox', { name: 'Phishing templates' }), 'Unpaid invoice (website, English)');
    await next(user);
    await choose(user, within(f).getByRole('combobox', { name: 'Departments' }), 'Sales (30)');
    await next(user);
    await choose(user, within(f).getByRole('combobox', { name: 'Sender domain' }), 'billing-example.com — DNS check passed');
    for (let i = 0; i < 3; i++) await next(user);
    await user.click(within(f).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(stub.calls('POST', 'fra/assessments/')).toHaveLength(1));
    expect(await within(f).findByText('An assessment with this name already exists.')).toBeInTheDocument();
    expect(within(f).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(stub.calls('POST', 'fra/assessments/:uuid/start/')).toHaveLength(0);
  });

  it('does not offer to edit a running assessment', async () => {
    const running = anAssessment();
    stubApi().on('GET', 'fra/assessments/:uuid/', running);
    renderWithApp(<AssessmentEditPage />, { path: PATH, url: `/fra/assessments/edit/${running.uuid}`, session: aSession() });
    expect(await screen.findByText(/This assessment is running and can no longer be changed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See its results' })).toHaveAttribute('href', `/fra/assessments/filter/${running.uuid}`);
  });
});
