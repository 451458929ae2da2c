/**
 * Polling cadence (SPEC §9): the user every 60 s (300 s with push), chats and likes on the same
 * period starting 1 s after the user. Polling is the fallback and the truth behind live events.
 */

export const POLL_INTERVAL_MS = 60_000;
export const PUSH_POLL_INTERVAL_MS = 300_000;
/** Chats and likes start this long after the user poll (SPEC §9). */
export const SOCIAL_OFFSET_MS = 1_000;

export type PollTaskName = 'user' | 'chats' | 'likes';
export type PollTasks = Record<PollTaskName, () => Promise<unknown>>;

export interface Poller {
  readonly running: boolean;
  /** (Re)starts: the user now, chats and likes one second later. */
  start(): void;
  stop(): void;
  /** Applies a new period from now, keeping the one-second offset. */
  reschedule(): void;
  /** Runs a task now (live event, 403 recheck); if it is running, once more when it ends. */
  runNow(name: PollTaskName): Promise<void>;
}

type Group = 'user' | 'social';

/** A poller over `tasks`; `intervalMs` is read at every scheduling, so push changes apply. */
export function createPoller(
  tasks: PollTasks,
  intervalMs: () => number,
  onError: (name: PollTaskName, error: unknown) => void,
): Poller {
  const timers = new Map<Group, ReturnType<typeof setTimeout>>();
  const inflight = new Map<PollTaskName, Promise<void>>();
  const again = new Set<PollTaskName>();
  let running = false;

  const run = (name: PollTaskName): Promise<void> => {
    const current = inflight.get(name);
    if (current) return current;
    const task = tasks[name]()
      .then(
        () => undefined,
        (error: unknown) => onError(name, error),
      )
      .finally(() => {
        inflight.delete(name);
        if (again.delete(name)) void run(name);
      });
    inflight.set(name, task);
    return task;
  };

  const fire = (group: Group) => {
    schedule(group, intervalMs());
    if (group === 'user') void run('user');
    else {
      void run('chats');
      void run('likes');
    }
  };

  const schedule = (group: Group, delay: number) => {
    clearTimeout(timers.get(group));
    timers.set(
      group,
      setTimeout(() => fire(group), delay),
    );
  };

  const clear = () => {
    timers.forEach((timer) => clearTimeout(timer));
    timers.clear();
  };

  return {
    get running() {
      return running;
    },
    start() {
      clear();
      running = true;
      schedule('user', 0);
      schedule('social', SOCIAL_OFFSET_MS);
    },
    stop() {
      running = false;
      again.clear();
      clear();
    },
    reschedule() {
      if (!running) return;
      const period = intervalMs();
      schedule('user', period);
      schedule('social', period + SOCIAL_OFFSET_MS);
    },
    runNow(name) {
      if (inflight.has(name)) again.add(name);
      return run(name);
    },
  };
}
