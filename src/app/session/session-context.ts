/** React access to the session store: state via useSyncExternalStore, actions from the store. */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { SessionState, SessionStore } from './session-store';

export const SessionContext = createContext<SessionStore | null>(null);

/** The store itself, for actions; throws outside the provider because that is a wiring bug. */
export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSession must be used inside <SessionProvider>');
  return store;
}

export type SessionValue = SessionState &
  Pick<SessionStore, 'refresh' | 'logout' | 'setUser' | 'login'>;

/** Current user, settings and status, re-rendering on change. */
export function useSession(): SessionValue {
  const store = useSessionStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return {
    ...state,
    refresh: store.refresh,
    logout: store.logout,
    setUser: store.setUser,
    login: store.login,
  };
}

const noSubscribe = () => () => undefined;
const noState = () => null;

/**
 * Like useSession but null without a provider: for the fatal-error page drawn above it, and for
 * parts that only refine what they show with the member (a like button).
 */
export function useOptionalSession(): SessionState | null {
  const store = useContext(SessionContext);
  return useSyncExternalStore(
    store?.subscribe ?? noSubscribe,
    store?.getState ?? noState,
    store?.getState ?? noState,
  );
}
