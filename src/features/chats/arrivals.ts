/**
 * Messages heard on the message lane (src/api/message-lane.ts) beside the stored conversation:
 * pure, so the rules are unit-tested without a browser.
 */
import type { MessagesArrival } from '../../shared/page-lane';
import type { MessageRow } from '../../db/db';

/** The most lane messages one open conversation keeps; the stored ones take over as they land. */
export const MAX_ARRIVALS = 200;

/** Lane messages for `conversation` added to `held`, newest kept, one per key. */
export function addArrival(
  held: readonly MessageRow[],
  arrival: MessagesArrival,
  conversation: number,
  memberId: number | null,
): readonly MessageRow[] {
  if (arrival.conversation !== conversation || arrival.memberId !== memberId) return held;
  const byKey = new Map(held.map((row) => [row.key, row]));
  for (const row of arrival.rows) {
    if (row.conversation === conversation) byKey.set(row.key, row);
  }
  return inOrder([...byKey.values()]).slice(-MAX_ARRIVALS);
}

/**
 * The stored messages plus lane messages not stored yet, in conversation order. A stored row
 * wins over the lane's copy of the same message: it carries the receipts applied since.
 */
export function withArrivals(
  stored: readonly MessageRow[],
  arrived: readonly MessageRow[],
): MessageRow[] {
  if (arrived.length === 0) return stored as MessageRow[];
  const keys = new Set(stored.map((row) => row.key));
  const ids = new Set(stored.flatMap((row) => (row.id === null ? [] : [row.id])));
  const missing = arrived.filter(
    (row) => !keys.has(row.key) && (row.id === null || !ids.has(row.id)),
  );
  return missing.length === 0 ? (stored as MessageRow[]) : inOrder([...stored, ...missing]);
}

/** The stored order: by creation time (ISO text, as the index sorts it), then server id. */
function inOrder(rows: MessageRow[]): MessageRow[] {
  return rows.sort((a, b) =>
    a.created_at === b.created_at
      ? (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER)
      : a.created_at < b.created_at
        ? -1
        : 1,
  );
}
