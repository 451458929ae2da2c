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
