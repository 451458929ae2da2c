// @vitest-environment node
/** The service worker's action queue against the delivery failure modes of DESIGN §6. */
import { describe, expect, it } from 'vitest';
import { QUEUED_HEADER } from '../../src/shared/offline-protocol';
import { ActionQueue, ROOM_RETRIES } from '../../sw/queue/action-queue';
import { actionRequest, delivered, message, setupQueue as setup } from './helpers/sw-fake-server';

describe('action queue', () => {
  it('queues an action on a network error, answers 202 and delivers it on a later replay', async () => {
    const { server, posted, clock, store, queue } = setup();
    await queue.setSession(7);
    server.fail('down');

    const response = await queue.handle(message(7, 'hello'));
    expect(response.status).toBe(202);
    expect(response.headers.get(QUEUED_HEADER)).toBe('1');
    expect(await response.json()).toEqual({ queued: true });
    const [entry] = await store.all();
    expect(entry).toMatchObject({ method: 'POST', memberId: 7, attempts: 1, lastStatus: null });
    expect(entry?.nextAttemptAt).toBe(clock.now + 1000);
    expect(entry?.headers.map(([name]) => name)).not.toContain('cookie');
    expect(posted).toEqual([{ type: 'queued', clientId: entry?.clientId, memberId: 7 }]);

    expect((await queue.replay()).delivered).toBe(0); // backoff not over yet
    expect(server.calls).toHaveLength(0);

    clock.now += 1000;
    expect(await queue.replay()).toMatchObject({ delivered: 1, waiting: 0, wakeAt: null });
    expect(server.effects).toEqual(['POST /api/chat.php hello']);
    expect(posted.at(-1)).toEqual({
      type: 'delivered',
      clientId: entry?.clientId,
      memberId: 7,
      status: 200,
      body: { id: 1, client_id: entry?.clientId },
    });
    expect(await store.all()).toEqual([]);
  });

  it('passes a successful or finally refused live request through untouched', async () => {
    const { server, store, queue } = setup();
    expect((await queue.handle(message(7, 'hi'))).status).toBe(200);
    server.fail({ status: 422 });
    expect((await queue.handle(message(7, 'no'))).status).toBe(422);
    expect(await store.all()).toEqual([]);
  });

  it('queues a live 503 and a live 429 too', async () => {
    const { server, store, queue } = setup();
    server.fail({ status: 503 }, { status: 429, retryAfter: '30' });
    expect((await queue.handle(message(7, 'a'))).status).toBe(202);
    expect((await queue.handle(message(8, 'b'))).status).toBe(202);
    expect((await store.all()).map((e) => [e.memberId, e.lastStatus])).toEqual([
      [7, 503],
      [8, 429],
    ]);
    expect(server.calls).toHaveLength(2);
  });

  it('keeps an entry that gets a 500 on replay and delivers it on the retry', async () => {
    const { server, posted, clock, store, queue } = setup();
    await queue.setSession(7);
    server.fail('down', { status: 500 });
    await queue.handle(message(7, 'hello'));
    clock.now += 1000;

    expect(await queue.replay()).toMatchObject({ delivered: 0, retried: 1, waiting: 1 });
    const [entry] = await store.all();
    // The first answer after a network error: the backoff starts over at one second.
    expect(entry).toMatchObject({ attempts: 1, lastStatus: 500, nextAttemptAt: clock.now + 1000 });
    expect(posted.map((m) => m.type)).toEqual(['queued']);

    clock.now += 1000;
    expect(await queue.replay()).toMatchObject({ delivered: 1, waiting: 0 });
    expect(server.effects).toEqual(['POST /api/chat.php hello']);
  });

  it('honours Retry-After on a 429', async () => {
    const { server, clock, store, queue } = setup();
    await queue.setSession(7);
    server.fail('down', { status: 429, retryAfter: '120' });
    await queue.handle(message(7, 'hello'));
    clock.now += 1000;
    await queue.replay();
    expect((await store.all())[0]?.nextAttemptAt).toBe(clock.now + 120_000);

    clock.now += 60_000; // past the plain backoff, not past Retry-After
    await queue.replay({ eager: true }); // not even a reconnect overrides the server's wish
    expect(server.calls).toHaveLength(1);

    clock.now += 60_000;
    expect((await queue.replay()).delivered).toBe(1);
  });

  it('reports a final 4xx as failed and removes the entry', async () => {
    const { server, posted, clock, store, queue } = setup();
    await queue.setSession(7);
    server.fail('down', { status: 422 });
    await queue.handle(message(7, 'hello'));
    clock.now += 1000;

    expect(await queue.replay()).toMatchObject({ failed: 1, waiting: 0 });
    expect(posted.at(-1)).toMatchObject({
      type: 'failed',
      memberId: 7,
      status: 422,
      body: { code: 'fault', message: 'status 422' },
    });
    expect(await store.all()).toEqual([]);
    clock.now += 60_000;
    await queue.replay();
    expect(server.calls).toHaveLength(1);
  });

  it('replays an action whose answer was lost without duplicating it on the server', async () => {
    const { server, posted, clock, queue } = setup();
    await queue.setSession(7);
    server.fail('lost'); // the server commits, the page never hears back
    expect((await queue.handle(message(7, 'once'))).status).toBe(202);
    server.fail('lost'); // and the first replay's answer is lost as well
    clock.now += 1000;
    expect(await queue.replay()).toMatchObject({ retried: 1, waiting: 1 });

    clock.now += 2000;
    expect(await queue.replay()).toMatchObject({ delivered: 1, waiting: 0 });
    expect(server.calls).toHaveLength(3);
    expect(new Set(server.calls.map((c) => c.clientId)).size).toBe(1);
    expect(server.effects).toEqual(['POST /api/chat.php once']);
    expect(delivered(posted)).toHaveLength(1);
  });

  it("keeps FIFO order per member and stops a member's round at a retryable failure", async () => {
    const { server, clock, store, queue } = setup();
    await queue.setSession(7);
    server.fail('down');
    for (const text of ['one', 'two', 'three']) await queue.handle(message(7, text));
    // Only the first went to the network; the others queued behind it to keep the order.
    expect(server.calls).toHaveLength(0);
    expect((await store.all()).map((e) => e.attempts)).toEqual([1, 0, 0]);

    clock.now += 1000;
    server.fail(null, { status: 503 });
    expect(await queue.replay()).toMatchObject({ delivered: 1, retried: 1, waiting: 2 });
    expect(server.calls.map((c) => c.body.message)).toEqual(['one', 'two']); // 'three' waited

    clock.now += 2000;
    expect(await queue.replay()).toMatchObject({ delivered: 2, waiting: 0 });
    expect(server.effects.map((e) => e.split(' ')[2])).toEqual(['one', 'two', 'three']);
  });

  it("handles a member's live actions in turn, so a later message never overtakes a failing one", async () => {
    const { server, clock, queue } = setup();
    await queue.setSession(7);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.onCall = async (call) => {
      if (call.body.message === 'one') await gate;
    };
    server.fail({ status: 503 });
    const first = queue.handle(message(7, 'one'));
    const second = queue.handle(message(7, 'two'));
    // Another member has a lane of their own.
    expect((await queue.handle(message(8, 'other'))).status).toBe(200);
    expect(server.calls.map((c) => c.body.message)).toEqual(['one', 'other']); // 'two' waits
    release();
    expect((await first).status).toBe(202);
    expect((await second).status).toBe(202); // queued behind 'one', not sent ahead of it
    expect(server.calls.map((c) => c.body.message)).toEqual(['one', 'other']);

    clock.now += 1000;
    expect(await queue.replay()).toMatchObject({ delivered: 2, waiting: 0 });
    expect(server.effects.map((e) => e.split(' ')[2])).toEqual(['other', 'one', 'two']);
  });

  it('makes room when its store is refused for lack of space, and keeps the action', async () => {
    const { server, posted, store, clock } = setup();
    let refusals = 2;
    let roomMade = 0;
    const queue = new ActionQueue({
      store: {
        ...store,
        add: (action) =>
          refusals-- > 0
            ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
            : store.add(action),
      },
      fetch: server.fetch,
      post: (m) => posted.push(m),
      now: () => clock.now,
      random: () => 1,
      makeRoom: async () => void roomMade++,
    });
    await queue.setSession(7);
    server.fail('down');
    expect((await queue.handle(message(7, 'kept'))).status).toBe(202);
    expect(roomMade).toBe(2);
    expect(await store.all()).toHaveLength(1);

    // A disk that stays full after every try fails the request: the page shows its row as failed.
    refusals = ROOM_RETRIES + 1;
    await expect(queue.handle(message(7, 'refused'))).rejects.toMatchObject({
      name: 'QuotaExceededError',
    });
    expect(roomMade).toBe(2 + ROOM_RETRIES);
  });

  it('sends a queued like before the unlike that followed it', async () => {
    const { server, clock, queue } = setup();
    await queue.setSession(7);
    server.fail('down');
    const like = { path: '/api/likes.php', body: { profile: 42, client_seq: 1 } };
    await queue.handle(actionRequest(7, like));
    await queue.handle(
      actionRequest(7, { ...like, method: 'DELETE', body: { profile: 42, client_seq: 2 } }),
    );
    clock.now += 1000;
    await queue.replay();
    expect(server.calls.map((c) => [c.method, c.body.client_seq])).toEqual([
      ['POST', 1],
      ['DELETE', 2],
    ]);
  });

  it('grows the delay between attempts after repeated network errors', async () => {
    const { server, clock, store, queue } = setup();
    await queue.setSession(7);
    server.fail('down', 'down', 'down', 'down');
    await queue.handle(message(7, 'hello'));
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [entry] = await store.all();
      delays.push((entry?.nextAttemptAt ?? 0) - clock.now);
      clock.now = entry?.nextAttemptAt ?? 0;
      await queue.replay();
    }
    expect(delays).toEqual([1000, 2000, 4000]);
    expect((await store.all())[0]?.attempts).toBe(4);
  });

  it('starts the backoff over at the first server answer after network errors', async () => {
    const { server, clock, store, queue } = setup();
    await queue.setSession(7);
    // Long offline: six tries without an answer, then a gateway error, then the server takes it.
    server.fail('down', 'down', 'down', 'down', 'down', 'down', { status: 502 });
    await queue.handle(message(7, 'hello'));
    for (let i = 0; i < 6; i++) {
      clock.now = (await store.all())[0]?.nextAttemptAt ?? 0;
      await queue.replay();
    }
    const [entry] = await store.all();
    expect(entry).toMatchObject({ attempts: 1, lastStatus: 502 });
    expect((entry?.nextAttemptAt ?? 0) - clock.now).toBe(1000);
    clock.now += 1000;
    expect((await queue.replay()).delivered).toBe(1);
  });

  it('lets a reconnect skip the backoff of network errors but not of server errors', async () => {
    const { server, clock, queue } = setup();
    await queue.setSession(7);
    server.fail('down');
    await queue.handle(message(7, 'offline one'));
    expect((await queue.replay({ eager: true })).delivered).toBe(1);

    server.fail({ status: 500 });
    await queue.handle(message(7, 'overloaded'));
    await queue.replay({ eager: true });
    expect(server.effects).toEqual(['POST /api/chat.php offline one']);
    clock.now += 1000;
    expect((await queue.replay()).delivered).toBe(1);
  });

  it('serialises overlapping replay triggers so nothing is sent twice', async () => {
    const { server, clock, queue } = setup();
    await queue.setSession(7);
    server.fail('down');
    await queue.handle(message(7, 'hello'));
    clock.now += 1000;
    await Promise.all([queue.replay(), queue.replay(), queue.replay({ eager: true })]);
    expect(server.calls).toHaveLength(1);
  });

  it('reports when the head of the queue may be tried next', async () => {
    const { server, clock, wakes, queue } = setup();
    await queue.setSession(7);
    server.fail('down');
    await queue.handle(message(7, 'hello'));
    expect(wakes.at(-1)).toBe(clock.now + 1000);
    clock.now += 1000;
    await queue.replay();
    expect(wakes.at(-1)).toBeNull();
  });

  it('does not queue what it could not replay safely: no member or no client id', async () => {
    const { server, store, queue } = setup();
    server.fail('down');
    await expect(queue.handle(actionRequest(null))).rejects.toThrow(TypeError);
    const noClientId = new Request('https://amora.test/api/chat.php', {
      method: 'POST',
      headers: { 'x-client-action': '1', 'x-member-id': '7' },
      body: '{"conversation":1,"message":"x"}',
    });
    expect((await queue.handle(noClientId)).status).toBe(200);
    expect(await store.all()).toEqual([]);
  });

  it('reads its store once for a member with nothing queued, and again once it queued', async () => {
    const { server, store, start } = setup();
    let reads = 0;
    const queue = start({ ...store, all: () => (reads++, store.all()) });
    await queue.handle(message(7, 'a'));
    await queue.handle(message(7, 'b'));
    expect(reads).toBe(1); // the second went out on what the first read showed
    server.fail('down');
    expect((await queue.handle(message(7, 'c'))).status).toBe(202);
    const before = reads;
    // Behind the queued one, in order: the store is read again and the message waits there too.
    expect((await queue.handle(message(7, 'd'))).status).toBe(202);
    expect(reads).toBeGreaterThan(before);
    expect(server.effects).toEqual(['POST /api/chat.php a', 'POST /api/chat.php b']);
  });

  it('does not let a message overtake one that another service worker queued', async () => {
    const { server, store, start } = setup();
    const active = start();
    const previous = start(); // a previous version finishing its last request on the same store
    await active.setSession(7);
    await active.handle(message(7, 'first'));
    server.fail('down');
    expect((await previous.handle(message(7, 'second'))).status).toBe(202);
    active.heardQueued(7); // its 'queued' message on the actions channel
    expect((await active.handle(message(7, 'third'))).status).toBe(202);
    expect((await store.all()).map((e) => JSON.parse(e.body).message)).toEqual(['second', 'third']);
    expect(await active.replay({ eager: true })).toMatchObject({ delivered: 2 });
    expect(server.effects).toEqual([
      'POST /api/chat.php first',
      'POST /api/chat.php second',
      'POST /api/chat.php third',
    ]);
  });
});
