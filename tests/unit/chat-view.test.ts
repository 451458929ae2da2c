import { describe, expect, it } from 'vitest';
import type { MessageRow } from '../../src/db/db';
import { isAtBottom, shouldStickToBottom } from '../../src/features/chats/chat-scroll';
import {
  dayKey,
  daysAgo,
  formatClock,
  formatDayLabel,
  formatListTime,
} from '../../src/features/chats/chat-time';
import {
  buildChatItems,
  failureKind,
  lastOwnKey,
  messageState,
  oldestServerId,
} from '../../src/features/chats/chat-view';
import { composerState, isSendKey } from '../../src/features/chats/composer-rules';

const ME = 7;

function row(key: string, sender: number, at: Date, extra: Partial<MessageRow> = {}): MessageRow {
  return {
    key,
    id: Number(key.replace(/\D/g, '')) || null,
    conversation: 1,
    sender,
    msg: key,
    client_id: null,
    created_at: at.toISOString(),
    read_at: null,
    status: 'sent',
    ...extra,
  };
}

const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute);

describe('chat items', () => {
  it('puts a separator before each local day and groups runs by sender and time', () => {
    const items = buildChatItems(
      [
        row('m1', 9, at(1, 10)),
        row('m2', 9, at(1, 10, 2)),
        row('m3', ME, at(1, 10, 3)),
        row('m4', ME, at(1, 11)),
        row('m5', 9, at(2, 9)),
      ],
      ME,
    );
    expect(
      items.map((i) => (i.kind === 'message' ? `${i.key}${i.groupStart ? '*' : ''}` : i.key)),
    ).toEqual(['day:2026-03-01', 'm1*', 'm2', 'm3*', 'm4*', 'day:2026-03-02', 'm5*']);
    expect(items.filter((i) => i.kind === 'message' && i.own).map((i) => i.key)).toEqual([
      'm3',
      'm4',
    ]);
  });

  it('places the unread divider before the last unread messages of the other member', () => {
    const items = buildChatItems(
      [
        row('m1', 9, at(1, 10)),
        row('m2', ME, at(1, 10, 1)),
        row('m3', 9, at(1, 10, 2)),
        row('m4', 9, at(1, 10, 3)),
      ],
      ME,
      2,
    );
    expect(items.map((i) => i.key)).toEqual(['day:2026-03-01', 'm1', 'm2', 'unread', 'm3', 'm4']);
    expect(buildChatItems([], ME, 3)).toEqual([]);
  });

  it('finds the oldest server id for paging', () => {
    const rows = [row('m9', 9, at(1, 1)), row('local', ME, at(1, 2), { id: null })];
    expect(oldestServerId([row('m12', 9, at(1, 0)), ...rows])).toBe(9);
    expect(oldestServerId([rows[1] as MessageRow])).toBeNull();
  });
});

describe('message states', () => {
  it('labels own messages only, by send status, connection and read mark', () => {
    const base = row('m1', ME, at(1, 1));
    expect(messageState(row('m1', 9, at(1, 1)), ME, true)).toBeNull();
    expect(messageState({ ...base, status: 'queued' }, ME, true)).toBe('sending');
    expect(messageState({ ...base, status: 'queued' }, ME, false)).toBe('queued');
    expect(messageState(base, ME, true)).toBe('sent');
    expect(messageState({ ...base, read_at: '2026-03-01T10:00:00Z' }, ME, true)).toBe('read');
    expect(messageState({ ...base, status: 'failed' }, ME, true)).toBe('failed');
  });

  it('goes sent, delivered, read; read wins, also on rows stored before delivery was known', () => {
    const base = row('m1', ME, at(1, 1));
    const delivered = { ...base, delivered_at: '2026-03-01T10:00:00Z' };
    expect(messageState(delivered, ME, true)).toBe('delivered');
    expect(messageState(delivered, ME, false)).toBe('delivered');
    expect(messageState({ ...delivered, read_at: '2026-03-01T10:05:00Z' }, ME, true)).toBe('read');
    const { delivered_at: _unknown, ...older } = { ...base, read_at: '2026-03-01T10:05:00Z' };
    expect(messageState(older, ME, true)).toBe('read');
    expect(messageState({ ...delivered, status: 'queued' }, ME, false)).toBe('queued');
    expect(messageState({ ...delivered, sender: 9 }, ME, true)).toBeNull();
  });

  it('finds the newest own message, whose state is spelled out', () => {
    const items = buildChatItems(
      [row('m1', ME, at(1, 1)), row('m2', ME, at(1, 2)), row('m3', 9, at(2, 1))],
      ME,
    );
    expect(lastOwnKey(items)).toBe('m2');
    expect(lastOwnKey(buildChatItems([row('m3', 9, at(2, 1))], ME))).toBeNull();
  });

  it('sorts refusal reasons', () => {
    expect(failureKind('chat.no_credits')).toBe('credits');
    expect(failureKind('Not enough credits')).toBe('credits');
    expect(failureKind('Refused by the server (402)')).toBe('credits');
    expect(failureKind('network')).toBe('network');
    expect(failureKind('chat.blocked')).toBe('blocked');
    expect(failureKind('Something odd')).toBe('refused');
    expect(failureKind(null)).toBe('refused');
  });
});

