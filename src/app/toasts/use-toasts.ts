/** The current toast list as React state. */
import { useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts, type Toast } from './toast-store';

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribeToasts, getToasts, getToasts);
}
