/**
 * A message sent just before a reload: the page keeps it (unsent-messages.ts) until the worker's
 * send settles, and hands it back after the load (unsent-recovery.ts, message-recovery.ts) under
 * the same client id, so it is queued and sent once, or left alone when the device has it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messagesOf } from '../../src/db/queries';
import {
  holdUnsent,
  keptUnsent,
  releaseUnsent,
  UNSENT_MAX_AGE_MS,
  type UnsentMessage,
} from '../../src/features/chats/unsent-messages';
import {
  recoverBefore,
  recoverUnsent,
  UNSENT_GRACE_MS,
} from '../../src/features/chats/unsent-recovery';
import { OWN_ROW_DELAY_MS } from '../../workers/messages';
import { createHarness, FAKE_TIMERS, tick } from './helpers/sync-harness';
import { demoUser, ownMessage } from './helpers/fixtures';

const ME = 7;
const LOST = '11111111-1111-4111-8111-111111111111';
const AT = Date.parse('2026-11-28T10:00:00Z');

function unsent(overrides: Partial<UnsentMessage> = {}): UnsentMessage {
  return {
    member: ME,
    conversation: 1,
    text: 'Still there?',
    clientId: LOST,
    at: AT,
    ...overrides,
  };
}

describe('the worker taking a kept message back', () => {
  beforeEach(() => vi.useFakeTimers(FAKE_TIMERS));
  afterEach(() => vi.useRealTimers());

  /** A member whose POSTs are answered once `answered` resolves (at once by default). */
  async function member(answered: Promise<void> = Promise.resolve()) {
    const h = createHarness();
    h.backend.user = demoUser();
    await h.api.refreshUser();
    const posted: { client_id: string; message: string }[] = [];
    h.backend.override('POST /api/chat.php', async (request) => {
      const body = request.body as { client_id: string; message: string };
      posted.push(body);
      await answered;
      return { body: ownMessage(9, body.message, body.client_id) };
    });
    const rows = async () =>
      (await messagesOf(1, h.db)).map((m) => [m.msg, m.status, m.client_id, m.created_at]);
    return { ...h, posted, rows };
  }

  it('queues and sends a message the device never stored, under its client id and time', async () => {
    const h = await member();
    await expect(h.api.recoverMessage(unsent())).resolves.toBe('held');
    await tick(0);
    expect(h.posted).toEqual([{ conversation: 1, message: 'Still there?', client_id: LOST }]);
    expect(await h.rows()).toEqual([['Still there?', 'sent', LOST, '2026-01-01T00:09:00Z']]);
    expect(await h.db.actions.count()).toBe(0);
  });

  it('keeps the time of the Enter on the queued row until the server answers', async () => {
    let answer: () => void = () => undefined;
    const h = await member(new Promise<void>((resolve) => (answer = resolve)));
    await h.api.recoverMessage(unsent());
    await tick(0);
    expect(await h.rows()).toEqual([['Still there?', 'queued', LOST, new Date(AT).toISOString()]]);
    answer();
    await tick(0);
    expect(await h.rows()).toEqual([['Still there?', 'sent', LOST, '2026-01-01T00:09:00Z']]);
  });

  it('leaves alone a message this device already holds', async () => {
    const h = await member();
    const sending = h.api.sendMessage(1, 'Sent before the reload', LOST);
    await tick(OWN_ROW_DELAY_MS);
    await sending;
    expect(h.posted).toHaveLength(1);

    await expect(h.api.recoverMessage(unsent({ text: 'Sent before the reload' }))).resolves.toBe(
      'held',
    );
    await tick(0);
    expect(h.posted).toHaveLength(1);
    expect((await h.rows()).map(([msg, status]) => [msg, status])).toEqual([
      ['Sent before the reload', 'sent'],
    ]);
  });

  it("never sends another member's message", async () => {
    const h = await member();
    await expect(h.api.recoverMessage(unsent({ member: ME + 1 }))).resolves.toBe('other-member');
    await tick(0);
    expect(h.posted).toEqual([]);
    expect(await h.rows()).toEqual([]);
  });

  it('refuses a text the server could never take', async () => {
    const h = await member();
    await expect(h.api.recoverMessage(unsent({ text: '' }))).rejects.toMatchObject({
      kind: 'validation',
    });
    await expect(h.api.recoverMessage(unsent({ clientId: 'not-a-uuid' }))).rejects.toMatchObject({
      kind: 'validation',
    });
    expect(h.posted).toEqual([]);
  });
});

describe("the page's kept messages", () => {
  beforeEach(() => localStorage.clear());

  it('keeps each message under its own key until released, oldest first', () => {
    holdUnsent(unsent({ clientId: 'b', at: AT + 5 }));
    holdUnsent(unsent({ clientId: 'a', at: AT }));
    expect(keptUnsent(AT + 10).map((m) => m.clientId)).toEqual(['a', 'b']);
    releaseUnsent('a');
    expect(keptUnsent(AT + 10).map((m) => m.clientId)).toEqual(['b']);
  });

  it('drops unreadable, renamed and expired entries, and leaves other keys alone', () => {
    localStorage.setItem('amora.unsent.x', '{not json');
    localStorage.setItem('amora.unsent.y', JSON.stringify(unsent({ clientId: 'z' })));
    localStorage.setItem(
      'amora.unsent.w',
      JSON.stringify({ ...unsent({ clientId: 'w' }), at: 'x' }),
    );
    holdUnsent(unsent({ clientId: 'old', at: AT - UNSENT_MAX_AGE_MS }));
    holdUnsent(unsent({ clientId: 'new' }));
    localStorage.setItem('amora.pref', '1');

    expect(keptUnsent(AT).map((m) => m.clientId)).toEqual(['new']);
    expect(Object.keys(localStorage).sort()).toEqual(['amora.pref', 'amora.unsent.new']);
  });

  it('keeps nothing, and throws nothing, when the storage is full', () => {
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(() => holdUnsent(unsent(), full)).not.toThrow();
  });
});

