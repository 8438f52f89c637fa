// The Test dialog of a credential against a stubbed API: an address typed (or a host asset chosen) is posted to the
// test action, a progress message shows while the server logs in, then each step with passed / failed, the overall
// health and the system found; the server's refusal shows as a message.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestCredentialDialog } from './TestCredentialDialog.tsx';
import { json, page, stubApi, type StubAnswer } from '../../../../test/support/api-stub.ts';
import { aKubernetesCredential, aLinuxCredential, aTestResult, aWindowsCredential } from '../../../../test/support/credentials.ts';
import { renderWithApp } from '../../../../test/support/render.tsx';

const TEST = 'scan/linuxauths/:id/test/';

function hosts() {
  return page([
    { id: 7, asset_name: 'db-01', asset_type: 2, kind: 'host' },
    { id: 3, asset_name: 'Office LAN', asset_type: 1, kind: 'network' },
  ]);
}

describe('TestCredentialDialog', () => {
  it('tests on an address: progress while waiting, then each step, the health and the system', async () => {
    let answer: (value: StubAnswer) => void = () => undefined;
    const stub = stubApi()
      .on('GET', 'assets/basic/', hosts())
      .on('POST', TEST, () => new Promise<StubAnswer>((resolve) => (answer = resolve)));
    const { user } = renderWithApp(<TestCredentialDialog kind="linux" credential={aLinuxCredential()} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Test Linux credential “Debian servers”' });
    expect(within(dialog).getByRole('textbox', { name: /Port/ })).toHaveAttribute('placeholder', '22');

    await user.click(within(dialog).getByRole('button', { name: 'Run test' }));
    expect(await within(dialog).findByText('Choose an asset or enter an address.')).toBeInTheDocument();
    expect(stub.calls('POST', TEST)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Or an address/ }), '10.0.0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Run test' }));
    expect(await within(dialog).findByText(/Testing the credential on 10\.0\.0\.5… This can take up to 20 seconds\./)).toBeInTheDocument();
    await waitFor(() => expect(stub.calls('POST', TEST)).toHaveLength(1));
    expect(stub.calls('POST', TEST)[0]).toMatchObject({ path: 'scan/linuxauths/4/test/', body: { target: '10.0.0.5' } });

    answer(json(aTestResult()));
    const steps = await within(dialog).findByRole('list', { name: 'Test steps' });
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-step'))).toEqual(['connect', 'host_key', 'authenticate', 'privilege']);
    expect(within(items[0]!).getByRole('img', { name: 'Passed' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('ConnectConnected to 10.0.0.5:22.');
    expect(within(items[3]!).getByRole('img', { name: 'Failed' })).toBeInTheDocument();
    expect(items[3]).toHaveTextContent('sudo asked for a password that was refused.');
    const result = within(dialog).getByTestId('credential-test-result');
    expect(within(result).getByText('Insufficient privilege')).toBeInTheDocument();
    expect(within(result).getByText('Debian GNU/Linux 12 (bookworm)')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Testing the credential on/)).not.toBeInTheDocument();
  });

  it('tests on a host asset chosen from the inventory, with a port', async () => {
    const stub = stubApi()
      .on('GET', 'assets/basic/', hosts())
      .on('POST', TEST, aTestResult({ health: 'ok', port: 2222, steps: [] }));
    const { user } = renderWithApp(<TestCredentialDialog kind="linux" credential={aLinuxCredential()} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /^Asset/ }));
    // Only single hosts can be logged in to: networks are left out.
    expect(await screen.findByRole('option', { name: 'db-01' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Office LAN' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'db-01' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Port/ }), '2222');
    await user.click(within(dialog).getByRole('button', { name: 'Run test' }));
    await waitFor(() => expect(stub.calls('POST', TEST)).toHaveLength(1));
    expect(stub.calls('POST', TEST)[0]!.body).toEqual({ asset: 7, port: 2222 });
    expect(await within(dialog).findByText('OK')).toBeInTheDocument();
  });

  it('shows why the server would not test', async () => {
    const message = 'Vault credentials are fetched at scan time; testing them is not available yet.';
    stubApi()
      .on('GET', 'assets/basic/', hosts())
      .on('POST', 'scan/windowsauths/:id/test/', json({ non_field_errors: [message] }, 400));
    const { user } = renderWithApp(<TestCredentialDialog kind="windows" credential={aWindowsCredential()} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Or an address/ }), 'dc-01');
    await user.click(within(dialog).getByRole('button', { name: 'Run test' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });

  it('tests a Kubernetes credential on its own API server: no host to choose, an empty body posted', async () => {
    const stub = stubApi().on('POST', 'scan/kubernetesauths/:id/test/', aTestResult({ health: 'ok', os: 'Kubernetes v1.30.4', steps: [] }));
    const credential = aKubernetesCredential();
    const { user } = renderWithApp(<TestCredentialDialog kind="kubernetes" credential={credential} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('textbox', { name: /Or an address/ })).not.toBeInTheDocument();
    expect(
      within(dialog).getByText(new RegExp(`calls the API server ${credential.url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`)),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Run test' }));
    await waitFor(() => expect(stub.calls('POST', 'scan/kubernetesauths/:id/test/')).toHaveLength(1));
    expect(stub.calls('POST', 'scan/kubernetesauths/:id/test/')[0]!.body).toEqual({});
    expect(await within(dialog).findByText('Kubernetes v1.30.4')).toBeInTheDocument();
  });
});
