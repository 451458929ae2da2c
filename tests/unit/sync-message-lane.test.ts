/**
 * The message lane: the worker hands received messages to open pages beside its write, so the
 * conversation shows them a disk commit sooner, and still shows them when the disk is full.
 */
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/shared/contract/chat';
import { messagesOf } from '../../src/db/queries';
import { applyConversationEvent } from '../../workers/live-messages';
import { ROOM_RETRIES } from '../../workers/quota-guard';
import { chat } from './helpers/fake-backend';
import { demoUser, ownMessage } from './helpers/fixtures';
import { refuseWrites } from './helpers/full-disk';
import { createHarness, flush, newDb } from './helpers/sync-harness';

/** A message of member 501 to the demo member (7) in conversation 1. */
const incoming = (id: number): ChatMessage => ({ ...ownMessage(id, `m${id}`, null), sender: 501 });

async function member(db = newDb()) {
  const h = createHarness({ db });
  h.backend.user = demoUser();
  h.backend.chats = [chat(1, 0, '2026-01-02T00:00:00Z')];
  await h.api.refreshUser();
  await h.api.refreshChats();
  return h;
}

describe('message lane', () => {
  it('hands a live message to the pages, for the session member, and stores it', async () => {
    const h = await member();
    h.backend.override('GET /api/chat.php', { body: { conversation: 1, msg: [incoming(1)] } });
    await h.api.loadMessages(1);
    expect(h.arrivals).toEqual([]); // stored: the screen reads it from the database

    await applyConversationEvent(h.ctx, { type: 'message', conversation: 1, message: incoming(2) });
    expect(h.arrivals).toEqual([
      {
        type: 'messages',
        memberId: 7,
        conversation: 1,
        rows: [expect.objectContaining({ key: 'id:2', id: 2, msg: 'm2', status: 'sent' })],
      },
    ]);
    expect((await messagesOf(1, h.db)).map((r) => r.id)).toEqual([1, 2]);
  });

  it('does not hand over the live copy of a message this device is still posting', async () => {
    const h = await member();
    let arrived!: () => void;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const sent = ownMessage(2, 'Hi', '00000000-0000-4000-8000-000000000001');
    h.backend.override('POST /api/chat.php', async () => {
      arrived();
      await answered;
      return { body: sent };
    });
    const sending = h.api.sendMessage(1, 'Hi');
    // The server has the message and its live copy comes back before the POST's answer.
    await reached;
    const live = applyConversationEvent(h.ctx, { type: 'message', conversation: 1, message: sent });
    answer();
    await Promise.all([sending, live]);
    expect(h.arrivals).toEqual([]);
  });

  it('on a disk with no room left, a loaded page reaches the screen through the lane', async () => {
    const db = newDb();
    const refused = refuseWrites(db, 'messages');
    const h = await member(db);
    refused.left = ROOM_RETRIES + 1; // the first write and every retry after a trim
    h.backend.override('GET /api/chat.php', {
      body: { conversation: 1, msg: [incoming(1), ownMessage(2, 'Hello', 'c-2')] },
    });

    // Loading succeeds: the member reads the conversation although nothing could be kept.
    await expect(h.api.loadMessages(1)).resolves.toBe(2);
    expect(await messagesOf(1, h.db)).toEqual([]);
    expect(h.notices).toContainEqual({ type: 'storage-full' });
    expect(h.arrivals).toHaveLength(1);
    expect(h.arrivals[0]).toMatchObject({ memberId: 7, conversation: 1 });
    expect(h.arrivals[0]!.rows.map((r) => [r.key, r.msg])).toEqual([
      ['id:1', 'm1'],
      ['c-2', 'Hello'],
    ]);
  });

  it('on a disk with no room left, a sent message is shown from the server’s answer', async () => {
    const db = newDb();
    const refused = refuseWrites(db, 'messages');
    const h = await member(db);
    refused.left = ROOM_RETRIES + 1;
    const sent = ownMessage(3, 'Still here', '00000000-0000-4000-8000-000000000001');
    h.backend.override('POST /api/chat.php', { body: sent });

    await expect(h.api.sendMessage(1, 'Still here')).resolves.toEqual({
      status: 'sent',
      clientId: sent.client_id,
    });
    expect(h.backend.count('POST /api/chat.php')).toBe(1);
    expect(await messagesOf(1, h.db)).toEqual([]);
    expect(h.arrivals).toEqual([
      {
        type: 'messages',
        memberId: 7,
        conversation: 1,
        rows: [expect.objectContaining({ key: sent.client_id, id: 3, msg: 'Still here' })],
      },
    ]);
  });

  it('hands nothing over when the session changed while the page was loading', async () => {
    const db = newDb();
    const refused = refuseWrites(db, 'messages');
    const h = await member(db);
    refused.left = ROOM_RETRIES + 1;
    h.backend.override('GET /api/chat.php', async () => {
      await h.db.kv.put({ key: 'session', value: { memberId: 8, changedAt: Date.now() + 1 } });
      return { body: { conversation: 1, msg: [incoming(1)] } };
    });
    await h.api.loadMessages(1);
    expect(h.arrivals).toEqual([]);
  });

  it('stamps a live message with the member another tab logged in', async () => {
    const tab = await member();
    const other = createHarness({ db: tab.db, hub: tab.hub });
    other.backend.user = { ...demoUser(), id: 8 };
    await other.api.refreshUser(); // the other tab's worker writes the session and says so
    await flush();

    await applyConversationEvent(tab.ctx, {
      type: 'message',
      conversation: 1,
      message: incoming(3),
    });
    expect(tab.arrivals).toMatchObject([{ type: 'messages', memberId: 8, conversation: 1 }]);
  });
});
