import { describe, expect, it, vi } from 'vitest';
import { chatList, messagesOf } from '../../src/db/queries';
import { applyConversationEvent } from '../../workers/live-messages';
import { createHarness, flush } from './helpers/sync-harness';
import { chat } from './helpers/fake-backend';
import { demoUser } from './helpers/fixtures';

async function member() {
  const h = createHarness();
  h.backend.user = demoUser();
  h.backend.chats = [chat(1, 2, '2026-01-02T00:00:00Z'), chat(2, 3, '2026-01-01T00:00:00Z')];
  h.backend.likedBy = [{ id: 30, like_new: true }];
  await h.api.refreshUser();
  await h.api.refreshChats();
  await h.api.refreshLikes();
  return h;
}

describe('chats', () => {
  it('stores the chat list and sets the badge to unread messages plus new likes', async () => {
    const h = await member();
    expect((await chatList(h.db)).map((c) => [c.id, c.num_unread_messages])).toEqual([
      [1, 2],
      [2, 3],
    ]);
    expect((await h.db.profiles.get(501))?.name).toBe('Member 501');
    expect(h.badge.value).toBe(6);
  });

  it('sets unread to 0 on open and keeps it until the conversation changes', async () => {
    const h = await member();
    await h.api.openChat(1);
    expect((await h.db.chats.get(1))?.num_unread_messages).toBe(0);
    expect(h.badge.value).toBe(4);

    h.backend.chats = [chat(1, 2, '2026-01-02T00:00:00Z'), chat(2, 4, '2026-01-01T00:00:00Z')];
    await h.api.refreshChats(); // the server has not marked it read yet
    expect((await h.db.chats.get(1))?.num_unread_messages).toBe(0);
    expect(h.badge.value).toBe(5);

    h.backend.chats = [chat(1, 3, '2026-01-03T00:00:00Z'), chat(2, 4, '2026-01-01T00:00:00Z')];
    await h.api.refreshChats(); // a new message arrived since
    expect((await h.db.chats.get(1))?.num_unread_messages).toBe(3);
    expect(h.badge.value).toBe(8);
  });

  it('deletes a chat and reloads the list', async () => {
    const h = await member();
    const lists = h.backend.count('GET /api/chats.php');
    await h.api.deleteChat(1);
    expect(h.backend.last('DELETE /api/chat.php')?.body).toEqual({ conversation: 1 });
    expect(h.backend.count('GET /api/chats.php')).toBe(lists + 1);
    expect((await chatList(h.db)).map((c) => c.id)).toEqual([2]);
    expect(h.badge.value).toBe(4);
  });

  it('reloads the list after a failed deletion too, then rejects for the alert', async () => {
    const h = await member();
    h.backend.override('DELETE /api/chat.php', {
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Try later' },
    });
    h.backend.chats = [chat(2, 3, '2026-01-01T00:00:00Z')]; // meanwhile changed elsewhere
    const lists = h.backend.count('GET /api/chats.php');
    await expect(h.api.deleteChat(1)).rejects.toEqual({
      kind: 'http',
      status: 500,
      message: 'Try later',
    });
    expect(h.backend.count('GET /api/chats.php')).toBe(lists + 1);
    expect((await chatList(h.db)).map((c) => c.id)).toEqual([2]);
  });
});

