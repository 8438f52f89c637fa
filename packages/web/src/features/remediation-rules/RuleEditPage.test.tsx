// The rule editor against a stubbed API: a new rule built with the condition builder and actions, the live preview
// count ("Would open N tickets for M findings."), saved with POST (§8 "Policy created.") and back to the list; a refused
// save showing §8's "Could not create policy." with the first item of the conditions error; the form's own checks by
// field; an existing rule loaded, changed and saved with PUT (§8 "Policy updated."), and run now.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, remediationRule, type RemediationRule } from '@bulwark/core';
import RuleEditPage from './RuleEditPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/remediation/policies/edit/:id';

function aRule(overrides: Record<string, unknown> = {}): RemediationRule {
  return remediationRule.parse({
    id: 4,
    name: 'Old highs',
    description: '',
    enabled: true,
    position: 3,
    conditions: { severities: [3], first_seen_days: 30 },
    actions: { open_ticket: { grouping: 'individual', assignee_user: 1, due_days: { 3: 30 } } },
    open_tickets: 0,
    created_by: 1,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    last_evaluated_at: null,
    ...overrides,
  });
}

function api(): ApiStub {
  return stubApi()
    .on('GET', 'tags_basics/', [{ id: 7, name: 'Production', color: 'red', is_dynamic: false }])
    .on('GET', 'teams_basics/', [])
    .on('GET', 'user/profile/', page([aUserProfile()]))
    .on('POST', 'remediation/rules/preview/', { findings: 12, tickets: 3, assets: 3, issues: 2 })
    .on('POST', 'remediation/rules/', (request) => json(aRule({ ...(request.body as object), id: 5 }), 201))
    .on('GET', 'remediation/rules/:id/', aRule())
    .on('PUT', 'remediation/rules/:id/', (request) => json(aRule(request.body as Record<string, unknown>)));
}

const form = () => screen.findByRole('form', { name: 'Rule' });

