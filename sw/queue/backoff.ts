/** When a failed delivery is tried again: exponential backoff with jitter, or the server's Retry-After. */

/** First retry after about a second... */
export const BASE_DELAY_MS = 1000;
/** ...doubling per attempt, never more than five minutes apart. */
export const MAX_DELAY_MS = 5 * 60_000;
/** A Retry-After longer than this is taken as this: a wrong header must not park actions for days. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

/**
 * Delay after the `attempts`-th failure: 1 s, 2 s, 4 s … capped at 5 min, with "equal jitter"
 * (between half and all of it) so many clients coming online together do not retry in step.
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, attempts - 1);
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.min(exponent, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Milliseconds a Retry-After header asks to wait (seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Math.min(MAX_RETRY_AFTER_MS, Number(value) * 1000);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, date - now));
}

/** The next attempt time after a retryable failure; Retry-After wins when it asks for longer. */
export function nextAttemptAt(
  attempts: number,
  retryAfter: string | null,
  now: number,
  random: () => number = Math.random,
): number {
  const backoff = backoffDelay(attempts, random);
  return now + Math.max(backoff, retryAfterMs(retryAfter, now) ?? 0);
}
