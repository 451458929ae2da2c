/** Lane messages beside the stored conversation: which are shown, in what order, for whom. */
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAGE_LANE_CHANNEL, type MessagesArrival } from '../../src/shared/page-lane';
import type { MessageRow } from '../../src/db/db';
import { addArrival, MAX_ARRIVALS, withArrivals } from '../../src/features/chats/arrivals';
import { useArrivingMessages } from '../../src/features/chats/use-arriving-messages';

function row(id: number | null, minute: number, key = `id:${id}`): MessageRow {
  return {
    key,
    id,
    conversation: 1,
    sender: 501,
    msg: `m${minute}`,
    client_id: null,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
    read_at: null,
    status: 'sent',
  };
}

const arrival = (rows: MessageRow[], over: Partial<MessagesArrival> = {}): MessagesArrival => ({
  type: 'messages',
  memberId: 7,
  conversation: 1,
  rows,
  ...over,
});

describe('addArrival', () => {
  it('keeps the open conversation’s messages for the session member only', () => {
    const held = addArrival([], arrival([row(2, 2), row(1, 1)]), 1, 7);
    expect(held.map((r) => r.id)).toEqual([1, 2]);
    expect(addArrival(held, arrival([row(3, 3)], { conversation: 2 }), 1, 7)).toBe(held);
    expect(addArrival(held, arrival([row(3, 3)], { memberId: 8 }), 1, 7)).toBe(held);
    expect(addArrival([], arrival([row(3, 3)]), 1, null)).toEqual([]);
  });

  it('replaces a message heard again and keeps the newest MAX_ARRIVALS', () => {
    const first = addArrival([], arrival([row(1, 1)]), 1, 7);
    const again = addArrival(first, arrival([{ ...row(1, 1), read_at: 'now' }]), 1, 7);
    expect(again).toEqual([{ ...row(1, 1), read_at: 'now' }]);
    const many = Array.from({ length: MAX_ARRIVALS + 5 }, (_, i) => row(i + 1, i));
    const kept = addArrival([], arrival(many), 1, 7);
    expect(kept).toHaveLength(MAX_ARRIVALS);
    expect(kept[0]!.id).toBe(6);
  });
});

describe('withArrivals', () => {
  it('adds what is not stored yet, in conversation order', () => {
    const stored = [row(1, 1), row(3, 3)];
    expect(withArrivals(stored, [row(2, 2), row(4, 4)]).map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });

  it('shows the stored copy once it is there, and nothing twice', () => {
    const stored = [row(1, 1), { ...row(2, 2), read_at: 'read' }];
    const merged = withArrivals(stored, [row(2, 2)]);
    expect(merged).toBe(stored);
    // The same server message under another key (stored before its client id was known).
    expect(withArrivals(stored, [row(2, 2, 'client-2')])).toBe(stored);
  });

  it('orders messages of the same second by server id, unanswered ones last', () => {
    const merged = withArrivals([row(5, 1)], [row(null, 1, 'local'), row(4, 1)]);
    expect(merged.map((r) => r.key)).toEqual(['id:4', 'id:5', 'local']);
  });
});

describe('useArrivingMessages', () => {
  /** Posts from another context, as the sync worker does. */
  function post(message: MessagesArrival) {
    const worker = new BroadcastChannel(PAGE_LANE_CHANNEL);
    worker.postMessage(message);
    worker.close();
  }
  const ids = (rows: readonly MessageRow[]) => rows.map((r) => r.id);

  it('hears the lane while the conversation is open and forgets it for another one', async () => {
    const { result, rerender, unmount } = renderHook(
      ({ conversation }) => useArrivingMessages(conversation, 7),
      { initialProps: { conversation: 1 } },
    );
    expect(result.current).toEqual([]);
    post(arrival([row(1, 1)]));
    await waitFor(() => expect(ids(result.current)).toEqual([1]));
    // Another member's message is ignored: the next one of this member arrives alone.
    post(arrival([row(9, 9)], { memberId: 8 }));
    post(arrival([row(3, 3)]));
    await waitFor(() => expect(ids(result.current)).toEqual([1, 3]));

    rerender({ conversation: 2 });
    expect(result.current).toEqual([]);
    post(arrival([{ ...row(2, 2), conversation: 2 }], { conversation: 2 }));
    await waitFor(() => expect(ids(result.current)).toEqual([2]));
    unmount();
  });
});
