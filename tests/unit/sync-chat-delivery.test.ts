/**
 * Delivery receipts in the sync worker: `delivered` events applied to own messages like read
 * receipts, and messages of the other member that came over the event stream acknowledged with
 * PUT /api/chat.php?delivered=1 (one call per conversation at a time).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../src/shared/contract/chat';
import { messagesOf } from '../../src/db/queries';
import { applyConversationEvent } from '../../workers/live-messages';
import { FOLLOW_UP_DELAY_MS } from '../../workers/follow-up';
import { createHarness, FAKE_TIMERS, tick } from './helpers/sync-harness';
import { demoUser } from './helpers/fixtures';

const ME = 7;
const THEM = 501;

const message = (id: number, sender: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversation: 1,
  sender,
  msg: `m${id}`,
  client_id: null,
  created_at: `2026-01-01T00:0${id}:00Z`,
  read_at: null,
  delivered_at: null,
  ...extra,
});

describe('delivery receipts', () => {
  async function withMessages(msg: ChatMessage[]) {
    const h = createHarness();
    h.backend.user = demoUser();
    await h.api.refreshUser();
    h.backend.override('GET /api/chat.php', { body: { conversation: 1, msg } });
    await h.api.loadMessages(1);
    return h;
  }

  it('marks own messages up to the receipt delivered, without fetching', async () => {
    const h = await withMessages([
      message(1, ME),
      message(2, ME),
      message(3, THEM),
      message(4, ME),
    ]);
    const fetches = h.backend.count('GET /api/chat.php');
    await applyConversationEvent(h.ctx, {
      type: 'delivered',
      conversation: 1,
      by: THEM,
      up_to: 3,
      delivered_at: '2026-01-01T00:10:00Z',
    });
    expect(h.backend.count('GET /api/chat.php')).toBe(fetches);
    expect((await messagesOf(1, h.db)).map((r) => [r.id, r.delivered_at, r.read_at])).toEqual([
      [1, '2026-01-01T00:10:00Z', null],
      [2, '2026-01-01T00:10:00Z', null],
      [3, null, null],
      [4, null, null],
    ]);
  });

  it('keeps the first delivery time, and a read receipt implies delivered', async () => {
    const h = await withMessages([
      message(1, ME, { delivered_at: '2026-01-01T00:05:00Z' }),
      message(2, ME),
    ]);
    await applyConversationEvent(h.ctx, {
      type: 'read',
      conversation: 1,
      by: THEM,
      up_to: 2,
      read_at: '2026-01-01T00:20:00Z',
    });
    await applyConversationEvent(h.ctx, {
      type: 'delivered',
      conversation: 1,
      by: THEM,
      up_to: 2,
      delivered_at: '2026-01-01T00:30:00Z',
    });
    expect((await messagesOf(1, h.db)).map((r) => [r.delivered_at, r.read_at])).toEqual([
      ['2026-01-01T00:05:00Z', '2026-01-01T00:20:00Z'],
      ['2026-01-01T00:20:00Z', '2026-01-01T00:20:00Z'],
    ]);
  });

  it('keeps a receipt when a page or a live copy the server made before it is written after it', async () => {
    const h = await withMessages([message(1, ME), message(2, THEM)]);
    await applyConversationEvent(h.ctx, {
      type: 'read',
      conversation: 1,
      by: THEM,
      up_to: 1,
      read_at: '2026-01-01T00:20:00Z',
    });
    // The answer to a load that started before the other member read: no receipt on it yet.
    h.backend.override('GET /api/chat.php', {
      body: { conversation: 1, msg: [message(1, ME), message(2, THEM)] },
    });
    await h.api.loadMessages(1);
    // And a live copy of the same message without its receipts.
    await applyConversationEvent(h.ctx, {
      type: 'message',
      conversation: 1,
      message: message(1, ME),
    });
    expect((await messagesOf(1, h.db)).map((r) => [r.id, r.delivered_at, r.read_at])).toEqual([
      [1, '2026-01-01T00:20:00Z', '2026-01-01T00:20:00Z'],
      [2, null, null],
    ]);
  });

  it('asks the server about a receipt that covers a message still waiting for its answer', async () => {
    const h = await withMessages([]);
    const clientId = '00000000-0000-4000-8000-0000000000bb';
    await h.db.messages.put({
      ...message(1, ME, { client_id: clientId, msg: 'Hi' }),
      key: clientId,
      id: null,
      status: 'queued',
    });
    h.backend.override('GET /api/chat.php', (request) => {
      expect(request.query.get('read')).toBe('0');
      const stored = message(9, ME, { client_id: clientId, msg: 'Hi' });
      return {
        body: { conversation: 1, msg: [{ ...stored, delivered_at: '2026-01-01T00:02:00Z' }] },
      };
    });
    await applyConversationEvent(h.ctx, {
      type: 'delivered',
      conversation: 1,
      by: THEM,
      up_to: 9,
      delivered_at: '2026-01-01T00:02:00Z',
    });
    expect((await messagesOf(1, h.db)).map((r) => [r.key, r.id, r.delivered_at])).toEqual([
      [clientId, 9, '2026-01-01T00:02:00Z'],
    ]);
  });
});

describe('acknowledging messages from the event stream', () => {
  beforeEach(() => vi.useFakeTimers(FAKE_TIMERS));
  afterEach(() => vi.useRealTimers());

  async function leader() {
    const h = createHarness();
    h.backend.user = demoUser();
    h.sync.start();
    await tick(0);
    await tick(1_000);
    const source = h.sources[0];
    if (!source) throw new Error('no event stream');
    source.open();
    return { ...h, source };
  }

  it('acknowledges the other member’s messages once per conversation, up to the newest', async () => {
    const h = await leader();
    const bodies: unknown[] = [];
    let release: () => void = () => undefined;
    h.backend.override('PUT /api/chat.php', async (request) => {
      bodies.push(request.body);
      // The first call hangs until released, so the next messages wait for it.
      if (bodies.length === 1) await new Promise<void>((resolve) => (release = resolve));
      const { conversation, up_to } = request.body as { conversation: number; up_to: number };
      return { body: { conversation, up_to, marked: 1 } };
    });
    h.source.emit('message', { type: 'message', conversation: 1, message: message(5, THEM) });
    await tick(FOLLOW_UP_DELAY_MS);
    h.source.emit('message', { type: 'message', conversation: 1, message: message(6, THEM) });
    h.source.emit('message', { type: 'message', conversation: 1, message: message(7, THEM) });
    // Own messages and events without the message are not acknowledged.
    h.source.emit('message', { type: 'message', conversation: 1, message: message(8, ME) });
    h.source.emit('message', { type: 'message', conversation: 2 });
    await tick(FOLLOW_UP_DELAY_MS);
    expect(bodies).toEqual([{ conversation: 1, up_to: 5 }]);
    release();
    await tick(0);
    expect(bodies).toEqual([
      { conversation: 1, up_to: 5 },
      { conversation: 1, up_to: 7 },
    ]);
    expect(h.backend.last('PUT /api/chat.php')?.query.get('delivered')).toBe('1');
    h.sync.stop();
  });

  it('drops a failed acknowledgement (the chat list poll marks them) and carries on', async () => {
    const h = await leader();
    h.backend.override('PUT /api/chat.php', { status: 503, body: { message: 'down' } });
    h.source.emit('message', { type: 'message', conversation: 1, message: message(5, THEM) });
    await tick(0);
    const chats = h.backend.count('GET /api/chats.php');
    h.backend.override('PUT /api/chat.php', {
      body: { conversation: 1, up_to: 6, marked: 1 },
    });
    h.source.emit('message', { type: 'message', conversation: 1, message: message(6, THEM) });
    await tick(FOLLOW_UP_DELAY_MS);
    expect(h.backend.count('PUT /api/chat.php')).toBe(2);
    expect(h.backend.count('GET /api/chats.php')).toBeGreaterThan(chats);
    h.sync.stop();
  });
});
