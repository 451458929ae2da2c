/**
 * Code loaded after the first paint (`import()`), asked for again when it fails: a page that lost
 * its connection for a moment (a first visit, not yet under the service worker) retries a little
 * later, each wait `delayMs` longer than the one before.
 */
export async function loadWithRetries<T>(
  load: () => Promise<T>,
  tries: number,
  delayMs: number,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs * attempt));
    }
  }
}
