// Saves data the app already holds as a file in the browser (e.g. an exported scan profile as JSON).

/** A file name made from `name`: letters, digits, dots, dashes and underscores; others become '-'. */
export function safeFileName(name: string, extension: string): string {
  const base = name
    .trim()
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base === '' ? 'download' : base}.${extension}`;
}

/** Offers `data` as a pretty-printed JSON download named `fileName`. */
export function downloadJson(data: unknown, fileName: string): void {
  downloadBlob(new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }), fileName);
}

/** Offers `text` as a plain-text download named `fileName` (e.g. recovery codes). */
export function downloadText(text: string, fileName: string): void {
  downloadBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);
}

function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
