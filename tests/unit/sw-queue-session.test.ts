// @vitest-environment node
/** The action queue's ownership and persistence: one member's actions never go out as another's. */
import { describe, expect, it } from 'vitest';
import { openQueueStore } from '../../sw/queue/idb-store';
import { delivered, message, setupQueue as setup } from './helpers/sw-fake-server';

describe('action queue sessions', () => {
  it("never replays another member's entries and drops them when the session changes", async () => {
    const { server, clock, store, queue } = setup();
    server.fail('down', 'down');
    await queue.handle(message(7, 'from seven'));
    await queue.handle(message(8, 'from eight'));
    clock.now += 1000;

    expect((await queue.replay()).delivered).toBe(0); // no session message yet: nobody's are sent
    await queue.setSession(7);
    expect((await store.all()).map((e) => e.memberId)).toEqual([7]);
    await queue.replay();
    expect(server.calls.map((c) => c.memberId)).toEqual([7]);

    server.fail('down');
    await queue.handle(message(7, 'later'));
    await queue.setSession(null); // logout
    expect(await store.all()).toEqual([]);
  });

  it('stops a round at once when the member logs out during it', async () => {
    const { server, clock, store, queue } = setup();
    await queue.setSession(7);
    server.fail('down');
    await queue.handle(message(7, 'one'));
    await queue.handle(message(7, 'two'));
    let loggedOut: Promise<unknown> = Promise.resolve();
    server.onCall = () => {
      loggedOut = queue.setSession(null); // not awaited: the round must see it anyway
    };
    clock.now += 1000;
    await queue.replay();
    expect(server.calls.map((c) => c.body.message)).toEqual(['one']);
    await loggedOut;
    expect(await store.all()).toEqual([]);
  });

  it('does not resurrect an entry dropped while its replay was in flight', async () => {
    const { server, clock, store, queue } = setup();
    await queue.setSession(7);
    server.fail('down', { status: 500 });
    await queue.handle(message(7, 'one'));
    server.onCall = () => queue.setSession(8).then(() => undefined);
    clock.now += 1000;
    await queue.replay();
    expect(await store.all()).toEqual([]);
  });

  it('survives a worker restart: a new queue over the same database replays what waited', async () => {
    const { server, clock, store, queue, start, factory, posted } = setup();
    await queue.setSession(7);
    server.fail('down');
    await queue.handle(message(7, 'before restart'));
    store.close();

    const restarted = start(openQueueStore(factory));
    expect(await restarted.currentSession()).toBe(7); // the session member was persisted
    clock.now += 1000;
    expect(await restarted.replay()).toMatchObject({ delivered: 1 });
    expect(delivered(posted)).toHaveLength(1);
  });
});
