// Builds the self-contained HTML of the shipped templates (inline CSS, no external resources, no scripts): the lure
// e-mail, the landing page with its form, and the page after a submission. The tracking listener adds its own beacon
// script when it serves a landing page; the form posts to the page's own address (action ""), where the listener
// records the names of the fields that were filled, never their values.

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

export interface MailParts {
  /** A brand name shown in the header bar. */
  brand: string;
  accent: string;
  greeting: string;
  /** Paragraphs; may hold placeholders such as {{date}}. */
  paragraphs: string[];
  /** The call to action, linked to {{link}}; none for an e-mail-only template. */
  button?: string;
  signature: string;
  footer: string;
}

export function mailHtml(m: MailParts): string {
  const button = m.button
    ? `<p style="margin:24px 0"><a href="{{link}}" style="background:${m.accent};color:#ffffff;padding:12px 22px;border-radius:4px;text-decoration:none;font-weight:bold;display:inline-block">${esc(m.button)}</a></p>`
    : '';
  return `<!DOCTYPE html>
<html><body style="margin:0;padding:0;background:#f3f4f6;font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:6px;overflow:hidden">
<tr><td style="background:${m.accent};color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">${esc(m.brand)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
<p style="margin:0 0 16px">${m.greeting}</p>
${m.paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('\n')}
${button}
<p style="margin:16px 0 0">${m.signature}</p>
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">${m.footer}</td></tr>
</table></td></tr></table>
</body></html>`;
}

export interface FormField {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password' | 'tel';
  autocomplete?: string;
}

export interface PageParts {
  title: string;
  brand: string;
  accent: string;
  intro: string;
  fields: FormField[];
  submit: string;
  note?: string;
  lang: string;
}

const shell = (lang: string, title: string, body: string) => `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title></head>
<body style="margin:0;min-height:100vh;background:#eef1f5;font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#1f2937;display:flex;align-items:center;justify-content:center">
${body}
</body></html>`;

/** A landing page with a sign-in or data form that posts to its own address. */
export function formPage(p: PageParts): string {
  const fields = p.fields
    .map(
      (f) => `<label style="display:block;margin:0 0 14px;font-size:14px">${esc(f.label)}
<input name="${f.name}" type="${f.type}"${f.autocomplete ? ` autocomplete="${f.autocomplete}"` : ''} required style="display:block;width:100%;box-sizing:border-box;margin-top:4px;padding:10px;border:1px solid #c7ccd4;border-radius:4px;font-size:15px"></label>`,
    )
    .join('\n');
  return shell(
    p.lang,
    p.title,
    `<main style="background:#ffffff;width:100%;max-width:380px;padding:32px;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.08)">
<div style="font-size:20px;font-weight:bold;color:${p.accent};margin-bottom:8px">${esc(p.brand)}</div>
<h1 style="font-size:18px;margin:0 0 12px">${esc(p.title)}</h1>
<p style="font-size:14px;line-height:1.5;margin:0 0 20px">${p.intro}</p>
<form method="post" action="">
${fields}
<button type="submit" style="width:100%;padding:11px;background:${p.accent};color:#ffffff;border:0;border-radius:4px;font-size:15px;font-weight:bold;cursor:pointer">${esc(p.submit)}</button>
</form>
${p.note ? `<p style="font-size:12px;color:#6b7280;margin:16px 0 0">${p.note}</p>` : ''}
</main>`,
  );
}

/** The page after a submission: a plain confirmation, as the real service would show. */
export function responsePage(p: { title: string; brand: string; accent: string; text: string; lang: string }): string {
  return shell(
    p.lang,
    p.title,
    `<main style="background:#ffffff;width:100%;max-width:420px;padding:32px;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.08);text-align:center">
<div style="font-size:20px;font-weight:bold;color:${p.accent};margin-bottom:12px">${esc(p.brand)}</div>
<h1 style="font-size:18px;margin:0 0 12px">${esc(p.title)}</h1>
<p style="font-size:14px;line-height:1.5;margin:0">${p.text}</p>
</main>`,
  );
}
