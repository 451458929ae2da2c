/**
 * Session state outside React (SPEC §4), so route loaders can wait for the first user fetch
 * and components can subscribe. A 403 on the user call means logged out.
 */
import { isApiFailure } from '../../api/failure';
import type { User } from '../../shared/contract/account';
import type { Settings } from '../../shared/contract/settings';
import type { StoredBan } from '../../db/kv';
import { firstAnswers } from './first-answers';
import { afterFirstScreen } from '../../prerender/after-first-screen';
import type * as WorkerSessionModule from './worker-session';

type WorkerSession = typeof WorkerSessionModule;

/** The logout flag resets after this long (SPEC §9). */
export const LOGOUT_FLAG_RESET_MS = 1000;

export interface SessionState {
  /** `loading` until the first user call has settled. */
  status: 'loading' | 'ready';
  user: User | null;
  settings: Settings | null;
  /** True for a second after logging out, so guards send to /login without a return path. */
  loggingOut: boolean;
  /**
   * The ban that ended the session while this page was open; set together with the user
   * becoming null, so guards send to /pages/ban rather than /login whichever news came first.
   */
  ban: StoredBan | null;
}

export interface SessionStore {
  getState: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  /** Resolves once the first user call has settled. */
  settled: () => Promise<SessionState>;
  /** Fetches the user and the settings again. */
  refresh: () => Promise<void>;
  refreshUser: () => Promise<void>;
  /**
   * Fetches the settings alone (a prerendered page asks for them once the visitor moves on). With
   * `afterFirstScreen`, the call waits until the first screen is up (the app shell's boot).
   */
  refreshSettings: (options?: { afterFirstScreen?: boolean }) => Promise<void>;
  setUser: (user: User | null) => void;
  /** Logs in through the sync worker; rejects with the worker's error. */
  login: (email: string, password: string) => Promise<User>;
  /** Logs out on the server; the user is cleared whether that worked or not (SPEC §8). */
  logout: () => Promise<void>;
  /**
   * Calls `listener` once for each ban that ends this device's session while the page is open
   * (in this tab or another); the shell then shows /pages/ban. Returns the unsubscribe.
   */
  onBanned: (listener: (ban: StoredBan) => void) => () => void;
}

/** The calls the store makes; tests pass fakes. */
export interface SessionApi {
  /** The user the sync worker last stored (offline start), or null. */
  storedUser: () => Promise<User | null>;
  /** The site settings the sync worker last stored, or null. Absent: none (tests). */
  storedSettings?: () => Promise<Settings | null>;
  /** Fetches the user; null when the server says logged out (403). Rejects when it cannot tell. */
  fetchUser: () => Promise<User | null>;
  fetchSettings: () => Promise<Settings>;
  /**
   * Fetches the settings through the sync worker, which stores them for the next offline start;
   * used when a session may exist (the worker runs for a member anyway). Absent: fetchSettings.
   */
  fetchStoredSettings?: () => Promise<Settings>;
  login: (email: string, password: string) => Promise<User>;
  /** Clears the local session whatever the server answers (SPEC §8). */
  logout: () => Promise<void>;
  /** False when the server's readable session hint cookie is absent. */
  mayHaveSession: () => boolean;
  /** Forgets the hint, so a logout made offline is not undone by the next page load. */
  forgetSessionHint: () => void;
  /** Follows the stored user as the worker changes it; returns the unsubscribe. */
  watchUser: (listener: (user: User | null) => void) => () => void;
  /** The ban the worker stored when a ban ended this device's session, or null. */
  storedBan: () => Promise<StoredBan | null>;
  /** Follows the ban the worker stores when a ban ends the session; returns the unsubscribe. */
  watchBan: (listener: (ban: StoredBan | null) => void) => () => void;
  /**
   * Resolves when a page drawn from the stored user may ask the server: fetching the user starts
   * the sync worker, which the first screen does not need. At once when absent (tests).
   */
  afterFirstScreen?: () => Promise<void>;
  /** The user and settings the server wrote into this page (first-answers.ts), if any. */
  firstAnswers?: () => { user: User; settings?: Settings } | null;
}

