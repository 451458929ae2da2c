/** The push bridge: subscribe with the server key, send only when subscribed, denied after a refusal. */
import { describe, expect, it, vi } from 'vitest';
import {
  createPushBridge,
  type PushBridgeDeps,
  type PushManagerLike,
  type SubscriptionLike,
} from '../../src/bridges/push-bridge';
import type { PermissionState } from '../../src/shared/push-state';

const KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function fakeSubscription(endpoint = 'https://push.example/abc'): SubscriptionLike {
  return {
    endpoint,
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: vi.fn(async () => true),
  };
}

function setup(
  options: { permission?: PermissionState; grant?: PermissionState; existing?: boolean } = {},
) {
  let permission = options.permission ?? 'default';
  let current: SubscriptionLike | null = options.existing ? fakeSubscription() : null;
  const manager: PushManagerLike = {
    getSubscription: async () => current,
    subscribe: vi.fn(async () => {
      if (permission !== 'granted') throw new DOMException('denied', 'NotAllowedError');
      current = fakeSubscription();
      return current;
    }),
  };
  const sync = {
    subscribePush: vi.fn(async () => undefined),
    unsubscribePush: vi.fn(async () => undefined),
    setPushSubscribed: vi.fn(async () => undefined),
  };
  const deps: PushBridgeDeps = {
    browserCapable: true,
    permission: () => permission,
    requestPermission: async () => (permission = options.grant ?? 'granted'),
    pushManager: async () => manager,
    publicKey: async () => KEY,
    sync,
  };
  return { bridge: createPushBridge(deps), manager, sync };
}

describe('push bridge', () => {
  it('subscribes with the server key and userVisibleOnly, then posts the subscription', async () => {
    const { bridge, manager, sync } = setup();
    expect(await bridge.refresh()).toBe('unsubscribed');
    expect(await bridge.subscribe()).toBe('subscribed');
    const [options] = vi.mocked(manager.subscribe).mock.calls[0] ?? [];
    expect(options?.userVisibleOnly).toBe(true);
    expect((options?.applicationServerKey as Uint8Array).length).toBe(65);
    expect(sync.subscribePush).toHaveBeenCalledWith({
      endpoint: 'https://push.example/abc',
      expirationTime: null,
      keys: { p256dh: 'p', auth: 'a' },
    });
    expect(bridge.status.get()).toMatchObject({ busy: false, failed: false });
  });

  it('sets denied when the member refuses, and sends nothing', async () => {
    const { bridge, sync } = setup({ grant: 'denied' });
    expect(await bridge.subscribe()).toBe('denied');
    expect(sync.subscribePush).not.toHaveBeenCalled();
    expect(bridge.status.get().failed).toBe(false);
  });

  it('keeps the state and flags a failure that is not a refusal', async () => {
    const { bridge, sync } = setup();
    sync.subscribePush.mockRejectedValueOnce({ kind: 'network', message: 'offline' });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await bridge.subscribe();
    expect(bridge.status.get().failed).toBe(true);
  });

  it('re-sends an existing subscription on refresh, and reports denied over it', async () => {
    const live = setup({ permission: 'granted', existing: true });
    expect(await live.bridge.refresh()).toBe('subscribed');
    expect(live.sync.subscribePush).toHaveBeenCalledTimes(1);
    const blocked = setup({ permission: 'denied', existing: true });
    expect(await blocked.bridge.refresh()).toBe('denied');
    expect(blocked.sync.subscribePush).not.toHaveBeenCalled();
    expect(blocked.sync.setPushSubscribed).toHaveBeenCalledWith(false);
  });

  it('unsubscribes in the browser first, then on the server', async () => {
    const { bridge, manager, sync } = setup({ permission: 'granted', existing: true });
    const current = await manager.getSubscription();
    expect(await bridge.unsubscribe()).toBe('unsubscribed');
    expect(current?.unsubscribe).toHaveBeenCalled();
    expect(sync.unsubscribePush).toHaveBeenCalledWith('https://push.example/abc');
  });

  it('is not capable without a server key', async () => {
    const { bridge } = setup();
    expect(bridge.status.get().isCapable).toBe(true);
    const keyless = createPushBridge({
      browserCapable: true,
      permission: () => 'default',
      requestPermission: async () => 'default',
      pushManager: async () => null,
      publicKey: async () => null,
      sync: { subscribePush: vi.fn(), unsubscribePush: vi.fn(), setPushSubscribed: vi.fn() },
    });
    expect(await keyless.refresh()).toBe('unsubscribed');
    expect(keyless.status.get().isCapable).toBe(false);
  });
});
