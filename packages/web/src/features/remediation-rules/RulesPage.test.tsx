// The rule list against a stubbed API: rules in run order with conditions and actions in words and names for ids, the
// enabled toggle (PATCH of that field alone, §8 "Policy updated."), moving a rule (positions swapped), Run now (what
// it opened), delete after a confirm (§8 "Policy deleted." / "Cannot delete policy."), the empty state, and a user
// without the rule permissions seeing no controls that change.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, remediationRule, type RemediationRule } from '@bulwark/core';
import RulesPage from './RulesPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/remediation/policies';

function aRule(overrides: Record<string, unknown> = {}): RemediationRule {
  return remediationRule.parse({
    id: 1,
    name: 'KEV criticals',
    description: 'Exploited in the wild: fix within a week',
    enabled: true,
    position: 0,
    conditions: { severities: [4], kev: true, tags_any: [7] },
    actions: { open_ticket: { grouping: 'by_asset', assignee_team: 3, due_days: { 4: 7 } }, push_to: { tracker: 'jira' } },
    open_tickets: 2,
    created_by: 1,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    last_evaluated_at: '2026-11-21T08:00:00.000Z',
    ...overrides,
  });
}

const RULES = [
  aRule(),
  aRule({
    id: 2,
    name: 'Old highs',
    description: '',
    position: 1,
    enabled: false,
    conditions: { severities: [3], first_seen_days: 30 },
    actions: { notify: { email: ['secops@example.com'] } },
    last_evaluated_at: null,
  }),
];

function api(rules = RULES): ApiStub {
  return stubApi()
    .on('GET', 'remediation/rules/', page(rules))
    .on('GET', 'tags_basics/', [{ id: 7, name: 'Production', color: 'red', is_dynamic: false }])
    .on('GET', 'teams_basics/', [{ id: 3, name: 'Linux ops' }])
    .on('GET', 'user/profile/', page([aUserProfile()]))
    .on('PATCH', 'remediation/rules/:id/', (request, [id]) =>
      json({ ...RULES.find((r) => r.id === Number(id)), ...(request.body as object) }),
    );
}

const table = () => screen.findByRole('table', { name: 'Remediation rules' });