describe('a new rule', () => {
  it('is built from conditions and actions, previewed, and created', { timeout: 60_000 }, async () => {
    const stub = api();
    const { user, router } = renderWithApp(<RuleEditPage />, { path: PATH, url: '/remediation/policies/edit/new', session: aSession() });
    const f = await form();
    expect(screen.getByRole('heading', { level: 1, name: 'New rule' })).toBeInTheDocument();
    // The proposal: Critical and High, one ticket per asset, due in 7/30/90/180 days.
    expect(within(f).getByRole('checkbox', { name: 'Critical' })).toBeChecked();
    expect(within(f).getByRole('checkbox', { name: 'High' })).toBeChecked();
    expect(within(f).getByRole('radio', { name: /One ticket per asset/ })).toBeChecked();
    expect(within(f).getByRole('textbox', { name: 'Due days for Critical' })).toHaveValue('7');

    await user.click(within(f).getByRole('textbox', { name: /^Name/ }));
    await user.paste('KEV on production');
    await user.click(within(f).getByRole('checkbox', { name: 'High' }));
    await user.click(within(f).getByRole('checkbox', { name: /Known exploited only/ }));
    await user.type(within(f).getByRole('textbox', { name: 'EPSS at least (%)' }), '10');
    await user.click(within(f).getByRole('combobox', { name: 'Asset tagged with any of' }));
    await user.click(await screen.findByRole('option', { name: 'Production' }));
    await user.click(within(f).getByRole('textbox', { name: /Only these issues or CVEs/ }));
    await user.paste('cve-2024-3094');
    await user.click(within(f).getByRole('switch', { name: /Push to a ticketing integration/ }));
    await user.click(within(f).getByRole('radio', { name: 'Jira' }));

    // The live count, asked with what the form holds now.
    await waitFor(() => expect(screen.getByTestId('rule-preview-count')).toHaveTextContent('Would open 3 tickets for 12 findings.'));
    expect(screen.getByText('On 3 assets, 2 issues.')).toBeInTheDocument();
    // Every preview answers the same count: wait for the one asked after the last change (the preview is debounced).
    await waitFor(() =>
      expect(stub.calls('POST', 'remediation/rules/preview/').at(-1)!.body).toMatchObject({
        conditions: { severities: [4], kev: true, epss_min: 0.1, tags_any: [7], cves: ['CVE-2024-3094'] },
      }),
    );

    await user.click(within(f).getByRole('button', { name: 'Create rule' }));
    await waitFor(() => expect(stub.calls('POST', 'remediation/rules/')).toHaveLength(1));
    expect(stub.calls('POST', 'remediation/rules/')[0].body).toEqual({
      name: 'KEV on production',
      description: '',
      enabled: true,
      conditions: { severities: [4], kev: true, epss_min: 0.1, tags_any: [7], cves: ['CVE-2024-3094'] },
      actions: {
        open_ticket: {
          grouping: 'by_asset',
          assignee_user: null,
          assignee_team: null,
          due_days: { 4: 7, 3: 30, 2: 90, 1: 180 },
          remind_days_before: 2,
        },
        notify: null,
        push_to: { tracker: 'jira' },
      },
    });
    expect(await screen.findByText(MESSAGES.policies.created)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/remediation/policies'));
  });

  it('checks its fields before saving, each message on its field', { timeout: 60_000 }, async () => {
    const stub = api();
    const { user } = renderWithApp(<RuleEditPage />, { path: PATH, url: '/remediation/policies/edit/new', session: aSession() });
    const f = await form();
    await user.type(within(f).getByRole('textbox', { name: 'Risk score at least' }), '80');
    await user.type(within(f).getByRole('textbox', { name: 'Risk score at most' }), '20');
    await user.type(within(f).getByRole('textbox', { name: /Only these issues or CVEs/ }), 'log4shell');
    await user.click(within(f).getByRole('button', { name: 'Create rule' }));
    expect(await within(f).findByText('Give the rule a name.')).toBeInTheDocument();
    expect(within(f).getByText('The highest risk score must not be below the lowest.')).toBeInTheDocument();
    expect(within(f).getByText(/Not a CVE id or issue number: log4shell/)).toBeInTheDocument();
    await waitFor(() => expect(within(f).getByRole('textbox', { name: /^Name/ })).toHaveFocus());
    expect(stub.calls('POST', 'remediation/rules/')).toHaveLength(0);
  });

  it('shows "Could not create policy." with the first item of the conditions error', { timeout: 60_000 }, async () => {
    const stub = api().on(
      'POST',
      'remediation/rules/',
      json({ conditions: ['Lowest EPSS: enter a probability from 0 to 1.', 'second'] }, 400),
    );
    const { user, router } = renderWithApp(<RuleEditPage />, { path: PATH, url: '/remediation/policies/edit/new', session: aSession() });
    const f = await form();
    await user.type(within(f).getByRole('textbox', { name: /^Name/ }), 'Criticals');
    await user.click(within(f).getByRole('button', { name: 'Create rule' }));
    await waitFor(() => expect(stub.calls('POST', 'remediation/rules/')).toHaveLength(1));
    expect(await screen.findByText(MESSAGES.policies.createFailed)).toBeInTheDocument();
    expect((await screen.findAllByText('Lowest EPSS: enter a probability from 0 to 1.')).length).toBeGreaterThan(0);
    expect(screen.queryByText('second')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/remediation/policies/edit/new');
  });
});

describe('an existing rule', () => {
  it('is loaded into the form, changed and saved with its position kept', { timeout: 60_000 }, async () => {
    const stub = api();
    const { user } = renderWithApp(<RuleEditPage />, { path: PATH, url: '/remediation/policies/edit/4', session: aSession() });
    const f = await form();
    expect(screen.getByRole('heading', { level: 1, name: 'Old highs' })).toBeInTheDocument();
    expect(within(f).getByRole('checkbox', { name: 'High' })).toBeChecked();
    expect(within(f).getByRole('checkbox', { name: 'Critical' })).not.toBeChecked();
    expect(within(f).getByRole('textbox', { name: /First seen at least/ })).toHaveValue('30');
    expect(within(f).getByRole('radio', { name: /One ticket per finding/ })).toBeChecked();
    await waitFor(() => expect(within(f).getByRole('combobox', { name: /^Assignee/ })).toHaveValue('Ada Lovelace'));

    await user.click(within(f).getByRole('switch', { name: /^Notify/ }));
    await user.click(within(f).getByRole('textbox', { name: /^E-mail to/ }));
    await user.paste('secops@example.com');
    await user.click(within(f).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', 'remediation/rules/:id/')).toHaveLength(1));
    const call = stub.calls('PUT', 'remediation/rules/:id/')[0];
    expect(call.path).toBe('remediation/rules/4/');
    expect(call.body).toMatchObject({
      name: 'Old highs',
      position: 3,
      conditions: { severities: [3], first_seen_days: 30 },
      actions: {
        open_ticket: { grouping: 'individual', assignee_user: 1, assignee_team: null, due_days: { 3: 30 } },
        notify: { email: ['secops@example.com'], cc: [], slack: false, teams: false, webhooks: false },
      },
    });
    expect(await screen.findByText(MESSAGES.policies.updated)).toBeInTheDocument();
  });

  it('runs now and says what it opened', async () => {
    const stub = api().on('POST', 'remediation/rules/:id/run/', { findings: 0, tickets: 0 });
    const { user } = renderWithApp(<RuleEditPage />, { path: PATH, url: '/remediation/policies/edit/4', session: aSession() });
    await form();
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    expect(await screen.findByTestId('run-result')).toHaveTextContent('Nothing to ticket');
    expect(stub.calls('POST', 'remediation/rules/:id/run/')[0].path).toBe('remediation/rules/4/run/');
  });

  it('is shown read-only to a user who may only read rules', async () => {
    api();
    const reader = aUserProfile({ is_superuser: false, customer_admin: false, permissions: { remediation_rules: ['read'] } });
    renderWithApp(<RuleEditPage />, { path: PATH, url: '/remediation/policies/edit/4', session: aSession(reader) });
    const f = await form();
    expect(within(f).getByTestId('read-only')).toBeInTheDocument();
    expect(within(f).getByRole('textbox', { name: /^Name/ })).toBeDisabled();
    expect(within(f).getByRole('checkbox', { name: 'High' })).toBeDisabled();
    expect(within(f).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run now' })).not.toBeInTheDocument();
  });

  it('says so when the rule cannot be loaded', async () => {
    api().on('GET', 'remediation/rules/:id/', json({ detail: 'Not found.' }, 404));
    renderWithApp(<RuleEditPage />, { path: PATH, url: '/remediation/policies/edit/99', session: aSession() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found.');
  });
});
