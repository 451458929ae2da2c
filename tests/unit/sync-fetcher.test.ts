import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttp } from '../../workers/fetcher';
import { isSyncError } from '../../workers/errors';
import { createHarness, FAKE_TIMERS, flush } from './helpers/sync-harness';
import { FakeBackend } from './helpers/fake-backend';
import { demoUser } from './helpers/fixtures';

function http(backend: FakeBackend, timeoutMs?: number) {
  return createHttp({
    fetch: backend.fetch,
    base: 'https://amora.test',
    host: 'amora.test',
    timeoutMs,
  });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('worker fetch layer', () => {
  it('sends the SPEC §7 headers, the ETag and a JSON body', async () => {
    const backend = new FakeBackend();
    backend.user = demoUser();
    await http(backend).call('like', {
      body: { profile: 3, client_id: '00000000-0000-4000-8000-000000000001', client_seq: 1 },
      headers: { 'x-client-action': '1' },
      etag: '"abc"',
    });
    const sent = backend.last('POST /api/likes.php');
    expect(sent?.headers).toMatchObject({
      'x-package-name': 'amora',
      'x-original-host': 'amora.test',
      'content-type': 'application/json',
      'if-none-match': '"abc"',
      'x-client-action': '1',
    });
    expect(sent?.body).toEqual({ profile: 3, client_id: expect.any(String), client_seq: 1 });
  });

  it('reports a 304 as not modified and a service-worker 202 as queued', async () => {
    const backend = new FakeBackend();
    backend.user = demoUser();
    const first = await http(backend).call('user');
    const again = await http(backend).call('user', { etag: first.etag });
    expect(again).toMatchObject({ status: 304, notModified: true });
    backend.override('POST /api/likes.php', {
      status: 202,
      body: {},
      headers: { 'x-queued': '1' },
    });
    const queued = await http(backend).call('like', { body: { profile: 3 } });
    expect(queued.queued).toBe(true);
  });

  it('classifies failures as plain objects: network, auth, http with key, validation', async () => {
    const backend = new FakeBackend();
    backend.override('GET /api/settings.php', 'network-error');
    expect(await rejection(http(backend).call('settings'))).toMatchObject({ kind: 'network' });

    expect(await rejection(http(backend).call('user'))).toEqual({
      kind: 'auth',
      status: 403,
      key: 'auth.not_logged_in',
      message: 'Not logged in',
    });

    backend.override('GET /api/chats.php', {
      status: 500,
      body: { statusCode: 500, error: 'Internal', message: 'Boom', key: 'errors.server' },
    });
    expect(await rejection(http(backend).call('chats'))).toMatchObject({
      kind: 'http',
      status: 500,
      key: 'errors.server',
    });

    backend.override('GET /api/likes.php', { body: { profiles: 'nope' } });
    const invalid = await rejection(http(backend).call('likes'));
    expect(invalid).toMatchObject({ kind: 'validation', status: 200 });
    expect(isSyncError(invalid)).toBe(true);
    expect(Object.getPrototypeOf(invalid)).toBe(Object.prototype);
  });

  describe('with a server that never answers', () => {
    beforeEach(() => vi.useFakeTimers(FAKE_TIMERS));
    afterEach(() => vi.useRealTimers());

    it('gives up after the timeout with a network error', async () => {
      const backend = new FakeBackend();
      backend.override('GET /api/settings.php', 'hang');
      const pending = rejection(http(backend, 15_000).call('settings'));
      await vi.advanceTimersByTimeAsync(15_000);
      expect(await pending).toMatchObject({
        kind: 'network',
        message: 'No answer within 15000 ms',
      });
    });
  });
});

describe('every API call settles with a classified error', () => {
  const loggedIn = async () => {
    const h = createHarness();
    h.backend.user = demoUser();
    await h.api.refreshUser();
    return h;
  };

  it('on network failure', async () => {
    const h = await loggedIn();
    for (const route of [
      'GET /api/user.php',
      'GET /api/chats.php',
      'GET /api/likes.php',
      'GET /api/search.php',
      'POST /api/likes.php',
      'DELETE /api/chat.php',
    ]) {
      h.backend.override(route, 'network-error');
    }
    const errors = await Promise.all(
      [
        h.api.refreshUser(),
        h.api.refreshChats(),
        h.api.refreshLikes(),
        h.api.search(),
        h.api.like(3),
        h.api.deleteChat(1),
      ].map(rejection),
    );
    for (const error of errors) expect(error).toMatchObject({ kind: 'network' });
  });

  it('on 403: user resolves to null (logged out), personal calls reject as auth', async () => {
    const h = await loggedIn();
    h.backend.override('GET /api/chats.php', {
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'No' },
    });
    h.backend.override('POST /api/likes.php', {
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'No' },
    });
    expect(await rejection(h.api.refreshChats())).toMatchObject({ kind: 'auth', status: 403 });
    expect(await rejection(h.api.like(3))).toMatchObject({ kind: 'auth', status: 403 });
    h.backend.user = null;
    expect(await h.api.refreshUser()).toBeNull();
    expect(await rejection(h.api.like(3))).toMatchObject({ kind: 'auth' });
  });

  it('on an answer that fails the contract', async () => {
    const h = await loggedIn();
    h.backend.override('GET /api/search.php', { body: { profiles: [{ id: 'x' }] } });
    h.backend.override('GET /api/chats.php', { body: { chats: [{}] } });
    h.backend.override('GET /api/settings.php', { body: { name: 1 } });
    h.backend.override('GET /api/logout.php', { text: 'nope' });
    expect(await rejection(h.api.search())).toMatchObject({ kind: 'validation' });
    expect(await rejection(h.api.refreshChats())).toMatchObject({ kind: 'validation' });
    expect(await rejection(h.api.refreshSettings())).toMatchObject({ kind: 'validation' });
    expect(await h.api.logout()).toMatchObject({ done: false, error: { kind: 'validation' } });
    await flush();
  });

  it('on a closed database', async () => {
    const h = await loggedIn();
    h.db.close();
    expect(await rejection(h.api.openChat(1))).toMatchObject({ kind: 'storage' });
  });
});
