// Tests of required, integer, boolean string, media link validators and error joining (§5).
import { describe, it, expect } from 'vitest';
import {
  INVALID_IMAGE_LINK,
  INVALID_VIDEO_LINK,
  capMinMaxParams,
  capQueryBound,
  isBooleanString,
  isInteger,
  joinErrorArray,
  joinFieldErrors,
  parseVideoLink,
  validateBooleanString,
  validateImageLinkSyntax,
  validateInteger,
  validateRequired,
  validateVideoLink,
} from '../src/validators.ts';

describe('required', () => {
  it("shows '{label} is required' for missing, blank and empty values", () => {
    expect(validateRequired('', 'Name')).toBe('Name is required');
    expect(validateRequired('   ', 'Name')).toBe('Name is required');
    expect(validateRequired(null, 'Start date')).toBe('Start date is required');
    expect(validateRequired(undefined, 'Profile')).toBe('Profile is required');
    expect(validateRequired([], 'Targets')).toBe('Targets is required');
  });
  it('accepts present values, including 0 and false', () => {
    expect(validateRequired('x', 'Name')).toBeNull();
    expect(validateRequired(0, 'Count')).toBeNull();
    expect(validateRequired(false, 'Active')).toBeNull();
    expect(validateRequired([1], 'Targets')).toBeNull();
  });
});

describe('integer', () => {
  it('is an optional minus then digits', () => {
    for (const v of ['0', '42', '-7', '007']) expect(isInteger(v), v).toBe(true);
    for (const v of ['', '-', '+1', '1.0', '1e3', ' 1', '--1', '1-']) expect(isInteger(v), v).toBe(false);
    expect(validateInteger('12')).toBeNull();
    expect(validateInteger('x')).toBe('Enter a whole number.');
  });
});

describe('boolean string', () => {
  it("is exactly 'true' or 'false'", () => {
    expect(isBooleanString('true')).toBe(true);
    expect(isBooleanString('false')).toBe(true);
    for (const v of ['True', 'FALSE', '1', '0', 'yes', '']) expect(isBooleanString(v), v).toBe(false);
    expect(validateBooleanString('true')).toBeNull();
    expect(validateBooleanString('no')).toBe('Enter true or false.');
  });
});

describe('video link', () => {
  it('accepts YouTube links', () => {
    for (const v of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=10s',
      'http://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    ])
      expect(validateVideoLink(v), v).toBeNull();
    expect(parseVideoLink('https://youtu.be/dQw4w9WgXcQ')).toEqual({ provider: 'youtube', id: 'dQw4w9WgXcQ' });
  });

  it('accepts Vimeo links', () => {
    for (const v of [
      'https://vimeo.com/76979871',
      'https://player.vimeo.com/video/76979871',
      'https://vimeo.com/channels/staffpicks/76979871',
    ])
      expect(validateVideoLink(v), v).toBeNull();
    expect(parseVideoLink('https://vimeo.com/76979871')).toEqual({ provider: 'vimeo', id: '76979871' });
  });

  it('rejects other links with the exact message', () => {
    for (const v of [
      'https://example.com/video.mp4',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/',
      'https://vimeo.com/about',
      'https://evil.com/youtube.com/watch?v=dQw4w9WgXcQ',
      'ftp://youtu.be/dQw4w9WgXcQ',
      'youtube',
    ])
      expect(validateVideoLink(v), v).toBe(INVALID_VIDEO_LINK);
    expect(INVALID_VIDEO_LINK).toBe('Invalid link. Only valid Vimeo and YouTube links are supported');
  });

  it('accepts an empty value', () => {
    expect(validateVideoLink('')).toBeNull();
    expect(validateVideoLink(null)).toBeNull();
  });
});

describe('image link syntax', () => {
  it('accepts http(s) links and empty values', () => {
    expect(validateImageLinkSyntax('https://example.com/logo.png')).toBeNull();
    expect(validateImageLinkSyntax('http://cdn.example.org/a?b=c')).toBeNull();
    expect(validateImageLinkSyntax('')).toBeNull();
    expect(validateImageLinkSyntax(undefined)).toBeNull();
  });
  it('rejects other text with the exact message', () => {
    for (const v of ['not a link', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'https://', 'https://exa mple.com/x.png'])
      expect(validateImageLinkSyntax(v), v).toBe(INVALID_IMAGE_LINK);
    expect(INVALID_IMAGE_LINK).toBe('Invalid link. Only valid image links are supported');
  });
});

describe('error joining', () => {
  it('joins several errors of one field with a space', () => {
    expect(joinFieldErrors(['Too short.', 'Needs a digit.'])).toBe('Too short. Needs a digit.');
  });
  it("joins an array of errors with '. '", () => {
    expect(joinErrorArray(['Name taken', 'Port invalid'])).toBe('Name taken. Port invalid');
    expect(joinErrorArray([])).toBe('');
  });
});

describe('query _min/_max cap', () => {
  it('caps at 100', () => {
    expect(capQueryBound(150)).toBe(100);
    expect(capQueryBound(100)).toBe(100);
    expect(capQueryBound(42)).toBe(42);
  });
  it('caps every numeric *_min and *_max parameter only', () => {
    expect(capMinMaxParams({ risk_score_min: 120, risk_score_max: 250, epssv1_max: 100, page: 500, name: 'x' })).toEqual({
      risk_score_min: 100,
      risk_score_max: 100,
      epssv1_max: 100,
      page: 500,
      name: 'x',
    });
  });
});
