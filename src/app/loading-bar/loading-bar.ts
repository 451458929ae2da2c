/**
 * The page loading indicator of SPEC §2.8/§9 as a timer-driven state machine without React:
 * it appears only when loading lasts longer than the throttle, creeps towards 90 % over the
 * duration, fills on finish, fades after the hide delay and empties after the reset delay.
 */

export interface LoadingBarTimings {
  throttle: number;
  duration: number;
  hideDelay: number;
  resetDelay: number;
}

/** SPEC §9 values; the bar is 3 px high. */
export const LOADING_BAR: LoadingBarTimings & { height: number } = {
  throttle: 200,
  duration: 2000,
  hideDelay: 500,
  resetDelay: 400,
  height: 3,
};

/** How far the bar creeps before the work finishes, and how often it moves. */
export const CREEP_MAX = 90;
export const TICK_MS = 100;

export interface LoadingBarState {
  visible: boolean;
  /** 0 to 100. */
  progress: number;
  /** Drawn in the error colour (SPEC §8). */
  error: boolean;
}

export interface LoadingBar {
  start: () => void;
  finish: () => void;
  /** Shows a full bar in the error colour, then hides it. */
  fail: () => void;
  getState: () => LoadingBarState;
  subscribe: (listener: () => void) => () => void;
}

const IDLE: LoadingBarState = { visible: false, progress: 0, error: false };

export function createLoadingBar(timings: LoadingBarTimings = LOADING_BAR): LoadingBar {
  let state = IDLE;
  let active = false;
  let startedAt = 0;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  const set = (patch: Partial<LoadingBarState>) => {
    const next = { ...state, ...patch };
    if (
      next.visible === state.visible &&
      next.progress === state.progress &&
      next.error === state.error
    )
      return;
    state = next;
    listeners.forEach((fn) => fn());
  };
  const later = (ms: number, fn: () => void) => {
    const id = setTimeout(() => {
      timers.delete(id);
      fn();
    }, ms);
    timers.add(id);
  };
  const clear = () => {
    timers.forEach(clearTimeout);
    timers.clear();
  };
  const tick = () => {
    const elapsed = Date.now() - startedAt;
    set({ progress: Math.min(CREEP_MAX, (elapsed / timings.duration) * CREEP_MAX) });
    if (elapsed < timings.duration) later(TICK_MS, tick);
  };
  const hide = () => {
    later(timings.hideDelay, () => {
      set({ visible: false });
      later(timings.resetDelay, () => set(IDLE));
    });
  };

  return {
    start() {
      if (active) return;
      clear();
      active = true;
      startedAt = Date.now();
      set({ ...IDLE, visible: false });
      later(timings.throttle, () => {
        set({ visible: true });
        tick();
      });
    },
    finish() {
      if (!active) return;
      active = false;
      clear();
      if (!state.visible) {
        set(IDLE); // done within the throttle: never shown
        return;
      }
      set({ progress: 100 });
      hide();
    },
    fail() {
      active = false;
      clear();
      set({ visible: true, progress: 100, error: true });
      hide();
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one bar; error boundaries call `fail()` on it. */
export const loadingBar = createLoadingBar();