describe('chat times', () => {
  const now = at(10, 15); // Tuesday 10 March 2026, 15:00

  it('counts calendar days, not 24-hour periods', () => {
    expect(daysAgo(at(9, 23, 59), now)).toBe(1);
    expect(daysAgo(at(10, 0, 1), now)).toBe(0);
    expect(dayKey(at(9, 23, 59))).toBe('2026-03-09');
  });

  it('formats the list time by age in the interface language', () => {
    expect(formatListTime(at(10, 9, 5).toISOString(), 'en', now)).toBe(
      formatClock(at(10, 9, 5).toISOString(), 'en'),
    );
    expect(formatClock(at(10, 9, 5).toISOString(), 'nl')).toBe('09:05');
    expect(formatListTime(at(9, 9).toISOString(), 'en', now)).toBe('Yesterday');
    expect(formatListTime(at(9, 9).toISOString(), 'nl', now)).toBe('Gisteren');
    expect(formatListTime(at(6, 9).toISOString(), 'en', now)).toBe('Fri');
    expect(formatListTime(at(1, 9).toISOString(), 'de', now)).toBe('1. März');
    expect(formatListTime(new Date(2025, 11, 24).toISOString(), 'en', now)).toBe('Dec 24, 2025');
    expect(formatListTime('not a date', 'en', now)).toBe('');
  });

  it('labels day separators', () => {
    expect(formatDayLabel('2026-03-10', 'en', now)).toBe('Today');
    expect(formatDayLabel('2026-03-09', 'fr', now)).toBe('Hier');
    expect(formatDayLabel('2026-03-02', 'en', now)).toBe('Monday, March 2');
  });
});

describe('scroll to bottom', () => {
  it('knows when the pane is at the bottom', () => {
    expect(isAtBottom({ scrollTop: 560, scrollHeight: 1000, clientHeight: 400 })).toBe(true);
    expect(isAtBottom({ scrollTop: 300, scrollHeight: 1000, clientHeight: 400 })).toBe(false);
    expect(isAtBottom({ scrollTop: 0, scrollHeight: 200, clientHeight: 400 })).toBe(true);
  });

  it('follows on open, on own sends, and on news only when at the bottom', () => {
    const change = {
      opened: false,
      previousLastKey: 'a',
      lastKey: 'b',
      lastIsOwn: false,
      wasAtBottom: false,
    };
    expect(shouldStickToBottom({ ...change, opened: true, previousLastKey: null })).toBe(true);
    expect(shouldStickToBottom(change)).toBe(false);
    expect(shouldStickToBottom({ ...change, wasAtBottom: true })).toBe(true);
    expect(shouldStickToBottom({ ...change, lastIsOwn: true })).toBe(true);
    // Older pages prepended: the last row is unchanged.
    expect(shouldStickToBottom({ ...change, lastKey: 'a', wasAtBottom: true })).toBe(false);
    expect(shouldStickToBottom({ ...change, opened: true, lastKey: null })).toBe(false);
  });
});

describe('composer', () => {
  it('shows the counter near the limit and allows sending within it', () => {
    expect(composerState('')).toMatchObject({ canSend: false, showCounter: false });
    expect(composerState('   ')).toMatchObject({ canSend: false });
    expect(composerState('Hi')).toMatchObject({ canSend: true, showCounter: false });
    expect(composerState('x'.repeat(1800))).toMatchObject({ showCounter: true, remaining: 200 });
    expect(composerState('x'.repeat(2001))).toMatchObject({ canSend: false, tooLong: true });
  });

  it('sends on Enter, not on Shift+Enter or while composing', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false);
  });
});
