// The policy scan result page against a stubbed API (scan/noruns/): the score as a ring with the hosts' results added up,
// the Rules table (failures first, badges, filters by result, severity and host sent and kept in the URL), a rule's
// evidence in a drawer, the Hosts tab (score, counts, credential health, the rules of one host), the Errors tab, and
// a run that does not exist.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PolicyScanResultPage from './PolicyScanResultPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aPolicyHost, aPolicyRule, aPolicyRun } from '../../../test/support/policies.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/scans/scans/view/oscan/:runId';
const URL = '/scans/scans/view/oscan/31';
const RULES = [
  aPolicyRule(),
  aPolicyRule({
    id: 62,
    rule_id: 'xccdf_rule_rsyslog',
    title: 'Ensure rsyslog is Installed',
    severity: 'medium',
    result: 'pass',
    result_label: 'Pass',
    evidence: [],
    message: null,
  }),
  aPolicyRule({
    id: 63,
    rule_id: 'xccdf_rule_home',
    title: 'Ensure /home Located On Separate Partition',
    severity: 'low',
    result: 'notapplicable',
    result_label: 'Not applicable',
  }),
];

function api(): ApiStub {
  return stubApi()
    .on('GET', 'scan/noruns/31/', aPolicyRun())
    .on('GET', 'scan/noruns/31/hosts/', page([aPolicyHost()]))
    .on('GET', 'scan/noruns/31/rules/', page(RULES))
    .on('GET', 'scan/noruns/31/errors/', [
      { type: 1, type_label: 'Connection failed', message: 'Permission denied (publickey)', count: 1 },
    ]);
}

const lastRulesQuery = (stub: ApiStub) => stub.calls('GET', 'scan/noruns/31/rules/').at(-1)!.query;

describe('PolicyScanResultPage', () => {
  it('shows the run’s score and the rules, failures first, with their results and severities', async () => {
    const stub = api();
    renderWithApp(<PolicyScanResultPage />, { path: PATH, url: URL });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jump hosts policy' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Policy score: 72.4%' })).toBeInTheDocument();
    const totals = await screen.findByRole('list', { name: 'Rule results of the host' });
    expect(within(totals).getByText('Fail: 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Debian baseline' })).toHaveAttribute('href', '/scans/scan-profiles/edit/oprofile/12');

    const rules = await screen.findByRole('table', { name: 'Rules' });
    const failed = within(rules).getByRole('row', { name: /telnet/ });
    expect(failed).toHaveAttribute('data-result', 'fail');
    expect(within(failed).getByText('Fail')).toBeInTheDocument();
    expect(within(failed).getByText('High')).toBeInTheDocument();
    expect(within(rules).getByRole('row', { name: /rsyslog/ })).toHaveAttribute('data-result', 'pass');
    expect(within(rules).getByText('Not applicable')).toBeInTheDocument();
    expect(within(rules).getByRole('columnheader', { name: /Result/ })).toHaveAttribute('aria-sort', 'ascending');
    const query = lastRulesQuery(stub);
    expect(query.get('ordering')).toBe('result');
    expect(query.getAll('result')).toEqual([]);
    expect(screen.getByText('3 rules')).toBeInTheDocument();
  });

  it('filters the rules by result, severity and host, in the call and the URL', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<PolicyScanResultPage />, { path: PATH, url: URL });
    await screen.findByRole('table', { name: 'Rules' });
    const filters = screen.getByRole('search', { name: 'Filter rules' });
    await user.click(within(filters).getByRole('combobox', { name: 'Result' }));
    await user.click(await screen.findByRole('option', { name: 'Fail' }));
    await user.click(await screen.findByRole('option', { name: 'Error' }));
    await waitFor(() => expect(lastRulesQuery(stub).getAll('result')).toEqual(['fail', 'error']));
    expect(search().getAll('rules.result')).toEqual(['fail', 'error']);

    await user.click(within(filters).getByRole('combobox', { name: 'Severity' }));
    await user.click(await screen.findByRole('option', { name: 'High' }));
    await waitFor(() => expect(lastRulesQuery(stub).getAll('severity')).toEqual(['high']));

    await user.click(within(filters).getByRole('combobox', { name: 'Host' }));
    await user.click(await screen.findByRole('option', { name: '127.0.6.41' }));
    await waitFor(() => expect(lastRulesQuery(stub).get('host')).toBe('5'));
  });

  it('opens a rule’s evidence and message in a drawer', async () => {
    api();
    const { user } = renderWithApp(<PolicyScanResultPage />, { path: PATH, url: URL });
    const rules = await screen.findByRole('table', { name: 'Rules' });
    await user.click(within(rules).getByRole('button', { name: 'Uninstall the inet-based telnet server' }));
    const drawer = await screen.findByRole('dialog', { name: 'Uninstall the inet-based telnet server' });
    expect(within(drawer).getByText('The package is installed.')).toBeInTheDocument();
    expect(within(drawer).getByTestId('rule-evidence')).toHaveTextContent('package inetutils-telnetd is removed: false');
    expect(within(drawer).getByText('xccdf_rule_telnet')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(rules).getByRole('button', { name: 'Ensure rsyslog is Installed' }));
    expect(await screen.findByText('No evidence was recorded for this rule.')).toBeInTheDocument();
  });

  it('lists the hosts with score, counts and credential health, and shows one host’s rules', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<PolicyScanResultPage />, { path: PATH, url: URL });
    await screen.findByRole('table', { name: 'Rules' });
    await user.click(screen.getByRole('tab', { name: /Hosts/ }));
    const hosts = await screen.findByRole('table', { name: 'Hosts' });
    const row = within(hosts).getByRole('row', { name: /127\.0\.6\.41/ });
    expect(within(row).getByRole('link', { name: '127.0.6.41' })).toHaveAttribute('href', '/assets/assets/view/5');
    expect(within(row).getByText('72.4%')).toBeInTheDocument();
    expect(within(row).getByText('16')).toBeInTheDocument();
    expect(within(row).getByText('OK')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Rules of 127.0.6.41' }));
    expect(screen.getByRole('tab', { name: 'Rules' })).toHaveAttribute('aria-selected', 'true');
    expect(search().get('rules.host')).toBe('5');
    await waitFor(() => expect(lastRulesQuery(stub).get('host')).toBe('5'));

    await user.click(screen.getByRole('tab', { name: 'Errors' }));
    expect(await screen.findByText('Permission denied (publickey)')).toBeInTheDocument();
  });

  it('says so when the run does not exist', async () => {
    stubApi().on('GET', 'scan/noruns/31/', json({ detail: 'Not found.' }, 404));
    renderWithApp(<PolicyScanResultPage />, { path: PATH, url: URL });
    expect(await screen.findByText('This policy scan run does not exist or was deleted.')).toBeInTheDocument();
  });
});
