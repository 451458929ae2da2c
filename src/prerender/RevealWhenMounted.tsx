import { useLayoutEffect, type ComponentType } from 'react';
import { armReveal, holdReveal } from './reveal';

/** Placed after a route's screen: its layout effect runs once the screen's own have run. */
export function RevealWhenMounted() {
  useLayoutEffect(() => armReveal(), []);
  return null;
}

/** A route screen that hands over from the prerendered page once it has mounted. */
export function withReveal(Screen: ComponentType): ComponentType {
  function RevealingScreen() {
    return (
      <>
        <Screen />
        <RevealWhenMounted />
      </>
    );
  }
  RevealingScreen.displayName = `Revealing(${Screen.displayName ?? Screen.name})`;
  return RevealingScreen;
}

/**
 * Lets a screen keep the prerendered page up while `waiting` (its content still loading). A layout
 * effect, so a screen's hold is in place before RootLayout arms the reveal in the same commit.
 * Here in the entry, not in a module of its own: the screens that hold got it as a file of its own.
 */
export function useRevealHold(waiting: boolean): void {
  useLayoutEffect(() => (waiting ? holdReveal() : undefined), [waiting]);
}
