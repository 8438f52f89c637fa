// A form submission as a browser sends it: a GET form's fields in the query, a POST form's body url-encoded or as
// multipart/form-data (or text/plain, or JSON for forms that declare it).
import { randomBytes } from 'node:crypto';
import type { WebForm } from '../types.ts';

export interface Submission {
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  contentType?: string;
}

export function encodeForm(form: Pick<WebForm, 'action' | 'method' | 'enctype'>, values: Record<string, string>): Submission {
  if (form.method === 'GET') {
    const u = new URL(form.action);
    u.search = new URLSearchParams(values).toString();
    u.hash = '';
    return { method: 'GET', url: u.href };
  }
  switch (form.enctype) {
    case 'multipart/form-data': {
      const boundary = `----BulwarkBoundary${randomBytes(8).toString('hex')}`;
      const parts = Object.entries(values).map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/"/g, '%22')}"\r\n\r\n${v}\r\n`,
      );
      return {
        method: 'POST',
        url: form.action,
        body: `${parts.join('')}--${boundary}--\r\n`,
        contentType: `multipart/form-data; boundary=${boundary}`,
      };
    }
    case 'text/plain':
      return {
        method: 'POST',
        url: form.action,
        body: Object.entries(values)
          .map(([k, v]) => `${k}=${v}\r\n`)
          .join(''),
        contentType: 'text/plain',
      };
    case 'application/json':
      return { method: 'POST', url: form.action, body: JSON.stringify(values), contentType: 'application/json' };
    default:
      return {
        method: 'POST',
        url: form.action,
        body: new URLSearchParams(values).toString(),
        contentType: 'application/x-www-form-urlencoded',
      };
  }
}
