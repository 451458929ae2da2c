/** The member profile page: cache first, details later, actions per viewer, likes alias, 404, offline. */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileDetails } from '../../src/shared/contract/members';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { getDb } from '../../src/db/db';
import { withFullDisk } from './helpers/full-disk';
import { createHarness } from './helpers/sync-harness';
import { demoSettings, demoUser, profile } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { renderApp } from './helpers/render-app';

type Harness = ReturnType<typeof createHarness>;
const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));

const ROUTE = 'GET /api/profile.php';
const settings = {
  ...demoSettings(),
  visible_profile_fields: ['relationship', 'eyes'],
  visible_profile_notes: ['looking_for'],
};

function details(overrides: Partial<ProfileDetails> = {}): ProfileDetails {
  return {
    id: 42,
    name: 'Anna',
    age: 31,
    gender: 'female',
    city: 'Utrecht',
    country: 'NL',
    countryregion: 1,
    region: 'Utrecht',
    language: 'en',
    main_image: { id: 1, thumb_filename: 'a-thumb.jpg', filename: 'a.jpg' },
    images: [
      { id: 1, thumb_filename: 'a-thumb.jpg', filename: 'a.jpg' },
      { id: 2, thumb_filename: 'b-thumb.jpg', filename: 'b.jpg' },
    ],
    fields: { relationship: 'single', eyes: 'green' },
    notes: { looking_for: 'Someone kind' },
    personal: 'I love long walks.',
    liked: false,
    did_like_profile: false,
    ...overrides,
  };
}

let current: Harness | undefined;

async function start(loggedIn: boolean): Promise<Harness> {
  const h = createHarness({ db: getDb() });
  current = h;
  worker.current = h.api;
  if (loggedIn) {
    h.backend.user = demoUser();
    await h.api.refreshUser();
  }
  return h;
}

beforeAll(() => setupI18n());
beforeEach(async () => {
  const db = getDb();
  await Promise.all(db.tables.map((table) => table.clear()));
});
afterEach(() => {
  cleanup();
  current?.sync.stop();
});

