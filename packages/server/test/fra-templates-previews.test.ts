// Previews and the video thumbnail lookup through the API: fra/previews/phishing-template/ fills placeholders from the
// query over the samples and escapes HTML in values (a first_name <script> comes back escaped), the link stays "#";
// fra/previews/training-session-invitation-email/ renders the components as escaped text with the button; fra/
// previews/training/ gives the steps with placeholders filled and each video's embed player; fra/video-thumbnail/
// asks a local stand-in answering as YouTube's and Vimeo's oEmbed endpoints do, answers nulls when the provider fails,
// and 400 with §5's message for any other link. Guards: 401, 403, another customer 404, bad input 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INVALID_VIDEO_LINK, SAMPLE_TEMPLATE_VARS, type PhishingTemplate, type SessionTemplate } from '@bulwark/core';
import { users } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { httpReceiver, type HttpReceiver } from './helpers/receivers.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

const PV = '/api/fra/previews/';
const VT = '/api/fra/video-thumbnail/';
const YT_ID = 'wygwHXYj_TI';

/** YouTube's oEmbed answer (https://www.youtube.com/oembed?url=…&format=json): 404 "Not Found" for an unknown video. */
const youtubeAnswer = (id: string) => ({
  title: 'Cyber Security Awareness Training For Employees',
  author_name: 'Awareness Channel',
  author_url: 'https://www.youtube.com/@awareness',
  type: 'video',
  height: 113,
  width: 200,
  version: '1.0',
  provider_name: 'YouTube',
  provider_url: 'https://www.youtube.com/',
  thumbnail_height: 360,
  thumbnail_width: 480,
  thumbnail_url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
  html: `<iframe width="200" height="113" src="https://www.youtube.com/embed/${id}?feature=oembed" frameborder="0" allowfullscreen title="x"></iframe>`,
});
/** Vimeo's oEmbed answer (https://vimeo.com/api/oembed.json?url=…). */
const vimeoAnswer = (id: string) => ({
  type: 'video',
  version: '1.0',
  provider_name: 'Vimeo',
  provider_url: 'https://vimeo.com/',
  title: 'Spot the phish',
  author_name: 'Security Team',
  author_url: 'https://vimeo.com/securityteam',
  is_plus: '0',
  account_type: 'basic',
  html: `<iframe src="https://player.vimeo.com/video/${id}?app_id=122963" width="640" height="360" frameborder="0" title="Spot the phish"></iframe>`,
  width: 640,
  height: 360,
  duration: 184,
  description: '',
  thumbnail_url: `https://i.vimeocdn.com/video/${id}-d_295x166`,
  thumbnail_width: 295,
  thumbnail_height: 166,
  thumbnail_url_with_play_button: `https://i.vimeocdn.com/filter/overlay?src0=x`,
  upload_date: '2024-03-01 10:00:00',
  video_id: Number(id),
  uri: `/videos/${id}`,
});

