// The listener's HTML: its strict headers, the neutral page (unknown token, nothing to show), the landing page with
// the injected beacon script, and the pages after a submission or a report. Templates' own scripts never run: the
// policy allows only the listener's script, by a nonce drawn per response.
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export const newNonce = (): string => randomBytes(16).toString('base64url');

/** The policy of every page: the listener's own script (by nonce), the two video players, images from anywhere. */
export function contentPolicy(scriptNonce: string | undefined): string {
  return [
    "default-src 'none'",
    scriptNonce ? `script-src 'nonce-${scriptNonce}'` : "script-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self' https: data:",
    'font-src https: data:',
    "connect-src 'self'",
    "form-action 'self'",
    'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers of every answer: never cached, never indexed, no referrer, nothing framed or sniffed. */
export function strictHeaders(reply: FastifyReply, scriptNonce?: string): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .header('x-robots-tag', 'noindex, nofollow, noarchive')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('cross-origin-opener-policy', 'same-origin')
    .header('content-security-policy', contentPolicy(scriptNonce));
}

export function shell(title: string, body: string, extraHead = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${esc(title)}</title>${extraHead}<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}</style></head><body>${body}</body></html>`;
}

export const NEUTRAL_PAGE = shell('Not found', '<main><h1>Not found</h1><p>This page is not available.</p></main>');
export const EMPTY_PAGE = shell('Page', '<main><p>This page is no longer available.</p></main>');
export const REPORTED_PAGE = shell(
  'Thank you',
  '<main><h1>Thank you for reporting</h1><p>Reporting suspicious messages keeps everyone safe. You may delete the message.</p></main>',
);
export const THANK_YOU_PAGE = shell('Thank you', '<main><h1>Thank you</h1><p>Your request has been received.</p></main>');

/** The 1×1 transparent GIF of the open pixel. */
export const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The hidden field the script fills with the page's nonce; a submission without it never counts as a person's. */
export const NONCE_FIELD = '_bw_nonce';

/**
 * The script of a landing page: (1) tells the listener the page ran in a browser on the first pointer, key or focus
 * event or after a second visible, and shows the training link when the answer names one; (2) makes every form post
 * here with the page's nonce in a hidden field.
 */
export function beaconScript(token: string, pageNonce: string): string {
  return `(function(){var T=${JSON.stringify(token)},N=${JSON.stringify(pageNonce)},F=${JSON.stringify(NONCE_FIELD)},sent=false,timer;
function training(u){if(document.getElementById('bw-training'))return;var d=document.createElement('div');d.id='bw-training';d.setAttribute('role','alert');d.style.cssText='position:fixed;top:0;left:0;right:0;z-index:2147483647;padding:1rem;background:#c92a2a;color:#fff;font:16px system-ui,sans-serif;text-align:center';d.appendChild(document.createTextNode('This was a phishing exercise. '));var a=document.createElement('a');a.href=u;a.id='bw-training-link';a.style.color='#fff';a.textContent='Start your training';d.appendChild(a);document.body.appendChild(d);}
function beacon(signal){if(sent)return;sent=true;clearTimeout(timer);fetch('/l/'+T+'/b',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({nonce:N,signal:signal}),credentials:'omit',keepalive:true}).then(function(r){return r.json();}).then(function(j){if(j&&j.training)training(j.training);}).catch(function(){});}
['pointerdown','pointermove','keydown','focusin','touchstart'].forEach(function(e){addEventListener(e,function(){beacon(e);},{capture:true,passive:true});});
function vis(){clearTimeout(timer);if(document.visibilityState==='visible')timer=setTimeout(function(){beacon('visible');},1000);}
document.addEventListener('visibilitychange',vis);vis();
function forms(){Array.prototype.forEach.call(document.forms,function(f){f.setAttribute('action','/l/'+T);f.setAttribute('method','post');f.setAttribute('enctype','application/x-www-form-urlencoded');var i=f.querySelector('input[name="'+F+'"]');if(!i){i=document.createElement('input');i.type='hidden';i.name=F;f.appendChild(i);}i.value=N;});}
if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',forms);else forms();})();`;
}

/** Puts the script (by nonce) at the end of the page's body, or at its end when it has none. */
export function injectScript(html: string, script: string, scriptNonce: string): string {
  const tag = `<script nonce="${scriptNonce}">${script}</script>`;
  const i = html.toLowerCase().lastIndexOf('</body>');
  return i >= 0 ? html.slice(0, i) + tag + html.slice(i) : html + tag;
}

/** A template's body as a page: a whole document stays as written, a fragment gets a minimal document around it. */
export function asDocument(html: string, title: string): string {
  return /<html[\s>]/i.test(html) ? html : shell(title, html);
}

/** The names of a template's password inputs (its own markup says which fields are secrets). */
export function passwordInputNames(html: string): string[] {
  const names: string[] = [];
  for (const m of html.matchAll(/<input\b[^>]*>/gi)) {
    const tag = m[0];
    if (!/\btype\s*=\s*["']?password\b/i.test(tag)) continue;
    const name = /\bname\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    const n = name?.[1] ?? name?.[2] ?? name?.[3];
    if (n) names.push(n);
  }
  return names;
}

/** A field named like a secret: its value is never kept, and it is marked as a password. */
export const SECRET_NAME = /pass|pwd|secret|otp|pin\b|token|credential|mfa|2fa|totp/i;
