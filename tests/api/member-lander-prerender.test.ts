/**
 * Prerendered member landers (src/shared/prerender/member-slots.ts): the server writes the member the API
 * would show a visitor into the page's slots, escaped, and sends the app shell whenever the API
 * would show no member, so a prerendered page never shows someone the API would hide.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_SLOTS } from '../../src/shared/prerender/member-slots';
import { slotMarker } from '../../src/shared/prerender/slots';
import { memberSlotValues } from '../../server/services/member-lander-prerender';
import { dobForAge } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { insertLanderMember, insertPeople } from './lander-fixtures';

const SHELL = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';

/** A member lander as the build writes it: every part of the card a slot. */
const page = (name: string, lng: string) =>
  `<!doctype html><html lang="${lng}"><head><title>Chat with ${slotMarker(MEMBER_SLOTS.name)}` +
  `</title></head><body><div id="prerendered" data-lng="${lng}"><h1>${name} ${lng}</h1>` +
  `<img src="${slotMarker(MEMBER_SLOTS.photo)}" alt="">` +
  `<strong>${slotMarker(MEMBER_SLOTS.name)}</strong>` +
  `<span class="ml2-age">${slotMarker(MEMBER_SLOTS.age)}</span>` +
  `<span class="ml2-place" data-member="${slotMarker(MEMBER_SLOTS.id)}">` +
  `${slotMarker(MEMBER_SLOTS.place)}</span>` +
  `<a href="/signup?profile=${slotMarker(MEMBER_SLOTS.id)}">Sign up</a></div>` +
  '<div id="root" hidden></div></body></html>';

/** A build with the signup and landing2 member landers in English and Dutch. */
function fakeBuild(root: string) {
  const client = join(root, 'client');
  mkdirSync(join(client, 'assets'), { recursive: true });
  writeFileSync(join(client, 'index.html'), SHELL);
  const pages: string[] = [];
  for (const name of ['member-signup', 'member-landing2'])
    for (const lng of ['en', 'nl']) {
      mkdirSync(join(client, 'prerendered', name), { recursive: true });
      writeFileSync(join(client, 'prerendered', name, `${lng}.html`), page(name, lng));
      pages.push(`${name}/${lng}`);
    }
  writeFileSync(
    join(client, 'prerendered', 'manifest.json'),
    JSON.stringify({ pages, scriptHashes: [] }),
  );
  return client;
}

const PEOPLE = {
  ANN: { gender: 'female', date_of_birth: dobForAge(31), photo: 'approved', country: 'NL' },
  NOPHOTO: { gender: 'female', date_of_birth: dobForAge(32) },
  PEN: { gender: 'female', date_of_birth: dobForAge(33), photo: 'pending' },
  DEL: { gender: 'female', deleted: true, status: 'deleted', photo: 'approved' },
  BAN: { gender: 'female', status: 'banned', photo: 'approved' },
  HID: { gender: 'female', search_hidden: true, photo: 'approved' },
  OPT: { gender: 'female', lander_opt_out: true, photo: 'approved' },
  FIC: { gender: 'female', fictional: true, photo: 'approved' },
} as const;

const isShell = (body: string) => body.includes('<div id="root"></div>');

