// The kb/{hid} finding page names its kind and id, says plainly why nothing is recorded, and leads back to the
// vulnerability list; cp/{cp} is the cloud control's page (features/cloud/CloudControlFindingPage, tested beside it).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import OtherFindingPage from './OtherFindingPage.tsx';
import CloudControlFindingPage from '../cloud/CloudControlFindingPage.tsx';
import { json, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { LIST_PATH } from './vulnerability-format.ts';

describe('OtherFindingPage', () => {
  it('names a missing patch by its id and leads back to the list', () => {
    renderWithApp(<OtherFindingPage />, { path: '/vm/unified-vulnerabilities/kb/:hid', url: '/vm/unified-vulnerabilities/kb/KB5034441' });
    expect(screen.getByRole('heading', { level: 1, name: 'Missing patch KB5034441' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Nothing recorded of this kind.');
    expect(screen.getByRole('link', { name: '← Vulnerabilities' })).toHaveAttribute('href', LIST_PATH);
  });
  it('opens a cloud policy finding on its control page (cp/{cp} is the cloud control page now)', async () => {
    stubApi().on('GET', 'cloud/controls/s3-public/', json({ detail: 'Not found.' }, 404));
    renderWithApp(<CloudControlFindingPage />, {
      path: '/vm/unified-vulnerabilities/cp/:cp',
      url: '/vm/unified-vulnerabilities/cp/s3-public',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cloud policy finding s3-public' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No cloud control is named “s3-public”.');
    expect(screen.getByRole('link', { name: '← Vulnerabilities' })).toHaveAttribute('href', LIST_PATH);
  });
});