describe('RulesPage', () => {
  it('lists the rules in run order with their conditions and actions in words', async () => {
    const stub = api();
    renderWithApp(<RulesPage />, { path: PATH, session: aSession() });
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.getAttribute('data-rule-id'))).toEqual(['1', '2']);
    expect(stub.calls('GET', 'remediation/rules/')[0].query.get('ordering')).toBe('position');
    const kev = rows[0];
    expect(within(kev).getByRole('link', { name: 'KEV criticals' })).toHaveAttribute('href', '/remediation/policies/edit/1');
    expect(await within(kev).findByText('Tagged Production')).toBeInTheDocument();
    expect(within(kev).getByText('Known exploited (KEV)')).toBeInTheDocument();
    expect(await within(kev).findByText('Open tickets by asset, assigned to Linux ops (due: Critical 7 d)')).toBeInTheDocument();
    expect(within(kev).getByText('Push to Jira')).toBeInTheDocument();
    expect(within(kev).getByRole('switch', { name: 'KEV criticals enabled' })).toBeChecked();
    expect(within(kev).getByRole('cell', { name: '2' })).toBeInTheDocument();
    const old = rows[1];
    expect(within(old).getByText('First seen 30+ days ago')).toBeInTheDocument();
    expect(within(old).getByText('Notify secops@example.com')).toBeInTheDocument();
    expect(within(old).getByText('Never')).toBeInTheDocument();
    expect(within(old).getByRole('switch', { name: 'Old highs enabled' })).not.toBeChecked();
    expect(within(kev).getByRole('button', { name: 'Move KEV criticals up' })).toBeDisabled();
    expect(within(old).getByRole('button', { name: 'Move Old highs down' })).toBeDisabled();
  });

  it('turns a rule on, sending only that', async () => {
    const stub = api();
    const { user } = renderWithApp(<RulesPage />, { path: PATH, session: aSession() });
    await user.click(within(await table()).getByRole('switch', { name: 'Old highs enabled' }));
    await waitFor(() => expect(stub.calls('PATCH', 'remediation/rules/:id/')).toHaveLength(1));
    const call = stub.calls('PATCH', 'remediation/rules/:id/')[0];
    expect(call.path).toBe('remediation/rules/2/');
    expect(call.body).toEqual({ enabled: true });
    expect(await screen.findByText(MESSAGES.policies.updated)).toBeInTheDocument();
  });

  it('moves a rule down by swapping positions with the next', async () => {
    const stub = api();
    const { user } = renderWithApp(<RulesPage />, { path: PATH, session: aSession() });
    await user.click(within(await table()).getByRole('button', { name: 'Move KEV criticals down' }));
    await waitFor(() => expect(stub.calls('PATCH', 'remediation/rules/:id/')).toHaveLength(2));
    expect(stub.calls('PATCH', 'remediation/rules/:id/').map((c) => [c.path, (c.body as { position: number }).position])).toEqual([
      ['remediation/rules/1/', 1],
      ['remediation/rules/2/', 0],
    ]);
  });

  it('runs a rule now and says what it opened', async () => {
    const stub = api().on('POST', 'remediation/rules/:id/run/', { findings: 12, tickets: 3 });
    const { user } = renderWithApp(<RulesPage />, { path: PATH, session: aSession() });
    await user.click(within(await table()).getByRole('button', { name: 'Run KEV criticals now' }));
    expect(await screen.findByText('KEV criticals: Opened 3 tickets for 12 findings.')).toBeInTheDocument();
    expect(stub.calls('POST', 'remediation/rules/:id/run/')[0].path).toBe('remediation/rules/1/run/');
  });

  it('deletes a rule after a confirm, and says when it cannot', async () => {
    const stub = api().on('DELETE', 'remediation/rules/:id/', json(undefined, 204));
    const { user } = renderWithApp(<RulesPage />, { path: PATH, session: aSession() });
    await user.click(within(await table()).getByRole('button', { name: 'Delete Old highs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete rule' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete rule' }));
    await waitFor(() => expect(stub.calls('DELETE', 'remediation/rules/:id/').map((c) => c.path)).toEqual(['remediation/rules/2/']));
    expect(await screen.findByText(MESSAGES.policies.deleted)).toBeInTheDocument();

    stub.on('DELETE', 'remediation/rules/:id/', json({ detail: 'Server error' }, 500));
    await user.click(within(await table()).getByRole('button', { name: 'Delete KEV criticals' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete rule' })).getByRole('button', { name: 'Delete rule' }));
    expect(await screen.findByText(MESSAGES.policies.deleteFailed)).toBeInTheDocument();
    expect(screen.getByText('Server error')).toBeInTheDocument();
  });

  it('says how to start when there are no rules', async () => {
    api([]);
    renderWithApp(<RulesPage />, { path: PATH, session: aSession() });
    expect(await screen.findByText('No rules yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add rule' })[0]).toHaveAttribute('href', '/remediation/policies/edit/new');
  });

  it('shows a user who may only read the rules no control that changes them', async () => {
    api();
    const reader = aUserProfile({ is_superuser: false, customer_admin: false, permissions: { remediation_rules: ['read'] } });
    renderWithApp(<RulesPage />, { path: PATH, session: aSession(reader) });
    const t = await table();
    expect(within(t).getByRole('switch', { name: 'KEV criticals enabled' })).toBeDisabled();
    expect(within(t).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(within(t).queryByRole('button', { name: /^Run/ })).not.toBeInTheDocument();
    expect(within(t).getByRole('link', { name: 'Edit KEV criticals' })).toHaveTextContent('View');
    expect(screen.queryByRole('link', { name: 'Add rule' })).not.toBeInTheDocument();
  });
});
