/** The match-finder's answers and quiz, and the members shown right after sign-up. */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_AGE } from '../../src/shared/contract/fields';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { getDb } from '../../src/db/db';
import { freshDbForNextTest } from './helpers/db-per-test';
import {
  ANSWERS_KEY,
  matchQuery,
  parseAnswers,
  profilePatch,
  searchPatch,
  type MatchAnswers,
} from '../../src/features/match-finder/match-answers';
import { signupMatchesQuery } from '../../src/features/signup-matches/matches-query';
import { demoSettings, demoUser, profile } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { renderApp } from './helpers/render-app';
import { createHarness } from './helpers/sync-harness';

vi.mock('../../src/db/db', async (importOriginal) =>
  (await import('./helpers/db-per-test')).dbModulePerTest(importOriginal),
);

type Harness = ReturnType<typeof createHarness>;
const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));

const ANSWERS: MatchAnswers = {
  own: 'female',
  seeking: 'male',
  age: '65+',
  country: 'NL',
  countryregion: 0,
};

describe('match-finder answers', () => {
  it('accepts only complete answers of the quiz', () => {
    expect(parseAnswers({ answers: ANSWERS, applied: false })?.answers).toEqual(ANSWERS);
    expect(parseAnswers({ answers: { ...ANSWERS, own: 'other' }, applied: false })).toBeNull();
    expect(parseAnswers({ answers: { ...ANSWERS, age: '20-30' }, applied: false })).toBeNull();
    expect(parseAnswers({ answers: { ...ANSWERS, country: 'nl' }, applied: false })).toBeNull();
    expect(parseAnswers({ answers: { ...ANSWERS, countryregion: -1 }, applied: false })).toBeNull();
    expect(parseAnswers({ answers: ANSWERS })).toBeNull();
    expect(parseAnswers('nonsense')).toBeNull();
  });

  it('asks the server up to the oldest age for "over 65", and for the sought gender', () => {
    expect(matchQuery(ANSWERS, 'abc')).toEqual({
      gender: 'male',
      min_age: 65,
      max_age: MAX_AGE,
      country: 'NL',
      countryregion: 0,
      trafficsource: 'abc',
    });
  });

  it("puts the member's own gender and place into the profile, the sought ones into the search", () => {
    expect(profilePatch(ANSWERS)).toEqual({
      profile: { gender: 'female', country: 'NL', countryregion: null },
    });
    expect(profilePatch({ ...ANSWERS, countryregion: 4 })).toMatchObject({
      profile: { countryregion: 4 },
    });
    expect(searchPatch({ ...ANSWERS, age: '36-45', countryregion: 4 })).toEqual({
      gender: 'male',
      min_age: 36,
      max_age: 45,
      country: 'NL',
      countryregion: 4,
    });
    // "Over 65" has no upper bound in the search, as on the members screen.
    expect(searchPatch(ANSWERS).max_age).toBeNull();
  });

  it('shows after sign-up who the answers asked for, else men for men from a gay- lander', () => {
    const stored = { answers: { ...ANSWERS, age: '26-35' as const }, applied: true };
    expect(signupMatchesQuery(stored, 7, 'male')).toEqual({
      gender: 'male',
      min_age: 26,
      max_age: 35,
    });
    expect(signupMatchesQuery(null, 7, 'male')).toEqual({ gender: 'male' });
    expect(signupMatchesQuery(null, 2, 'male')).toEqual({});
    expect(signupMatchesQuery(null, 7, null)).toEqual({});
  });
});

let h: Harness;

beforeAll(() => setupI18n());
beforeEach(() => {
  freshDbForNextTest();
  sessionStorage.clear();
  h = createHarness({ db: getDb() });
  worker.current = h.api;
  h.backend.override('GET /api/match_finder.php', { body: { count: 1, profiles: [] } });
});
afterEach(() => {
  cleanup();
  h.sync.stop();
});

describe('match-finder quiz', () => {
  it('moves on only with an answer and keeps the answers when going back', async () => {
    await renderApp('/match-finder');
    const next = await screen.findByRole('button', { name: 'Next' });
    expect(next.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText('Woman'));
    expect(next.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText('Men'));
    fireEvent.click(next);
    expect(await screen.findByText('Question 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((await screen.findByLabelText<HTMLInputElement>('Woman')).checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Men').checked).toBe(true);
  });

  it('opens on the count again with the answers of this tab', async () => {
    sessionStorage.setItem(ANSWERS_KEY, JSON.stringify({ answers: ANSWERS, applied: false }));
    await renderApp('/match-finder');
    expect(await screen.findByRole('heading', { name: '1 member fits you' })).toBeTruthy();
    expect(h.backend.last('GET /api/match_finder.php')?.query.get('gender')).toBe('male');
    fireEvent.click(screen.getByRole('button', { name: 'Change my answers' }));
    expect((await screen.findByLabelText<HTMLInputElement>('Woman')).checked).toBe(true);
  });

  it('says when nobody fits yet, and offers to try again after a failure', async () => {
    h.backend.override('GET /api/match_finder.php', 'network-error');
    sessionStorage.setItem(ANSWERS_KEY, JSON.stringify({ answers: ANSWERS, applied: false }));
    await renderApp('/match-finder');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    h.backend.override('GET /api/match_finder.php', { body: { count: 0, profiles: [] } });
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'No exact matches yet' })).toBeTruthy();
  });
});

describe('sign-up matches', () => {
  async function asMember() {
    h.backend.user = demoUser();
    await h.api.refreshUser();
  }

  it('saves answers that did not reach the account yet, then shows members to like', async () => {
    await asMember();
    h.backend.override('PUT /api/user.php', () => ({ body: { user: h.backend.user } }));
    h.backend.override('GET /api/signup_matches.php', {
      body: { profiles: [profile(5, { name: 'Bram' }), profile(6, { name: 'Jens' })] },
    });
    sessionStorage.setItem(ANSWERS_KEY, JSON.stringify({ answers: ANSWERS, applied: false }));
    await renderApp('/signup-matches', { user: demoUser(), settings: demoSettings() });

    const like = await screen.findByRole('button', { name: 'Like Bram' });
    expect(h.backend.last('PUT /api/user.php')?.body).toEqual(profilePatch(ANSWERS));
    expect(Object.fromEntries(h.backend.last('GET /api/signup_matches.php')?.query ?? [])).toEqual({
      gender: 'male',
      min_age: '65',
      max_age: String(MAX_AGE),
    });
    expect(sessionStorage.getItem(ANSWERS_KEY)).toBeNull();

    fireEvent.click(like);
    await waitFor(() =>
      expect(h.backend.last('POST /api/likes.php')?.body).toMatchObject({ profile: 5 }),
    );
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Continue' }).getAttribute('href'),
    ).toBe('/members');
  });

  it('invites a visitor to sign up or log in', async () => {
    await renderApp('/signup-matches');
    expect(
      await screen.findByText('Sign up or log in to see the members who fit you.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up free' }).getAttribute('href')).toBe('/signup');
    expect(h.backend.count('GET /api/signup_matches.php')).toBe(0);
  });
});
