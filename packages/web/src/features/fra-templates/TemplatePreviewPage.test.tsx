// The previews against a stubbed API: a phishing template rendered by the server with the query parameters as inputs
// (?first_name=Kim), shown in a sandboxed frame, its inputs edited into the address; a web training walked through as
// a recipient would (a wrong answer's message, then the next step); an unknown kind refused.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TemplatePreviewPage from './TemplatePreviewPage.tsx';
import { aWebTemplate } from './template-fixtures.ts';
import { json, stubApi } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

describe('TemplatePreviewPage', () => {
  it('previews a phishing template with the query parameters as inputs, in a sandboxed frame', async () => {
    const stub = stubApi().on('GET', 'fra/previews/phishing-template/', (r) =>
      json({
        subject: `Your parcel is waiting, ${r.query.get('first_name') ?? 'Alex'}`,
        html: `<p>Hello ${r.query.get('first_name') ?? 'Alex'}</p>`,
      }),
    );
    const { user, search } = renderWithApp(<TemplatePreviewPage />, {
      path: '/fra-previews/template/:type/:id',
      url: '/fra-previews/template/phishing/11?first_name=Kim',
      session: aSession(),
    });
    expect(await screen.findByTestId('preview-subject')).toHaveTextContent('Your parcel is waiting, Kim');
    const call = stub.calls('GET', 'fra/previews/phishing-template/')[0]!;
    expect(call.query.get('id')).toBe('11');
    expect(call.query.get('first_name')).toBe('Kim');
    const frame = screen.getByTitle('Message preview');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Hello Kim</p>');

    const inputs = screen.getByRole('form', { name: 'Preview inputs' });
    expect(within(inputs).getByRole('textbox', { name: 'First name' })).toHaveValue('Kim');
    await user.click(within(inputs).getByRole('textbox', { name: 'Department' }));
    await user.paste('Payroll');
    await user.click(within(inputs).getByRole('button', { name: 'Show with these inputs' }));
    await waitFor(() => expect(search().get('department')).toBe('Payroll'));
    expect(search().get('first_name')).toBe('Kim');
    await waitFor(() =>
      expect(stub.calls('GET', 'fra/previews/phishing-template/').some((c) => c.query.get('department') === 'Payroll')).toBe(true),
    );
  });

  it('walks through a web training as a recipient: a wrong answer’s message, then the next step', async () => {
    stubApi().on('GET', 'fra/session-templates/:id/', json(aWebTemplate()));
    const { user } = renderWithApp(<TemplatePreviewPage />, {
      path: '/fra-previews/training-template/:type/:id',
      url: '/fra-previews/training-template/website/21',
      session: aSession(),
    });
    const training = await screen.findByRole('region', { name: 'Training' });
    expect(within(training).getByRole('heading', { name: 'Check the sender' })).toBeInTheDocument();
    expect(within(training).getByTitle('Media of Check the sender')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(within(training).getByRole('button', { name: 'Check answer' })).toBeDisabled();
    await user.click(within(training).getByRole('radio', { name: 'parcel-service@free-mail.example' }));
    await user.click(within(training).getByRole('button', { name: 'Check answer' }));
    expect(await within(training).findByText('Look at the domain after the @.')).toBeInTheDocument();
    await user.click(within(training).getByRole('button', { name: 'Next' }));
    expect(within(training).getByRole('heading', { name: 'Well done' })).toBeInTheDocument();
    expect(within(training).getByText('End of the training')).toBeInTheDocument();
  });

  it('answers a right choice with the correct message', async () => {
    stubApi().on('GET', 'fra/session-templates/:id/', json(aWebTemplate()));
    const { user } = renderWithApp(<TemplatePreviewPage />, {
      path: '/fra-previews/training-template/:type/:id',
      url: '/fra-previews/training-template/website/21',
      session: aSession(),
    });
    const training = await screen.findByRole('region', { name: 'Training' });
    await user.click(within(training).getByRole('radio', { name: 'parcels@parcel-service.example' }));
    await user.click(within(training).getByRole('button', { name: 'Check answer' }));
    expect(await within(training).findByText('Right: the domain matches.')).toBeInTheDocument();
  });

  it('refuses a kind of template that does not exist', async () => {
    stubApi();
    renderWithApp(<TemplatePreviewPage />, {
      path: '/fra-previews/template/:type/:id',
      url: '/fra-previews/template/banner/3',
      session: aSession(),
    });
    expect(await screen.findByText('There is no such template to preview.')).toBeInTheDocument();
  });
});
