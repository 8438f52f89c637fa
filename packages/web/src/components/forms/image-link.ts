// Image-link check of §5: syntax from core, then the image must load within 5 s; an empty value is accepted.
import { IMAGE_CHECK_TIMEOUT_MS, INVALID_IMAGE_LINK, validateImageLinkSyntax } from '@bulwark/core';

/** True when the browser loads `url` as an image within `timeoutMs`. */
export function imageLoads(url: string, timeoutMs: number = IMAGE_CHECK_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    const timer = setTimeout(() => {
      image.src = '';
      resolve(false);
    }, timeoutMs);
    image.onload = () => {
      clearTimeout(timer);
      resolve(true);
    };
    image.onerror = () => {
      clearTimeout(timer);
      resolve(false);
    };
    image.src = url;
  });
}

/** null when valid, else 'Invalid link. Only valid image links are supported'. */
export async function validateImageLink(value: string | null | undefined): Promise<string | null> {
  const syntax = validateImageLinkSyntax(value);
  if (syntax || !value || value.trim() === '') return syntax;
  return (await imageLoads(value.trim())) ? null : INVALID_IMAGE_LINK;
}
