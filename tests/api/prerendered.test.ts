/**
 * Prerendered public pages (src/prerender): the page in the visitor's language, the same 200/404
 * rules as the app shell, the shell for members and when a file is missing, slots filled escaped.
 * The build is faked in a temp folder.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPage, siteSlotValues, type SlotFiller } from '../../server/lib/prerendered-pages';
import { landerSlotFiller } from '../../server/services/lander-prerender';
import { signupOpenFiller } from '../../server/services/signup-prerender';
import { matchPrerendered } from '../../src/shared/prerender/pages';
import { SITE_SLOTS } from '../../src/shared/prerender/site-slots';
import { buildTestApp, ENGINES, type TestApp } from './helper';

const SHELL = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const BOOT = 'window.__prerendered=1;';
const BOOT_HASH = `'sha256-${createHash('sha256').update(BOOT).digest('base64')}'`;

/** A prerendered page as the build writes it, with the footer's slots. */
const page = (name: string, lng: string) =>
  `<!doctype html><html lang="${lng}"><head><title>${name}</title></head><body>` +
  `<div id="prerendered" data-lng="${lng}"><h1>${name} ${lng}</h1>` +
  '<p>© [[slot:site.year]] [[slot:site.company_line]]</p><p>[[slot:site.site_name]]</p></div>' +
  `<div id="root" hidden></div><script>${BOOT}</script></body></html>`;

/** A build with prerendered home, login and terms pages in English and Dutch only. */
function fakeBuild(root: string, withManifest = true) {
  const client = join(root, 'client');
  mkdirSync(join(client, 'assets'), { recursive: true });
  writeFileSync(join(client, 'index.html'), SHELL);
  const pages: string[] = [];
  for (const name of ['home', 'login', 'pages-terms'])
    for (const lng of ['en', 'nl']) {
      mkdirSync(join(client, 'prerendered', name), { recursive: true });
      writeFileSync(join(client, 'prerendered', name, `${lng}.html`), page(name, lng));
      pages.push(`${name}/${lng}`);
    }
  if (withManifest)
    writeFileSync(
      join(client, 'prerendered', 'manifest.json'),
      JSON.stringify({ pages, scriptHashes: [BOOT_HASH] }),
    );
  const locales = join(root, 'locales');
  mkdirSync(join(locales, 'en'), { recursive: true });
  writeFileSync(join(locales, 'en', 'messages.json'), '{}');
  return { client, locales };
}

const COMPANY = {
  name: 'Dates & <Co>',
  address: 'Kerkstraat 1',
  city: 'Utrecht',
  country: 'Nederland',
  kvk: '12345678',
  tradenames: [],
  vat_numbers: ['NL001"2'],
};

for (const engine of ENGINES) {
  describe(`prerendered pages (${engine})`, () => {
    let t: TestApp;
    let root: string;
    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'amora-prerendered-'));
      const { client, locales } = fakeBuild(root);
      t = await buildTestApp(engine, {
        clientDir: client,
        localesDir: locales,
        site: { company: COMPANY, name: "Amora's <site>" },
      });
    });
    afterAll(async () => {
      await t.close();
      rmSync(root, { recursive: true, force: true });
    });

    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers });

    it.each([
      ['/', {}, 'home en'],
      ['/', { 'accept-language': 'nl-BE, en;q=0.5' }, 'home nl'],
      ['/login', { cookie: 'i18n_redirected=nl' }, 'login nl'],
      ['/login/', { cookie: 'i18n_redirected=en', 'accept-language': 'nl' }, 'login en'],
      ['/pages/terms', { 'accept-language': 'nl' }, 'pages-terms nl'],
    ])('sends %s to a visitor (%o) as the prerendered page', async (path, headers, heading) => {
      const res = await get(path, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toBe('Cookie, Accept-Language');
      expect(res.headers['content-language']).toBe(heading.slice(-2));
      expect(res.body).toContain(`<h1>${heading}</h1>`);
      expect(res.body).not.toContain('[[slot:');
    });

    it('fills the operator details escaped, never as markup', async () => {
      const res = await get('/pages/terms');
      expect(res.body).toContain(
        `© ${new Date().getFullYear()} Dates &amp; &lt;Co&gt; · Kerkstraat 1, Utrecht, Nederland · ` +
          'KvK 12345678 · VAT NL001&quot;2',
      );
      expect(res.body).toContain('<p>Amora&#39;s &lt;site&gt;</p>');
      expect(res.body).not.toContain('<Co>');
    });

    it('allows the inline boot script of the prerendered pages in the CSP', async () => {
      const res = await get('/');
      expect(String(res.headers['content-security-policy'])).toContain(BOOT_HASH);
    });

    it.each([
      ['a member (session hint cookie)', { cookie: 'amora_in=1' }],
      ['a visitor who chose another design', { cookie: 'amora.template=%22nightfall%22' }],
      ['a language the build has no file for', { cookie: 'i18n_redirected=pl' }],
    ])('sends the app shell to %s', async (_who, headers) => {
      const res = await get('/', headers);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('id="prerendered"');
    });

    it('keeps the shell for pages that are not prerendered', async () => {
      const res = await get('/members');
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('id="prerendered"');
    });

    it.each(['/nope', '/pages/unknown', '/login/extra'])(
      'still answers the unknown page %s with 404 and the shell',
      async (path) => {
        const res = await get(path);
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain('<div id="root"></div>');
      },
    );

    it('does not serve the page files by their own path', async () => {
      const res = await get('/prerendered/home/en.html');
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('home en');
    });
  });
}

