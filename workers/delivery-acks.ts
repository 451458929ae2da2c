/**
 * Delivery receipts this device sends: the other member's messages that came over the event
 * stream are acknowledged with PUT /api/chat.php?delivered=1.
 */
import type { LiveEvent } from '../src/shared/contract/live-events';
import type { SyncContext } from './context';
import { currentMemberId } from './session';

/** Acknowledges messages from the event stream; see createDeliveryAcks. */
export interface DeliveryAcks {
  /** A live `message` event: tell the server this device got it, when it is the other member's. */
  acknowledge(event: Extract<LiveEvent, { type: 'message' }>): Promise<void>;
}

/**
 * PUT /api/chat.php?delivered=1 for the other member's messages that arrived over the event
 * stream: at most one call per conversation in flight, the next one covering everything that
 * arrived meanwhile (up to the highest id). A failed call is dropped: the chat list poll, which
 * every message event also triggers, marks them delivered too.
 */
export function createDeliveryAcks(ctx: SyncContext): DeliveryAcks {
  const waiting = new Map<number, number>();
  const running = new Set<number>();

  const drain = async (conversation: number) => {
    running.add(conversation);
    try {
      for (let upTo = waiting.get(conversation); upTo !== undefined;) {
        waiting.delete(conversation);
        await ctx.http.call('chatDelivered', { body: { conversation, up_to: upTo } });
        upTo = waiting.get(conversation);
      }
    } finally {
      waiting.delete(conversation);
      running.delete(conversation);
    }
  };

  return {
    async acknowledge(event) {
      const { message } = event;
      if (!message || message.delivered_at) return;
      const me = await currentMemberId(ctx);
      if (me === null || message.sender === me) return;
      waiting.set(event.conversation, Math.max(waiting.get(event.conversation) ?? 0, message.id));
      if (!running.has(event.conversation)) await drain(event.conversation);
    },
  };
}
