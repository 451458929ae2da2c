/** Lets a screen keep the prerendered page up while its own content is still loading. */
import { useLayoutEffect } from 'react';
import { holdReveal } from './reveal';

/**
 * Holds the hand-over while `waiting` is true. A layout effect, so a screen's hold is in place
 * before RootLayout arms the reveal in the same commit.
 */
export function useRevealHold(waiting: boolean): void {
  useLayoutEffect(() => (waiting ? holdReveal() : undefined), [waiting]);
}
