// Tests of the §9 business constants and the dashboard slot helper.
import { describe, it, expect } from 'vitest';
import * as K from '../src/constants.ts';

describe('constants', () => {
  it('time limits', () => {
    expect(K.SESSION_RENEW_BEFORE_MS).toBe(300000);
    expect(K.REQUEST_TIMEOUT_MS).toBe(30000);
    expect(K.TIMEOUT_RETRIES).toBe(1);
    expect(K.IMAGE_CHECK_TIMEOUT_MS).toBe(5000);
    expect(K.CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    expect(K.INPUT_DEBOUNCE_MS).toBe(300);
    expect(K.TOAST_DURATION_MS).toBe(2500);
    expect(K.TAG_PROPAGATION_MINUTES).toBe(5);
  });
  it('sizes and limits', () => {
    expect(K.WIDGET_PAGE_SIZE).toBe(100);
    expect(K.NEWS_PAGE_SIZE).toBe(5);
    expect(K.PAGE_SIZE_ALL).toBe(0);
    expect(K.QUERY_MIN_MAX_CAP).toBe(100);
    expect(K.MAX_NUMERIC_SENTINEL).toBe(9999999999);
    expect(K.PORT_MAX).toBe(65535);
    expect(K.IPV6_PREFIX_MAX).toBe(128);
    expect(K.IPV4_PREFIX_MAX).toBe(32);
    expect([K.IMAGE_MIN_WIDTH_PX, K.IMAGE_MAX_WIDTH_PX, K.IMAGE_MAX_HEIGHT_PX, K.MEDIA_THUMBNAIL_PX]).toEqual([480, 960, 960, 40]);
  });
  it('error names and placeholders', () => {
    expect(K.CHUNK_LOAD_ERROR).toBe('ChunkLoadError');
    expect(K.CSS_CHUNK_LOAD_FAILED).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(K.IMAGE_LINK_PLACEHOLDER).toBe('Paste the link to an image here');
    expect(K.VIDEO_LINK_PLACEHOLDER).toBe('Paste the link to a YouTube or Vimeo video here');
  });
  it('slot = 100*y + x, and back', () => {
    expect(K.widgetSlot(0, 0)).toBe(0);
    expect(K.widgetSlot(3, 2)).toBe(203);
    expect(K.slotPosition(203)).toEqual({ x: 3, y: 2 });
    expect(K.slotPosition(K.widgetSlot(11, 7))).toEqual({ x: 11, y: 7 });
  });
});
