/** The built client, page paths, locale messages and uploads; the client build is faked in a temp dir. */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/config';
import { buildTestApp, ENGINES, type TestApp } from './helper';

const INLINE = 'window.__boot=1;';
const INDEX = `<!doctype html><html><head><script>${INLINE}</script></head><body><div id="root"></div></body></html>`;
/** The shell as served: with a preload of the messages in the page's language. */
const served = (lng: string) =>
  INDEX.replace(
    '</head>',
    `<link rel="preload" href="/_i18n/${lng}/messages.json" as="fetch" crossorigin="anonymous"></head>`,
  );
const MESSAGES = JSON.stringify({ signup: { title: 'Sign up' } });

/** A minimal dist/client and locales folder. */
function fakeBuild(root: string) {
  const client = join(root, 'client');
  mkdirSync(join(client, 'assets'), { recursive: true });
  writeFileSync(join(client, 'index.html'), INDEX);
  writeFileSync(join(client, 'assets', 'index-abc123.js'), 'console.log(1);');
  writeFileSync(join(client, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(client, 'manifest.webmanifest'), '{"name":"Amora"}');
  writeFileSync(join(client, 'robots.txt'), 'User-agent: *');
  const locales = join(root, 'locales');
  mkdirSync(join(locales, 'en'), { recursive: true });
  writeFileSync(join(locales, 'en', 'messages.json'), MESSAGES);
  return { client, locales };
}

for (const engine of ENGINES) {
  describe(`static files and pages (${engine})`, () => {
    let t: TestApp;
    let root: string;
    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'amora-client-'));
      const { client, locales } = fakeBuild(root);
      t = await buildTestApp(engine, { clientDir: client, localesDir: locales });
    });
    afterAll(async () => {
      await t.close();
      rmSync(root, { recursive: true, force: true });
    });

    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers });

    it.each([
      '/',
      '/members',
      '/search',
      '/members/12',
      '/likes/m/5',
      '/pages/faq',
      '/chats/3',
      '/credits/2/ideal',
    ])('serves index.html with 200 for the page %s', async (path) => {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(served('en'));
    });

    it.each([
      [{ cookie: 'i18n_redirected=pl' }, 'pl'],
      [{ cookie: 'i18n_redirected=xx', 'accept-language': 'fr-CH, de;q=0.9' }, 'fr'],
      [{ 'accept-language': 'ja, nl;q=0.5, de;q=0.8' }, 'de'],
      [{ 'accept-language': 'ja, zh;q=0.5' }, 'en'],
      [{ 'accept-language': 'q=;;,' }, 'en'],
    ])('preloads the messages of the page language (%o → %s)', async (headers, lng) => {
      const res = await get('/', headers);
      expect(res.body).toBe(served(lng));
      expect(res.headers.vary).toContain('Accept-Language');
    });

    it.each(['/nope', '/members/0', '/members/abc', '/pages/unknown', '/likes/everyone'])(
      'serves index.html with 404 for the unknown page %s',
      async (path) => {
        const res = await get(path);
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe(served('en'));
      },
    );

    it('caches hashed assets for a year and revalidates the shell files', async () => {
      const asset = await get('/assets/index-abc123.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const file of ['/sw.js', '/manifest.webmanifest', '/index.html']) {
        const res = await get(file);
        expect(res.statusCode, file).toBe(200);
        expect(res.headers['cache-control'], file).toBe('no-cache');
      }
      expect((await get('/robots.txt')).headers['cache-control']).toBe('public, max-age=3600');
    });

    it('answers a JSON 404 for a missing file, not the app shell', async () => {
      const res = await get('/assets/missing-1.js');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404 });
    });

    it('allows the inline script of index.html by hash in the CSP', async () => {
      const res = await get('/');
      const hash = createHash('sha256').update(INLINE).digest('base64');
      expect(String(res.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    });

    it.each(['en', 'en-US', 'EN-gb'])(
      'serves locale messages for %s, cached 24 hours',
      async (locale) => {
        const res = await get(`/_i18n/${locale}/messages.json`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('application/json');
        expect(res.headers['cache-control']).toBe('public, max-age=86400');
        expect(res.json()).toEqual(JSON.parse(MESSAGES));
      },
    );

    it('answers 304 when the messages are unchanged', async () => {
      const first = await get('/_i18n/en/messages.json');
      const etag = String(first.headers.etag);
      const again = await get('/_i18n/en/messages.json', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('answers 404 for a supported language without a file and for unsupported ones, 400 for junk', async () => {
      expect((await get('/_i18n/nl/messages.json')).statusCode).toBe(404);
      const unsupported = await get('/_i18n/ja/messages.json');
      expect(unsupported.statusCode).toBe(404);
      expect(unsupported.json()).toMatchObject({ message: 'Unsupported locale: ja' });
      const junk = await get('/_i18n/english/messages.json');
      expect(junk.statusCode).toBe(400);
      expect(junk.json()).toMatchObject({ issues: [{ path: 'locale' }] });
    });

    it('serves uploads from the data folder with long caching', async () => {
      mkdirSync(join(t.dir, 'data', 'uploads', 'ab'), { recursive: true });
      writeFileSync(
        join(t.dir, 'data', 'uploads', 'ab', 'photo_thumb.jpg'),
        Buffer.from([0xff, 0xd8, 0xff]),
      );
      const res = await get('/uploads/ab/photo_thumb.jpg');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const missing = await get('/uploads/ab/none.jpg');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ statusCode: 404 });
    });

    it('counts pages and misses against the global limit, never the built files', async () => {
      const limited = await buildTestApp(engine, {
        clientDir: join(root, 'client'),
        localesDir: join(root, 'locales'),
        rateLimits: { ...DEFAULT_RATE_LIMITS, global: 3 },
      });
      try {
        const status = async (url: string) =>
          (await limited.app.inject({ method: 'GET', url })).statusCode;
        // A first visit's service worker fetches every file of the build: none of them counts.
        for (let i = 0; i < 10; i += 1) {
          expect(await status('/assets/index-abc123.js')).toBe(200);
          expect(await status('/sw.js')).toBe(200);
        }
        // A page counts once (its path falls through the file server to the page handler).
        expect(await status('/members')).toBe(200);
        expect(await status('/landers/video/eng')).toBe(200);
        // A file the build does not have is a miss, and misses count like any call.
        expect(await status('/assets/missing-000.js')).toBe(404);
        expect(await status('/members')).toBe(429);
        expect(await status('/api/regions.php')).toBe(429);
        expect(await status('/assets/index-abc123.js')).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('answers a JSON 404 to a POST on a page path', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/members', payload: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Not Found' });
    });
  });

  describe(`pages without a client build (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine);
    });
    afterAll(() => t.close());

    it('answers page paths with 503 JSON that says to build', async () => {
      for (const path of ['/', '/members']) {
        const res = await t.app.inject({ method: 'GET', url: path });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({
          statusCode: 503,
          message: expect.stringContaining('npm run build'),
        });
      }
    });

    it('still serves the API', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok' });
    });
  });
}
