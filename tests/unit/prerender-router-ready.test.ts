import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router-dom';
import { nextTask } from '../../src/lib/next-task';
import { routerInitialized } from '../../src/prerender/router-ready';

/** A route whose screen module arrives only when the test says so, as a lazy chunk would. */
function routerWithLazyScreen() {
  let arrive: () => void = () => undefined;
  let asked: () => void = () => undefined;
  const screen = new Promise<void>((resolve) => (arrive = resolve));
  /** Settles once the router has asked for the screen. */
  const screenAsked = new Promise<void>((resolve) => (asked = resolve));
  const router = createMemoryRouter(
    [
      {
        path: '/',
        lazy: async () => {
          asked();
          await screen;
          return { Component: () => null };
        },
      },
    ],
    { initialEntries: ['/'] },
  );
  return { router, arrive, screenAsked };
}

describe('routerInitialized', () => {
  it('waits for the lazy screen of the first location, then settles', async () => {
    const { router, arrive, screenAsked } = routerWithLazyScreen();
    let settled = false;
    const ready = routerInitialized(router).then(() => (settled = true));
    // The router waits for the screen; all else it had to do has run by the next task.
    await screenAsked;
    await nextTask();
    expect(router.state.initialized).toBe(false);
    expect(settled).toBe(false);

    arrive();
    await ready;
    expect(router.state.initialized).toBe(true);
    router.dispose();
  });

  it('settles at once for a router that has already settled (no change would come to wake it)', async () => {
    const { router, arrive } = routerWithLazyScreen();
    arrive();
    await routerInitialized(router);
    await expect(routerInitialized(router)).resolves.toBeUndefined();
    router.dispose();
  });

  it('stops listening once settled', async () => {
    const { router, arrive } = routerWithLazyScreen();
    const calls: boolean[] = [];
    const listening = {
      state: router.state,
      subscribe: (fn: Parameters<typeof router.subscribe>[0]) => {
        const unsubscribe = router.subscribe((state, opts) => {
          calls.push(state.initialized);
          fn(state, opts);
        });
        return unsubscribe;
      },
    };
    const ready = routerInitialized(listening);
    arrive();
    await ready;
    const heard = calls.length;
    await router.navigate('/');
    expect(calls.length).toBe(heard);
    router.dispose();
  });
});