for (const engine of ENGINES) {
  describe(`prerendered member landers (${engine})`, () => {
    let t: TestApp;
    let closed: TestApp;
    let root: string;
    let ids: Record<string, number>;
    let closedAnn: number;
    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'amora-member-prerender-'));
      const clientDir = fakeBuild(root);
      const localesDir = join(process.cwd(), 'locales');
      t = await buildTestApp(engine, { clientDir, localesDir });
      ids = await insertPeople(t.app, PEOPLE);
      ids.TAG = await insertLanderMember(t.app, {
        email: 'ml-tag@example.com',
        name: 'Ann <b>&"x"',
        gender: 'female',
        photo: 'approved',
        city: 'Utrecht',
      });
      closed = await buildTestApp(engine, {
        clientDir,
        localesDir,
        site: { logged_out_search: false, logged_out_search_trafficsource: true },
      });
      closedAnn = (await insertPeople(closed.app, { ANN: PEOPLE.ANN })).ANN!;
    });
    afterAll(async () => {
      await t.close();
      await closed.close();
      rmSync(root, { recursive: true, force: true });
    });

    const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
      app.app.inject({ method: 'GET', url, headers });

    it('writes the member into the page in the visitor’s language', async () => {
      const id = ids.ANN!;
      const res = await get(t, `/members/${id}/signup`, { 'accept-language': 'nl' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-language']).toBe('nl');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<h1>member-signup nl</h1>');
      expect(res.body).toContain(`<title>Chat with Person ANN</title>`);
      expect(res.body).toContain(`<img src="/uploads/p${id}_thumb.jpg"`);
      expect(res.body).toContain('<span class="ml2-age">31 jaar</span>');
      expect(res.body).toContain(
        `<span class="ml2-place" data-member="${id}">City ANN, Nederland</span>`,
      );
      expect(res.body).toContain(`href="/signup?profile=${id}"`);
      expect(res.body).not.toContain('[[slot:');
    });

    it('takes the language from the slug where the route has one', async () => {
      const res = await get(t, `/members/${ids.ANN}/landing2/she-nl`, { 'accept-language': 'en' });
      expect(res.body).toContain('<h1>member-landing2 nl</h1>');
      expect(res.body).toContain('<span class="ml2-age">31 jaar</span>');
    });

    it('escapes what the member wrote and leaves unknown parts empty', async () => {
      const res = await get(t, `/members/${ids.TAG}/signup`);
      expect(res.body).toContain('<strong>Ann &lt;b&gt;&amp;&quot;x&quot;</strong>');
      expect(res.body).not.toContain('<b>');
      expect(res.body).toContain('<span class="ml2-age"></span>');
    });

    it.each(['NOPHOTO', 'PEN', 'DEL', 'BAN', 'HID', 'OPT', 'FIC'])(
      'sends the app shell for %s, whom the page cannot show prerendered',
      async (who) => {
        const res = await get(t, `/members/${ids[who]}/signup`);
        expect(res.statusCode).toBe(200);
        expect(isShell(res.body)).toBe(true);
        expect(res.body).not.toContain('Person ');
      },
    );

    it('sends the app shell for an unknown member and a member’s own session', async () => {
      expect(isShell((await get(t, '/members/2147483647/signup')).body)).toBe(true);
      const member = await get(t, `/members/${ids.ANN}/signup`, { cookie: 'amora_in=1' });
      expect(isShell(member.body)).toBe(true);
    });

    it('follows logged-out search: hidden from visitors, shown to ad traffic', async () => {
      const plain = await get(closed, `/members/${closedAnn}/signup`);
      expect(isShell(plain.body)).toBe(true);
      const tracked = await get(closed, `/members/${closedAnn}/signup?network=abc&sub1=x`);
      expect(tracked.body).toContain('<strong>Person ANN</strong>');
    });

    it('answers a well-formed but impossible id with the shell, never an error', async () => {
      const res = await get(t, '/members/9999999999/signup');
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toContain('id="prerendered"');
    });
  });
}

describe('member slot values', () => {
  it('gives no values for a member without a photo', () => {
    const profile = {
      id: 5,
      name: 'Eva',
      age: 40,
      city: null,
      country: 'DE',
      language: 'de' as const,
      main_image: null,
    };
    expect(memberSlotValues(profile, 'de', '/uploads/', '{{age}} Jahre')).toBeNull();
    const withPhoto = { ...profile, main_image: { thumb_filename: 'p5.jpg' } };
    expect(memberSlotValues(withPhoto, 'de', 'https://cdn.example/', '{{age}} Jahre')).toEqual({
      [MEMBER_SLOTS.id]: '5',
      [MEMBER_SLOTS.name]: 'Eva',
      [MEMBER_SLOTS.photo]: 'https://cdn.example/p5.jpg',
      [MEMBER_SLOTS.age]: '40 Jahre',
      [MEMBER_SLOTS.place]: 'Deutschland',
    });
  });
});
