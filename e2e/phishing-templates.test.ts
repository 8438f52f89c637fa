// Browser test of building a web training template, the proof: an administrator adds a web template in the
// editor with a single-choice step whose media is a YouTube video — its 40 px thumbnail comes through the server's
// oEmbed lookup, which asks a local stand-in answering as YouTube's oEmbed endpoint does — saves it, opens its preview
// and answers the question as a recipient would, seeing the right-answer message; the saved steps are checked in the DB.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fraSessionTemplates, fraTrainingSteps } from '../packages/server/src/db/schema/index.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';
import { startStack, type Stack } from './helpers/stack.ts';

/** The oEmbed stand-in's address (this helper's loopback range). */
const OEMBED_HOST = '127.31.6.2';
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

let stack: Stack;
let admin: Page;
let oembed: Server;
const asked: string[] = [];
let thumbnailUrl = '';

describe('a web training template built in the browser', () => {
  beforeAll(async () => {
    // YouTube's oEmbed answer: GET ?url=<watch link>&format=json → title, thumbnail_url and the rest (JSON).
    oembed = createServer((req, res) => {
      const url = new URL(req.url ?? '/', `http://${OEMBED_HOST}`);
      if (url.pathname === '/thumb.jpg') {
        // A 1×1 GIF stands in for the JPEG: the browser only needs an image that loads.
        res
          .writeHead(200, { 'content-type': 'image/gif' })
          .end(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
        return;
      }
      asked.push(url.searchParams.get('url') ?? '');
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          title: 'How to spot a phish',
          author_name: 'Security Team',
          type: 'video',
          height: 113,
          width: 200,
          version: '1.0',
          provider_name: 'YouTube',
          provider_url: 'https://www.youtube.com/',
          thumbnail_height: 360,
          thumbnail_width: 480,
          thumbnail_url: thumbnailUrl,
          html: '<iframe></iframe>',
        }),
      );
    });
    await new Promise<void>((r) => oembed.listen(0, OEMBED_HOST, () => r()));
    const port = (oembed.address() as AddressInfo).port;
    // isImageLinkSyntax wants a dotted host name: the loopback address is one.
    thumbnailUrl = `http://${OEMBED_HOST}:${port}/thumb.jpg`;
    stack = await startStack({ BULWARK_OEMBED_YOUTUBE_URL: `http://${OEMBED_HOST}:${port}/oembed` });
    admin = (await stack.newPage()).page;
    await signInAsAdmin(admin);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await new Promise<void>((r) => (oembed ? oembed.close(() => r()) : r()));
  });

  it('adds a training with a video step, previews it and answers its question', async () => {
    await admin.goto('/fra/web-templates');
    await admin.getByRole('button', { name: 'Add web template' }).first().click();
    const form = admin.getByRole('form', { name: 'Add web template' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Spot the parcel scam');

    const step = form.getByRole('region', { name: 'Step 1' });
    await step.getByRole('textbox', { name: 'Title', exact: true }).fill('Which sender is real?');
    await step.getByRole('textbox', { name: 'Text', exact: true }).fill('Hello {{first_name}}, look at the address after the @.');
    const media = step.getByRole('group', { name: 'Media of step 1' });
    await media.getByText('Video', { exact: true }).click();
    await media.getByRole('textbox', { name: 'Media of step 1' }).fill(VIDEO);
    const thumbnail = media.getByRole('img', { name: 'Media of step 1: thumbnail' });
    await pwExpect(thumbnail).toBeVisible();
    expect(await thumbnail.getAttribute('src')).toBe(thumbnailUrl);
    expect(asked).toContain(VIDEO);

    await step.getByRole('combobox', { name: 'Question', exact: true }).click();
    await admin.getByRole('option', { name: 'Single choice' }).click();
    await step.getByRole('textbox', { name: 'Option 1', exact: true }).fill('parcels@parcel-service.example');
    await step.getByRole('textbox', { name: 'Option 2', exact: true }).fill('parcel-service@free-mail.example');
    await step.getByRole('checkbox', { name: 'Option 1 is correct' }).check();
    await step.getByRole('textbox', { name: 'Message after a right answer' }).fill('Right: the domain is the company’s own.');
    await step.getByRole('textbox', { name: 'Message after a wrong answer' }).fill('Look at the domain after the @.');
    await form.getByRole('button', { name: 'Add web template' }).click();
    await pwExpect(admin.getByText('Web template created.')).toBeVisible();

    const [saved] = await stack.app.ctx.db.select().from(fraSessionTemplates).where(eq(fraSessionTemplates.name, 'Spot the parcel scam'));
    expect(saved).toBeDefined();
    const steps = await stack.app.ctx.db.select().from(fraTrainingSteps).where(eq(fraTrainingSteps.templateId, saved!.id));
    expect(steps).toHaveLength(1);
    expect(steps[0]!.media).toEqual({ type: 'video', url: VIDEO });

    const table = admin.getByRole('table', { name: 'Web templates' });
    await table.getByRole('link', { name: 'Preview Spot the parcel scam' }).click();
    await admin.waitForURL(new RegExp(`/fra-previews/training-template/website/${saved!.id}$`));
    const inputs = admin.getByRole('form', { name: 'Preview inputs' });
    await inputs.getByRole('textbox', { name: 'First name' }).fill('Kim');
    await inputs.getByRole('button', { name: 'Show with these inputs' }).click();
    await admin.waitForURL(/first_name=Kim/);
    const training = admin.getByRole('region', { name: 'Training' });
    await pwExpect(training.getByText('Hello Kim, look at the address after the @.')).toBeVisible();
    const player = training.getByTitle('Media of Which sender is real?');
    await player.waitFor({ state: 'attached' });
    expect(await player.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await training.getByText('parcels@parcel-service.example').click();
    await training.getByRole('button', { name: 'Check answer' }).click();
    await pwExpect(training.getByText('Right: the domain is the company’s own.')).toBeVisible();
  }, 120_000);
});
