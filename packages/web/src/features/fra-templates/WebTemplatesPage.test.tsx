// The web training templates against a stubbed API: the list; the step editor — add a step, move it up with the
// keyboard-reachable buttons, remove one; "No question" hides the options; a question without a correct option and a
// step without a title refused with the server's words before sending; the saved template sent with its steps in order,
// options skipped for a no_content step and an empty media as none.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { crudMessages } from '@bulwark/core';
import WebTemplatesPage from './WebTemplatesPage.tsx';
import { aWebTemplate } from './template-fixtures.ts';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/fra/web-templates';
const MESSAGES = crudMessages('web_template');

class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(url: string) {
    if (url) setTimeout(() => (url.includes('broken') ? this.onerror?.() : this.onload?.()), 5);
  }
}
beforeEach(() => vi.stubGlobal('Image', FakeImage));
afterEach(() => vi.unstubAllGlobals());

function api(): ApiStub {
  return stubApi()
    .on('GET', 'fra/session-templates/', page([aWebTemplate()]))
    .on('GET', 'fra/video-thumbnail/', json({ provider: 'youtube', video_id: 'dQw4w9WgXcQ', title: null, thumbnail_url: null }))
    .on('POST', 'fra/session-templates/', () => json(aWebTemplate({ id: 22 }), 201))
    .on('PUT', 'fra/session-templates/:id/', () => json(aWebTemplate()));
}

describe('WebTemplatesPage', () => {
  it('lists the web trainings only, with a preview link', async () => {
    const stub = api();
    renderWithApp(<WebTemplatesPage />, { path: PATH, session: aSession() });
    const table = await screen.findByRole('table', { name: 'Web templates' });
    expect(stub.calls('GET', 'fra/session-templates/')[0]!.query.get('session_type')).toBe('website');
    expect(within(table).getByRole('link', { name: 'Preview Spotting a phish' })).toHaveAttribute(
      'href',
      '/fra-previews/training-template/website/21',
    );
  });

  it('builds a training step by step: add, reorder, remove, question options only with a question', { timeout: 60_000 }, async () => {
    const stub = api();
    const { user } = renderWithApp(<WebTemplatesPage />, { path: PATH, session: aSession() });
    await screen.findByRole('table', { name: 'Web templates' });
    await user.click(screen.getAllByRole('button', { name: 'Add web template' })[0]!);
    const form = await screen.findByRole('form', { name: 'Add web template' });
    await user.click(within(form).getByRole('textbox', { name: 'Name' }));
    await user.paste('Parcel scams');

    const first = within(form).getByRole('region', { name: 'Step 1' });
    expect(within(first).queryByRole('group', { name: 'Options of step 1' })).not.toBeInTheDocument();
    await user.click(within(first).getByRole('combobox', { name: 'Question' }));
    await user.click(await screen.findByRole('option', { name: 'Single choice' }));
    expect(within(first).getByRole('group', { name: 'Options of step 1' })).toBeInTheDocument();
    await user.click(within(first).getByRole('textbox', { name: 'Option 1' }));
    await user.paste('The sender’s domain');
    await user.click(within(first).getByRole('textbox', { name: 'Option 2' }));
    await user.paste('The logo');

    // Refused before sending: no title, and no option marked correct (the server's words).
    await user.click(within(form).getByRole('button', { name: 'Add web template' }));
    expect(await within(first).findByText('Mark the correct option.')).toBeInTheDocument();
    expect(within(first).getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    expect(stub.calls('POST', 'fra/session-templates/')).toHaveLength(0);

    await user.click(within(first).getByRole('checkbox', { name: 'Option 1 is correct' }));
    await user.click(within(first).getByRole('textbox', { name: 'Title' }));
    await user.paste('What gives it away?');
    await user.click(within(within(first).getByRole('group', { name: 'Media of step 1' })).getByRole('radio', { name: 'Video' }));
    await user.click(within(first).getByRole('textbox', { name: 'Media of step 1' }));
    await user.paste('https://youtu.be/dQw4w9WgXcQ');

    await user.click(within(form).getByRole('button', { name: 'Add step' }));
    const second = within(form).getByRole('region', { name: 'Step 2' });
    await user.click(within(second).getByRole('textbox', { name: 'Title' }));
    await user.paste('Welcome');
    await user.click(within(form).getByRole('button', { name: 'Add step' }));
    const third = within(form).getByRole('region', { name: 'Step 3' });
    await user.click(within(third).getByRole('textbox', { name: 'Title' }));
    await user.paste('Spare');
    await user.click(within(form).getByRole('button', { name: 'Remove step 3' }));
    expect(within(form).queryByRole('region', { name: 'Step 3' })).not.toBeInTheDocument();
    // Moved with the keyboard: focus the button, press Enter.
    within(form).getByRole('button', { name: 'Move step 2 up' }).focus();
    await user.keyboard('{Enter}');
    expect(within(within(form).getByRole('region', { name: 'Step 1' })).getByRole('textbox', { name: 'Title' })).toHaveValue('Welcome');
    expect(within(form).getByRole('button', { name: 'Move step 1 up' })).toBeDisabled();

    await user.click(within(form).getByRole('button', { name: 'Add web template' }));
    await waitFor(() => expect(stub.calls('POST', 'fra/session-templates/')).toHaveLength(1));
    const body = stub.calls('POST', 'fra/session-templates/')[0]!.body as { training_steps: Record<string, unknown>[] };
    expect(body).toMatchObject({ name: 'Parcel scams', session_type: 'website', section: 'training', logo_url: null });
    expect(body.training_steps).toHaveLength(2);
    expect(body.training_steps[0]).toMatchObject({ title: 'Welcome', question_type: 'no_content', question_options: [], media: null });
    expect(body.training_steps[1]).toMatchObject({
      title: 'What gives it away?',
      question_type: 'single_choice',
      media: { type: 'video', url: 'https://youtu.be/dQw4w9WgXcQ' },
      question_options: [
        { text: 'The sender’s domain', correct: true },
        { text: 'The logo', correct: false },
      ],
    });
    expect(await screen.findByText(MESSAGES.created)).toBeInTheDocument();
  });

  it('refuses to save while a step’s image does not load', async () => {
    const stub = api();
    const { user } = renderWithApp(<WebTemplatesPage />, { path: PATH, session: aSession() });
    await user.click(
      await within(await screen.findByRole('table', { name: 'Web templates' })).findByRole('button', { name: 'Spotting a phish' }),
    );
    const form = await screen.findByRole('form', { name: 'Edit web template' });
    const second = within(form).getByRole('region', { name: 'Step 2' });
    await user.click(within(second).getByRole('textbox', { name: 'Media of step 2' }));
    await user.paste('https://cdn.example.com/broken.png');
    expect(await within(second).findByText('Invalid link. Only valid image links are supported')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save web template' }));
    await waitFor(() => expect(within(second).getByRole('textbox', { name: 'Media of step 2' })).toHaveFocus());
    expect(stub.calls('PUT', 'fra/session-templates/21/')).toHaveLength(0);
  });
});
