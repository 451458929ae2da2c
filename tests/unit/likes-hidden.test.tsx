/**
 * "Who liked me" without premium: the worker keeps liked_by_hidden (kv), the badge still counts
 * the new hidden likes, and the likes screen shows a card below the named likers, offline too.
 */
import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LikesResponse } from '../../src/shared/contract/likes';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { getDb } from '../../src/db/db';
import { kvGet } from '../../src/db/kv';
import { badgeCount } from '../../src/db/queries';
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

const ROUTE = 'GET /api/likes.php';
/** Three named likers (one seen), and two more only counted, one of them new. */
const limited: LikesResponse = {
  profiles: [],
  liked_by: [
    { id: 11, like_new: true },
    { id: 12, like_new: true },
    { id: 13, like_new: false },
  ],
  liked_by_profiles: [11, 12, 13].map((id) => profile(id, { name: `Fan ${id}` })),
  liked_by_hidden: 2,
  liked_by_hidden_new: 1,
};

let current: Harness | undefined;

async function member(likes: LikesResponse): Promise<Harness> {
  const h = createHarness({ db: getDb() });
  current = h;
  worker.current = h.api;
  h.backend.user = demoUser();
  await h.api.refreshUser();
  h.backend.override(ROUTE, { body: likes });
  await h.api.refreshLikes();
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

describe('likers hidden without premium', () => {
  it('stores the count and the new ones; the app badge counts only likes the member can open', async () => {
    await member(limited);
    expect(await kvGet(getDb(), 'likedByHidden')).toEqual({ count: 2, fresh: 1 });
    // Two named new likes; the hidden new one could never be opened, so it would never clear.
    expect(await badgeCount(getDb())).toBe(2);
    expect(await getDb().likedBy.count()).toBe(3);
  });

  it('shows the named likers, then how many more liked you and the way to premium', async () => {
    await member(limited);
    await renderApp('/likes/received', { user: demoUser() });
    expect(await screen.findByRole('heading', { name: /Fan 11/ })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    const card = screen.getByRole('region', { name: '2 more members liked you' });
    expect(within(card).getByText('1 of them is new')).toBeTruthy();
    const link = within(card).getByRole('link', { name: 'Go premium to see who' });
    expect(link.getAttribute('href')).toBe('/premium');
    // The tab counts every liker and every new like.
    const tab = screen.getByRole('link', { name: /Liked me/ });
    expect(tab.textContent).toContain('5');
    expect(tab.textContent).toContain('3 new');
  });

  it('says "1 more member" in the singular and leaves the other lists alone', async () => {
    await member({ ...limited, liked_by_hidden: 1, liked_by_hidden_new: 0 });
    await renderApp('/likes/received', { user: demoUser() });
    const card = await screen.findByRole('region', { name: '1 more member liked you' });
    expect(within(card).queryByText(/of them/)).toBeNull();
    cleanup();
    await renderApp('/likes/given', { user: demoUser() });
    await screen.findByText(/You have not liked anyone yet/);
    expect(screen.queryByRole('region', { name: /liked you/ })).toBeNull();
  });

  it('shows no card once premium names everyone, and clears the stored count', async () => {
    const h = await member(limited);
    h.backend.override(ROUTE, {
      body: {
        ...limited,
        liked_by: [...limited.liked_by, { id: 14, like_new: true }, { id: 15, like_new: false }],
        liked_by_profiles: [11, 12, 13, 14, 15].map((id) => profile(id, { name: `Fan ${id}` })),
        liked_by_hidden: undefined,
        liked_by_hidden_new: undefined,
      },
    });
    await h.api.refreshLikes();
    expect(await kvGet(getDb(), 'likedByHidden')).toEqual({ count: 0, fresh: 0 });
    expect(await badgeCount(getDb())).toBe(3);
    await renderApp('/likes/received', { user: demoUser() });
    expect(await screen.findByRole('heading', { name: /Fan 15/ })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(screen.queryByRole('region', { name: /liked you/ })).toBeNull();
  });
});
