// The cp/{cp} page against a stubbed API: the control's benchmark, reference, description and solution, and the
// resources it failed on (the unified findings of check cloud:<cp>) linking to each resource; an unknown control says so.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CloudControlFindingPage from './CloudControlFindingPage.tsx';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aCloudControl, aCloudFinding } from './testing/fixtures.ts';

const PATH = '/vm/unified-vulnerabilities/cp/:cp';

describe('CloudControlFindingPage', () => {
  it('shows the control and the resources that fail it', async () => {
    const stub = stubApi()
      .on('GET', 'cloud/controls/aws-s3-public-access/', aCloudControl())
      .on('GET', 'remediation/vulnerability-simple/', page([aCloudFinding()]));
    renderWithApp(<CloudControlFindingPage />, {
      path: PATH,
      url: '/vm/unified-vulnerabilities/cp/aws-s3-public-access',
      session: aSession(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'S3 buckets are not publicly accessible' })).toBeInTheDocument();
    expect(screen.getByText('CIS Amazon Web Services Foundations Benchmark v3.0.0')).toBeInTheDocument();
    expect(screen.getByText('2.1.4')).toBeInTheDocument();
    expect(screen.getByText(/Turn on S3 Block Public Access/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Resources that fail this control' });
    expect(await within(table).findByRole('link', { name: 'public-bucket' })).toHaveAttribute('href', '/assets/cloud/view/301');
    const query = stub.calls('GET', 'remediation/vulnerability-simple/').at(-1)!.query;
    expect(query.get('check')).toBe('cloud:aws-s3-public-access');
    expect(query.get('source')).toBe('cloud');
  });

  it('says when no control has that name', async () => {
    stubApi().on('GET', 'cloud/controls/nope/', json({ detail: 'Not found.' }, 404));
    renderWithApp(<CloudControlFindingPage />, { path: PATH, url: '/vm/unified-vulnerabilities/cp/nope', session: aSession() });
    expect(await screen.findByRole('alert')).toHaveTextContent('No cloud control is named “nope”.');
    expect(screen.getByRole('link', { name: '← Vulnerabilities' })).toHaveAttribute('href', '/vm/unified-vulnerabilities');
  });
});
