// The video thumbnail lookup (feature-areas §7 "Other"): a YouTube or Vimeo link is asked of its provider's oEmbed
// endpoint (settings: BULWARK_OEMBED_YOUTUBE_URL / _VIMEO_URL) for the title and thumbnail. A provider that fails,
// times out (5 s) or answers something else leaves them null: the link itself stays valid, so the form is not blocked.
import { isImageLinkSyntax, parseVideoLink, type VideoLink } from '@bulwark/core';
import type { z } from 'zod';
import type { videoThumbnail } from '@bulwark/core';
import type { AppContext } from '../../context.ts';

export type VideoThumbnail = z.output<typeof videoThumbnail>;

const TIMEOUT_MS = 5_000;
const MAX_BYTES = 64 * 1024;

/** The provider's canonical address of the video, which its oEmbed endpoint accepts. */
const canonical = (v: VideoLink) => (v.provider === 'youtube' ? `https://www.youtube.com/watch?v=${v.id}` : `https://vimeo.com/${v.id}`);

async function oembed(endpoint: string, link: string): Promise<{ title: string | null; thumbnail_url: string | null }> {
  const none = { title: null, thumbnail_url: null };
  try {
    const url = new URL(endpoint);
    url.searchParams.set('url', link);
    url.searchParams.set('format', 'json');
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow', headers: { accept: 'application/json' } });
    if (!res.ok) {
      await res.body?.cancel();
      return none;
    }
    const text = await res.text();
    if (text.length > MAX_BYTES) return none;
    const body = JSON.parse(text) as Record<string, unknown> | null;
    const str = (v: unknown, max: number) => (typeof v === 'string' && v.length <= max ? v : null);
    const thumb = str(body?.thumbnail_url, 2000);
    return { title: str(body?.title, 500), thumbnail_url: thumb && isImageLinkSyntax(thumb) ? thumb : null };
  } catch {
    return none;
  }
}

/** null when the link is not a YouTube or Vimeo video. */
export async function lookUpVideo(ctx: Pick<AppContext, 'config'>, link: string): Promise<VideoThumbnail | null> {
  const v = parseVideoLink(link);
  if (!v) return null;
  const found = await oembed(ctx.config.phishing.oembed[v.provider], canonical(v));
  return { provider: v.provider, video_id: v.id, ...found };
}
