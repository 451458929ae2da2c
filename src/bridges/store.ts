/** A tiny observable value for the bridges, shaped for React's useSyncExternalStore. */

export interface Store<T> {
  /** Current snapshot: the same object until it changes. */
  get(): T;
  set(next: T): void;
  /** Shallow-merges `patch` and notifies when something changed. */
  patch(patch: Partial<T>): void;
  subscribe(listener: () => void): () => void;
}

/** Creates a store; its methods are bound, so `store.get` can be passed around. */
export function createStore<T extends object>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const set = (next: T) => {
    if (next === value) return;
    value = next;
    listeners.forEach((listener) => listener());
  };
  return {
    get: () => value,
    set,
    patch: (patch) => {
      const keys = Object.keys(patch) as (keyof T)[];
      if (keys.every((key) => Object.is(value[key], patch[key]))) return;
      set({ ...value, ...patch });
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
