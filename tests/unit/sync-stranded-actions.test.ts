/**
 * A like or message whose request ended with its page (a reload, a closed tab) stays queued on the
 * device with no queue holding it. Once the server answers a poll it is sent again, once, under
 * its own client id.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../src/shared/contract/chat';
import { messagesOf } from '../../src/db/queries';
import { queueMessage } from '../../workers/messages';
import {
  nextStrandedIn,
  resendStrandedActions,
  STRANDED_AFTER_MS,
} from '../../workers/stranded-actions';
import { createHarness, FAKE_TIMERS, flush, newDb } from './helpers/sync-harness';
import { demoUser } from './helpers/fixtures';

const ME = 7;

beforeEach(() => vi.useFakeTimers(FAKE_TIMERS));
afterEach(() => vi.useRealTimers());

/** A logged-in member whose chat POSTs are answered with the stored message. */
async function member(db = newDb()) {
  const h = createHarness({ db });
  h.backend.user = demoUser();
  await h.api.refreshUser();
  const posted: { client_id: string; message: string }[] = [];
  h.backend.override('POST /api/chat.php', (request) => {
    const body = request.body as { client_id: string; message: string; conversation: number };
    posted.push(body);
    return { body: stored(body.message, body.client_id) };
  });
  return { ...h, posted };
}

function stored(msg: string, clientId: string): ChatMessage {
  return {
    id: 40,
    conversation: 1,
    sender: ME,
    msg,
    client_id: clientId,
    created_at: '2026-01-01T00:00:00Z',
    read_at: null,
    delivered_at: null,
  };
}

/** A message written on the device whose POST never left: the page that sent it is gone. */
async function strandedMessage(h: Awaited<ReturnType<typeof member>>, text: string) {
  const { body } = await queueMessage(h.ctx, 1, text);
  return body.client_id;
}

/** A like or unlike of profile 12 written on the device, as setLike writes it before sending. */
async function strandedLike(
  h: Awaited<ReturnType<typeof member>>,
  kind: 'like' | 'unlike',
  seq: number,
) {
  const clientId = `like-${seq}`;
  const liked = kind === 'like';
  await h.db.likes.put({
    profileId: 12,
    liked,
    status: 'queued',
    clientId,
    seq,
    did_like_profile: false,
    updatedAt: Date.now(),
  });
  await h.db.actions.put({
    clientId,
    kind,
    memberId: ME,
    seq,
    profileId: 12,
    conversation: null,
    status: 'queued',
    error: null,
    createdAt: Date.now(),
    prevLiked: !liked,
  });
  return clientId;
}

const rows = async (h: { db: Parameters<typeof messagesOf>[1] }) =>
  (await messagesOf(1, h.db)).map((m) => [m.msg, m.status]);

describe('stranded likes and messages', () => {
  it('sends a stranded message again under its own client id, once it is old enough', async () => {
    const h = await member();
    const clientId = await strandedMessage(h, 'Still there?');

    expect(await resendStrandedActions(h.ctx)).toBe(0);
    expect(h.posted).toEqual([]);

    await vi.advanceTimersByTimeAsync(STRANDED_AFTER_MS);
    expect(await resendStrandedActions(h.ctx)).toBe(1);
    expect(h.posted).toEqual([{ conversation: 1, message: 'Still there?', client_id: clientId }]);
    expect(await rows(h)).toEqual([['Still there?', 'sent']]);
    expect(await h.db.actions.count()).toBe(0);

    expect(await resendStrandedActions(h.ctx)).toBe(0);
    expect(h.posted).toHaveLength(1);
  });

  it('is sent by one of two workers only, and not again while its new request may be running', async () => {
    const db = newDb();
    const first = await member(db);
    const second = await member(db);
    second.backend.override('POST /api/chat.php', 'hang');
    await strandedMessage(first, 'One copy');
    await vi.advanceTimersByTimeAsync(STRANDED_AFTER_MS);

    void resendStrandedActions(second.ctx);
    await flush();
    expect(await resendStrandedActions(first.ctx)).toBe(0);
    expect(first.posted).toEqual([]);
    expect(second.backend.count('POST /api/chat.php')).toBe(1);
  });

  it('leaves another member’s actions alone', async () => {
    const h = await member();
    await strandedMessage(h, 'From member 7');
    await h.db.actions.toCollection().modify({ memberId: 8 });
    await vi.advanceTimersByTimeAsync(STRANDED_AFTER_MS);
    expect(await resendStrandedActions(h.ctx)).toBe(0);
    expect(h.posted).toEqual([]);
  });

  it('sends the last like again with its sequence, and drops one a newer like replaced', async () => {
    const h = await member();
    // Two taps on profile 12, a like then an unlike; each request ended with its page.
    const older = await strandedLike(h, 'like', 101);
    const newer = await strandedLike(h, 'unlike', 102);
    await vi.advanceTimersByTimeAsync(STRANDED_AFTER_MS);
    expect(await resendStrandedActions(h.ctx)).toBe(1);
    expect(h.backend.count('POST /api/likes.php')).toBe(0);
    expect(h.backend.last('DELETE /api/likes.php')?.body).toEqual({
      profile: 12,
      client_id: newer,
      client_seq: 102,
    });
    expect(await h.db.actions.get(older)).toBeUndefined();
    expect(await h.db.likes.get(12)).toMatchObject({ liked: false, status: 'sent' });
  });

  it('goes after a poll that reached the server', async () => {
    const h = await member();
    await strandedMessage(h, 'After the poll');
    await vi.advanceTimersByTimeAsync(STRANDED_AFTER_MS);
    h.sync.start();
    await flush();
    await vi.advanceTimersByTimeAsync(0);
    await flush();
    expect(h.posted.map((p) => p.message)).toEqual(['After the poll']);
    h.sync.stop();
  });

  it('looks again when a queued action comes of age, sooner than the next poll', async () => {
    const h = await member();
    await strandedMessage(h, 'Sent before the reload');
    h.sync.start();
    await flush();
    await vi.advanceTimersByTimeAsync(0);
    await flush();
    expect(h.posted).toEqual([]); // too young at the first poll

    await vi.advanceTimersByTimeAsync(STRANDED_AFTER_MS - 1_000);
    await flush();
    expect(h.posted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    await flush();
    // Half a minute, not the 60 s poll period (5 minutes with push).
    expect(h.posted.map((p) => p.message)).toEqual(['Sent before the reload']);
    expect(h.backend.count('GET /api/user.php')).toBe(3); // refreshUser, the first poll, the look
    h.sync.stop();
  });

  it('says when the next queued action counts as stranded', async () => {
    const h = await member();
    expect(await nextStrandedIn(h.ctx)).toBeNull();
    await strandedMessage(h, 'Waiting');
    expect(await nextStrandedIn(h.ctx)).toBe(STRANDED_AFTER_MS);
    await vi.advanceTimersByTimeAsync(STRANDED_AFTER_MS + 5_000);
    expect(await nextStrandedIn(h.ctx)).toBe(0);
  });
});
