/**
 * The members screen on a device with no room left: the sync worker holds the search in memory
 * and hands it over on the page lane, so searching and paging go on online.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { getDb } from '../../src/db/db';
import { heldSearchView } from '../../src/features/members/held-search-view';
import { demoUser, profile } from './helpers/fixtures';
import { withFullDisk } from './helpers/full-disk';
import { setupI18n } from './helpers/i18n';
import { renderApp } from './helpers/render-app';
import { createHarness } from './helpers/sync-harness';

const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));

let stop: (() => void) | undefined;

beforeAll(() => setupI18n());
beforeEach(async () => {
  const db = getDb();
  await Promise.all(db.tables.map((table) => table.clear()));
});
afterEach(() => {
  cleanup();
  stop?.();
});

describe('held search view', () => {
  const row = {
    filterKey: 'k',
    filters: {} as never,
    didInit: true,
    num_results: 3,
    similar_num_results: null,
    highestPage: 1,
    similarHighestPage: 0,
    updatedAt: 0,
  };
  const held = {
    type: 'search' as const,
    memberId: 7,
    search: row,
    results: [profile(1), profile(2)],
    similar: [],
  };

  it('is the view for its member only, with the loading rules of a stored search', () => {
    expect(heldSearchView(held, 7)).toMatchObject({ allLoaded: false, similarAllLoaded: false });
    expect(
      heldSearchView({ ...held, results: [profile(1), profile(2), profile(3)] }, 7),
    ).toMatchObject({
      allLoaded: true,
    });
    expect(heldSearchView(held, 8)).toBeNull();
    expect(heldSearchView({ ...held, search: null }, 7)).toBeNull();
    expect(heldSearchView(null, 7)).toBeNull();
  });
});

/** The sync worker the screens talk to, with the demo member logged in and the lane on. */
async function loggedInWorker() {
  const h = createHarness({ db: getDb(), lane: true });
  stop = () => h.sync.stop();
  worker.current = h.api;
  h.backend.user = demoUser();
  await h.api.refreshUser();
  return h;
}

describe('members screen with no room left', () => {
  it('shows the results the device could not store, and loads more of them', async () => {
    await loggedInWorker();

    await withFullDisk(getDb(), 'searchPages', async (refused) => {
      await renderApp('/members', { user: demoUser() });
      const cards = () => document.querySelectorAll('article a[href^="/members/"]');
      await waitFor(() => expect(cards().length).toBeGreaterThan(0));
      const first = new Set([...cards()].map((a) => a.getAttribute('href'))).size;
      expect(refused.refused).toBeGreaterThan(0);
      expect(await getDb().searchPages.count()).toBe(0);
      expect(screen.queryByText(/could not be loaded|went wrong/i)).toBeNull();

      fireEvent.click(await screen.findByRole('button', { name: /more/i }));
      await waitFor(() =>
        expect(new Set([...cards()].map((a) => a.getAttribute('href'))).size).toBeGreaterThan(
          first,
        ),
      );
    });
  });

  it('likes and unlikes a member the device has no room to store', async () => {
    const h = await loggedInWorker();
    await renderApp('/members', { user: demoUser() });
    const likeButtons = () => screen.findAllByRole('button', { name: /^like /i });
    await likeButtons();

    await withFullDisk(getDb(), 'likes', async (refused) => {
      const [button] = await likeButtons();
      const pressed = () => button!.getAttribute('aria-pressed');
      fireEvent.click(button!);
      await waitFor(() => expect(pressed()).toBe('true'));
      fireEvent.click(button!);
      await waitFor(() => expect(pressed()).toBe('false'));
      fireEvent.click(button!);
      await waitFor(() => expect(pressed()).toBe('true'));
      expect(refused.refused).toBeGreaterThan(0);
      expect(await getDb().likes.count()).toBe(0);
      expect(h.backend.count('POST /api/likes.php')).toBe(2);
      expect(h.backend.count('DELETE /api/likes.php')).toBe(1);
    });
  });
});