describe('messages', () => {
  const message = (id: number, clientId: string | null, at: string) => ({
    id,
    conversation: 1,
    sender: 501,
    msg: `m${id}`,
    client_id: clientId,
    created_at: at,
    read_at: null,
  });

  it('loads a conversation and sends with an optimistic row', async () => {
    const h = await member();
    h.backend.override('GET /api/chat.php', {
      body: { conversation: 1, msg: [message(1, null, '2026-01-01T00:00:00Z')] },
    });
    await h.api.loadMessages(1);
    h.backend.override('POST /api/chat.php', {
      body: {
        ...message(2, '00000000-0000-4000-8000-000000000001', '2026-01-01T00:01:00Z'),
        sender: 7,
      },
    });
    expect(await h.api.sendMessage(1, ' Hello ')).toEqual({
      status: 'sent',
      clientId: '00000000-0000-4000-8000-000000000001',
    });
    expect(h.backend.last('POST /api/chat.php')?.headers).toMatchObject({ 'x-member-id': '7' });
    const rows = await messagesOf(1, h.db);
    expect(rows.map((r) => [r.id, r.msg, r.status])).toEqual([
      [1, 'm1', 'sent'],
      [2, 'Hello', 'sent'],
    ]);
  });

  it('stores a live message for a conversation it holds, and ignores others', async () => {
    const h = await member();
    h.backend.override('GET /api/chat.php', {
      body: { conversation: 1, msg: [message(1, null, '2026-01-01T00:00:00Z')] },
    });
    await h.api.loadMessages(1);
    await applyConversationEvent(h.ctx, {
      type: 'message',
      conversation: 1,
      message: message(5, null, '2026-01-01T00:05:00Z'),
    });
    await applyConversationEvent(h.ctx, {
      type: 'message',
      conversation: 2,
      message: { ...message(6, null, '2026-01-01T00:06:00Z'), conversation: 2 },
    });
    expect((await messagesOf(1, h.db)).map((r) => r.id)).toEqual([1, 5]);
    expect(await messagesOf(2, h.db)).toEqual([]);
  });

  it("does not write the live copy of the sender's own message again once the answer stored it", async () => {
    const h = await member();
    h.backend.override('GET /api/chat.php', {
      body: { conversation: 1, msg: [message(1, null, '2026-01-01T00:00:00Z')] },
    });
    await h.api.loadMessages(1);
    const sent = {
      ...message(2, '00000000-0000-4000-8000-000000000001', '2026-01-01T00:01:00Z'),
      sender: 7,
    };
    h.backend.override('POST /api/chat.php', { body: sent });
    await h.api.sendMessage(1, 'm2');
    const puts = vi.spyOn(h.db.messages, 'put');
    await applyConversationEvent(h.ctx, { type: 'message', conversation: 1, message: sent });
    expect(puts).not.toHaveBeenCalled();
    // A copy that says more (delivered now) is written.
    const delivered = { ...sent, delivered_at: '2026-01-01T00:01:01Z' };
    await applyConversationEvent(h.ctx, { type: 'message', conversation: 1, message: delivered });
    expect(puts).toHaveBeenCalledTimes(1);
    expect((await messagesOf(1, h.db)).at(-1)?.delivered_at).toBe('2026-01-01T00:01:01Z');
  });

  it('applies a read receipt to own messages without fetching (which would mark it read here)', async () => {
    const h = await member();
    const mine = (id: number) => ({ ...message(id, null, `2026-01-01T00:0${id}:00Z`), sender: 7 });
    h.backend.override('GET /api/chat.php', {
      body: {
        conversation: 1,
        msg: [mine(1), mine(2), message(3, null, '2026-01-01T00:03:00Z'), mine(4)],
      },
    });
    await h.api.loadMessages(1);
    const fetches = h.backend.count('GET /api/chat.php');
    await applyConversationEvent(h.ctx, {
      type: 'read',
      conversation: 1,
      by: 501,
      up_to: 3,
      read_at: '2026-01-01T00:10:00Z',
    });
    expect(h.backend.count('GET /api/chat.php')).toBe(fetches);
    expect((await messagesOf(1, h.db)).map((r) => [r.id, r.read_at])).toEqual([
      [1, '2026-01-01T00:10:00Z'],
      [2, '2026-01-01T00:10:00Z'],
      [3, null],
      [4, null],
    ]);
  });

  it('asks the server about a read receipt that covers a message still waiting for its answer', async () => {
    const h = await member();
    h.backend.override('GET /api/chat.php', { body: { conversation: 1, msg: [] } });
    await h.api.loadMessages(1);
    const clientId = '00000000-0000-4000-8000-0000000000aa';
    await h.db.messages.put({
      key: clientId,
      id: null,
      conversation: 1,
      sender: 7,
      msg: 'Hi',
      client_id: clientId,
      created_at: '2026-01-01T00:01:00Z',
      read_at: null,
      status: 'queued',
    });
    const stored = { ...message(9, clientId, '2026-01-01T00:01:00Z'), sender: 7, msg: 'Hi' };
    h.backend.override('GET /api/chat.php', (request) => {
      expect(request.query.get('read')).toBe('0');
      return { body: { conversation: 1, msg: [{ ...stored, read_at: '2026-01-01T00:02:00Z' }] } };
    });
    await applyConversationEvent(h.ctx, {
      type: 'read',
      conversation: 1,
      by: 501,
      up_to: 9,
      read_at: '2026-01-01T00:02:00Z',
    });
    expect((await messagesOf(1, h.db)).map((r) => [r.key, r.id, r.read_at])).toEqual([
      [clientId, 9, '2026-01-01T00:02:00Z'],
    ]);
  });

  it('keeps a queued message and marks it failed when the replay fails', async () => {
    const h = await member();
    h.backend.override('POST /api/chat.php', {
      status: 202,
      body: {},
      headers: { 'x-queued': '1' },
    });
    const { clientId, status } = await h.api.sendMessage(1, 'Hi');
    expect(status).toBe('queued');
    expect((await h.db.messages.get(clientId))?.status).toBe('queued');
    h.hub.broadcast({ type: 'failed', clientId, memberId: 7, status: 403, body: null });
    await flush();
    expect((await h.db.messages.get(clientId))?.status).toBe('failed');
    await expect(h.api.sendMessage(1, '   ')).rejects.toMatchObject({ kind: 'validation' });
  });
});

describe('the chat list the page came with', () => {
  async function loggedIn() {
    const h = createHarness();
    h.backend.user = demoUser();
    h.backend.chats = [chat(9, 1, '2026-01-03T00:00:00Z')];
    await h.api.refreshUser();
    return h;
  }
  const answer = {
    chats: [chat(1, 2, '2026-01-02T00:00:00Z'), chat(2, 0, '2026-01-04T00:00:00Z')],
  };

  it('is stored with its ETag instead of asking, newest first, and the next poll sends that ETag', async () => {
    const h = await loggedIn();
    await h.api.refreshChats({ memberId: 7, etag: '"page"', answer });
    expect(h.backend.count('GET /api/chats.php')).toBe(0);
    expect((await chatList(h.db)).map((c) => c.id)).toEqual([2, 1]);
    expect(h.badge.value).toBe(2);
    await h.api.refreshChats();
    expect(h.backend.last('GET /api/chats.php')?.headers['if-none-match']).toBe('"page"');
  });

  it('is asked for again when a list is stored, the member differs or the answer does not fit', async () => {
    const stored = await loggedIn();
    await stored.api.refreshChats();
    await stored.api.refreshChats({ memberId: 7, etag: '"page"', answer });
    expect(stored.backend.count('GET /api/chats.php')).toBe(2);
    expect((await chatList(stored.db)).map((c) => c.id)).toEqual([9]);

    const other = await loggedIn();
    await other.api.refreshChats({ memberId: 8, etag: '"page"', answer });
    expect((await chatList(other.db)).map((c) => c.id)).toEqual([9]);

    const broken = await loggedIn();
    await broken.api.refreshChats({ memberId: 7, etag: null, answer: { chats: [{ id: 1 }] } });
    expect((await chatList(broken.db)).map((c) => c.id)).toEqual([9]);
  });
});
