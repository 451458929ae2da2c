/** The page's replay triggers for browsers without Background Sync: online, visible, poll, timer. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionsMessage } from '../../src/shared/offline-protocol';
import {
  MIN_WAKE_DELAY_MS,
  watchReplayTriggers,
  type VisibilityLike,
} from '../../src/bridges/replay-triggers';
import { createSwBridge, type SwContainerLike } from '../../src/bridges/sw-bridge';

class FakeDocument extends EventTarget implements VisibilityLike {
  visibilityState: DocumentVisibilityState = 'visible';
  show(state: DocumentVisibilityState): void {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

function setup() {
  const events = new EventTarget();
  const document = new FakeDocument();
  const channel = new EventTarget();
  const clock = { now: 1_000_000 };
  const ask = vi.fn();
  const triggers = watchReplayTriggers({ events, document, channel, now: () => clock.now, ask });
  /** What the service worker broadcasts on the actions channel. */
  const announce = (message: ActionsMessage) =>
    channel.dispatchEvent(new MessageEvent('message', { data: message }));
  return { events, document, clock, ask, triggers, announce };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('replay triggers', () => {
  it('asks for a replay when the browser comes online', () => {
    const { events, ask } = setup();
    events.dispatchEvent(new Event('online'));
    expect(ask).toHaveBeenCalledWith({ type: 'replay' });
  });

  it('asks when the page is shown again, not when it is hidden', () => {
    const { document, ask } = setup();
    document.show('hidden');
    expect(ask).not.toHaveBeenCalled();
    document.show('visible');
    expect(ask).toHaveBeenCalledExactlyOnceWith({ type: 'replay' });
  });

  it('asks after a successful poll until the queue says nothing waits', () => {
    const { triggers, ask, announce, document } = setup();
    triggers.serverReached(); // nothing heard yet: entries may wait
    expect(ask).toHaveBeenCalledTimes(1);
    announce({ type: 'waiting', wakeAt: null });
    triggers.serverReached();
    document.show('visible');
    expect(ask).toHaveBeenCalledTimes(1); // an empty queue does not wake the worker
  });

  it("keeps its own timer to the queue's wake time, asking only for entries that are due", () => {
    const { ask, announce, clock } = setup();
    announce({ type: 'waiting', wakeAt: clock.now + 4000 });
    vi.advanceTimersByTime(3999);
    expect(ask).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ask).toHaveBeenCalledExactlyOnceWith({ type: 'replay', dueOnly: true });
  });

  it('reschedules on every announcement and stops when nothing waits', () => {
    const { ask, announce, clock } = setup();
    announce({ type: 'waiting', wakeAt: clock.now + 1000 });
    announce({ type: 'waiting', wakeAt: clock.now + 8000 });
    vi.advanceTimersByTime(1000);
    expect(ask).not.toHaveBeenCalled(); // the first time was replaced
    announce({ type: 'waiting', wakeAt: null });
    vi.advanceTimersByTime(60_000);
    expect(ask).not.toHaveBeenCalled();
  });

  it('never asks sooner than the minimum delay for a wake time already past', () => {
    const { ask, announce, clock } = setup();
    announce({ type: 'waiting', wakeAt: clock.now - 10_000 });
    vi.advanceTimersByTime(MIN_WAKE_DELAY_MS - 1);
    expect(ask).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ask).toHaveBeenCalledOnce();
  });

  it('ignores the other messages of the channel and stops listening on stop()', () => {
    const { ask, announce, triggers, events, clock } = setup();
    announce({ type: 'queued', clientId: 'c1', memberId: 7 });
    vi.advanceTimersByTime(60_000);
    expect(ask).not.toHaveBeenCalled();
    announce({ type: 'waiting', wakeAt: clock.now + 1000 });
    triggers.stop();
    events.dispatchEvent(new Event('online'));
    vi.advanceTimersByTime(60_000);
    expect(ask).not.toHaveBeenCalled();
  });
});

describe('sw bridge replay triggers', () => {
  it('posts every trigger to the controlling worker, which postMessage wakes', () => {
    const events = new EventTarget();
    const document = new FakeDocument();
    const channel = new EventTarget();
    const controller = { postMessage: vi.fn() };
    const container = Object.assign(new EventTarget(), { controller }) as SwContainerLike;
    const bridge = createSwBridge({
      container,
      createWorkbox: vi.fn(),
      enabled: true,
      events,
      document,
      channel,
      reload: vi.fn(),
      storage: null,
      now: () => 0,
    });
    events.dispatchEvent(new Event('online'));
    document.show('visible');
    bridge.serverReached();
    channel.dispatchEvent(new MessageEvent('message', { data: { type: 'waiting', wakeAt: 2000 } }));
    vi.advanceTimersByTime(2000);
    expect(controller.postMessage.mock.calls.map(([message]) => message as unknown)).toEqual([
      { type: 'replay' },
      { type: 'replay' },
      { type: 'replay' },
      { type: 'replay', dueOnly: true },
    ]);
  });
});
