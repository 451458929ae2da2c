/** The lander and member lander screens over the real worker on a fake server. */
import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LanderResponse } from '../../src/shared/contract/landers';
import { LANDER_KINDS } from '../../src/shared/route-table';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { getDb } from '../../src/db/db';
import { demoSettings, demoUser, profile } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { renderApp } from './helpers/render-app';
import { createHarness } from './helpers/sync-harness';
import NL_MAP from '../../public/landers/maps/NL.svg?raw';

type Harness = ReturnType<typeof createHarness>;
const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));

const LANDER = 'GET /api/lander.php';
const MEMBER = 'GET /api/member_lander.php';
let current: Harness | undefined;

function start(): Harness {
  const h = createHarness({ db: getDb() });
  current = h;
  worker.current = h.api;
  return h;
}

const answer = (overrides: Partial<LanderResponse> = {}): LanderResponse => ({
  language: 'en',
  niche: 1,
  profiles: [
    profile(1, { name: 'Anna', age: 31, city: 'Utrecht', country: 'NL' }),
    profile(2, { name: 'Bram', age: 35, city: 'Breda', country: 'NL' }),
  ],
  total: 1200,
  ...overrides,
});

beforeAll(async () => {
  await setupI18n();
  // The form is a lazy part of each lander's sign-up section (the screens load with each render).
  await import('../../src/features/landers/join/InlineSignup');
});
beforeEach(async () => {
  const db = getDb();
  await Promise.all(db.tables.map((table) => table.clear()));
  sessionStorage.clear();
  // Static files (the map lander's maps) are not served here unless a test serves them.
  vi.stubGlobal('fetch', async () => new Response('', { status: 404 }));
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  current?.sync.stop();
  await i18next.changeLanguage('en');
});

describe('landers', () => {
  it('paints the headline and the call to action before the members arrive', async () => {
    const h = start();
    let reply: () => void = () => undefined;
    h.backend.override(
      LANDER,
      () => new Promise((resolve) => (reply = () => resolve({ body: answer() }))),
    );
    await renderApp('/landers/gallery/eng?network=abc&sub=x&utm_source=mail');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Say hello to singles near you' }),
    ).toBeTruthy();
    const cta = screen.getAllByRole('link', { name: 'Sign up free' });
    expect(cta[0]?.getAttribute('href')).toBe('#join');
    expect(screen.queryByText('Anna, 31')).toBeNull();

    await waitFor(() => expect(h.backend.count(LANDER)).toBe(1));
    const request = h.backend.last(LANDER);
    expect(request?.query.get('slug')).toBe('eng');
    expect(request?.query.get('trafficsource')).toBe('abc?sub1=x');
    act(() => reply());
    expect(await screen.findByText('Anna, 31')).toBeTruthy();
    expect(screen.getByText('More than 1,200 members to meet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Say hello to Bram' }).getAttribute('href')).toBe(
      '#join',
    );
  });

  it('ends in a sign-up that keeps the tracking query', async () => {
    const h = start();
    h.backend.override(LANDER, { body: answer() });
    await renderApp('/landers/iconslanding/eng?network=abc&aff_sub2=y');
    const join = await screen.findByRole('region', { name: 'Sign up' });
    await waitFor(() =>
      expect(
        join.querySelector('a[href^="/signup"]')?.getAttribute('href') ??
          join.querySelector('button[type="submit"]')?.textContent,
      ).toMatch(/^(\/signup\?network=abc&sub2=y|Create account)$/),
    );
  });

  it.each(LANDER_KINDS)('%s shows its own headline and the members', async (kind) => {
    const h = start();
    h.backend.override(LANDER, { body: answer() });
    await renderApp(`/landers/${kind}/eng`);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent?.length).toBeGreaterThan(10);
    // The designs that write names show them once the members are in (collage and icons show faces).
    if (kind !== 'collagelanding' && kind !== 'iconslanding') {
      expect((await screen.findAllByText(/Anna/)).length).toBeGreaterThan(0);
    }
    expect(screen.getAllByRole('heading', { level: 1 })[0]).toBe(heading);
  });

  it('draws our own map of the country and pins members on their towns', async () => {
    const h = start();
    h.backend.override(LANDER, { body: answer() });
    const map = NL_MAP;
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(String(url));
      return new Response(map, { status: 200 });
    });
    await renderApp('/landers/maplanding/eng', {
      settings: { ...demoSettings(), geoip_country: null },
    });
    const figure = await screen.findByRole('img', {
      name: 'Netherlands: map with the towns of members',
    });
    expect(fetched).toEqual(['/landers/maps/NL.svg']);
    await waitFor(() => expect(figure.querySelectorAll('.ml-pin')).toHaveLength(2));
  });

  it('switches the page to the language of the slug', async () => {
    const h = start();
    h.backend.override(LANDER, { body: answer({ language: 'nl', niche: 2 }) });
    await renderApp('/landers/video/she-nl');
    await waitFor(() => expect(i18next.language).toBe('nl'));
    expect(sessionStorage.getItem('amora.lander-niche')).toBe('2');
  });

  it('answers an unknown slug with the 404 page', async () => {
    start();
    await renderApp('/landers/video/xx-nl');
    expect(await screen.findByText(/Page Not Found/)).toBeTruthy();
  });

  it.each(LANDER_KINDS)(
    '%s says so when the members are those of an earlier visit',
    async (kind) => {
      const h = start();
      h.backend.override(LANDER, { body: answer() });
      await h.api.loadLander('eng');
      h.backend.override(LANDER, 'network-error');
      await renderApp(`/landers/${kind}/eng`);
      expect(
        await screen.findByText('You are offline. These are the members shown on your last visit.'),
      ).toBeTruthy();
      if (kind === 'gallery') expect(screen.getByText('Anna, 31')).toBeTruthy();
    },
  );

  it('offers a member the way on instead of a sign-up form', async () => {
    const h = start();
    h.backend.override(LANDER, { body: answer() });
    await renderApp('/landers/gallery/eng', { user: demoUser(), settings: demoSettings() });
    expect(await screen.findByText('You are already a member')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to members' }).getAttribute('href')).toBe(
      '/members',
    );
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});

describe('member landers', () => {
  it("shows the member's card and invites to chat with them", async () => {
    const h = start();
    h.backend.override(MEMBER, {
      body: { profile: profile(42, { name: 'Anna', age: 31, city: 'Utrecht', country: 'NL' }) },
    });
    await renderApp('/members/42/signup?network=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat with Anna' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo of Anna' })).toBeTruthy();
    expect(screen.getByText('31 years')).toBeTruthy();
    expect(screen.getByText('Utrecht, Netherlands')).toBeTruthy();
    expect(h.backend.last(MEMBER)?.query.get('member')).toBe('42');
  });

  it('shows the page without a member when the member cannot be shown', async () => {
    const h = start();
    h.backend.override(MEMBER, { body: { profile: null } });
    await renderApp('/members/42/landing3/nl');
    expect(await screen.findByRole('heading', { level: 1, name: /./ })).toBeTruthy();
    await waitFor(() => expect(i18next.language).toBe('nl'));
    expect(screen.queryByRole('img', { name: /Anna/ })).toBeNull();
  });

  it('leads a member straight to the conversation', async () => {
    const h = start();
    h.backend.override(MEMBER, { body: { profile: profile(42, { name: 'Anna' }) } });
    await renderApp('/members/42/landing', { user: demoUser(), settings: demoSettings() });
    const link = await screen.findByRole('link', { name: 'Chat with Anna' });
    expect(link.getAttribute('href')).toBe('/members/42/chat');
  });
});
