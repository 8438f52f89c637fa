// The cloud scan result page (/cloud/scans/result/{runId}) against a stubbed API (scan/cruns/{id}/ with policy_results/,
// results/ and errors/, and the run's unified findings): the summary with the account read and the controls passed and
// failed; each control's status and counts, failed first, with the chart's table by service; the resources; the findings
// of the run in every state, each linking to its control, its resource and its evidence; the empty states, the errors
// and a missing run.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CloudScanResultPage from './CloudScanResultPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aCloudFinding, aCloudResource, aCloudRun, aPolicyResult } from './testing/fixtures.ts';

const PATH = '/cloud/scans/result/:runId';
const URL = '/cloud/scans/result/61';

const RESULTS = [
  aPolicyResult({
    id: 'aws-iam-root-mfa',
    reference: '1.5',
    title: 'Root account has MFA',
    service: 'iam',
    passed: 1,
    failed: 0,
    status: 'pass',
  }),
  aPolicyResult(),
  aPolicyResult({
    id: 'aws-cloudtrail-on',
    reference: '3.1',
    title: 'CloudTrail is on in every region',
    service: 'cloudtrail',
    passed: 0,
    failed: 0,
    errors: 1,
    status: 'error',
  }),
];

function api({ results = RESULTS, findings = [aCloudFinding()] } = {}): ApiStub {
  return stubApi()
    .on('GET', 'scan/cruns/61/', aCloudRun())
    .on('GET', 'scan/cruns/61/errors/', [])
    .on('GET', 'scan/cruns/61/policy_results/', results)
    .on('GET', 'scan/cruns/61/results/', page([aCloudResource()]))
    .on('GET', 'remediation/vulnerability-simple/', page(findings));
}

