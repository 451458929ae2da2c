/**
 * What a send does first on the sender's device: the request leaves before the optimistic row is
 * written (the row follows after OWN_ROW_DELAY_MS, or at the answer), and the live copy of a
 * message this device is still posting waits for the answer instead of writing beside it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messagesOf } from '../../src/db/queries';
import { applyConversationEvent } from '../../workers/live-messages';
import { OWN_ROW_DELAY_MS } from '../../workers/messages';
import { createHarness, FAKE_TIMERS, tick } from './helpers/sync-harness';
import { demoUser, ownMessage } from './helpers/fixtures';

beforeEach(() => vi.useFakeTimers(FAKE_TIMERS));
afterEach(() => vi.useRealTimers());

/** A member with conversation 1 stored, and a POST /api/chat.php that answers when released. */
async function sender() {
  const h = createHarness();
  h.backend.user = demoUser();
  await h.api.refreshUser();
  h.backend.override('GET /api/chat.php', {
    body: { conversation: 1, msg: [ownMessage(1, 'earlier', null)] },
  });
  await h.api.loadMessages(1);
  let release: () => void = () => undefined;
  const posted: { client_id: string; message: string }[] = [];
  h.backend.override('POST /api/chat.php', async (request) => {
    const body = request.body as { client_id: string; message: string };
    posted.push(body);
    await new Promise<void>((resolve) => (release = resolve));
    return { body: ownMessage(9, body.message, body.client_id) };
  });
  return { ...h, posted, release: () => release() };
}

const rows = async (h: { db: Parameters<typeof messagesOf>[1] }) =>
  (await messagesOf(1, h.db)).map((m) => [m.msg, m.status, m.id]);

describe('sending from this device', () => {
  it('sends first and writes the row OWN_ROW_DELAY_MS later when the answer is slower', async () => {
    const h = await sender();
    const sending = h.api.sendMessage(1, 'Hello');
    await tick(0);
    expect(h.posted.map((p) => p.message)).toEqual(['Hello']);
    expect(await rows(h)).toEqual([['earlier', 'sent', 1]]);

    await tick(OWN_ROW_DELAY_MS);
    expect(await rows(h)).toEqual([
      ['earlier', 'sent', 1],
      ['Hello', 'queued', null],
    ]);

    h.release();
    await expect(sending).resolves.toMatchObject({ status: 'sent' });
    expect(await rows(h)).toEqual([
      ['earlier', 'sent', 1],
      ['Hello', 'sent', 9],
    ]);
    expect(await h.db.actions.count()).toBe(0);
  });

  it('writes the row at the answer when it comes before the delay', async () => {
    const h = await sender();
    const sending = h.api.sendMessage(1, 'Quick');
    await tick(0);
    h.release();
    await tick(0);
    await expect(sending).resolves.toMatchObject({ status: 'sent' });
    expect(await rows(h)).toEqual([
      ['earlier', 'sent', 1],
      ['Quick', 'sent', 9],
    ]);
  });

  it('gives the row the time of sending, not of writing, so rows keep their order', async () => {
    const h = await sender();
    const sentAt = Date.now();
    const sending = h.api.sendMessage(1, 'Timed');
    await tick(OWN_ROW_DELAY_MS * 5);
    const [, row] = await messagesOf(1, h.db);
    expect(row?.created_at).toBe(new Date(sentAt).toISOString());
    expect((await h.db.actions.get(row?.key ?? ''))?.createdAt).toBe(sentAt);
    h.release();
    await sending;
  });

  it('lets the live copy of a message still being posted wait for the answer', async () => {
    const h = await sender();
    const sending = h.api.sendMessage(1, 'Mine');
    await tick(0);
    const clientId = h.posted[0]?.client_id ?? '';
    let applied = false;
    const live = applyConversationEvent(h.ctx, {
      type: 'message',
      conversation: 1,
      message: ownMessage(9, 'Mine', clientId),
    }).then(() => (applied = true));
    await tick(OWN_ROW_DELAY_MS * 2);
    expect(applied).toBe(false);

    h.release();
    await sending;
    await live;
    expect(await rows(h)).toEqual([
      ['earlier', 'sent', 1],
      ['Mine', 'sent', 9],
    ]);
  });

  it('stores the live copy when the answer did not confirm the row', async () => {
    const h = await sender();
    h.backend.override('POST /api/chat.php', 'network-error');
    await expect(h.api.sendMessage(1, 'Lost reply')).rejects.toMatchObject({ kind: 'network' });
    const [, failed] = await messagesOf(1, h.db);
    expect(failed?.status).toBe('failed');
    // The server had stored it after all, and says so on the event stream.
    await applyConversationEvent(h.ctx, {
      type: 'message',
      conversation: 1,
      message: ownMessage(9, 'Lost reply', failed?.key ?? ''),
    });
    expect(await rows(h)).toEqual([
      ['earlier', 'sent', 1],
      ['Lost reply', 'sent', 9],
    ]);
  });
});