describe('prerendered pages without their manifest', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'amora-prerendered-'));
    const { client, locales } = fakeBuild(root, false);
    t = await buildTestApp(ENGINES[0] ?? 'sqlite', { clientDir: client, localesDir: locales });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('falls back to the app shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      SHELL.replace(
        '</head>',
        '<link rel="preload" href="/_i18n/en/messages.json" as="fetch" crossorigin="anonymous"></head>',
      ),
    );
  });
});

describe('site slots', () => {
  it('has a value for every site slot a page carries', () => {
    const values = siteSlotValues({ name: 'Amora', support_phone: '+31 20 1', company: COMPANY });
    expect(Object.keys(values).sort()).toEqual([...SITE_SLOTS].sort());
    expect(values['site.vat_number']).toBe('NL001"2');
  });
});

describe('request-time slot fillers', () => {
  const request = {} as FastifyRequest;
  const html =
    '<h2>[[slot:member.name]]</h2><img src="[[slot:member.photo]]" alt="[[slot:member.name]]">';
  const match = { name: 'member-lander', language: 'en' as const, params: { memberId: '7' } };

  it('fills a family’s own slots escaped, next to the site slots', async () => {
    const filler: SlotFiller = async (_request, m) => ({
      'member.name': `"><script>alert(${m.params.memberId})</script>`,
      'member.photo': '/uploads/7.jpg?a=1&b=2',
    });
    const filled = await fillPage(
      request,
      { match: { ...match, filler: 'member-card' }, html },
      {},
      new Map([['member-card', filler]]),
    );
    expect(filled).toBe(
      '<h2>&quot;&gt;&lt;script&gt;alert(7)&lt;/script&gt;</h2>' +
        '<img src="/uploads/7.jpg?a=1&amp;b=2" alt="&quot;&gt;&lt;script&gt;alert(7)&lt;/script&gt;">',
    );
  });

  it('leaves the page to the app shell when the filler has nothing to show', async () => {
    const none: SlotFiller = async () => null;
    const page = { match: { ...match, filler: 'member-card' }, html };
    expect(await fillPage(request, page, {}, new Map([['member-card', none]]))).toBeNull();
    expect(await fillPage(request, page, {}, new Map())).toBeNull();
  });

  it('empties a slot that has no value', async () => {
    expect(await fillPage(request, { match, html }, {}, new Map())).toBe(
      '<h2></h2><img src="" alt="">',
    );
  });
});

describe('the landers’ audience filler', () => {
  const request = {} as FastifyRequest;
  const fill = landerSlotFiller(join(process.cwd(), 'locales'));
  const lander = (path: string) => matchPrerendered(path, 'en');

  it('answers every niche of a language from one file, with the niche’s words', async () => {
    const match = lander('/landers/video/she-nl');
    expect(match).toMatchObject({ name: 'landers-video', language: 'nl', filler: 'lander' });
    expect(await fill(request, match!)).toEqual({
      'lander.audience': 'Vrouwen bij jou in de buurt',
    });
    expect(await fill(request, lander('/landers/video/gay-eng')!)).toEqual({
      'lander.audience': 'Men who like men',
    });
  });

  it('matches no file for an unknown slug or design, which stay the 404 page', () => {
    expect(lander('/landers/video/she-xx')).toBeNull();
    expect(lander('/landers/video/en')).toBeNull();
    expect(lander('/landers/unknown/eng')).toBeNull();
  });

  it('leaves the page to the app shell when the locales have no such words', async () => {
    const bare = landerSlotFiller(join(tmpdir(), 'no-locales-here'));
    expect(await bare(request, lander('/landers/gallery/de')!)).toBeNull();
  });
});

describe('the sign-up page’s filler', () => {
  const at = (url: string) => ({ url }) as FastifyRequest;
  const match = matchPrerendered('/signup', 'en')!;

  it('is the prerendered step 0 of the wizard', () => {
    expect(match).toMatchObject({ name: 'signup', filler: 'signup' });
  });

  it('sends the prerendered form while sign-ups are open to the visitor', async () => {
    expect(await signupOpenFiller({ signups: 'all' })(at('/signup'), match)).toEqual({});
    const tracked = signupOpenFiller({ signups: 'with_trafficsource' });
    expect(await tracked(at('/signup?network=abc&sub1=x'), match)).toEqual({});
  });

  it('leaves invitation-only sites to the app shell, which says so', async () => {
    const tracked = signupOpenFiller({ signups: 'with_trafficsource' });
    expect(await tracked(at('/signup'), match)).toBeNull();
    expect(await tracked(at('/signup?sub1=x'), match)).toBeNull();
    const off = signupOpenFiller({ signups: 'off' });
    expect(await off(at('/signup?network=abc'), match)).toBeNull();
  });
});
