/**
 * When a screen drawn from the page's first answers may hand them to the sync worker: once the
 * first screen is up and the worker has stored their member as this device's (an answer stored
 * before that would be stored for another member, or for none).
 */
import { liveQuery } from 'dexie';
import { currentUser } from '../../db/queries';
import { afterFirstScreen } from '../../prerender/after-first-screen';

/** How long a screen waits for the worker to store its member before it goes anyway. */
const MEMBER_STORED_WAIT_MS = 10_000;

/** Resolves once the first screen is up and the worker has stored `memberId` as this device's. */
export async function memberStored(memberId: number): Promise<void> {
  await afterFirstScreen();
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      subscription.unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, MEMBER_STORED_WAIT_MS);
    const subscription = liveQuery(() => currentUser()).subscribe({
      next: (user) => user?.id === memberId && done(),
      error: done,
    });
  });
}

const confirmed = new Set<number>();

/**
 * Resolves once the sync worker has `memberId` as this device's member: at once when it already
 * had (checked once per page), else as memberStored. An action made on a screen drawn from the
 * page's first answers (a like tapped at once on a new phone) waits for it: the worker refuses
 * actions for a member it has not stored yet.
 */
export async function workerHasMember(memberId: number): Promise<void> {
  if (confirmed.has(memberId)) return;
  const stored = await currentUser().catch(() => null);
  if (stored?.id !== memberId) await memberStored(memberId);
  confirmed.add(memberId);
}
