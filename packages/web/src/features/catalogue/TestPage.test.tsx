// The page of one vulnerability test against a stubbed API (issue 26): name, severity, source, description, solution,
// CWE, references and what it runs on; the catalogue row links to it; an unknown test says so.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TestPage from './TestPage.tsx';
import TestCataloguePage from './TestCataloguePage.tsx';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/vt/vulnerability-tests/:id';
const FTP = {
  id: 'ftp-anonymous-login',
  name: 'FTP anonymous login allowed',
  category: 'ftp',
  category_name: 'FTP',
  severity: 2,
  cve: [],
  tags: ['ftp', 'bulwark'],
  description: 'The FTP server accepts the anonymous user: files may be read (or written) without credentials.',
  solution: 'Disable anonymous FTP (vsftpd: anonymous_enable=NO) unless it is an intended public archive.',
  source: 'shipped',
  origin: 'Bulwark',
  unsafe: null,
  cwe: ['CWE-287'],
  cvss: null,
  cvss_vector: null,
  references: ['https://security.appspot.com/vsftpd/vsftpd_conf.html'],
  runs_on: { protocols: ['network'], ports: [21], services: ['ftp'] },
  file: 'ftp/ftp-anonymous-login.yaml',
  ignored: false,
};

describe('TestPage', () => {
  it('shows the test: severity, source, what it runs on, description, solution, CWE and references', async () => {
    stubApi().on('GET', 'nvt/nvtests-simple/ftp-anonymous-login/', FTP);
    renderWithApp(<TestPage />, { path: PATH, url: '/vt/vulnerability-tests/ftp-anonymous-login' });
    expect(await screen.findByRole('heading', { level: 1, name: 'FTP anonymous login allowed' })).toBeInTheDocument();
    expect(screen.getByText('Medium')).toBeInTheDocument();
    expect(screen.getByText('Built in')).toBeInTheDocument();
    expect(screen.getByText('Runs with safe checks on')).toBeInTheDocument();
    expect(screen.getByText('NETWORK · port 21 · services: ftp')).toBeInTheDocument();
    expect(screen.getByText(FTP.description)).toBeInTheDocument();
    expect(screen.getByText(FTP.solution)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CWE-287' })).toHaveAttribute('href', 'https://cwe.mitre.org/data/definitions/287.html');
    const refs = screen.getByRole('list', { name: 'References' });
    expect(within(refs).getByRole('link', { name: FTP.references[0] })).toHaveAttribute('href', FTP.references[0]);
    expect(screen.getByRole('link', { name: 'All vulnerability tests' })).toHaveAttribute('href', '/vt/vulnerability-tests');
  });

  it('says where a community test comes from and why it stays off while safe checks are on', async () => {
    const dos = {
      ...FTP,
      id: 'nginx-range-dos',
      name: 'Nginx range header denial of service',
      source: 'community',
      origin: 'Nuclei community templates (synced 2026-11-28)',
      unsafe: 'tagged dos',
      file: 'http/vulnerabilities/nginx/nginx-range-dos.yaml',
    };
    stubApi().on('GET', 'nvt/nvtests-simple/nginx-range-dos/', dos);
    renderWithApp(<TestPage />, { path: PATH, url: '/vt/vulnerability-tests/nginx-range-dos' });
    expect(await screen.findByRole('heading', { level: 1, name: dos.name })).toBeInTheDocument();
    expect(screen.getByText(`${dos.origin} (${dos.file})`)).toBeInTheDocument();
    expect(screen.getByText('Off while safe checks are on: tagged dos')).toBeInTheDocument();
    expect(screen.getByText('Not safe')).toBeInTheDocument();
  });

  it('says when there is no such test', async () => {
    stubApi().on('GET', 'nvt/nvtests-simple/nope/', json({ detail: 'Not found.' }, 404));
    renderWithApp(<TestPage />, { path: PATH, url: '/vt/vulnerability-tests/nope' });
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no test nope.');
  });

  it('is linked from the catalogue row', async () => {
    const { ignored: _ignored, ...row } = FTP;
    stubApi()
      .on('GET', 'nvt/nvtests-simple/', page([{ ...row, ignored: false }]))
      .on('GET', 'nvt/refused-templates/', page([]));
    renderWithApp(<TestCataloguePage />, { path: '/vt/vulnerability-tests' });
    const table = await screen.findByRole('table', { name: 'Vulnerability tests' });
    expect(within(table).getByRole('link', { name: 'FTP anonymous login allowed' })).toHaveAttribute(
      'href',
      '/vt/vulnerability-tests/ftp-anonymous-login',
    );
  });
});
