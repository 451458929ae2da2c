/**
 * One polling worker per browser (DESIGN §3): the worker holding the Web Lock leads for as long
 * as it lives; when its tab closes the browser releases the lock and a waiting worker takes over.
 */
import type { Locks } from './context';

export const LEADER_LOCK = 'amora-leader';

export interface Leadership {
  /** Gives up leadership (or the place in the queue). */
  stop(): void;
}

/** Queues for the lock and calls `onLeader` once granted; without Web Locks this worker leads. */
export function electLeader(locks: Locks | null, onLeader: () => void): Leadership {
  if (!locks) {
    onLeader();
    return { stop: () => undefined };
  }
  const controller = new AbortController();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  locks
    .request(LEADER_LOCK, { signal: controller.signal }, async () => {
      onLeader();
      await held; // held until stop(), or until the worker dies with its tab
    })
    .catch(() => undefined); // aborted while waiting: nothing to undo
  return {
    stop() {
      controller.abort();
      release();
    },
  };
}
