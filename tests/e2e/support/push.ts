/**
 * A push to the app's service worker and a click on the notification it shows, for the browser
 * tests and the bench. Chromium has no push service here and cannot click a notification from a
 * test: DevTools delivers the push, and the worker gets a `notificationclick` event made by script
 * with the notification it shows. Such a click is untrusted, so the browser refuses focus() and
 * openWindow() in its handler; steering an open tab (navigate) still works.
 */
import type { BrowserContext, CDPSession, Worker } from '@playwright/test';

/**
 * Enables DevTools' ServiceWorker domain on `cdp` and resolves the id of the registration of
 * `origin` once the browser reports an activated version of it to push to.
 */
export async function pushRegistration(cdp: CDPSession, origin: string): Promise<string> {
  // The two kinds of report may come in either order, so each one checks what both have told.
  const registrations = new Set<string>();
  const activated = new Set<string>();
  const registrationId = new Promise<string>((resolve) => {
    const check = () => {
      const ours = [...activated].find((id) => registrations.has(id));
      if (ours) resolve(ours);
    };
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      for (const r of event.registrations) {
        if (r.scopeURL === `${origin}/` && !r.isDeleted) registrations.add(r.registrationId);
      }
      check();
    });
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) if (v.status === 'activated') activated.add(v.registrationId);
      check();
    });
  });
  cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) =>
    console.warn('Service worker error', errorMessage.errorMessage),
  );
  await cdp.send('ServiceWorker.enable');
  return registrationId;
}

/** The app's service worker in `context`, once it runs. */
export async function appServiceWorker(context: BrowserContext): Promise<Worker> {
  const ours = (w: Worker) => new URL(w.url()).pathname === '/sw.js';
  return (
    context.serviceWorkers().find(ours) ??
    (await context.waitForEvent('serviceworker', { predicate: ours }))
  );
}

/**
 * Dispatches `notificationclick` in the app's service worker with the notification it shows
 * under `tag`, as a click on it would. Resolves the worker and the moment of the click (epoch ms
 * by the worker's clock, which is the machine's), or null when no such notification shows.
 */
export async function clickNotification(
  context: BrowserContext,
  tag: string,
): Promise<{ worker: Worker; clickedAt: number | null }> {
  const worker = await appServiceWorker(context);
  // A string: it runs in the service worker, whose types this Node project does not load.
  const clickedAt = (await worker.evaluate(`(async () => {
    const [notification] = await self.registration.getNotifications({ tag: ${JSON.stringify(tag)} });
    if (!notification) return null;
    const at = Date.now();
    self.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    return at;
  })()`)) as number | null;
  return { worker, clickedAt };
}
