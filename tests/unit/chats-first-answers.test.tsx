/**
 * The chat list on a page that came with it (the server's first answers): the conversations show
 * from it before anything is stored, and the worker stores that same answer with its ETag
 * instead of asking again.
 */
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FirstAnswers } from '../../src/shared/first-answers';
import { removeFirstAnswers, writeFirstAnswers } from './helpers/first-answers';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { getDb } from '../../src/db/db';
import { kvGet } from '../../src/db/kv';
import { chat } from './helpers/fake-backend';
import { demoUser } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { renderApp } from './helpers/render-app';
import { createHarness } from './helpers/sync-harness';

const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));

const ROUTE = 'GET /api/chats.php';

beforeAll(() => {
  setupI18n();
  const answers: FirstAnswers = {
    user: demoUser(),
    chats: {
      etag: '"page"',
      answer: { chats: [chat(1, 0, '2026-01-02T00:00:00Z'), chat(2, 1, '2026-01-03T00:00:00Z')] },
    },
  };
  writeFirstAnswers(answers);
});
afterAll(() => {
  cleanup();
  removeFirstAnswers();
});

describe('the chat list the page came with', () => {
  it('shows it at once, newest first, and has the worker store it instead of asking', async () => {
    const h = createHarness({ db: getDb() });
    worker.current = h.api;
    h.backend.user = demoUser();
    await h.api.refreshUser();
    // Were the worker to ask, the list would come back empty.
    h.backend.chats = [];
    try {
      await renderApp('/chats', { user: demoUser() });
      const list = await screen.findByRole('list', { name: 'Messages' });
      await waitFor(() => expect(list.textContent).toContain('Member 502'));
      expect(list.textContent!.indexOf('Member 502')).toBeLessThan(
        list.textContent!.indexOf('Member 501'),
      );
      await waitFor(async () => expect(await getDb().chats.count()).toBe(2));
      expect(await kvGet(getDb(), 'etag:chats')).toBe('"page"');
      expect(h.backend.count(ROUTE)).toBe(0);
    } finally {
      h.sync.stop();
    }
  });
});
