/**
 * The worker's calls while its page may be leaving (beforeunload, src/lib/page-cache.ts). The
 * worker then ends its transactions and starts none for a moment, so calls under way fail. Their
 * page must not hear of those failures: a page that is going away acts on an answer in its last
 * moments (the composer lets go of the message it kept for the next load once its send settles),
 * so such a call stays unanswered, as it did when the worker simply ended with its page.
 */

/** Calls that fail while or after the page said it may be leaving never answer. */
export interface LeavingGate {
  /** The page may be leaving: from now until `stayed`, failures go unanswered. */
  leaving(): void;
  /** The page is still here after all: failures are answered again. */
  stayed(): void;
  /** `api` with every call answering only as described above. */
  guard<T extends object>(api: T): T;
}

const unanswered = () => new Promise<never>(() => undefined);

export function createLeavingGate(): LeavingGate {
  let leavings = 0;
  let holding = false;
  const guardCall =
    (call: (...args: unknown[]) => unknown) =>
    (...args: unknown[]): unknown => {
      const before = leavings;
      const result = call(...args);
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        if (holding || leavings !== before) return unanswered();
        throw error;
      });
    };
  return {
    leaving() {
      leavings++;
      holding = true;
    },
    stayed() {
      holding = false;
    },
    guard<T extends object>(api: T): T {
      return Object.fromEntries(
        Object.entries(api).map(([name, value]) => [
          name,
          typeof value === 'function' ? guardCall(value as (...args: unknown[]) => unknown) : value,
        ]),
      ) as T;
    },
  };
}
