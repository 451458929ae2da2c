import { useLayoutEffect, type ComponentType } from 'react';
import { armReveal } from './reveal';

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
