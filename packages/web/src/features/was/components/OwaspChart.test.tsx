// The OWASP chart (a web run's findings and the dashboard's "owasp pie 6" widget): the figures as a table for assistive
// technology, a legend whose entries open their lists, and a plain sentence when there is nothing to draw.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../../test/support/render.tsx';
import { OwaspChart } from './OwaspChart.tsx';

describe('OwaspChart', () => {
  it('lists the categories with their counts and links', async () => {
    renderWithApp(
      <OwaspChart
        title="OWASP top 10"
        slices={[
          { id: 'A03:2021', label: 'Injection', count: 4, link: '/vm/unified-vulnerabilities?source=web&owasp=A03:2021' },
          { id: 'A05:2021', label: 'Security Misconfiguration', count: 2 },
          { id: 'A01:2021', label: 'Broken Access Control', count: 0 },
        ]}
      />,
    );
    const table = await screen.findByRole('table', { name: 'OWASP top 10' });
    expect(within(table).getByRole('row', { name: 'A03 Injection 4' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'All 6' })).toBeInTheDocument();
    expect(within(table).queryByText(/Broken Access Control/)).not.toBeInTheDocument();
    const legend = screen.getByRole('list', { name: 'OWASP top 10' });
    expect(within(legend).getByRole('link', { name: 'A03 Injection 4' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities?source=web&owasp=A03:2021',
    );
    expect(screen.getByRole('img', { name: /A05 Security Misconfiguration 2/ })).toBeInTheDocument();
  });

  it('says so when there are no findings', () => {
    renderWithApp(<OwaspChart slices={[]} />);
    expect(screen.getByText('No findings to group by OWASP category.')).toBeInTheDocument();
  });
});
