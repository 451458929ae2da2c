/**
 * A member's first screen drawn by the server (server/services/member-page.ts): a device with no
 * stored data gets the build's template for the screen and language with the renderer's markup and
 * the first answers; a device that keeps data, a language without a template, a build without a
 * renderer and a renderer that fails all get the app shell with the first answers, never an error.
 * The build (templates, manifest, renderer) is faked in a temp folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '../../server/plugins/session';
import { FIRST_ANSWERS_ID } from '../../src/shared/first-answers';
import {
  MEMBER_SCREEN_MARKER,
  memberScreenFile,
  STORED_HINT_COOKIE,
  type MemberScreen,
} from '../../src/shared/prerender/member-screens';
import { dobForAge, insertConversation, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

const SHELL =
  '<!doctype html><html><head><title>Amora</title></head><body><div id="root"></div></body></html>';

/** A template as the build writes it: the marker in the container, the footer's site slots. */
const template = (screen: MemberScreen, lng: string) =>
  `<!doctype html><html lang="${lng}"><head><title></title></head><body>` +
  `<div id="prerendered" data-lng="${lng}" data-screen="${screen}" data-member-screen>` +
  `${MEMBER_SCREEN_MARKER}</div><div id="root" hidden></div>` +
  '<div id="prerender-site" hidden data-site-year="[[slot:site.year]]"></div></body></html>';

/**
 * Draws the path, the language, the member's name as it came (the real renderer escapes it) and
 * the cards of the first search; React's preloads lead, as react-dom writes them. A member named
 * "Broken" makes it fail.
 */
const RENDERER = `export async function renderMemberScreen(path, language, messages, answers) {
  if (answers.user.profile.name === 'Broken') throw new Error('render failed');
  const cards = answers.search ? answers.search.profiles.length : 0;
  return {
    html: '<link rel="preload" as="image" href="/uploads/first.png">' +
      '<main data-path="' + path + '" data-lng="' + language + '">' +
      answers.user.profile.name + ': ' + cards + ' cards, ' + messages.title + '</main>',
    title: 'Screen · Amora',
  };
}
`;

/** A build with the four screens' templates in English only, and the renderer the manifest names. */
function fakeBuild(root: string, withRenderer: boolean) {
  const client = join(root, 'client');
  mkdirSync(join(client, 'prerendered', 'renderer'), { recursive: true });
  writeFileSync(join(client, 'index.html'), SHELL);
  const memberScreens: string[] = [];
  for (const screen of ['members', 'likes', 'chats', 'chat'] as const) {
    const file = join(client, memberScreenFile(screen, 'en'));
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, template(screen, 'en'));
    memberScreens.push(`${screen}/en`);
  }
  writeFileSync(join(client, 'prerendered', 'renderer', 'entry-test.mjs'), RENDERER);
  const manifest = {
    pages: [],
    scriptHashes: [],
    memberScreens,
    ...(withRenderer && { renderer: 'prerendered/renderer/entry-test.mjs' }),
  };
  writeFileSync(join(client, 'prerendered', 'manifest.json'), JSON.stringify(manifest));
  const locales = join(root, 'locales');
  for (const lng of ['en', 'de']) {
    mkdirSync(join(locales, lng), { recursive: true });
    writeFileSync(join(locales, lng, 'messages.json'), JSON.stringify({ title: `words ${lng}` }));
  }
  return { client, locales };
}

const hasAnswers = (html: string) => html.includes(`id="${FIRST_ANSWERS_ID}"`);