describe.each(BACKENDS)('template previews and video thumbnails on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let nobody: Client;
  let rival: Client;
  let youtube: HttpReceiver;
  let vimeo: HttpReceiver;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    youtube = await httpReceiver('127.31.1.1', (hit) => {
      const q = new URL(hit.path, 'http://x').searchParams;
      const v = new URL(q.get('url') ?? '', 'http://x').searchParams.get('v');
      if (q.get('format') !== 'json') return { status: 501, body: 'Not Implemented' };
      if (v === YT_ID) return { status: 200, body: JSON.stringify(youtubeAnswer(v)) };
      if (v === 'privatevid1') return { status: 401, body: 'Unauthorized' };
      return { status: 404, body: 'Not Found' };
    });
    vimeo = await httpReceiver('127.31.1.2', (hit) => {
      const url = new URL(hit.path, 'http://x').searchParams.get('url') ?? '';
      const m = /^https:\/\/vimeo\.com\/(\d+)$/.exec(url);
      if (m?.[1] === '76979871') return { status: 200, body: JSON.stringify(vimeoAnswer(m[1])) };
      if (m?.[1] === '500') return { status: 200, body: '<html>maintenance</html>' };
      return { status: 404, body: '{"type":"video","version":"1.0","domain_status_code":404}' };
    });
    t = await startTestApp(backend, {
      BULWARK_BUILTIN_PROBE: 'off',
      BULWARK_OEMBED_YOUTUBE_URL: `${youtube.url}/oembed`,
      BULWARK_OEMBED_VIMEO_URL: `${vimeo.url}/api/oembed.json`,
    });
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const n = await t.user({ email: 'nobody@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { assets: ['read'] } })
      .where(eq(users.id, n.id));
    nobody = await signedIn(t, 'nobody@example.com');
    rival = await signedIn(t, (await t.otherCustomer('Rival Corp')).adminEmail);

    const create = async (url: string, body: Record<string, unknown>) => {
      const res = await admin.post<PhishingTemplate & SessionTemplate>(url, body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id;
    };
    id.website = await create('/api/fra/phishing-templates/', {
      name: 'Password expiry',
      template_type: 'website',
      email_subject: 'For {{first_name}} in {{department}}',
      email_body: '<p>Hello {{first_name}} {{last_name}}, <a href="{{link}}">keep it</a> {{unknown}}</p>',
      website_main_template: '<h1>Sign in, {{full_name}}</h1><form method="post"><input name="password" type="password"></form>',
      website_response_template: '<p>Thanks {{first_name}}</p>',
    });
    id.email = await create('/api/fra/phishing-templates/', {
      name: 'Invoice',
      template_type: 'email',
      email_subject: 'Invoice for {{email}}',
      email_body: '<p>Pay, {{first_name}}.</p>',
    });
    id.invite = await create('/api/fra/session-templates/', {
      name: 'Invitation',
      session_type: 'email',
      section: 'content',
      accent_color: '#e8590c',
      components: {
        subject: 'Training for {{first_name}}',
        heading: 'Hello {{first_name}}',
        body: 'Line one <b>not bold</b>\nLine two',
        button: 'Start',
        footer: 'Security team',
      },
    });
    id.training = await create('/api/fra/session-templates/', {
      name: 'Spotting phishing',
      session_type: 'website',
      section: 'training',
      training_steps: [
        { title: 'Hello {{first_name}}', media: { type: 'video', url: `https://youtu.be/${YT_ID}` } },
        { title: 'Vimeo', media: { type: 'video', url: 'https://vimeo.com/76979871' } },
        { title: 'Image', description: 'In {{department}}', media: { type: 'image', url: 'https://example.com/a.png' } },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
    await youtube.close();
    await vimeo.close();
  });

  it('fills a phishing template with the samples and the query, escaping HTML in values; the link stays "#"', async () => {
    const res = await admin.get<Record<string, string | null>>(
      `${PV}phishing-template/?id=${id.website}&first_name=${encodeURIComponent('<script>alert(1)</script>')}&link=javascript:alert(2)`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.subject).toBe(`For <script>alert(1)</script> in ${SAMPLE_TEMPLATE_VARS.department}`);
    expect(res.body.html).toBe(
      `<p>Hello &lt;script&gt;alert(1)&lt;/script&gt; ${SAMPLE_TEMPLATE_VARS.last_name}, <a href="#">keep it</a> {{unknown}}</p>`,
    );
    expect(res.body.html).not.toContain('<script>');
    expect(res.body.website_main).toContain(`<h1>Sign in, ${SAMPLE_TEMPLATE_VARS.full_name}</h1>`);
    expect(res.body.website_response).toBe('<p>Thanks &lt;script&gt;alert(1)&lt;/script&gt;</p>');
    const plain = await admin.get<Record<string, string | null>>(`${PV}phishing-template/?id=${id.email}`);
    expect(plain.body).toEqual({
      subject: `Invoice for ${SAMPLE_TEMPLATE_VARS.email}`,
      html: `<p>Pay, ${SAMPLE_TEMPLATE_VARS.first_name}.</p>`,
      website_main: null,
      website_response: null,
    });
  });

  it('renders a training invitation: components as escaped text, the button to the link, the accent colour', async () => {
    const res = await admin.get<{ subject: string; html: string }>(
      `${PV}training-session-invitation-email/?id=${id.invite}&first_name=Kim`,
    );
    expect(res.status).toBe(200);
    expect(res.body.subject).toBe('Training for Kim');
    expect(res.body.html).toContain('<h1 style="font-size:20px;margin:0 0 16px">Hello Kim</h1>');
    expect(res.body.html).toContain('Line one &lt;b&gt;not bold&lt;/b&gt;<br>Line two');
    expect(res.body.html).toMatch(/<a href="#" style="background:#e8590c[^"]*">Start<\/a>/);
    expect((await admin.get(`${PV}training-session-invitation-email/?id=${id.training}`)).body).toEqual({
      id: ['This is not an e-mail template.'],
    });
  });

  it('gives a training ready for its preview page: placeholders filled, each video’s embed player', async () => {
    const res = await admin.get<
      Omit<SessionTemplate, 'training_steps'> & { training_steps: { title: string; description: string; media_embed_url: string | null }[] }
    >(`${PV}training/?id=${id.training}&department=Legal`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.training_steps.map((s) => [s.title, s.media_embed_url])).toEqual([
      [`Hello ${SAMPLE_TEMPLATE_VARS.first_name}`, `https://www.youtube-nocookie.com/embed/${YT_ID}`],
      ['Vimeo', 'https://player.vimeo.com/video/76979871'],
      ['Image', null],
    ]);
    expect(res.body.training_steps[2]!.description).toBe('In Legal');
    expect((await admin.get(`${PV}training/?id=${id.invite}`)).body).toEqual({ id: ['This is not a web training template.'] });
  });

  it('refuses a preview without an id, and another customer’s template', async () => {
    for (const path of ['phishing-template/', 'training-session-invitation-email/', 'training/']) {
      const missing = await admin.get<Record<string, string[]>>(`${PV}${path}`);
      expect(missing.status, path).toBe(400);
      expect(missing.body, path).toHaveProperty('id');
    }
    expect((await rival.get(`${PV}phishing-template/?id=${id.website}`)).status).toBe(404);
    expect((await rival.get(`${PV}training-session-invitation-email/?id=${id.invite}`)).status).toBe(404);
    expect((await rival.get(`${PV}training/?id=${id.training}`)).status).toBe(404);
    expect((await admin.get(`${PV}phishing-template/?id=99999999999`)).status).toBe(404);
  });

  it('looks a video up at its provider’s oEmbed endpoint', async () => {
    const yt = await admin.get(`${VT}?url=${encodeURIComponent(`https://youtu.be/${YT_ID}`)}`);
    expect(yt.status, JSON.stringify(yt.body)).toBe(200);
    expect(yt.body).toEqual({
      provider: 'youtube',
      video_id: YT_ID,
      title: 'Cyber Security Awareness Training For Employees',
      thumbnail_url: `https://i.ytimg.com/vi/${YT_ID}/hqdefault.jpg`,
    });
    const asked = new URL(youtube.hits.at(-1)!.path, 'http://x');
    expect(asked.pathname).toBe('/oembed');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ url: `https://www.youtube.com/watch?v=${YT_ID}`, format: 'json' });
    const vm = await admin.get(`${VT}?url=${encodeURIComponent('https://vimeo.com/channels/staffpicks/76979871')}`);
    expect(vm.body).toEqual({
      provider: 'vimeo',
      video_id: '76979871',
      title: 'Spot the phish',
      thumbnail_url: 'https://i.vimeocdn.com/video/76979871-d_295x166',
    });
  });

  it('answers the video with nulls when the provider fails, and 400 for a link that is no YouTube or Vimeo video', async () => {
    const nulls = (provider: string, video_id: string) => ({ provider, video_id, title: null, thumbnail_url: null });
    expect((await admin.get(`${VT}?url=${encodeURIComponent('https://www.youtube.com/watch?v=unknownvid1')}`)).body).toEqual(
      nulls('youtube', 'unknownvid1'),
    );
    expect((await admin.get(`${VT}?url=${encodeURIComponent('https://www.youtube.com/embed/privatevid1')}`)).body).toEqual(
      nulls('youtube', 'privatevid1'),
    );
    expect((await admin.get(`${VT}?url=${encodeURIComponent('https://vimeo.com/500')}`)).body).toEqual(nulls('vimeo', '500'));
    expect((await admin.get(`${VT}?url=${encodeURIComponent('https://vimeo.com/404')}`)).body).toEqual(nulls('vimeo', '404'));
    const hits = youtube.hits.length + vimeo.hits.length;
    for (const url of ['https://dailymotion.com/video/x8', 'not a link', 'https://youtube.com/watch?v=short']) {
      const res = await admin.get(`${VT}?url=${encodeURIComponent(url)}`);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toEqual({ url: [INVALID_VIDEO_LINK] });
    }
    expect(youtube.hits.length + vimeo.hits.length).toBe(hits);
    expect((await admin.get(VT)).body).toEqual({ url: ['This field is required.'] });
  });

  it('guards previews and the lookup: 401 anonymous, 403 without the phishing permission', async () => {
    const anon = await anonymous(t);
    for (const url of [
      `${PV}phishing-template/?id=${id.website}`,
      `${PV}training-session-invitation-email/?id=${id.invite}`,
      `${PV}training/?id=${id.training}`,
      `${VT}?url=${encodeURIComponent(`https://youtu.be/${YT_ID}`)}`,
    ]) {
      expect((await anon.get(url)).status, url).toBe(401);
      expect((await nobody.get(url)).status, url).toBe(403);
    }
  });
});