describe('handing kept messages over after a load', () => {
  beforeEach(() => localStorage.clear());

  function worker(answer: (m: UnsentMessage) => Promise<'held' | 'other-member'>) {
    const handed: string[] = [];
    return {
      handed,
      sync: {
        recoverMessage: (m: UnsentMessage) => {
          handed.push(m.clientId);
          return answer(m);
        },
      },
    };
  }

  it("hands over only this member's messages, oldest first, and forgets each one held", async () => {
    holdUnsent(unsent({ clientId: 'second', at: AT + 1 }));
    holdUnsent(unsent({ clientId: 'theirs', member: ME + 1 }));
    holdUnsent(unsent({ clientId: 'first', at: AT }));
    const w = worker(() => Promise.resolve('held'));

    const now = () => AT + UNSENT_GRACE_MS + 1;
    await expect(recoverUnsent(ME, { sync: w.sync, now, locks: undefined })).resolves.toBe(2);
    expect(w.handed).toEqual(['first', 'second']);
    expect(keptUnsent(now()).map((m) => m.clientId)).toEqual(['theirs']);
  });

  it('waits until a young message is past the grace, and skips it when its tab released it', async () => {
    holdUnsent(unsent({ clientId: 'young', at: AT }));
    holdUnsent(unsent({ clientId: 'also-young', at: AT + 100 }));
    const waits: number[] = [];
    let clock = AT + 500;
    const wait = (ms: number) => {
      waits.push(ms);
      clock += ms;
      // Meanwhile the tab that sent "young" heard its send settle.
      releaseUnsent('young');
      return Promise.resolve();
    };
    const w = worker(() => Promise.resolve('held'));

    await recoverUnsent(ME, { sync: w.sync, now: () => clock, wait, locks: undefined });
    expect(waits).toEqual([UNSENT_GRACE_MS - 500, 100]);
    expect(w.handed).toEqual(['also-young']);
  });

  it('keeps a message the worker could not take yet, and lets go of one it never could', async () => {
    holdUnsent(unsent({ clientId: 'offline-db' }));
    holdUnsent(unsent({ clientId: 'bad', at: AT + 1 }));
    const w = worker((m) =>
      Promise.reject(
        m.clientId === 'bad'
          ? { kind: 'validation', message: 'Invalid message' }
          : { kind: 'quota', message: 'No room' },
      ),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const now = () => AT + UNSENT_GRACE_MS;
    await expect(recoverUnsent(ME, { sync: w.sync, now, locks: undefined })).resolves.toBe(0);
    expect(keptUnsent(now()).map((m) => m.clientId)).toEqual(['offline-db']);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('before a new message, hands over at once what earlier loads kept, but not its own or newer ones', async () => {
    holdUnsent(unsent({ clientId: 'kept-over-reload', at: AT }));
    holdUnsent(unsent({ clientId: 'sent-by-this-load', at: AT + 10 }));
    holdUnsent(unsent({ clientId: 'theirs', member: ME + 1, at: AT }));
    holdUnsent(unsent({ clientId: 'newer', at: AT + 500 }));
    const waits: number[] = [];
    const w = worker(() => Promise.resolve('held'));

    // 300 ms after the kept one's Enter: well inside the grace the load's own hand-over waits.
    await recoverBefore(ME, AT + 300, new Set(['sent-by-this-load']), {
      sync: w.sync,
      now: () => AT + 300,
      wait: async (ms) => void waits.push(ms),
      locks: undefined,
    });

    expect(waits).toEqual([]);
    expect(w.handed).toEqual(['kept-over-reload']);
    expect(keptUnsent(AT + 300).map((m) => m.clientId)).toEqual([
      'theirs',
      'sent-by-this-load',
      'newer',
    ]);
  });

  it('lets the new message go when nothing is kept, or when the worker fails to take one', async () => {
    const untouched = worker(() => Promise.resolve('held'));
    const locks = { request: vi.fn() };
    await recoverBefore(ME, AT, new Set(), { sync: untouched.sync, locks });
    expect(untouched.handed).toEqual([]);
    expect(locks.request).not.toHaveBeenCalled();

    holdUnsent(unsent());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = worker(() => Promise.reject(new Error('worker gone')));
    await expect(
      recoverBefore(ME, AT + 1, new Set(), {
        sync: failing.sync,
        now: () => AT + 1,
        locks: undefined,
      }),
    ).resolves.toBeUndefined();
    expect(failing.handed).toEqual([LOST]);
    expect(keptUnsent(AT + 1).map((m) => m.clientId)).toEqual([LOST]);
    warn.mockRestore();
  });

  it('hands over under one lock across tabs', async () => {
    holdUnsent(unsent());
    const names: string[] = [];
    const locks = {
      request: (name: string, callback: () => Promise<void>) => {
        names.push(name);
        return callback();
      },
    } as unknown as Pick<LockManager, 'request'>;
    const w = worker(() => Promise.resolve('held'));
    await recoverUnsent(ME, { sync: w.sync, now: () => AT + UNSENT_GRACE_MS, locks });
    expect(names).toEqual(['amora-unsent-recovery']);
    expect(w.handed).toEqual([LOST]);
  });
});