const open = () => renderWithApp(<CloudScanResultPage />, { path: PATH, url: URL, session: aSession() });
/** A Fact's value: the <dd> after its <dt>. */
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('CloudScanResultPage', () => {
  it('sums the run up: the account and what was read, resources, findings and controls passed and failed', async () => {
    api();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'AWS nightly' })).toBeInTheDocument();
    expect(screen.getByText('Cloud run 61 of scan 21 · Production AWS')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Cloud scans' })).toHaveAttribute('href', '/cloud/scans');
    expect(await screen.findByText('3 resources · 2 of 2 regions · 412 calls')).toBeInTheDocument();
    expect(fact('Account')).toHaveTextContent('123456789012');
    expect(fact('Profile')).toHaveTextContent('Production AWS');
    expect(fact('Resources')).toHaveTextContent('3');
    expect(fact('Findings')).toHaveTextContent('2 findings');
    const controls = screen.getByRole('heading', { name: 'Controls', level: 2 }).closest('section') as HTMLElement;
    await waitFor(() => expect(within(controls).getByText('Failed', { selector: 'dt' }).nextElementSibling).toHaveTextContent('1'));
    expect(within(controls).getByText('Passed', { selector: 'dt' }).nextElementSibling).toHaveTextContent('1');
    expect(within(controls).getByText('Could not be read', { selector: 'dt' }).nextElementSibling).toHaveTextContent('1');
    expect(within(controls).getByText('Not applicable', { selector: 'dt' }).nextElementSibling).toHaveTextContent('0');
  }, 30_000);

  it('shows each control passed or failed with its reference and counts, failed first, and the counts by service', async () => {
    api();
    open();
    const table = await screen.findByRole('table', { name: 'Controls' });
    await within(table).findByRole('link', { name: 'S3 buckets are not publicly accessible' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-control-id'))).toEqual(['aws-s3-public-access', 'aws-cloudtrail-on', 'aws-iam-root-mfa']);
    const [s3, trail, mfa] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(s3).getByText('2.1.4')).toBeInTheDocument();
    expect(within(s3).getByText('Failed')).toBeInTheDocument();
    expect(s3).toHaveTextContent(/s3\s*Failed\s*1\s*1/);
    expect(within(s3).getByRole('link', { name: 'S3 buckets are not publicly accessible' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities/cp/aws-s3-public-access',
    );
    expect(within(trail).getByText('Could not be read')).toBeInTheDocument();
    expect(within(mfa).getByText('Passed')).toBeInTheDocument();
    expect(mfa).toHaveTextContent(/iam\s*Passed\s*1\s*0/);
    expect(within(mfa).getAllByText('CIS Amazon Web Services Foundations Benchmark v3.0.0').length).toBeGreaterThan(0);
    const chart = screen.getByRole('table', { name: 'Checks passed and failed by service' });
    expect(within(chart).getByRole('row', { name: /s3/ })).toHaveTextContent(/s3\s*1\s*1/);
    expect(within(chart).getByRole('row', { name: /iam/ })).toHaveTextContent(/iam\s*1\s*0/);
    // A service with nothing passed or failed has no bar.
    expect(within(chart).queryByRole('row', { name: /cloudtrail/ })).not.toBeInTheDocument();
  }, 30_000);

  it('lists the resources and the run’s findings in every state, each with its control, resource and evidence', async () => {
    const stub = api({ findings: [aCloudFinding(), aCloudFinding({ id: 92, state: 3, state_label: 'Closed' })] });
    const { user } = open();
    await user.click(await screen.findByRole('tab', { name: /Resources/ }));
    const resources = await screen.findByRole('table', { name: 'Resources' });
    const bucket = (await within(resources).findByRole('link', { name: 'public-bucket' })).closest('tr') as HTMLElement;
    expect(within(bucket).getByRole('link', { name: 'public-bucket' })).toHaveAttribute('href', '/assets/cloud/view/301');
    expect(within(bucket).getByText('aws.s3.bucket')).toBeInTheDocument();
    expect(within(bucket).getByText('eu-west-1')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Findings/ }));
    const findings = await screen.findByRole('table', { name: 'Findings' });
    const open91 = (await within(findings).findAllByRole('row')).find((r) => r.getAttribute('data-finding-id') === '91')!;
    expect(within(open91).getByRole('link', { name: 'S3 buckets are not publicly accessible' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities/cp/aws-s3-public-access',
    );
    expect(within(open91).getByRole('link', { name: 'public-bucket' })).toHaveAttribute('href', '/assets/cloud/view/301');
    expect(within(open91).getByText('High')).toBeInTheDocument();
    expect(within(open91).getByText('Active')).toBeInTheDocument();
    expect(
      within(open91).getByRole('link', { name: /^Evidence of S3 buckets are not publicly accessible on public-bucket/ }),
    ).toHaveAttribute('href', '/vm/unified-vulnerabilities/hid/nvt-cloud%3Aaws-s3-public-access/evidence?finding=91');
    const closed = findings.querySelector('tr[data-finding-id="92"]') as HTMLElement;
    expect(within(closed).getByText('Closed')).toBeInTheDocument();
    const query = stub.calls('GET', 'remediation/vulnerability-simple/').at(-1)!.query;
    expect(query.get('run')).toBe('61');
    expect(query.get('source')).toBe('cloud');
    // What this run saw or closed, even if closed since: every finding state.
    expect(query.getAll('finding_state')).toEqual(['0', '1', '2', '3']);
  }, 30_000);

  it('says when no control is evaluated and no finding recorded yet, and lists the run’s errors', async () => {
    api({ results: [], findings: [] }).on('GET', 'scan/cruns/61/errors/', [
      { type: 3, type_label: 'Authentication', message: 'The security token is invalid.', count: 2 },
    ]);
    const { user } = open();
    expect(await screen.findByText('No controls evaluated yet.')).toBeInTheDocument();
    expect(screen.getByText('Shown when the results are in.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Checks passed and failed by service' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Findings/ }));
    expect(await screen.findByText('No findings in this run.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Errors/ }));
    const errors = await screen.findByRole('table', { name: 'Errors' });
    expect(await within(errors).findByRole('row', { name: /The security token is invalid\./ })).toHaveTextContent(/Authentication\s*2/);
  }, 30_000);

  it('says when the run does not exist', async () => {
    stubApi().on('GET', 'scan/cruns/61/', json({ detail: 'Not found.' }, 404));
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No such cloud scan run');
    expect(alert).toHaveTextContent('This cloud scan run does not exist or was deleted.');
    expect(screen.getByRole('link', { name: '← Cloud scans' })).toHaveAttribute('href', '/cloud/scans');
  });
});