for (const engine of ENGINES) {
  describe(`a member's first screen drawn by the server (${engine})`, () => {
    let t: TestApp;
    let root: string;
    const cookies: Record<string, string> = {};
    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'amora-member-page-'));
      const { client, locales } = fakeBuild(root, true);
      t = await buildTestApp(engine, { clientDir: client, localesDir: locales });
      for (const name of ['Mia $& <b>', 'Broken']) {
        const email = `${name === 'Broken' ? 'broken' : 'mia'}@example.com`;
        await insertMember(t.app, {
          email,
          name,
          gender: 'female',
          date_of_birth: dobForAge(30),
          country: 'NL',
        });
        cookies[name] = await login(t.app, email);
      }
      for (let i = 0; i < 3; i++) {
        await insertMember(t.app, { gender: 'male', date_of_birth: dobForAge(31), country: 'NL' });
      }
    });
    afterAll(async () => {
      await t.close();
      rmSync(root, { recursive: true, force: true });
    });

    const page = (url: string, extra: Record<string, string> = {}, name = 'Mia $& <b>') =>
      t.app.inject({
        method: 'GET',
        url,
        cookies: { [SESSION_COOKIE]: cookies[name]!, [SESSION_HINT_COOKIE]: '1', ...extra },
      });

    it('draws /members into its template for a device with nothing stored', async () => {
      const res = await page('/members');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const html = res.body;
      expect(html).toContain('<title>Screen · Amora</title>');
      // The markup goes in as the renderer wrote it ("$&" is no replacement pattern here).
      expect(html).toMatch(
        /data-member-screen><main data-path="\/members" data-lng="en">Mia \$& <b>: 3 cards, words en<\/main><\/div>/,
      );
      expect(html).not.toContain(MEMBER_SCREEN_MARKER);
      // The site's slots are filled, React's own preloads left to the page's list of first photos.
      expect(html).toContain(`data-site-year="${new Date().getFullYear()}"`);
      expect(html).not.toContain('href="/uploads/first.png"');
      expect(hasAnswers(html)).toBe(true);
    });

    it('draws the likes lists and the chat list into their own templates', async () => {
      for (const [path, screen] of [
        ['/likes', 'likes'],
        ['/likes/given', 'likes'],
        ['/chats', 'chats'],
      ] as const) {
        const html = (await page(path)).body;
        expect(html).toContain(`data-screen="${screen}"`);
        expect(html).toContain(`<main data-path="${path}"`);
        expect(hasAnswers(html)).toBe(true);
      }
    });

    it('draws a conversation that came with its answers, and no other', async () => {
      const mia = (await page('/members')).body;
      const miaId = Number(/"user":\{"id":(\d+)/.exec(mia)![1]);
      const other = await insertMember(t.app, { gender: 'male', date_of_birth: dobForAge(33) });
      const id = await insertConversation(t.app, miaId, other, {
        messages: [{ from: other, body: 'Hello Mia' }],
      });
      const drawn = (await page(`/chats/${id}`)).body;
      expect(drawn).toContain('data-screen="chat"');
      expect(drawn).toContain(`<main data-path="/chats/${id}"`);
      const none = (await page('/chats/999999')).body;
      expect(none).not.toContain('data-member-screen');
      expect(hasAnswers(none)).toBe(true);
    });

    it('sends the app shell to a device that keeps the member data', async () => {
      const res = await page('/members', { [STORED_HINT_COOKIE]: '1' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('data-member-screen');
      expect(hasAnswers(res.body)).toBe(true);
    });

    it('sends the app shell in a language the build has no template in', async () => {
      const res = await page('/members', { i18n_redirected: 'de' });
      expect(res.body).not.toContain('data-member-screen');
      expect(hasAnswers(res.body)).toBe(true);
    });

    it('sends the app shell when the renderer fails, never an error', async () => {
      const res = await page('/members', {}, 'Broken');
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('data-member-screen');
      expect(hasAnswers(res.body)).toBe(true);
    });

    it('draws nothing for a visitor or a screen without first answers', async () => {
      const visitor = await t.app.inject({ method: 'GET', url: '/members' });
      expect(visitor.body).not.toContain('data-member-screen');
      const profile = await page('/members/12');
      expect(profile.body).not.toContain('data-member-screen');
    });
  });
}

describe('a build without a renderer', () => {
  it('sends the app shell with the first answers', async () => {
    const root = mkdtempSync(join(tmpdir(), 'amora-member-page-'));
    const { client, locales } = fakeBuild(root, false);
    const t = await buildTestApp('sqlite', { clientDir: client, localesDir: locales });
    try {
      await insertMember(t.app, { email: 'solo@example.com', country: 'NL' });
      const cookie = await login(t.app, 'solo@example.com');
      const res = await t.app.inject({
        method: 'GET',
        url: '/members',
        cookies: { [SESSION_COOKIE]: cookie, [SESSION_HINT_COOKIE]: '1' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('data-member-screen');
      expect(hasAnswers(res.body)).toBe(true);
    } finally {
      await t.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
