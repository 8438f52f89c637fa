// A running run's live progress on its result page (hosts done and up, elapsed, the estimate or "estimating…"), and
// "Run again": confirmed, it starts a new run through the scan's start endpoint and shows it; disabled with the
// reason while the run is active.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ScanResultPage from './ScanResultPage.tsx';
import { runProgressFacts } from './RunProgress.tsx';
import { runAgainBlocked } from './use-run-again.ts';
import { page, stubApi } from '../../../test/support/api-stub.ts';
import { aFinishedRun, aRun } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/scans/scans/view/nscan/:runId';

function stubRun(id: number, run: ReturnType<typeof aRun>) {
  return stubApi()
    .on('GET', `scan/nruns/${id}/`, run)
    .on('GET', `scan/nruns/${id}/findings/`, page([]))
    .on('GET', `scan/nruns/${id}/hosts/`, page([]))
    .on('GET', `scan/nruns/${id}/errors/`, []);
}

describe('run progress and run again', () => {
  it('says hosts done and up, elapsed and the time left, or estimating… until there is enough data', () => {
    const run = { status: 1, hosts_done: 72, hosts_total: 254, hosts_up: 4, elapsed_seconds: 480, remaining_seconds: 1213 };
    expect(runProgressFacts(run)).toBe('72 of 254 hosts done · 4 up · 8 min 0 s elapsed · about 20 min 13 s left');
    expect(runProgressFacts({ ...run, hosts_done: 0, hosts_up: 0, elapsed_seconds: 3, remaining_seconds: null })).toBe(
      '0 of 254 hosts done · 0 up · 3 s elapsed · estimating…',
    );
  });

  it('shows a running run’s live progress, and Run again disabled with the reason', async () => {
    stubRun(7, aRun({ id: 7, hosts_up: 4, hosts_done: 72, hosts_total: 254, elapsed_seconds: 480, remaining_seconds: 1213 }));
    renderWithApp(<ScanResultPage />, { path: PATH, url: '/scans/scans/view/nscan/7' });
    expect(await screen.findByTestId('run-progress-facts')).toHaveTextContent('72 of 254 hosts done · 4 up');
    expect(screen.getByTestId('hosts-up')).toHaveTextContent('4');
    const again = screen.getByRole('button', { name: 'Run again' });
    expect(again).toHaveAttribute('aria-disabled', 'true');
    expect(runAgainBlocked(aRun())).toMatch(/still active/);
  });

  it('runs a finished scan again after confirming, and shows the new run', async () => {
    const stub = stubRun(7, aFinishedRun({ id: 7, scan_id: 3, name: 'Office LAN', state: -1, state_label: 'Stopped', result: 3 }));
    const created = aRun({
      id: 8,
      scan_id: 3,
      name: 'Office LAN',
      hosts_done: 0,
      hosts_up: 0,
      elapsed_seconds: 1,
      remaining_seconds: null,
    });
    stub.on('POST', 'scan/nscans/3/start/', created);
    stub.on('GET', 'scan/nruns/8/', created).on('GET', 'scan/nruns/8/findings/', page([])).on('GET', 'scan/nruns/8/hosts/', page([]));
    stub.on('GET', 'scan/nruns/8/errors/', []);
    const { user, router } = renderWithApp(<ScanResultPage />, { path: PATH, url: '/scans/scans/view/nscan/7' });
    await user.click(await screen.findByRole('button', { name: 'Run again' }));
    expect(screen.getByRole('dialog', { name: 'Run the scan again?' })).toHaveTextContent('This run and its results are kept.');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scans/scans/view/nscan/8'));
    expect(stub.calls('POST', 'scan/nscans/3/start/')).toHaveLength(1);
    expect(await screen.findByTestId('run-progress-facts')).toHaveTextContent('estimating…');
  });
});
