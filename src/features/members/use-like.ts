/**
 * Like state of one profile for its card: read from the Dexie likes table (so it follows the
 * worker's optimistic write and later reconciliation), or from the page lane while the device has
 * no room to store it, toggled through the sync worker.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useRef, useState } from 'react';
import { getSync } from '../../bridges/worker-bridge';
import { workerHasMember } from '../../app/session/member-stored';
import { useOptionalSession } from '../../app/session/session-context';
import { likeOf } from '../../db/queries';
import { useUnstoredLike } from './unstored-likes';

export interface LikeState {
  liked: boolean;
  /** The worker call runs: the button shows a spinner. */
  busy: boolean;
  /** The service worker holds the action until the connection is back. */
  queued: boolean;
  toggle: () => Promise<void>;
}

/**
 * Like / unlike of `profileId` (SPEC §4): every tap sends the opposite of the last intent, also
 * while an earlier call still runs; the client sequence makes the server keep the last one.
 */
export function useLike(profileId: number): LikeState {
  const row = useLiveQuery(() => likeOf(profileId), [profileId]);
  const [busy, setBusy] = useState(false);
  const pending = useRef(0);
  // A tap before the worker's optimistic write shows must still flip the previous tap's intent.
  const intent = useRef<boolean | null>(null);
  const memberId = useOptionalSession()?.user?.id ?? null;
  const unstored = useUnstoredLike(memberId, profileId);
  // A tap the disk had no room for stands until a stored row is newer (a poll that could write).
  const sent = unstored && !(row && row.updatedAt > unstored.at) ? unstored : null;
  const liked = sent ? sent.liked : (row?.liked ?? false);
  const waiting = sent ? sent.queued : row?.status === 'queued';

  const toggle = useCallback(async () => {
    const next = !(intent.current ?? liked);
    intent.current = next;
    pending.current += 1;
    setBusy(true);
    try {
      // On a screen drawn from the page's answers the worker may not have the member yet.
      if (memberId !== null) await workerHasMember(memberId);
      await (next ? getSync().like(profileId) : getSync().unlike(profileId));
    } catch (error) {
      // SPEC §8: like and unlike errors are only logged; the worker already reverted the state.
      console.warn(next ? 'Like failed' : 'Unlike failed', error);
    } finally {
      pending.current -= 1;
      if (pending.current === 0) {
        intent.current = null;
        setBusy(false);
      }
    }
  }, [liked, memberId, profileId]);

  return { liked, busy, queued: !busy && waiting, toggle };
}
