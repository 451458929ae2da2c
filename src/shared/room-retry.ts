/**
 * A write the browser refused for lack of space, made again after room was made: shared by the
 * sync worker's database guard and the service worker's action queue (no Dexie, no DOM types).
 */

/**
 * How often a refused write makes room and runs again before it gives up. More than once: the
 * service worker may refill the photo cache between the room made and the retry.
 */
export const ROOM_RETRIES = 2;

/**
 * Whether `error` is the browser refusing a write for lack of space (Firefox names it
 * differently). Dexie wraps it (an AbortError of the transaction whose `inner` is the
 * QuotaExceededError), so the chain is followed.
 */
export function isQuotaError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const { name, code } = current as { name?: unknown; code?: unknown };
    if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED') return true;
    if (current instanceof DOMException && code === 22) return true;
    const next = current as { inner?: unknown; cause?: unknown };
    current = next.inner ?? next.cause;
  }
  return false;
}

/**
 * Runs `write`; when the browser refuses it for lack of space, awaits `makeRoom` and runs it
 * again, at most ROOM_RETRIES times. Any other error, or the last refusal, is thrown as it is.
 */
export async function retryWithRoom<T>(
  write: () => PromiseLike<T>,
  makeRoom: () => Promise<unknown>,
): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await write();
    } catch (error) {
      if (!isQuotaError(error) || tries >= ROOM_RETRIES) throw error;
      await makeRoom().catch(() => undefined); // a failed clean-up still deserves the retry
    }
  }
}
