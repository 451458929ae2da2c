/** The push state machine of SPEC §3/§4: capability, the four states, denied after a failed subscribe. */
import { describe, expect, it } from 'vitest';
import {
  afterSubscribeFailure,
  applicationServerKey,
  canToggle,
  checkedSubscription,
  conversationTag,
  endpointOf,
  initialPushStatus,
  isCapable,
  likeTag,
  pushState,
  shouldSendSubscription,
} from '../../src/shared/push-state';

const SUB = JSON.stringify({
  endpoint: 'https://push.example/1',
  keys: { p256dh: 'a', auth: 'b' },
});
const caps = { serviceWorker: true, pushManager: true, notification: true, publicKey: 'BKey' };

describe('push state', () => {
  it('is capable only with a worker, PushManager, notifications and a server key', () => {
    expect(isCapable(caps)).toBe(true);
    expect(isCapable({ ...caps, serviceWorker: false })).toBe(false);
    expect(isCapable({ ...caps, pushManager: false })).toBe(false);
    expect(isCapable({ ...caps, notification: false })).toBe(false);
    expect(isCapable({ ...caps, publicKey: null })).toBe(false);
    expect(isCapable({ ...caps, publicKey: '' })).toBe(false);
  });

  it('maps isSubscribed (null, false, denied, a subscription) to the four states', () => {
    expect(pushState({ isSubscribed: null })).toBe('unknown');
    expect(pushState({ isSubscribed: false })).toBe('unsubscribed');
    expect(pushState({ isSubscribed: 'denied' })).toBe('denied');
    expect(pushState({ isSubscribed: SUB })).toBe('subscribed');
    expect(pushState(initialPushStatus(true))).toBe('unknown');
  });

  it('takes a denied permission over a stale subscription when checking the browser', () => {
    expect(checkedSubscription('denied', SUB)).toBe('denied');
    expect(checkedSubscription('granted', SUB)).toBe(SUB);
    expect(checkedSubscription('default', null)).toBe(false);
    expect(checkedSubscription('unsupported', SUB)).toBe(false);
  });

  it('sets denied after a subscribe failure with denied permission, else keeps the state', () => {
    expect(afterSubscribeFailure(false, 'denied')).toBe('denied');
    expect(afterSubscribeFailure(SUB, 'denied')).toBe('denied');
    expect(afterSubscribeFailure(false, 'default')).toBe(false);
    expect(afterSubscribeFailure(null, 'granted')).toBe(false);
    expect(afterSubscribeFailure(SUB, 'granted')).toBe(SUB);
  });

  it('sends the subscription only when subscribed and not denied', () => {
    expect(shouldSendSubscription({ isSubscribed: SUB })).toBe(true);
    for (const isSubscribed of [false, 'denied', null] as const) {
      expect(shouldSendSubscription({ isSubscribed })).toBe(false);
    }
  });

  it('lets the switch move only when capable, idle and not denied', () => {
    const status = { ...initialPushStatus(true), isSubscribed: false as const };
    expect(canToggle(status)).toBe(true);
    expect(canToggle({ ...status, busy: true })).toBe(false);
    expect(canToggle({ ...status, isCapable: false })).toBe(false);
    expect(canToggle({ ...status, isSubscribed: 'denied' })).toBe(false);
  });

  it('decodes the base64url server key into bytes', () => {
    const raw = Uint8Array.from([4, 250, 251, 252, 253, 254, 255, 0, 1]);
    const encoded = btoa(String.fromCharCode(...raw))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(encoded).toMatch(/[-_]/);
    expect([...applicationServerKey(encoded)]).toEqual([...raw]);
  });

  it('names tags per conversation and liker, and reads an endpoint back', () => {
    expect(conversationTag(12)).toBe('chat-12');
    expect(likeTag(3)).toBe('like-3');
    expect(endpointOf(SUB)).toBe('https://push.example/1');
    expect(endpointOf('not json')).toBeNull();
    expect(endpointOf('{}')).toBeNull();
  });
});
