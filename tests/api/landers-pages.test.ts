/** Lander page paths: a real slug is a 200 page, an unknown kind or slug a 404 for crawlers and ad networks. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, ENGINES, type TestApp } from './helper';

for (const engine of ENGINES) {
  describe(`lander pages (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine);
      mkdirSync(join(t.dir, 'client'), { recursive: true });
      writeFileSync(
        join(t.dir, 'client', 'index.html'),
        '<!doctype html><html><head></head><body></body></html>',
      );
    });
    afterAll(() => t.close());

    const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

    it.each([
      '/landers/video/eng',
      '/landers/gallery/nl',
      '/landers/maplanding/she-de',
      '/landers/alonetonight/bdsm-it',
      '/landers/iconslanding/bbw-fr',
      '/landers/socialnetwork/gilf-es',
      '/landers/collagelanding/milf-pl',
      '/landers/transitionsvideolanding/gay-eng?network=abc&sub1=x',
      '/members/7/landing2/she-nl',
      '/members/7/landing3/eng',
    ])('answers %s with 200', async (url) => {
      expect(await status(url)).toBe(200);
    });

    it.each([
      '/landers/video/en',
      '/landers/video/she-en',
      '/landers/gallery/foo-nl',
      '/landers/poster/eng',
      '/landers/video',
      '/members/7/landing2/en',
      '/members/7/landing3/nl-she',
    ])('answers %s with 404, for ad networks and crawlers', async (url) => {
      expect(await status(url)).toBe(404);
    });
  });
}
