/** The open conversation's messages heard on the message lane, for the screen to show at once. */
import { useEffect, useState } from 'react';
import { PAGE_LANE_CHANNEL, type LaneMessage } from '../../shared/page-lane';
import type { MessageRow } from '../../db/db';
import { addArrival } from './arrivals';

const none: readonly MessageRow[] = [];

/**
 * Listens while the conversation is open; `memberId` is the page's session member, so a message
 * fetched for another member (a login in another tab a moment ago) is never shown here.
 */
export function useArrivingMessages(
  conversation: number,
  memberId: number | null,
): readonly MessageRow[] {
  const [held, setHeld] = useState<{ key: string; rows: readonly MessageRow[] }>({
    key: '',
    rows: none,
  });
  const key = `${conversation}:${memberId ?? ''}`;

  useEffect(() => {
    if (memberId === null || typeof BroadcastChannel === 'undefined') return;
    const lane = new BroadcastChannel(PAGE_LANE_CHANNEL);
    lane.onmessage = (event: MessageEvent<LaneMessage>) => {
      const arrival = event.data;
      if (arrival?.type !== 'messages') return;
      setHeld((current) => {
        const rows = current.key === key ? current.rows : none;
        const next = addArrival(rows, arrival, conversation, memberId);
        return next === rows && current.key === key ? current : { key, rows: next };
      });
    };
    return () => lane.close();
  }, [conversation, memberId, key]);

  // Another conversation or member: what was heard for the last one is not shown here.
  return held.key === key ? held.rows : none;
}
