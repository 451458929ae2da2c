/** The worker methods of the chat screens: start, paging, retry/discard, block and report. */
import { describe, expect, it } from 'vitest';
import { chatList, messagesOf } from '../../src/db/queries';
import { createHarness } from './helpers/sync-harness';
import { chat } from './helpers/fake-backend';
import { demoUser, profile } from './helpers/fixtures';

async function member() {
  const h = createHarness();
  h.backend.user = demoUser();
  h.backend.chats = [chat(1, 2, '2026-01-02T00:00:00Z'), chat(2, 3, '2026-01-01T00:00:00Z')];
  await h.api.refreshUser();
  await h.api.refreshChats();
  return h;
}

const message = (id: number, at: string, conversation = 1) => ({
  id,
  conversation,
  sender: 501,
  msg: `m${id}`,
  client_id: null,
  created_at: at,
  read_at: null,
});

const noCredits = {
  status: 402,
  body: {
    statusCode: 402,
    error: 'Payment Required',
    message: 'You have no credits left',
    key: 'chat.no_credits',
  },
};

describe('starting a chat', () => {
  it('asks GET /api/chat.php?profile= and refreshes the list', async () => {
    const h = await member();
    h.backend.override('GET /api/chat.php', (request) =>
      request.query.get('profile') === '503' ? { body: { id: 3 } } : undefined,
    );
    h.backend.chats = [...h.backend.chats, chat(3, 0, '2026-01-03T00:00:00Z')];
    expect(await h.api.startChat(503)).toBe(3);
    expect(h.backend.last('GET /api/chat.php')?.query.get('profile')).toBe('503');
    expect((await chatList(h.db)).map((c) => c.id)).toEqual([3, 1, 2]);
  });

  it('rejects with a SyncError when the server refuses', async () => {
    const h = await member();
    h.backend.override('GET /api/chat.php', {
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Down' },
    });
    await expect(h.api.startChat(503)).rejects.toMatchObject({ kind: 'http', status: 500 });
  });
});

describe('message pages', () => {
  it('loads older messages with before and keeps the newer ones', async () => {
    const h = await member();
    h.backend.override('GET /api/chat.php', (request) =>
      request.query.get('before') === '10'
        ? { body: { conversation: 1, msg: [message(8, '2026-01-01T00:08:00Z')] } }
        : { body: { conversation: 1, msg: [message(10, '2026-01-01T00:10:00Z')] } },
    );
    expect(await h.api.loadMessages(1)).toBe(1);
    expect(h.backend.last('GET /api/chat.php')?.query.has('before')).toBe(false);
    expect(await h.api.loadMessages(1, 10)).toBe(1);
    expect(h.backend.last('GET /api/chat.php')?.query.get('before')).toBe('10');
    expect((await messagesOf(1, h.db)).map((m) => m.id)).toEqual([8, 10]);
  });
});

describe('failed messages', () => {
  it('keeps the refusal key, retries under a new client id, and sends', async () => {
    const h = await member();
    h.backend.override('POST /api/chat.php', noCredits);
    await expect(h.api.sendMessage(1, 'Hello')).rejects.toMatchObject({
      status: 402,
      key: 'chat.no_credits',
    });
    const [failed] = await messagesOf(1, h.db);
    expect(failed?.status).toBe('failed');
    expect((await h.db.actions.get(failed?.key ?? ''))?.error).toBe('chat.no_credits');

    h.backend.override('POST /api/chat.php', (request) => {
      const body = request.body as { client_id: string };
      return { body: { ...message(11, '2026-01-01T00:11:00Z'), sender: 7, ...body, msg: 'Hello' } };
    });
    const outcome = await h.api.retryMessage(failed?.key ?? '');
    expect(outcome.status).toBe('sent');
    expect(outcome.clientId).not.toBe(failed?.key);
    const rows = await messagesOf(1, h.db);
    expect(rows.map((m) => [m.key, m.msg, m.status])).toEqual([
      [outcome.clientId, 'Hello', 'sent'],
    ]);
    expect(await h.db.actions.count()).toBe(0);
  });

  it('stores network failures as network and discards on request', async () => {
    const h = await member();
    h.backend.override('POST /api/chat.php', 'network-error');
    await expect(h.api.sendMessage(1, 'Hi')).rejects.toMatchObject({ kind: 'network' });
    const [failed] = await messagesOf(1, h.db);
    expect((await h.db.actions.get(failed?.key ?? ''))?.error).toBe('network');
    await h.api.discardMessage(failed?.key ?? '');
    expect(await messagesOf(1, h.db)).toEqual([]);
    expect(await h.db.actions.count()).toBe(0);
  });

  it('refuses to retry or discard a message that did not fail', async () => {
    const h = await member();
    h.backend.override('POST /api/chat.php', {
      status: 202,
      body: {},
      headers: { 'x-queued': '1' },
    });
    const { clientId } = await h.api.sendMessage(1, 'Later');
    await expect(h.api.discardMessage(clientId)).rejects.toMatchObject({ kind: 'validation' });
    await expect(h.api.retryMessage('nope')).rejects.toMatchObject({ kind: 'validation' });
    expect((await h.db.messages.get(clientId))?.status).toBe('queued');
  });
});

describe('block and report', () => {
  it('blocks a member and removes their chat, messages, likes and search entries', async () => {
    const h = await member();
    h.backend.override('POST /api/block.php', { body: { blocked: true } });
    h.backend.override('GET /api/chat.php', {
      body: { conversation: 1, msg: [message(1, '2026-01-01T00:00:00Z')] },
    });
    await h.api.loadMessages(1);
    await h.db.likes.put({
      profileId: 501,
      liked: true,
      status: 'sent',
      clientId: null,
      seq: 1,
      did_like_profile: false,
      updatedAt: 1,
    });
    await h.db.likedBy.put({ id: 501, like_new: true, order: 0 });
    await h.db.searchPages.put({
      filterKey: 'k',
      kind: 'main',
      pageNumber: 1,
      results: [500, 501, 502],
    });
    await h.db.profiles.put(profile(501));

    await h.api.block(501);
    expect(h.backend.last('POST /api/block.php')?.body).toEqual({ profile: 501 });
    expect((await chatList(h.db)).map((c) => c.id)).toEqual([2]);
    expect(await messagesOf(1, h.db)).toEqual([]);
    expect(await h.db.likes.get(501)).toBeUndefined();
    expect(await h.db.likedBy.get(501)).toBeUndefined();
    expect((await h.db.searchPages.get(['k', 'main', 1]))?.results).toEqual([500, 502]);
    expect(h.badge.value).toBe(3);
  });

  it('keeps everything when blocking fails', async () => {
    const h = await member();
    h.backend.override('POST /api/block.php', 'network-error');
    await expect(h.api.block(501)).rejects.toMatchObject({ kind: 'network' });
    expect((await chatList(h.db)).map((c) => c.id)).toEqual([1, 2]);
  });

  it('reports with reason and text, and checks the reason first', async () => {
    const h = await member();
    h.backend.override('POST /api/complaints.php', { body: { ok: true } });
    await h.api.report(501, 'spam', '  Sells things  ');
    expect(h.backend.last('POST /api/complaints.php')?.body).toEqual({
      profile: 501,
      reason: 'spam',
      message: 'Sells things',
    });
    const count = h.backend.count('POST /api/complaints.php');
    await expect(h.api.report(501, 'bogus' as 'spam')).rejects.toMatchObject({
      kind: 'validation',
    });
    expect(h.backend.count('POST /api/complaints.php')).toBe(count);
  });
});
