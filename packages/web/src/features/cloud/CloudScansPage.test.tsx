// The cloud scan list and result page against a stubbed API (scan/cruns/, scan/cscans/, cloud/cloud_basics/): runs with
// their profile and provider, the start form (name, profile, probe) creating and starting a scan then opening its run;
// the result page's summary, controls with their references and counts and the chart's table, resources and findings
// linking to their control's cp page.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CloudScanResultPage from './CloudScanResultPage.tsx';
import CloudScansPage from './CloudScansPage.tsx';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aCloudFinding, aCloudResource, aCloudRun, aPolicyResult } from './testing/fixtures.ts';

const BASICS = [
  { id: 7, name: 'Production AWS', provider: 0 },
  { id: 8, name: 'Azure tenant', provider: 1 },
];

describe('CloudScansPage', () => {
  it('lists the cloud runs with profile and provider, and starts a new scan opening its run', async () => {
    const stub = stubApi()
      .on('GET', 'scan/cruns/', page([aCloudRun()]))
      .on('GET', 'cloud/cloud_basics/', BASICS)
      .on('GET', 'probe_basics/probes/', [{ id: -1, name: 'External (built-in)' }])
      .on('POST', 'scan/cscans/', (request) =>
        json(
          {
            id: 22,
            name: (request.body as { name: string }).name,
            profile: { id: 8, name: 'Azure tenant', provider: 1 },
            node: { id: -1, name: 'External (built-in)' },
            user: null,
            created: '2026-11-29T10:00:00Z',
            last_started: '2026-11-29T10:00:00Z',
            last_run: 62,
          },
          201,
        ),
      );
    const { user, router } = renderWithApp(<CloudScansPage />, { path: '/cloud/scans', session: aSession() });
    const table = await screen.findByRole('table', { name: 'Cloud scans' });
    const row = (await within(table).findByRole('link', { name: 'AWS nightly' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'AWS nightly' })).toHaveAttribute('href', '/cloud/scans/result/61');
    expect(within(row).getByText('Production AWS')).toBeInTheDocument();
    expect(await within(row).findByText('AWS')).toBeInTheDocument();
    expect(within(row).getByText('2 findings')).toBeInTheDocument();
    expect(within(row).getByText('123456789012')).toBeInTheDocument();
    expect(within(row).getByText('3 resources · 2 of 2 regions')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New cloud scan' }));
    const form = await screen.findByRole('form', { name: 'New cloud scan' });
    await user.click(within(form).getByRole('button', { name: 'Start scan' }));
    expect(await within(form).findByText('Choose a cloud profile.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Azure weekly');
    await user.click(within(form).getByRole('combobox', { name: /^Cloud profile/ }));
    await user.click(await screen.findByRole('option', { name: 'Azure tenant (Azure)' }));
    await user.click(within(form).getByRole('button', { name: 'Start scan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cloud/scans/result/62'));
    expect(stub.calls('POST', 'scan/cscans/')[0]!.body).toEqual({ name: 'Azure weekly', profile: 8, node: -1, start: true });
  }, 30_000);
});

describe('CloudScanResultPage', () => {
  it('shows the controls with their references and counts, the resources and the findings linking to the cp page', async () => {
    const stub = stubApi()
      .on('GET', 'scan/cruns/61/', aCloudRun())
      .on('GET', 'scan/cruns/61/errors/', [])
      .on('GET', 'scan/cruns/61/policy_results/', [
        aPolicyResult(),
        aPolicyResult({
          id: 'aws-iam-root-mfa',
          reference: '1.5',
          title: 'Root account has MFA',
          service: 'iam',
          passed: 1,
          failed: 0,
          status: 'pass',
        }),
      ])
      .on('GET', 'scan/cruns/61/results/', page([aCloudResource()]))
      .on('GET', 'remediation/vulnerability-simple/', page([aCloudFinding()]));
    const { user } = renderWithApp(<CloudScanResultPage />, {
      path: '/cloud/scans/result/:runId',
      url: '/cloud/scans/result/61',
      session: aSession(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'AWS nightly' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Cloud scans' })).toHaveAttribute('href', '/cloud/scans');
    // The account the run read, and how much of it.
    expect(await screen.findByText('3 resources · 2 of 2 regions · 412 calls')).toBeInTheDocument();
    expect(screen.getAllByText('123456789012').length).toBeGreaterThan(0);

    const controls = await screen.findByRole('table', { name: 'Controls' });
    const s3 = (await within(controls).findByRole('link', { name: 'S3 buckets are not publicly accessible' })).closest('tr') as HTMLElement;
    expect(within(s3).getByRole('link', { name: 'S3 buckets are not publicly accessible' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities/cp/aws-s3-public-access',
    );
    expect(within(s3).getByText('2.1.4')).toBeInTheDocument();
    expect(within(s3).getByText('Failed')).toBeInTheDocument();
    const chart = screen.getByRole('table', { name: 'Checks passed and failed by service' });
    expect(within(chart).getByRole('row', { name: /s3/ })).toHaveTextContent(/s3\s*1\s*1/);
    expect(within(chart).getByRole('row', { name: /iam/ })).toHaveTextContent(/iam\s*1\s*0/);

    await user.click(screen.getByRole('tab', { name: /Resources/ }));
    const resources = await screen.findByRole('table', { name: 'Resources' });
    expect(await within(resources).findByRole('link', { name: 'public-bucket' })).toHaveAttribute('href', '/assets/cloud/view/301');

    await user.click(screen.getByRole('tab', { name: /Findings/ }));
    const findings = await screen.findByRole('table', { name: 'Findings' });
    expect(await within(findings).findByRole('link', { name: 'S3 buckets are not publicly accessible' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities/cp/aws-s3-public-access',
    );
    const query = stub.calls('GET', 'remediation/vulnerability-simple/').at(-1)!.query;
    expect(query.get('run')).toBe('61');
    expect(query.get('source')).toBe('cloud');
  }, 30_000);
});
