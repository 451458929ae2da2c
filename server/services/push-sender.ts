/**
 * Sends web pushes to every subscription of a member. web-push encrypts the payload and signs the
 * VAPID header; we post it ourselves with fetch, so each send has a timeout and a test can act as
 * the push service on loopback. Gone endpoints (404/410) are deleted; nothing ever throws.
 */
import webpush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { PushRepository, StoredSubscription } from '../repositories/push.repository';

/** VAPID identity of this server. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** What the service worker receives (sw/push/logic.ts reads it). */
export interface PushNotice {
  type: 'message' | 'like';
  title: string;
  body: string;
  /** Same-origin path a click opens: /chats/{id} or /likes. */
  url: string;
  /** Replaces an older notification with the same tag (one per conversation or liker). */
  tag: string;
  conversation?: number;
}

/** A message is worth a day of retries by the push service; a like a bit longer. */
export const PUSH_TTL_SECONDS = { message: 24 * 3600, like: 4 * 24 * 3600 } as const;
/** One push service request may not hold a sender longer than this. */
export const PUSH_TIMEOUT_MS = 10_000;

/** What the sender needs. */
export interface PushSenderDeps {
  repo: Pick<PushRepository, 'listFor' | 'removeEndpoint'>;
  vapid: VapidKeys;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Sends to all of a member's subscriptions; resolves with how many push services accepted. */
export type NotifyMember = (memberId: number, payload: PushNotice) => Promise<number>;

/** Builds `notifyMember` over a repository and VAPID keys. */
export function createPushSender(deps: PushSenderDeps): NotifyMember {
  const doFetch = deps.fetch ?? fetch;
  const timeoutMs = deps.timeoutMs ?? PUSH_TIMEOUT_MS;

  const sendOne = async (sub: StoredSubscription, payload: PushNotice): Promise<boolean> => {
    const details = webpush.generateRequestDetails(sub, JSON.stringify(payload), {
      vapidDetails: deps.vapid,
      TTL: PUSH_TTL_SECONDS[payload.type],
      urgency: payload.type === 'message' ? 'high' : 'normal',
      topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
      contentEncoding: 'aes128gcm',
    });
    // fetch sets the length itself and refuses to be told.
    const { 'Content-Length': _length, ...headers } = details.headers as Record<string, string>;
    const response = await doFetch(details.endpoint, {
      method: details.method,
      headers,
      body: details.body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    await response.body?.cancel();
    if (response.ok) return true;
    if (response.status === 404 || response.status === 410) {
      await deps.repo.removeEndpoint(sub.endpoint);
      deps.log.info({ status: response.status }, 'push: subscription gone, removed');
    } else {
      deps.log.warn({ status: response.status, host: hostOf(sub.endpoint) }, 'push: refused');
    }
    return false;
  };

  return async (memberId, payload) => {
    try {
      const subs = await deps.repo.listFor(memberId);
      const results = await Promise.all(
        subs.map((sub) =>
          sendOne(sub, payload).catch((err: unknown) => {
            deps.log.warn({ err, host: hostOf(sub.endpoint) }, 'push: send failed');
            return false;
          }),
        ),
      );
      return results.filter(Boolean).length;
    } catch (err) {
      deps.log.warn({ err, memberId }, 'push: could not load subscriptions');
      return 0;
    }
  };
}

/** Only the host goes to the log: the endpoint path is a bearer secret of the subscription. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid';
  }
}
