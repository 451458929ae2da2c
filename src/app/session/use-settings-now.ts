import { useEffect } from 'react';
import type { Settings } from '../../shared/contract/settings';
import { useSession, useSessionStore } from './session-context';

/**
 * The site settings, for a screen that needs them to work (the map lander's country, the
 * match-finder's countries) rather than for the footer: a prerendered page loads them only once
 * the visitor moves on or after a while (src/main.tsx), so such a screen asks for them at once.
 */
export function useSettingsNow(): Settings | null {
  const store = useSessionStore();
  const { settings } = useSession();
  useEffect(() => {
    if (!store.getState().settings) void store.refreshSettings();
  }, [store]);
  return settings;
}
