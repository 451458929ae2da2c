/** The page side of the service worker: lifecycle store, refresh, reload guard, replays, pushes. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_CLICK, PUSH_MESSAGE } from '../../src/shared/offline-protocol';
import {
  createInstallPrompt,
  type BeforeInstallPromptEvent,
} from '../../src/bridges/install-prompt';
import { watchPageHidden } from '../../src/bridges/page-hidden';
import {
  createSwBridge,
  RELOAD_GUARD_MS,
  SW_SCOPE,
  SW_URL,
  type SwBridgeDeps,
  type SwContainerLike,
  type WorkboxLike,
} from '../../src/bridges/sw-bridge';

type WorkboxEvent = 'installed' | 'waiting' | 'activated' | 'controlling';

class FakeWorkbox implements WorkboxLike {
  private readonly listeners = new Map<WorkboxEvent, (() => void)[]>();
  registration = { active: { postMessage: vi.fn() }, waiting: null as object | null };
  register = vi.fn(async () => this.registration as unknown as ServiceWorkerRegistration);
  messageSkipWaiting = vi.fn();
  update = vi.fn(async () => undefined);
  addEventListener(type: WorkboxEvent, listener: () => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: WorkboxEvent): void {
    this.listeners.get(type)?.forEach((listener) => listener());
  }
}

function container(controlled: boolean) {
  const controller = controlled ? { postMessage: vi.fn() } : null;
  return Object.assign(new EventTarget(), { controller }) as SwContainerLike & {
    controller: { postMessage: ReturnType<typeof vi.fn> } | null;
  };
}

function setup(options: { controlled?: boolean; overrides?: Partial<SwBridgeDeps> } = {}) {
  const workbox = new FakeWorkbox();
  const events = new EventTarget();
  const sw = container(options.controlled ?? true);
  const clock = { now: 1_000_000 };
  const deps: SwBridgeDeps = {
    container: sw,
    createWorkbox: vi.fn(async () => workbox),
    enabled: true,
    events,
    reload: vi.fn(),
    storage: sessionStorage,
    now: () => clock.now,
    ...options.overrides,
  };
  return { bridge: createSwBridge(deps), workbox, events, sw, deps, clock };
}

afterEach(() => {
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('sw bridge', () => {
  it('registers /sw.js?v=2 at the root scope and reports it activated', async () => {
    const { bridge, deps, workbox } = setup();
    await bridge.start();
    expect(deps.createWorkbox).toHaveBeenCalledWith(SW_URL, { scope: SW_SCOPE });
    expect(SW_URL).toBe('/sw.js?v=2');
    expect(workbox.register).toHaveBeenCalledOnce();
    expect(bridge.status.get()).toMatchObject({ state: 'activated', refreshNeeded: false });
  });

  it('raises refresh-needed when a new worker waits and posts SKIP_WAITING on Refresh', async () => {
    const { bridge, workbox } = setup();
    await bridge.start();
    workbox.registration.waiting = {};
    workbox.emit('installed');
    expect(bridge.status.get().state).toBe('installed');
    workbox.emit('waiting');
    expect(bridge.status.get()).toMatchObject({ state: 'waiting', refreshNeeded: true });
    bridge.update();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(bridge.status.get().updating).toBe(true);
  });

  it('reloads once when the new worker takes control, however often it is announced', async () => {
    const { bridge, workbox, deps } = setup();
    await bridge.start();
    workbox.emit('controlling');
    workbox.emit('controlling');
    expect(deps.reload).toHaveBeenCalledOnce();
  });

  it('does not reload again within the guard window after a reload', async () => {
    const first = setup();
    await first.bridge.start();
    first.workbox.emit('controlling');
    expect(first.deps.reload).toHaveBeenCalledOnce();

    const reloaded = setup(); // the page after the reload, same tab storage
    reloaded.clock.now = first.clock.now + 1000;
    await reloaded.bridge.start();
    reloaded.workbox.emit('controlling');
    expect(reloaded.deps.reload).not.toHaveBeenCalled();

    const later = setup();
    later.clock.now = first.clock.now + RELOAD_GUARD_MS + 1;
    await later.bridge.start();
    later.workbox.emit('controlling');
    expect(later.deps.reload).toHaveBeenCalledOnce();
  });

  it('does not reload when the first worker claims a page that had none', async () => {
    const { bridge, workbox, deps } = setup({ controlled: false });
    await bridge.start();
    workbox.emit('controlling');
    expect(deps.reload).not.toHaveBeenCalled();
    workbox.emit('controlling'); // a later update does
    expect(deps.reload).toHaveBeenCalledOnce();
  });

  it('reloads at once when Refresh finds the new worker already active (another tab)', async () => {
    const { bridge, workbox, deps } = setup();
    await bridge.start();
    workbox.emit('waiting');
    workbox.registration.waiting = null;
    bridge.update();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(deps.reload).toHaveBeenCalledOnce();
  });

  it('sets the registration-error flag when registration fails', async () => {
    const { bridge, workbox } = setup();
    workbox.register.mockRejectedValueOnce(new Error('SecurityError'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await bridge.start();
    expect(bridge.status.get().registrationError).toBe(true);
  });

  it('stays away from the worker in dev and where the browser has none', async () => {
    const dev = setup({ overrides: { enabled: false } });
    await dev.bridge.start();
    expect(dev.deps.createWorkbox).not.toHaveBeenCalled();
    expect(dev.bridge.status.get().state).toBe('disabled');
    const old = setup({ overrides: { container: undefined } });
    await old.bridge.start();
    expect(old.bridge.status.get().state).toBe('unsupported');
  });

  it('asks the worker to replay at app start and whenever the browser comes online', async () => {
    const { bridge, events, sw } = setup();
    await bridge.start();
    expect(sw.controller?.postMessage).toHaveBeenCalledWith({ type: 'replay' });
    sw.controller?.postMessage.mockClear();
    events.dispatchEvent(new Event('online'));
    expect(sw.controller?.postMessage).toHaveBeenCalledWith({ type: 'replay' });
  });

  it('posts the session member so the worker drops anyone else’s actions', () => {
    const { bridge, sw } = setup();
    bridge.setSession(7);
    bridge.setSession(null);
    expect(sw.controller?.postMessage.mock.calls).toEqual([
      [{ type: 'session', memberId: 7 }],
      [{ type: 'session', memberId: null }],
    ]);
  });

  it('re-sends a session set before registration once the worker can hear it', async () => {
    const { bridge, sw, workbox } = setup({ controlled: false });
    bridge.setSession(7); // nobody listens yet
    await bridge.start();
    expect(workbox.registration.active.postMessage.mock.calls).toEqual([
      [{ type: 'session', memberId: 7 }],
      [{ type: 'replay' }],
    ]);
    Object.assign(sw, { controller: { postMessage: vi.fn() } });
    workbox.emit('controlling'); // the first worker claims the page
    expect(sw.controller?.postMessage).toHaveBeenCalledWith({ type: 'session', memberId: 7 });
  });

  it('asks the first worker that controls the page to keep what the page shows, once', async () => {
    const keep = ['/_i18n/de/messages.json', '/uploads/a-thumb.png'];
    const { bridge, sw, workbox } = setup({
      controlled: false,
      overrides: { keepForOffline: () => keep },
    });
    await bridge.start();
    Object.assign(sw, { controller: { postMessage: vi.fn() } });
    workbox.emit('controlling');
    expect(sw.controller?.postMessage).toHaveBeenCalledWith({ type: 'keep', urls: keep });
    workbox.emit('controlling'); // a later update reloads instead
    const kept = sw.controller?.postMessage.mock.calls.filter(([m]) => m.type === 'keep');
    expect(kept).toHaveLength(1);
  });

  it('relays push messages and clicks to their listeners only', () => {
    const { bridge, sw } = setup();
    const messages = vi.fn();
    const clicks = vi.fn();
    const stop = bridge.onPushMessage(messages);
    bridge.onPushClick(clicks);
    const payload = { tag: 'chat-1', url: '/chats/1' };
    sw.dispatchEvent(new MessageEvent('message', { data: { type: PUSH_MESSAGE, payload } }));
    sw.dispatchEvent(new MessageEvent('message', { data: { type: PUSH_CLICK, payload } }));
    sw.dispatchEvent(new MessageEvent('message', { data: { type: 'other' } }));
    expect(messages.mock.calls).toEqual([[payload]]);
    expect(clicks.mock.calls).toEqual([[payload]]);
    stop();
    sw.dispatchEvent(new MessageEvent('message', { data: { type: PUSH_MESSAGE, payload } }));
    expect(messages).toHaveBeenCalledOnce();
  });
});

function offer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = vi.fn(async () => undefined);
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

describe('install prompt', () => {
  it('keeps the browser offer and clears it once the app is installed', () => {
    const target = new EventTarget();
    const install = createInstallPrompt(target);
    const { event } = offer('accepted');
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(install.state.get().available).toBe(true);
    expect(install.event()).toBe(event);
    target.dispatchEvent(new Event('appinstalled'));
    expect(install.state.get()).toEqual({ available: false, installed: true });
    expect(install.event()).toBeNull();
  });

  it('clears the offer when the user cancels the browser dialog', async () => {
    const target = new EventTarget();
    const install = createInstallPrompt(target);
    const { event, prompt } = offer('dismissed');
    target.dispatchEvent(event);
    expect(await install.prompt()).toBe('dismissed');
    expect(prompt).toHaveBeenCalledOnce();
    expect(install.state.get().available).toBe(false);
    expect(await install.prompt()).toBe('unavailable');
  });
});

describe('page-hidden beacon', () => {
  it('sends an empty JSON beacon each time the page becomes hidden', async () => {
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    const send = vi.fn((_url: string, _data: Blob) => true);
    const stop = watchPageHidden(doc as unknown as Document, send);
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(send).not.toHaveBeenCalled();
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(send).toHaveBeenCalledOnce();
    const [url, blob] = send.mock.calls[0] ?? [];
    expect(url).toBe('/api/page-hidden.php');
    expect(blob?.type).toBe('application/json');
    expect(await blob?.text()).toBe('{}');
    stop();
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(send).toHaveBeenCalledOnce();
  });
});
