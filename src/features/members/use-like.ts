/**
 * Like state of one profile for its card: read from the Dexie likes table (so it follows the
 * worker's optimistic write and later reconciliation), toggled through the sync worker.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useRef, useState } from 'react';
import { getSync } from '../../bridges/worker-bridge';
import { likeOf } from '../../db/queries';

export interface LikeState {
  liked: boolean;
  /** The worker call runs: the button shows a spinner. */
  busy: boolean;
  /** The service worker holds the action until the connection is back. */
  queued: boolean;
  toggle: () => Promise<void>;
}

/** Like / unlike of `profileId` (SPEC §4): the button toggles by the stored state. */
export function useLike(profileId: number): LikeState {
  const row = useLiveQuery(() => likeOf(profileId), [profileId]);
  const [busy, setBusy] = useState(false);
  // A second click during the call would send the opposite action at once; the ref sees it first.
  const running = useRef(false);
  const liked = row?.liked ?? false;

  const toggle = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await (liked ? getSync().unlike(profileId) : getSync().like(profileId));
    } catch (error) {
      // SPEC §8: like and unlike errors are only logged; the worker already reverted the state.
      console.warn(liked ? 'Unlike failed' : 'Like failed', error);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, [liked, profileId]);

  return { liked, busy, queued: !busy && row?.status === 'queued', toggle };
}
