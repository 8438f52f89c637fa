// The reusable media input (feature-areas §2, §5): Image or Video, the link, a 40 px thumbnail and a preview dialog.
// The link is checked 300 ms after typing stops — a video must be YouTube or Vimeo, an image must load in the browser
// within 5 s — and an empty link is accepted (none). The message is reported up so a form can refuse to save.
import { useEffect, useId, useState } from 'react';
import { Box, Button, Group, Image, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { parseVideoLink, validateVideoLink, videoThumbnail, type MediaType, type VideoLink } from '@bulwark/core';
import { api } from '../../api/client.ts';
import { validateImageLink } from './image-link.ts';

export interface MediaValue {
  type: MediaType;
  url: string;
}

export const MEDIA_PLACEHOLDERS: Record<MediaType, string> = {
  image: 'Paste the link to an image here',
  video: 'Paste the link to a YouTube or Vimeo video here',
};
export const MEDIA_HINTS: Record<MediaType, string> = {
  image: 'Width 480px-960px, height 960px maximum, saved optimized for web.',
  video: 'A YouTube or Vimeo video; it plays inside the training.',
};
const TYPE_LABELS: Record<MediaType, string> = { image: 'Image', video: 'Video' };
/** How long typing must pause before the link is checked (§5 "Text inputs debounce 300 ms"). */
export const MEDIA_DEBOUNCE_MS = 300;

export interface MediaInputProps {
  label: string;
  value: MediaValue | null;
  onChange(value: MediaValue | null): void;
  /** The kinds offered; a logo takes images only. */
  types?: readonly MediaType[];
  /** A message from the form or the server, shown before the input's own. */
  error?: string | null;
  /** Told the input's own verdict after each check (null: valid or empty). */
  onValidity?(message: string | null): void;
}

/** The provider's thumbnail of a YouTube or Vimeo link (the server's oEmbed lookup, fra/video-thumbnail/). */
function lookUpVideoThumbnail(url: string, signal?: AbortSignal) {
  return api.get('fra/video-thumbnail/', { query: { url }, signal, schema: videoThumbnail });
}

/** The player address of a YouTube or Vimeo video, for the preview dialog's frame. */
export function embedUrl(video: VideoLink): string {
  return video.provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.id)}`
    : `https://player.vimeo.com/video/${encodeURIComponent(video.id)}`;
}

/** The link's verdict once typing paused: checking (an image loading), or the message (null when fine). */
function useLinkCheck(type: MediaType, url: string) {
  const [checked, setChecked] = useState<{ key: string; message: string | null } | null>(null);
  const key = `${type}:${url}`;
  useEffect(() => {
    let current = true;
    if (type === 'video') setChecked({ key, message: validateVideoLink(url) });
    else void validateImageLink(url).then((message) => current && setChecked({ key, message }));
    return () => {
      current = false;
    };
  }, [type, url, key]);
  return checked?.key === key ? { checking: false, message: checked.message } : { checking: true, message: null };
}

export function MediaInput({ label, value, onChange, types = ['image', 'video'], error, onValidity }: MediaInputProps) {
  const type: MediaType = value?.type ?? types[0] ?? 'image';
  const url = value?.url ?? '';
  const [settled] = useDebouncedValue(url.trim(), MEDIA_DEBOUNCE_MS);
  const check = useLinkCheck(type, settled);
  const [previewing, setPreviewing] = useState(false);
  const inputId = useId();
  const video = type === 'video' && check.message === null && settled ? parseVideoLink(settled) : null;
  const thumbnail = useQuery({
    queryKey: ['video-thumbnail', settled],
    queryFn: ({ signal }) => lookUpVideoThumbnail(settled, signal),
    enabled: video !== null,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (!check.checking) onValidity?.(check.message);
    // onValidity is the caller's callback, often a new function each render: only a new verdict is told.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [check.checking, check.message]);

  const ready = settled !== '' && !check.checking && check.message === null && url.trim() === settled;
  const thumbSrc = type === 'image' ? (ready ? settled : null) : (thumbnail.data?.thumbnail_url ?? null);
  const shown = error ?? check.message;

  // An empty link stays a value so the kind chosen is kept; the form sends it as no media.
  const set = (next: Partial<MediaValue>) => onChange({ type, url, ...next });

  return (
    <Stack gap={4} role="group" aria-label={label}>
      <Group gap="sm" align="flex-end" wrap="nowrap">
        {types.length > 1 && (
          <SegmentedControl
            aria-label={`${label}: kind`}
            value={type}
            onChange={(t) => set({ type: t as MediaType, url: '' })}
            data={types.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
          />
        )}
        <TextInput
          id={inputId}
          style={{ flex: 1 }}
          label={label}
          description={MEDIA_HINTS[type]}
          placeholder={MEDIA_PLACEHOLDERS[type]}
          value={url}
          onChange={(e) => set({ url: e.currentTarget.value })}
          error={shown}
          autoComplete="off"
          inputMode="url"
        />
        <Box w={40} h={40} style={{ flex: 'none' }}>
          {thumbSrc && <Image src={thumbSrc} w={40} h={40} fit="cover" radius="sm" alt={`${label}: thumbnail`} />}
        </Box>
        <Button variant="default" disabled={!ready} onClick={() => setPreviewing(true)} aria-label={`Preview ${label}`}>
          Preview
        </Button>
      </Group>
      <Modal opened={previewing} onClose={() => setPreviewing(false)} title={label} size="lg" centered>
        {video ? (
          <Box style={{ aspectRatio: '16 / 9' }}>
            <iframe
              src={embedUrl(video)}
              title={thumbnail.data?.title ?? `${label}: video`}
              style={{ border: 0, width: '100%', height: '100%' }}
              allow="fullscreen; picture-in-picture"
              sandbox="allow-scripts allow-same-origin allow-presentation"
            />
          </Box>
        ) : ready ? (
          <Image src={settled} alt={label} maw={960} mah={960} fit="contain" />
        ) : (
          <Text size="sm">No media to show.</Text>
        )}
      </Modal>
    </Stack>
  );
}
