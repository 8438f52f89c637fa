// The XML external entity and file upload tests against the fixture app: a form field holding XML and an XML API,
// confirmed by a local file's contents or the out-of-band callback; a marker file uploaded and fetched back, run by
// the server (.php) or served as HTML. The fixed twin refuses DTDs and stores uploads as plain attachments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUpload } from '../../src/web/tests/active/upload.ts';
import { xxe } from '../../src/web/tests/active/xxe.ts';
import { startOobListener, type OobServer } from '../../src/web/oob.ts';
import { crawledPage, formPoint, harness, type Harness } from './fixtures/harness.ts';
import { startVulnApp } from './fixtures/vuln-app.ts';

let vuln: Awaited<ReturnType<typeof startVulnApp>>;
let fixed: Awaited<ReturnType<typeof startVulnApp>>;
let oob: OobServer;
let h: Harness;

beforeAll(async () => {
  [vuln, fixed, oob] = await Promise.all([
    startVulnApp({ fixed: false }),
    startVulnApp({ fixed: true }),
    startOobListener({ host: '127.0.0.1' }),
  ]);
  h = harness({ oob });
});

afterAll(async () => {
  h?.close();
  await Promise.all([vuln?.close(), fixed?.close(), oob?.close()]);
});

const xmlField = (base: string) =>
  formPoint(`${base}/xml-form`, `${base}/xml-order`, [{ name: 'xml', type: 'textarea', value: '<order><item>1</item></order>' }], 'xml');

describe('XXE', () => {
  it('reads /etc/passwd through a form field holding XML, not on the fixed twin', async () => {
    const [f] = await xxe.point!(xmlField(vuln.base), h.ctx);
    expect(f).toMatchObject({ test: 'web-xxe', confidence: 'confirmed', parameter: 'xml' });
    expect(f!.payload).toContain('<!ENTITY bwk SYSTEM "file:///etc/passwd">');
    expect(f!.payload).toContain('<order><item>&bwk;</item></order>');
    expect(f!.evidence.how).toBe('contents of /etc/passwd in the response');
    expect(await xxe.point!(xmlField(fixed.base), h.ctx)).toEqual([]);
  });

  it('posts XML to a URL that answers XML, not on the fixed twin', async () => {
    const [f] = await xxe.page!(await crawledPage(h, `${vuln.base}/api/order`), h.ctx);
    expect(f).toMatchObject({ test: 'web-xxe', method: 'POST', confidence: 'confirmed' });
    expect(await xxe.page!(await crawledPage(h, `${fixed.base}/api/order`), h.ctx)).toEqual([]);
  });

  it('confirms by the callback when the file does not come back', async () => {
    // A parameter entity fetches the URL while the DTD is read; nothing of it is shown.
    const point = { ...xmlField(vuln.base), value: '<order><item>1</item></order>' };
    const blind = harness({ oob });
    const original = blind.ctx.client.send.bind(blind.ctx.client);
    // The file payload's answer is hidden, as a blind endpoint would.
    blind.ctx.client.send = async (req) => {
      const res = await original(req);
      return { ...res, body: res.body.replace(/root:[\s\S]*/, '') };
    };
    const [f] = await xxe.point!(point, blind.ctx);
    blind.close();
    expect(f!.evidence.how).toBe('callback received from 127.0.0.1');
  });
});

describe('file upload', () => {
  const fields = [
    { name: 'title', type: 'text', value: 'photo' },
    { name: 'file', type: 'file', value: '' },
  ];
  // The crawl gives no point for a file field: the test runs at the form's first other field.
  const point = (base: string) => formPoint(`${base}/upload`, `${base}/upload`, fields, 'title', 'multipart/form-data');

  it('confirms a .php file the server runs, with the fetched-back evidence', async () => {
    const [f] = await fileUpload.point!(point(vuln.base), h.ctx);
    expect(f).toMatchObject({ test: 'web-file-upload', confidence: 'confirmed', parameter: 'file', location: 'multipart' });
    expect(f!.evidence.how).toMatch(/^the server ran the uploaded \.php file \(\d+\*\d+ came back as \d+\)$/);
    expect(f!.evidence.response).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/uploads\/bwk\w+\.php → HTTP 200 text\/html/);
  });

  it('confirms an .html file served back as HTML from a common folder (nothing runs there), not on the fixed twin', async () => {
    const at = (base: string) => formPoint(`${base}/upload-static`, `${base}/upload-static`, fields, 'title', 'multipart/form-data');
    const [f] = await fileUpload.point!(at(vuln.base), h.ctx);
    expect(f!.evidence.how).toBe('the uploaded .html file is served back as text/html');
    expect(f!.evidence.proof).toMatch(/^bwk\w+\.html at http:\/\/127\.0\.0\.1:\d+\/files\/bwk\w+\.html$/);
    expect(await fileUpload.point!(at(fixed.base), h.ctx)).toEqual([]);
  });

  it('gives nothing when uploads are renamed and served as attachments', async () => {
    expect(await fileUpload.point!(point(fixed.base), h.ctx)).toEqual([]);
  });

  it('runs once per form: at its first field that is not the file', async () => {
    const two = [{ name: 'caption', type: 'text', value: 'c' }, ...fields];
    expect(
      await fileUpload.point!(formPoint(`${vuln.base}/upload`, `${vuln.base}/upload`, two, 'title', 'multipart/form-data'), h.ctx),
    ).toEqual([]);
  });
});
