// The media input against a stubbed API and a stubbed browser Image: the spec's placeholders and hint, a link that is
// not YouTube or Vimeo refused with §5's message, an image that fails to load refused, an empty link accepted, a video's
// thumbnail from the server's lookup and its player in the preview dialog.
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVALID_IMAGE_LINK, INVALID_VIDEO_LINK } from '@bulwark/core';
import { MediaInput, type MediaValue } from './MediaInput.tsx';
import { json, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

/** A browser image that loads any link but those with "broken" in them. */
class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(url: string) {
    if (url) setTimeout(() => (url.includes('broken') ? this.onerror?.() : this.onload?.()), 5);
  }
}

const verdicts: (string | null)[] = [];
function Harness({ initial = null }: { initial?: MediaValue | null }) {
  const [value, setValue] = useState<MediaValue | null>(initial);
  return (
    <>
      <MediaInput label="Step media" value={value} onChange={setValue} onValidity={(m) => verdicts.push(m)} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

beforeEach(() => {
  verdicts.length = 0;
  vi.stubGlobal('Image', FakeImage);
});
afterEach(() => vi.unstubAllGlobals());

describe('MediaInput', () => {
  it('offers Image with its placeholder and hint, and accepts an empty link', async () => {
    stubApi();
    renderWithApp(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Step media' });
    expect(input).toHaveAttribute('placeholder', 'Paste the link to an image here');
    expect(screen.getByText('Width 480px-960px, height 960px maximum, saved optimized for web.')).toBeInTheDocument();
    await waitFor(() => expect(verdicts).toContain(null));
    expect(screen.queryByText(INVALID_IMAGE_LINK)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview Step media' })).toBeDisabled();
  });

  it('refuses an image that does not load, and shows one that does as a 40 px thumbnail', async () => {
    stubApi();
    const { user } = renderWithApp(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Step media' });
    await user.click(input);
    await user.paste('https://cdn.example.com/broken.png');
    expect(await screen.findByText(INVALID_IMAGE_LINK)).toBeInTheDocument();
    expect(verdicts.at(-1)).toBe(INVALID_IMAGE_LINK);
    await user.clear(input);
    await user.paste('https://cdn.example.com/poster.png');
    const thumb = await screen.findByRole('img', { name: 'Step media: thumbnail' });
    expect(thumb).toHaveAttribute('src', 'https://cdn.example.com/poster.png');
    expect(screen.queryByText(INVALID_IMAGE_LINK)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview Step media' }));
    const dialog = await screen.findByRole('dialog', { name: 'Step media' });
    expect(within(dialog).getByRole('img', { name: 'Step media' })).toHaveAttribute('src', 'https://cdn.example.com/poster.png');
  });

  it('refuses a video link that is not YouTube or Vimeo with the spec’s message', async () => {
    stubApi();
    const { user } = renderWithApp(<Harness />);
    await user.click(screen.getByRole('radio', { name: 'Video' }));
    const input = screen.getByRole('textbox', { name: 'Step media' });
    expect(input).toHaveAttribute('placeholder', 'Paste the link to a YouTube or Vimeo video here');
    await user.click(input);
    await user.paste('https://videos.example.com/watch/1');
    expect(await screen.findByText(INVALID_VIDEO_LINK)).toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('"type":"video"');
  });

  it('shows a YouTube video’s thumbnail from the lookup and its player in the preview', async () => {
    const stub = stubApi().on('GET', 'fra/video-thumbnail/', () =>
      json({ provider: 'youtube', video_id: 'dQw4w9WgXcQ', title: 'Spot the phish', thumbnail_url: 'https://i.ytimg.test/t.jpg' }),
    );
    const { user } = renderWithApp(<Harness initial={{ type: 'video', url: '' }} />);
    await user.click(screen.getByRole('textbox', { name: 'Step media' }));
    await user.paste('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    const thumb = await screen.findByRole('img', { name: 'Step media: thumbnail' });
    expect(thumb).toHaveAttribute('src', 'https://i.ytimg.test/t.jpg');
    expect(stub.calls('GET', 'fra/video-thumbnail/')[0]!.query.get('url')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await user.click(screen.getByRole('button', { name: 'Preview Step media' }));
    const frame = await screen.findByTitle('Spot the phish');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });
});