describe('member profile page', () => {
  it('shows the cached card at once, then the details when they arrive', async () => {
    const h = await start(true);
    await getDb().profiles.put(profile(42, { name: 'Anna', age: 31 }));
    let answer: () => void = () => undefined;
    h.backend.override(
      ROUTE,
      () => new Promise((resolve) => (answer = () => resolve({ body: details() }))),
    );
    await renderApp('/members/42', { user: demoUser(), settings });
    const heading = await screen.findByRole('heading', { level: 1, name: /^Anna/ });
    expect(heading.textContent).toBe('Anna, 31');
    expect(screen.queryByText('Single')).toBeNull();
    answer();

    expect(await screen.findByText('Single')).toBeTruthy();
    expect(screen.getByText('Green')).toBeTruthy();
    expect(screen.getByText('I love long walks.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Looking for' })).toBeTruthy();
    expect(screen.getByText('Someone kind')).toBeTruthy();
    expect(screen.getByText(/Woman · Utrecht, Netherlands/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo of Anna' }).getAttribute('src')).toBe(
      '/uploads/a.jpg',
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Start conversation' }).getAttribute('href')).toBe(
      '/members/42/chat',
    );
  });

  it('switches the large photo from the gallery', async () => {
    const h = await start(true);
    h.backend.override(ROUTE, { body: details() });
    await renderApp('/members/42', { user: demoUser(), settings });
    const gallery = await screen.findByRole('list', { name: 'Photos of Anna' });
    fireEvent.click(within(gallery).getByRole('button', { name: 'Show photo 2 of 2' }));
    expect(screen.getByRole('img', { name: 'Photo 2 of Anna' }).getAttribute('src')).toBe(
      '/uploads/b.jpg',
    );
  });

  it('likes and unlikes with the worker', async () => {
    const h = await start(true);
    h.backend.override(ROUTE, { body: details({ did_like_profile: true }) });
    await renderApp('/members/42', { user: demoUser(), settings });
    expect(await screen.findByText('Anna likes you')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Like' }));
    expect(await screen.findByRole('button', { name: 'Remove like' })).toBeTruthy();
    expect(await screen.findByText('You like each other')).toBeTruthy();
    expect(h.backend.last('POST /api/likes.php')?.body).toMatchObject({ profile: 42 });
    expect(screen.getByRole('button', { name: 'Like Anna' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('on the likes route hides the message button and marks the received like seen', async () => {
    const h = await start(true);
    h.backend.likedBy = [{ id: 42, like_new: true }];
    h.backend.likedByProfiles = [profile(42, { name: 'Anna' })];
    await h.api.refreshLikes();
    h.backend.override(ROUTE, { body: details({ did_like_profile: true }) });
    await renderApp('/likes/m/42', { user: demoUser(), settings });

    expect(await screen.findByText('Single')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Start conversation' })).toBeNull();
    expect(screen.getByRole('link', { name: /Back to likes/ }).getAttribute('href')).toBe('/likes');
    await waitFor(async () => expect((await getDb().likedBy.get(42))?.like_new).toBe(false));
    // The local mark comes first, the server call right after it.
    await waitFor(() => expect(h.backend.last('POST /api/likes.php')?.query.get('seen')).toBe('1'));
  });

  it('shows visitors the profile with a sign-up call instead of the buttons', async () => {
    const h = await start(false);
    h.backend.override(ROUTE, { body: details() });
    await renderApp('/members/42', { user: null, settings });
    expect(await screen.findByText('Single')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Want to meet Anna?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /like/i })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Start conversation' })).toBeNull();
  });

  it('tells visitors to log in when the site hides profiles from them', async () => {
    const h = await start(false);
    h.backend.override(ROUTE, {
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'Log in', key: 'auth.not_logged_in' },
    });
    await renderApp('/members/42', { user: null, settings });
    const notice = (await screen.findByText('Log in to see member profiles.')).parentElement;
    expect(
      within(notice ?? document.body)
        .getByRole('link', { name: 'Log in' })
        .getAttribute('href'),
    ).toBe('/login?redirect=%2Fmembers%2F42');
  });

  it('shows the 404 error page for a member who is gone or blocked', async () => {
    const h = await start(true);
    await getDb().profiles.put(profile(42, { name: 'Anna' }));
    h.backend.override(ROUTE, {
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'Gone', key: 'profile.not_found' },
    });
    await renderApp('/members/42', { user: demoUser(), settings });
    expect((await screen.findByTestId('error-status')).textContent).toBe('404');
    expect(screen.queryByText('Anna')).toBeNull();
  });

  it('says so when offline with nothing saved, and loads on retry', async () => {
    const h = await start(true);
    h.backend.override(ROUTE, 'network-error');
    await renderApp('/members/42', { user: demoUser(), settings });
    expect(await screen.findByText(/You are offline and this profile is not saved/)).toBeTruthy();
    h.backend.override(ROUTE, { body: details() });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Single')).toBeTruthy();
  });

  it('keeps showing the saved profile offline with a note', async () => {
    const h = await start(true);
    h.backend.override(ROUTE, { body: details() });
    const first = await renderApp('/members/42', { user: demoUser(), settings });
    expect(await screen.findByText('Single')).toBeTruthy();
    first.unmount();
    h.backend.override(ROUTE, 'network-error');
    await renderApp('/members/42', { user: demoUser(), settings });
    expect(await screen.findByText(/This is the profile as it was last saved/)).toBeTruthy();
    expect(screen.getByText('Single')).toBeTruthy();
  });

  it('shows the profile it fetched when the device has no room left to keep it', async () => {
    const h = await start(true);
    h.backend.override(ROUTE, { body: details() });
    await withFullDisk(getDb(), 'profileDetails', async (refused) => {
      await renderApp('/members/42', { user: demoUser(), settings });
      expect(await screen.findByText('I love long walks.')).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1, name: /^Anna/ })).toBeTruthy();
      expect(screen.queryByText(/could not be loaded/i)).toBeNull();
      expect(refused.refused).toBeGreaterThan(0);
      expect(await getDb().profileDetails.count()).toBe(0);
    });
  });
});
