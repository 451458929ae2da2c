/**
 * The premium badge: a crown with a translated label on the cards of premium members (search,
 * likes) and in the member profile header, and nothing on anyone else's.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileDetails } from '../../src/shared/contract/members';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { getDb } from '../../src/db/db';
import { ProfileCard } from '../../src/features/members/ProfileCard';
import { demoUser, profile } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { renderApp } from './helpers/render-app';
import { createHarness } from './helpers/sync-harness';

type Harness = ReturnType<typeof createHarness>;
const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));

let current: Harness | undefined;

async function member(): Promise<Harness> {
  const h = createHarness({ db: getDb() });
  current = h;
  worker.current = h.api;
  h.backend.user = demoUser();
  await h.api.refreshUser();
  return h;
}

function details(overrides: Partial<ProfileDetails> = {}): ProfileDetails {
  return {
    id: 42,
    name: 'Anna',
    age: 31,
    gender: 'female',
    city: 'Utrecht',
    country: 'NL',
    countryregion: null,
    region: null,
    language: 'en',
    main_image: null,
    images: [],
    fields: {},
    notes: {},
    personal: null,
    liked: false,
    did_like_profile: false,
    ...overrides,
  };
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

describe('premium badge', () => {
  it('marks a premium member’s card with a labelled crown, and no one else’s', () => {
    render(
      <MemoryRouter>
        <ProfileCard profile={profile(1, { name: 'Anna', premium: true })} cdnPrefix="" member />
        <ProfileCard profile={profile(2, { name: 'Bea' })} cdnPrefix="" member />
      </MemoryRouter>,
    );
    const [anna, bea] = screen.getAllByRole('article');
    const badge = within(anna!).getByTitle('Premium member');
    expect(badge.textContent).toBe('Premium member');
    expect(badge.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    // The label is announced with the name's heading, not inside the link that opens the profile.
    expect(within(anna!).getByRole('heading').textContent).toBe('Anna, 30 Premium member');
    const nameLink = within(anna!).getByRole('link', { name: /^Anna/ });
    expect(nameLink.textContent).toBe('Anna, 30');
    expect(within(bea!).queryByTitle('Premium member')).toBeNull();
  });

  it('shows "Premium" in the member profile header', async () => {
    const h = await member();
    h.backend.override('GET /api/profile.php', { body: details({ premium: true }) });
    await renderApp('/members/42', { user: demoUser() });
    const heading = await screen.findByRole('heading', { level: 1, name: /^Anna/ });
    const header = heading.closest('header');
    expect(await within(header!).findByText('Premium')).toBeTruthy();
    expect(within(header!).getByTitle('Premium member')).toBeTruthy();
    // The h1 stays the name and age only.
    expect(within(header!).getByRole('heading', { level: 1 }).textContent).toBe('Anna, 31');
  });

  it('leaves the header without it for a member without premium', async () => {
    const h = await member();
    h.backend.override('GET /api/profile.php', { body: details() });
    await renderApp('/members/42', { user: demoUser() });
    await screen.findByText(/Woman · Utrecht/);
    expect(screen.queryByTitle('Premium member')).toBeNull();
  });

  it('marks premium likers in the likes list', async () => {
    const h = await member();
    h.backend.override('GET /api/likes.php', {
      body: {
        profiles: [],
        liked_by: [
          { id: 5, like_new: true },
          { id: 6, like_new: false },
        ],
        liked_by_profiles: [
          profile(5, { name: 'Cleo', premium: true }),
          profile(6, { name: 'Dina' }),
        ],
      },
    });
    await h.api.refreshLikes();
    await renderApp('/likes/received', { user: demoUser() });
    const cleo = (await screen.findByRole('heading', { name: /Cleo/ })).closest('article');
    const dina = screen.getByRole('heading', { name: /Dina/ }).closest('article');
    expect(within(cleo!).getByTitle('Premium member')).toBeTruthy();
    expect(within(dina!).queryByTitle('Premium member')).toBeNull();
  });
});
