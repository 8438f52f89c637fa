// Business constants and limits of platform-core §9 and feature-areas §9.

/** Renew the session when fewer than 5 minutes remain. */
export const SESSION_RENEW_BEFORE_MS = 300_000;
/** Every request times out after 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** A timed-out request is retried this many times for apps and app assets. */
export const TIMEOUT_RETRIES = 1;
/** An image link must load within 5 s. */
export const IMAGE_CHECK_TIMEOUT_MS = 5_000;
/** A lazy-loaded script chunk must load within 120 s. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Error names of lazy-loading failures (scripts, styles). */
export const CHUNK_LOAD_ERROR = 'ChunkLoadError';
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

/** Query filters with _min and _max bounds are capped at 100. */
export const QUERY_MIN_MAX_CAP = 100;
/** The largest number a numeric filter may hold. */
export const MAX_NUMERIC_SENTINEL = 9_999_999_999;

/** Widgets are listed with a page size of 100. */
export const WIDGET_PAGE_SIZE = 100;
/** The news feed page size default. */
export const NEWS_PAGE_SIZE = 5;
/** Page size 0 returns all (tags). */
export const PAGE_SIZE_ALL = 0;

/** Text inputs debounce 300 ms. */
export const INPUT_DEBOUNCE_MS = 300;
/** Toasts stay for 2.5 s. */
export const TOAST_DURATION_MS = 2_500;

/** Dynamic unified tag changes propagate within up to 5 minutes. */
export const TAG_PROPAGATION_MINUTES = 5;

/** Ports are 1-65535; IPv4 prefixes up to 32, IPv6 up to 128. */
export const PORT_MIN = 1;
export const PORT_MAX = 65_535;
export const IPV4_PREFIX_MAX = 32;
export const IPV6_PREFIX_MAX = 128;

/** Media input: image hint sizes and thumbnail size in px. */
export const IMAGE_MIN_WIDTH_PX = 480;
export const IMAGE_MAX_WIDTH_PX = 960;
export const IMAGE_MAX_HEIGHT_PX = 960;
export const MEDIA_THUMBNAIL_PX = 40;
export const IMAGE_LINK_PLACEHOLDER = 'Paste the link to an image here';
export const VIDEO_LINK_PLACEHOLDER = 'Paste the link to a YouTube or Vimeo video here';
export const IMAGE_HINT = 'Width 480px-960px, height 960px maximum, saved optimized for web.';

/** A scan run is split into at most 16 child tasks under a group run. */
export const MAX_TASKS_PER_GROUP_RUN = 16;

/** Width of a dashboard grid row in slots: slot = 100*y + x. */
export const DASHBOARD_SLOT_ROW = 100;

/** Dashboard grid slot of a widget at column x, row y. */
export function widgetSlot(x: number, y: number): number {
  return DASHBOARD_SLOT_ROW * y + x;
}

/** Column and row of a dashboard grid slot. */
export function slotPosition(slot: number): { x: number; y: number } {
  return { x: slot % DASHBOARD_SLOT_ROW, y: Math.floor(slot / DASHBOARD_SLOT_ROW) };
}
