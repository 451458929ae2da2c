/**
 * Sign-up inside the acquisition pages: the wizard's own account step, the tracking query and the
 * member in the payload, and where each page leads once the account exists.
 */
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { getDb } from '../../src/db/db';
import { freshDbForNextTest } from './helpers/db-per-test';
import { kvGet } from '../../src/db/kv';
import { pageUsed } from '../../src/features/landers/join/page-use';
import { ANSWERS_KEY } from '../../src/features/match-finder/match-answers';
import { profile } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { createHarness } from './helpers/sync-harness';
import {
  denyGeolocation,
  fakePush,
  renderSignup,
  wizardBackend,
  type Harness,
} from './signup-helpers';

vi.mock('../../src/db/db', async (importOriginal) =>
  (await import('./helpers/db-per-test')).dbModulePerTest(importOriginal),
);

const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));
const push = vi.hoisted(() => ({ bridge: null as unknown }));
vi.mock('../../src/bridges/push-bridge', () => ({ getPushBridge: () => push.bridge }));

let h: Harness;

/** The section is within reach of the viewport from the start, as on a phone. */
class NearAtOnce {
  constructor(private readonly report: IntersectionObserverCallback) {}
  observe() {
    this.report([{ isIntersecting: true } as IntersectionObserverEntry], this as never);
  }
  disconnect() {}
}

beforeAll(async () => {
  await setupI18n();
  denyGeolocation();
  // The form is a lazy part of each lander's sign-up section (the screens load with each render).
  await import('../../src/features/landers/join/InlineSignup');
});
beforeEach(() => {
  freshDbForNextTest();
  sessionStorage.clear();
  // A visitor who used a lander earlier in the tab gets the form at once. (Not by arriving on
  // #join: happy-dom reports every change of the hash as a hashchange, which is a use of the page
  // for the rest of the document, so the first test would never see a page nobody used.)
  sessionStorage.setItem('amora.lander-used', '1');
  vi.stubGlobal('IntersectionObserver', NearAtOnce);
  h = createHarness({ db: getDb() });
  worker.current = h.api;
  push.bridge = fakePush({ isCapable: false });
  wizardBackend(h);
  h.backend.override('GET /api/lander.php', {
    body: { language: 'en', niche: 1, profiles: [profile(7, { name: 'Anna' })], total: 40 },
  });
  h.backend.override('GET /api/member_lander.php', {
    body: { profile: profile(42, { name: 'Anna' }) },
  });
});
afterEach(() => {
  cleanup();
  h.sync.stop();
  vi.unstubAllGlobals();
});

async function createAccount() {
  fireEvent.change(await screen.findByLabelText('Email'), {
    target: { value: 'lotte@example.net' },
  });
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Lotte' } });
  fireEvent.change(screen.getByLabelText('Password'), {
    target: { value: 'quiet-meadow-ferry-2026' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  await waitFor(() => expect(h.backend.count('POST /api/user.php')).toBe(1));
  return h.backend.last('POST /api/user.php')?.body as Record<string, unknown>;
}

describe('sign-up on a lander', () => {
  it('opens with the link to /signup and shows the form once the visitor uses the page', async () => {
    sessionStorage.clear(); // the first lander of the tab
    await renderSignup(h, '/landers/video/eng');
    const join = await screen.findByRole('region', { name: 'Sign up' });
    const link = await within(join).findByRole('link', { name: 'Sign up free' });
    // A reader at rest, and a tap on the section's own link (it goes to /signup), keep the link.
    // A use is noted as its event passes, so the absence of one is known at once.
    expect(pageUsed()).toBe(false);
    fireEvent.pointerDown(link);
    expect(pageUsed()).toBe(false);
    await act(async () => undefined);
    expect(within(join).getByRole('link', { name: 'Sign up free' })).toBe(link);
    expect(within(join).queryByRole('status')).toBeNull(); // the form is not even loading
    // The link draws the account step's own heart (without loading the wizard's icons for it).
    const heart = join.querySelector('.signup-icon')?.innerHTML;
    expect(heart).toContain('<svg');
    // Any other use of the page brings the form, and the next lander of the tab opens with it.
    fireEvent.scroll(window);
    expect(await within(join).findByLabelText('Password')).toBeTruthy();
    expect(join.querySelector('.signup-icon')?.innerHTML).toBe(heart);
    expect(sessionStorage.getItem('amora.lander-used')).toBe('1');
  });

  it('sends the tracking query as the traffic source and continues the wizard with it', async () => {
    const { router } = await renderSignup(h, '/landers/gallery/eng?network=abc&sub=x', {
      next: ['/signup'],
    });
    const body = await createAccount();
    expect(body).toMatchObject({
      trafficsource: 'abc?sub1=x',
      profile: null,
      form_path: '/landers/gallery/eng',
    });
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/signup?network=abc&sub1=x',
      ),
    );
  });

  it('sends the member of a member lander and opens the conversation with them', async () => {
    const { router } = await renderSignup(h, '/members/42/signup', { next: ['/members/42/chat'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat with Anna' })).toBeTruthy();
    const body = await createAccount();
    expect(body.profile).toBe(42);
    await waitFor(() => expect(router.state.location.pathname).toBe('/members/42/chat'));
  });

  it('puts the match-finder answers into the profile and the first search', async () => {
    h.backend.override('GET /api/match_finder.php', {
      body: { count: 12, profiles: [{ id: 3, main_image: { id: 1, thumb_filename: 'a.png' } }] },
    });
    const { router } = await renderSignup(h, '/match-finder', { next: ['/signup'] });

    fireEvent.click(await screen.findByLabelText('Man'));
    fireEvent.click(screen.getByLabelText('Women'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByLabelText('26–35 years'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    // No geo-IP answer and no map country for English: the first site country is proposed.
    expect((await screen.findByLabelText<HTMLSelectElement>('Country')).value).toBe('NL');
    fireEvent.change(screen.getByLabelText('Region'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show my matches' }));

    expect(await screen.findByRole('heading', { name: '12 members fit you' })).toBeTruthy();
    expect(Object.fromEntries(h.backend.last('GET /api/match_finder.php')?.query ?? [])).toEqual({
      gender: 'female',
      min_age: '26',
      max_age: '35',
      country: 'NL',
      countryregion: '1',
    });
    expect(JSON.parse(sessionStorage.getItem(ANSWERS_KEY) ?? '{}')).toMatchObject({
      applied: false,
      answers: { own: 'male', seeking: 'female', age: '26-35', country: 'NL', countryregion: 1 },
    });

    await createAccount();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(h.backend.last('PUT /api/user.php')?.body).toEqual({
      profile: { gender: 'male', country: 'NL', countryregion: 1 },
    });
    const key = await kvGet(getDb(), 'currentSearch');
    expect((await getDb().searches.get(key ?? ''))?.filters).toEqual({
      gender: 'female',
      min_age: 26,
      max_age: 35,
      country: 'NL',
      countryregion: 1,
    });
    expect(JSON.parse(sessionStorage.getItem(ANSWERS_KEY) ?? '{}').applied).toBe(true);
  });
});
