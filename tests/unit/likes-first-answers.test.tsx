/**
 * The likes screen on a page that came with its likes (the server's first answers): the lists
 * show from them before anything is stored, and the worker stores that same answer with its ETag
 * instead of asking again.
 */
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LikesResponse } from '../../src/shared/contract/likes';
import type { FirstAnswers } from '../../src/shared/first-answers';
import { removeFirstAnswers, writeFirstAnswers } from './helpers/first-answers';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { getDb } from '../../src/db/db';
import { kvGet } from '../../src/db/kv';
import { demoUser, profile } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { renderApp } from './helpers/render-app';
import { createHarness } from './helpers/sync-harness';

const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));

const ROUTE = 'GET /api/likes.php';
const pageLikes: LikesResponse = {
  profiles: [profile(4, { name: 'Given 4' })],
  liked_by: [
    { id: 11, like_new: true },
    { id: 12, like_new: false },
  ],
  liked_by_profiles: [11, 12].map((id) => profile(id, { name: `Fan ${id}` })),
};

beforeAll(() => {
  setupI18n();
  const answers: FirstAnswers = { user: demoUser(), likes: { etag: '"page"', answer: pageLikes } };
  writeFirstAnswers(answers);
});
afterAll(() => {
  cleanup();
  removeFirstAnswers();
});

describe('likes the page came with', () => {
  it('shows them at once and has the worker store them instead of asking', async () => {
    const h = createHarness({ db: getDb() });
    worker.current = h.api;
    h.backend.user = demoUser();
    await h.api.refreshUser();
    // Were the worker to ask, the lists would come back empty.
    h.backend.override(ROUTE, { body: { profiles: [], liked_by: [] } });
    try {
      await renderApp('/likes/received', { user: demoUser() });
      expect(await screen.findByRole('heading', { name: /Fan 11/ })).toBeTruthy();
      expect(screen.getAllByRole('article')).toHaveLength(2);
      await waitFor(async () => expect(await getDb().likedBy.count()).toBe(2));
      expect(await kvGet(getDb(), 'etag:likes')).toBe('"page"');
      expect(h.backend.count(ROUTE)).toBe(0);
      expect(screen.getAllByRole('article')).toHaveLength(2);
    } finally {
      h.sync.stop();
    }
  });
});
