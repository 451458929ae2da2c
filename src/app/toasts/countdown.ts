/** A pausable timeout for toasts: hovering a toast stops its clock, leaving resumes it (SPEC §2.8). */

export interface Countdown {
  pause: () => void;
  resume: () => void;
  cancel: () => void;
  /** Milliseconds left before `onDone`. */
  remaining: () => number;
  isPaused: () => boolean;
}

export function createCountdown(durationMs: number, onDone: () => void): Countdown {
  let left = durationMs;
  let startedAt = Date.now();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let done = false;

  const run = () => {
    startedAt = Date.now();
    timer = setTimeout(() => {
      timer = null;
      done = true;
      left = 0;
      onDone();
    }, left);
  };
  run();

  return {
    pause() {
      if (!timer || done) return;
      clearTimeout(timer);
      timer = null;
      left = Math.max(0, left - (Date.now() - startedAt));
    },
    resume() {
      if (timer || done) return;
      run();
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      done = true;
    },
    remaining: () => (timer ? Math.max(0, left - (Date.now() - startedAt)) : left),
    isPaused: () => !timer && !done,
  };
}
