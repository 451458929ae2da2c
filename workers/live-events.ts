/**
 * What the leader does with each live event (DESIGN §3): a ban ends the session at once, a
 * conversation event is applied to the stored messages, and the list it names is refetched.
 */
import type { LiveEvent } from '../src/shared/contract/live-events';
import { applyBan } from './ban';
import type { SyncContext } from './context';
import { createDeliveryAcks } from './delivery-acks';
import { FOLLOW_UP_DELAY_MS } from './follow-up';
import { applyConversationEvent } from './live-messages';
import type { PollTaskName } from './poller';

/** What each live event makes the leader refetch; a delivery receipt changes no list. */
const EVENT_TASK: Record<LiveEvent['type'], PollTaskName | null> = {
  like: 'likes',
  unlike: 'likes',
  chat: 'chats',
  message: 'chats',
  read: 'chats',
  delivered: null,
  user: 'user',
  // Handled at once (ban.ts): the session is over, there is nothing to refetch.
  banned: null,
};

/**
 * The event stream's `onEvent`: `runNow` runs a poll task; the tasks events ask for run once per
 * task after FOLLOW_UP_DELAY_MS.
 */
export function createLiveEventHandler(
  ctx: SyncContext,
  runNow: (task: PollTaskName) => unknown,
  log: (message: string, error: unknown) => void,
  delayMs = FOLLOW_UP_DELAY_MS,
): (event: LiveEvent) => void {
  const acks = createDeliveryAcks(ctx);
  const due = new Set<PollTaskName>();
  const soon = (task: PollTaskName) => {
    if (due.has(task)) return;
    due.add(task);
    setTimeout(() => {
      due.delete(task);
      void runNow(task);
    }, delayMs);
  };
  return (event) => {
    if (event.type === 'banned') {
      const { reason, since } = event;
      applyBan(ctx, { reason, since }).catch((error: unknown) => log('Ban', error));
      return;
    }
    const task = EVENT_TASK[event.type];
    if (event.type === 'message') {
      // The message first: its IndexedDB write is what the open conversation shows, and the list
      // refetch and the receipt wait for it instead of competing with it for the machine.
      void applyConversationEvent(ctx, event)
        .catch((error: unknown) => log('Messages', error))
        .finally(() => {
          if (task) soon(task);
          setTimeout(() => {
            acks.acknowledge(event).catch((error: unknown) => log('Delivery receipt', error));
          }, delayMs);
        });
      return;
    }
    if (event.type === 'read' || event.type === 'delivered') {
      applyConversationEvent(ctx, event).catch((error: unknown) => log('Messages', error));
    }
    if (task) soon(task);
  };
}
