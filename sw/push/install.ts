/** Binds the push handlers to a service worker's `push` and `notificationclick` events. */
import type { PushPageMessage } from '../../src/shared/offline-protocol';
import {
  closeNotifications,
  handleNotificationClick,
  handlePush,
  parseCloseMessage,
  type PushClient,
  type PushEnv,
} from './logic';

/** A push body: JSON when it parses, else its text. */
function readPushData(event: PushEvent): unknown {
  if (!event.data) return {};
  try {
    return event.data.json() as unknown;
  } catch {
    return event.data.text();
  }
}

function asPushClient(client: WindowClient): PushClient {
  return {
    url: client.url,
    focused: client.focused,
    postMessage: (message: PushPageMessage) => client.postMessage(message),
    focus: () => client.focus(),
    navigate: async (url) => {
      const next = await client.navigate(url);
      return next ? asPushClient(next) : null;
    },
  };
}

/** Registers the handlers on `scope` (the app worker and the push-only worker both call this). */
export function installPushHandlers(scope: ServiceWorkerGlobalScope): void {
  const env: PushEnv = {
    origin: scope.location.origin,
    showNotification: (title, options) => scope.registration.showNotification(title, options),
    getNotifications: (filter) => scope.registration.getNotifications(filter),
    windowClients: async () =>
      (await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })).map(
        asPushClient,
      ),
    openWindow: async (url) => {
      const client = await scope.clients.openWindow(url);
      return client ? asPushClient(client) : null;
    },
  };

  scope.addEventListener('push', (event) => {
    event.waitUntil(handlePush(readPushData(event), env));
  });

  // A page read a conversation: close its notifications (sw-bridge closeNotifications).
  scope.addEventListener('message', (event) => {
    const close = parseCloseMessage(event.data);
    if (close) event.waitUntil(closeNotifications(close.tag, env));
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const done = handleNotificationClick(event.notification.data, env);
    // A click made by script (DevTools, tests) cannot be waited on; the work runs all the same.
    if (event.isTrusted) event.waitUntil(done);
  });
}
