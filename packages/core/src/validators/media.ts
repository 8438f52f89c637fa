// Media link validators of the media input (platform-core §5, feature-areas §5): YouTube/Vimeo videos, image link syntax.

export const INVALID_VIDEO_LINK = 'Invalid link. Only valid Vimeo and YouTube links are supported';
export const INVALID_IMAGE_LINK = 'Invalid link. Only valid image links are supported';

export interface VideoLink {
  provider: 'youtube' | 'vimeo';
  id: string;
}

function parseHttpUrl(value: string): URL | null {
  if (/\s/.test(value)) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.') ? url : null;
  } catch {
    return null;
  }
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com'];

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const segs = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return segs.length === 1 ? segs[0] : null;
  if (!YOUTUBE_HOSTS.includes(host)) return null;
  if (segs.length === 1 && segs[0] === 'watch') return url.searchParams.get('v');
  if (segs.length === 2 && ['embed', 'shorts', 'live', 'v'].includes(segs[0])) return segs[1];
  return null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const segs = url.pathname.split('/').filter(Boolean);
  if (host === 'player.vimeo.com') return segs.length === 2 && segs[0] === 'video' ? segs[1] : null;
  if (host !== 'vimeo.com' && host !== 'www.vimeo.com') return null;
  // vimeo.com/123, vimeo.com/123/hash, vimeo.com/channels/x/123, vimeo.com/groups/x/videos/123
  const numeric = segs.find((s) => /^[0-9]+$/.test(s));
  if (!numeric) return null;
  const i = segs.indexOf(numeric);
  const before = segs.slice(0, i);
  const ok = i === 0 || (before[0] === 'channels' && i === 2) || (before[0] === 'groups' && before[2] === 'videos' && i === 3);
  return ok ? numeric : null;
}

/** Provider and video id of a YouTube or Vimeo link; null for anything else. */
export function parseVideoLink(value: string): VideoLink | null {
  const url = parseHttpUrl(value.trim());
  if (!url) return null;
  const yt = youtubeId(url);
  if (yt !== null) return YOUTUBE_ID.test(yt) ? { provider: 'youtube', id: yt } : null;
  const vm = vimeoId(url);
  return vm !== null && /^[0-9]+$/.test(vm) ? { provider: 'vimeo', id: vm } : null;
}

/** Empty is accepted (requiredness is a separate rule). */
export function validateVideoLink(value: string | null | undefined): string | null {
  if (!value || value.trim() === '') return null;
  return parseVideoLink(value) ? null : INVALID_VIDEO_LINK;
}

/** Syntax only: an absolute http(s) link. Whether it loads within 5 s is checked by the browser. */
export function isImageLinkSyntax(value: string): boolean {
  return parseHttpUrl(value.trim()) !== null;
}

/** Empty is accepted. */
export function validateImageLinkSyntax(value: string | null | undefined): string | null {
  if (!value || value.trim() === '') return null;
  return isImageLinkSyntax(value) ? null : INVALID_IMAGE_LINK;
}
