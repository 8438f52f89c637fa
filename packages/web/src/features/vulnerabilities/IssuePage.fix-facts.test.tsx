// What an issue's page says about fixing it (issue 26), against a stubbed API: the CWE linking to MITRE, the test
// linking to its catalogue page, every reference, and a finding's own solution (the upgrade its host needs) beside
// its evidence.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { issueRoute } from '@bulwark/core';
import IssuePage from './IssuePage.tsx';
import { page, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aFindingDetail, aVulnerability, anIssueDetails } from '../../../test/support/vulnerabilities.ts';

const PATH = '/vm/unified-vulnerabilities/hid/:hid/:tab?';

describe('an issue page: how to fix it', () => {
  it("shows the test's CWE linking to MITRE and the test linking to its catalogue page", async () => {
    const hid = 'nvt-ftp-anonymous-login';
    stubApi().on(
      'GET',
      `unified-assets/issues/${hid}/details/`,
      anIssueDetails({
        hid,
        name: 'FTP anonymous login allowed',
        check_id: 'ftp-anonymous-login',
        cve: null,
        cves: [],
        cwes: ['CWE-287'],
        solution: 'Disable anonymous FTP (vsftpd: anonymous_enable=NO) unless it is an intended public archive.',
      }),
    );
    renderWithApp(<IssuePage />, { path: PATH, url: issueRoute(hid) });
    expect(await screen.findByRole('heading', { level: 1, name: 'FTP anonymous login allowed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CWE-287' })).toHaveAttribute('href', 'https://cwe.mitre.org/data/definitions/287.html');
    expect(screen.getByRole('link', { name: 'ftp-anonymous-login' })).toHaveAttribute(
      'href',
      '/vt/vulnerability-tests/ftp-anonymous-login',
    );
    expect(
      screen.getByText('Disable anonymous FTP (vsftpd: anonymous_enable=NO) unless it is an intended public archive.'),
    ).toBeInTheDocument();
  });

  it("shows the finding's own solution beside its evidence", async () => {
    const hid = 'CVE-2024-6387';
    const solution = 'Upgrade openssh-server to 1:9.2p1-2+deb12u3 or later (Debian 12 bookworm).\nUpstream: fixed in OpenSSH 9.8 or later.';
    stubApi()
      .on('GET', `unified-assets/issues/${hid}/details/`, anIssueDetails())
      .on('GET', `unified-assets/issues/${hid}/assets/`, page([aVulnerability()]))
      .on('GET', 'remediation/vulnerability/11/', aFindingDetail({ solution }));
    renderWithApp(<IssuePage />, { path: PATH, url: issueRoute(hid, 'evidence') });
    const fix = await screen.findByRole('region', { name: 'How to fix this finding' });
    expect(within(fix).getByText(/Upgrade openssh-server to 1:9\.2p1-2\+deb12u3 or later \(Debian 12 bookworm\)\./)).toBeInTheDocument();
    expect(within(fix).getByText(/Upstream: fixed in OpenSSH 9\.8 or later\./)).toBeInTheDocument();
  });
});
