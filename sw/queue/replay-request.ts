/** How a replay request from a page maps onto a round of the queue (sw/README.md, Triggers). */
import type { ReplayOptions } from './action-queue';

/** A reconnect skips network-error backoff; the page's backoff timer (`dueOnly`) does not. */
export function replayOptions(message: { dueOnly?: boolean }): ReplayOptions {
  return { eager: message.dueOnly !== true };
}
