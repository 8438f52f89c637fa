// The kb/{hid} and cp/{cp} finding pages: each names its kind and id, says plainly why nothing is recorded, and leads
// back to the vulnerability list.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import OtherFindingPage from './OtherFindingPage.tsx';
import { renderWithApp } from '../../../test/support/render.tsx';
import { LIST_PATH } from './vulnerability-format.ts';

describe('OtherFindingPage', () => {
  it('names a missing patch by its id and leads back to the list', () => {
    renderWithApp(<OtherFindingPage />, { path: '/vm/unified-vulnerabilities/kb/:hid', url: '/vm/unified-vulnerabilities/kb/KB5034441' });
    expect(screen.getByRole('heading', { level: 1, name: 'Missing patch KB5034441' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Nothing recorded of this kind.');
    expect(screen.getByRole('link', { name: '← Vulnerabilities' })).toHaveAttribute('href', LIST_PATH);
  });
  it('names a cloud policy finding by its id', () => {
    renderWithApp(<OtherFindingPage />, { path: '/vm/unified-vulnerabilities/cp/:cp', url: '/vm/unified-vulnerabilities/cp/s3-public' });
    expect(screen.getByRole('heading', { level: 1, name: 'Cloud policy finding s3-public' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/cloud account scans/);
  });
});