const HINT_COOKIE = 'amora_in';
/** The worker and the database load only once a session may exist. */
const worker = () => import('./worker-session');

const defaultApi: SessionApi = {
  storedUser: async () => (await worker()).storedUser(),
  storedSettings: async () => (await worker()).storedSettings(),
  fetchUser: async () => (await worker()).fetchUser(),
  // The contract's schemas load with the first call, not with the first paint.
  fetchSettings: async () => (await import('../../api/http')).call('settings'),
  fetchStoredSettings: async () => (await worker()).fetchSettings(),
  login: async (email, password) => (await worker()).login(email, password),
  logout: async () => (await worker()).logout(),
  mayHaveSession: () => new RegExp(`(?:^|;\\s*)${HINT_COOKIE}=`).test(document.cookie),
  forgetSessionHint: () => {
    document.cookie = `${HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  },
  storedBan: async () => (await worker()).storedBan(),
  watchUser: (listener) => lazyWatch((w) => w.watchUser(listener)),
  watchBan: (listener) => lazyWatch((w) => w.watchBan(listener)),
  afterFirstScreen,
  firstAnswers,
};

/** Starts a watch once the worker module has loaded; the returned stop works before that too. */
function lazyWatch(start: (w: WorkerSession) => () => void): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  worker()
    .then((w) => {
      if (!stopped) stop = start(w);
    })
    // The page was left while the module loaded (or the network went): nothing to follow here.
    .catch((error: unknown) => console.warn('The stored session could not be followed', error));
  return () => {
    stopped = true;
    stop?.();
  };
}

/** A fresh store; main.tsx makes one per page load, tests one per case. */
export function createSessionStore(api: SessionApi = defaultApi): SessionStore {
  let state: SessionState = {
    status: 'loading',
    user: null,
    settings: null,
    loggingOut: false,
    ban: null,
  };
  const listeners = new Set<() => void>();
  let resolveSettled: (s: SessionState) => void = () => undefined;
  const settledPromise = new Promise<SessionState>((resolve) => (resolveSettled = resolve));
  let unwatch: (() => void) | null = null;
  let unwatchBan: (() => void) | null = null;
  // The user the watch last reported, to tell a cleared stored user from a first empty read.
  let watched: User | null = null;
  const banListeners = new Set<(ban: StoredBan) => void>();
  // A ban stored before this page loaded was shown then; only a new one moves the page.
  const loadedAt = Date.now();
  let lastBan = 0;

  // Counts user changes, so an answer that arrives after a newer one (a login) cannot undo it.
  let userChanges = 0;
  const set = (patch: Partial<SessionState>) => {
    if ('user' in patch) userChanges++;
    state = { ...state, ...patch };
    listeners.forEach((fn) => fn());
    if (state.status === 'ready') resolveSettled(state);
  };

  /** A ban the worker stored after this page loaded, reported to the listeners once. */
  const noticeBan = (ban: StoredBan | null): StoredBan | null => {
    if (!ban || ban.noticedAt < loadedAt) return null;
    if (ban.noticedAt !== lastBan) {
      lastBan = ban.noticedAt;
      banListeners.forEach((fn) => fn(ban));
    }
    return ban;
  };

  /**
   * The user is gone (403, the worker's wipe, another tab). The worker stores a ban before it
   * clears the user, so reading it here decides /pages/ban or /login in the same update.
   */
  const loseUser = async (patch: Partial<SessionState> = {}) => {
    const before = userChanges;
    const ban = noticeBan(await api.storedBan().catch(() => null));
    // Someone logged in meanwhile (or the worker stored a user again): that is newer.
    if (userChanges !== before) return set(patch);
    set({ ...patch, user: null, ...(ban ? { ban } : {}) });
  };

  /** From the first session on, the worker's writes (polls, 403s, bans, other tabs) reach the page. */
  const watch = () => {
    unwatch ??= api.watchUser((user) => {
      // Only a stored user that disappears means the session ended: a first "none" may have
      // been read before a login stored the member, and must not undo that login.
      const cleared = user === null && watched !== null;
      watched = user;
      if (state.status !== 'ready') return;
      if (cleared) void loseUser();
      else if (user !== null) set({ user });
    });
    unwatchBan ??= api.watchBan((ban) => {
      const fresh = noticeBan(ban);
      if (fresh && state.ban?.noticedAt !== fresh.noticedAt) set({ ban: fresh });
    });
  };

  const refreshUser = async () => {
    if (!api.mayHaveSession()) {
      // No session cookie at all: the answer would be a 403, so spare the request.
      set({ user: null, status: 'ready' });
      return;
    }
    const first = state.status === 'loading' ? api.firstAnswers?.() : null;
    if (first) {
      // The server answered for this page a moment ago: the screen draws at once, and the worker
      // and its database start once it is up, when the answer is asked for again and stored.
      set({ user: first.user, status: 'ready' });
      await api.afterFirstScreen?.();
    }
    watch();
    if (state.status === 'loading') {
      // Render at once from what the worker stored; the network answer follows. The settings are
      // read with the user, so the first screen has them too: cards drawn before them asked for
      // their photos without the CDN prefix, then again with it.
      const [stored, settings] = await Promise.all([
        api.storedUser().catch(() => null),
        state.settings ? null : (api.storedSettings?.().catch(() => null) ?? null),
      ]);
      if (stored && state.status === 'loading') {
        set({
          user: stored,
          status: 'ready',
          ...(settings && !state.settings ? { settings } : {}),
        });
        // The screen draws from the stored copy first; the answer only confirms or changes it.
        await api.afterFirstScreen?.();
      }
    }
    try {
      const asked = userChanges;
      const user = await api.fetchUser();
      // A login or logout while the answer was on its way is newer than it: keep that.
      if (userChanges !== asked) return set({ status: 'ready' });
      if (user === null) {
        // Logged out for the server: the next page load need not ask (the server keeps cookies).
        api.forgetSessionHint();
        await loseUser({ status: 'ready' });
      } else set({ user, status: 'ready' });
    } catch (error) {
      if (isApiFailure(error, 'forbidden') || isApiFailure(error, 'unauthorized')) {
        await loseUser({ status: 'ready' });
      } else {
        // Offline or server trouble: keep whoever was logged in.
        console.warn('Could not fetch the user', error);
        set({ status: 'ready' });
      }
    }
  };

  const refreshSettings = async (options: { afterFirstScreen?: boolean } = {}) => {
    const first = state.settings === null ? api.firstAnswers?.()?.settings : undefined;
    if (first) {
      // As the user: drawn with at once, asked for again (and kept offline) after the screen.
      set({ settings: first });
      await api.afterFirstScreen?.();
    } else if (options.afterFirstScreen) {
      // A page with no first answers (the offline reload's cached shell) draws with the settings
      // the worker stored (useSiteSettings). Asked at boot, the call's HTTP client, contract and
      // zod were fetched and evaluated before the screen's own files.
      await api.afterFirstScreen?.();
    }
    try {
      const member = api.mayHaveSession() && api.fetchStoredSettings;
      set({ settings: await (member ? member() : api.fetchSettings()) });
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
    refreshSettings,
    setUser: (user) => set({ user, status: 'ready' }),
    login: async (email, password) => {
      // Before the call: a banned member's login is answered with the ban the watch reports.
      watch();
      const user = await api.login(email, password);
      set({ user, status: 'ready', ban: null });
      return user;
    },
    logout: async () => {
      set({ loggingOut: true });
      try {
        await api.logout();
      } catch (error) {
        console.error('Logout failed; clearing the session anyway', error);
      }
      api.forgetSessionHint();
      set({ user: null, status: 'ready' });
      setTimeout(() => set({ loggingOut: false }), LOGOUT_FLAG_RESET_MS);
    },
    onBanned: (listener) => {
      banListeners.add(listener);
      return () => banListeners.delete(listener);
    },
  };
}
