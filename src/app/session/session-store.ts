/**
 * Session state outside React (SPEC §4), so route loaders can wait for the first user fetch
 * and components can subscribe. A 403 on the user call means logged out.
 */
import { call, isApiFailure } from '../../api/http';
import type { Settings, User } from '../../api/contract';

/** The logout flag resets after this long (SPEC §9). */
export const LOGOUT_FLAG_RESET_MS = 1000;

export interface SessionState {
  /** `loading` until the first user call has settled. */
  status: 'loading' | 'ready';
  user: User | null;
  settings: Settings | null;
  /** True for a second after logging out, so guards send to /login without a return path. */
  loggingOut: boolean;
}

export interface SessionStore {
  getState: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  /** Resolves once the first user call has settled. */
  settled: () => Promise<SessionState>;
  /** Fetches the user and the settings again. */
  refresh: () => Promise<void>;
  refreshUser: () => Promise<void>;
  setUser: (user: User | null) => void;
  /** Logs out on the server; the user is cleared whether that worked or not (SPEC §8). */
  logout: () => Promise<void>;
}

/** The calls the store makes; tests pass fakes. */
export interface SessionApi {
  fetchUser: () => Promise<User>;
  fetchSettings: () => Promise<Settings>;
  logout: () => Promise<unknown>;
  /** False when the server's readable session hint cookie is absent. */
  mayHaveSession: () => boolean;
}

const defaultApi: SessionApi = {
  fetchUser: async () => (await call('user')).user,
  fetchSettings: () => call('settings'),
  logout: () => call('logout'),
  mayHaveSession: () => /(?:^|;\s*)amora_in=/.test(document.cookie),
};

/** A fresh store; main.tsx makes one per page load, tests one per case. */
export function createSessionStore(api: SessionApi = defaultApi): SessionStore {
  let state: SessionState = { status: 'loading', user: null, settings: null, loggingOut: false };
  const listeners = new Set<() => void>();
  let resolveSettled: (s: SessionState) => void = () => undefined;
  const settledPromise = new Promise<SessionState>((resolve) => (resolveSettled = resolve));

  const set = (patch: Partial<SessionState>) => {
    state = { ...state, ...patch };
    listeners.forEach((fn) => fn());
    if (state.status === 'ready') resolveSettled(state);
  };

  const refreshUser = async () => {
    if (!api.mayHaveSession()) {
      // No session cookie at all: the answer would be a 403, so spare the request.
      set({ user: null, status: 'ready' });
      return;
    }
    try {
      const user = await api.fetchUser();
      set({ user, status: 'ready' });
    } catch (error) {
      if (isApiFailure(error, 'forbidden') || isApiFailure(error, 'unauthorized')) {
        set({ user: null, status: 'ready' });
      } else {
        // Offline or server trouble: keep whoever was logged in.
        console.warn('Could not fetch the user', error);
        set({ status: 'ready' });
      }
    }
  };

  const refreshSettings = async () => {
    try {
      set({ settings: await api.fetchSettings() });
    } catch (error) {
      console.warn('Could not fetch the settings', error);
    }
  };

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settled: () => settledPromise,
    refresh: async () => {
      await Promise.all([refreshUser(), refreshSettings()]);
    },
    refreshUser,
    setUser: (user) => set({ user, status: 'ready' }),
    logout: async () => {
      set({ loggingOut: true });
      try {
        await api.logout();
      } catch (error) {
        console.error('Logout failed; clearing the session anyway', error);
      }
      set({ user: null, status: 'ready' });
      setTimeout(() => set({ loggingOut: false }), LOGOUT_FLAG_RESET_MS);
    },
  };
}
