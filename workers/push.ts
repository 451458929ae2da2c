/**
 * This device's web push subscription on the server (SPEC §7 POST /api/user.php?push=1). The page's
 * push bridge subscribes in the browser and hands the subscription's JSON here; while subscribed
 * the worker polls every 300 s instead of 60 s (SPEC §9).
 */
import type { NotificationSettings, PushSubscriptionBody } from '../src/shared/contract/account';
import type { SyncContext } from './context';

/** A PushSubscription.toJSON() as the page passes it. */
export type SubscriptionJson = PushSubscriptionBody['subscription'];

/** Stores the subscription for the session member, then switches polling to the push pace. */
export async function subscribePush(
  ctx: SyncContext,
  subscription: SubscriptionJson,
  setSubscribed: (subscribed: boolean) => Promise<void>,
): Promise<void> {
  await ctx.http.call('push', { body: { subscription } });
  await setSubscribed(true);
}

/**
 * Forgets the subscription: polling goes back to 60 s first (the browser subscription is already
 * gone, so pushes stop now), then the server drops the endpoint; a failure there is reported, and
 * the push service's 410 makes the server drop it later anyway.
 */
export async function unsubscribePush(
  ctx: SyncContext,
  endpoint: string,
  setSubscribed: (subscribed: boolean) => Promise<void>,
): Promise<void> {
  await setSubscribed(false);
  await ctx.http.call('pushUnsubscribe', { body: { endpoint } });
}

/** GET /api/notification_settings.php: the member's e-mail switches (server-side, per member). */
export async function loadNotificationSettings(ctx: SyncContext): Promise<NotificationSettings> {
  return (await ctx.http.call('notificationSettings')).data;
}

/** POST /api/notification_settings.php with the switches that changed; answers all of them. */
export async function saveNotificationSettings(
  ctx: SyncContext,
  patch: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  return (await ctx.http.call('updateNotificationSettings', { body: patch })).data;
}
