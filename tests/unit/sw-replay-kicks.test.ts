// @vitest-environment node
/** Replay requests reaching the service worker's queue: reconnect vs timer, and no double send. */
import { describe, expect, it } from 'vitest';
import { replayOptions } from '../../sw/queue/replay-request';
import { message, setupQueue as setup } from './helpers/sw-fake-server';

describe('replay requests', () => {
  it("lets a page's reconnect skip network-error backoff, but not its backoff timer", async () => {
    expect(replayOptions({})).toEqual({ eager: true });
    expect(replayOptions({ dueOnly: true })).toEqual({ eager: false });

    const { server, queue } = setup();
    await queue.setSession(7);
    server.fail('down');
    await queue.handle(message(7, 'hello'));
    expect(await queue.replay(replayOptions({ dueOnly: true }))).toMatchObject({ delivered: 0 });
    expect(server.calls).toHaveLength(0);
    expect(await queue.replay(replayOptions({}))).toMatchObject({ delivered: 1 });
  });

  it('does not send an entry again when a kick arrives while it is on the way', async () => {
    const { server, clock, queue } = setup();
    await queue.setSession(7);
    server.fail('down');
    await queue.handle(message(7, 'hello'));
    clock.now += 1000;
    const kicks: Promise<unknown>[] = [];
    server.onCall = () => {
      // Another tab's timer, the page turning visible and the poll, all during the send.
      kicks.push(queue.replay({ eager: true }), queue.replay(), queue.replay({ eager: true }));
    };
    await queue.replay();
    await Promise.all(kicks);
    expect(server.calls).toHaveLength(1);
    expect(server.effects).toEqual(['POST /api/chat.php hello']);
  });

  it('lets a kick during a failing send wait for the round, then retry once', async () => {
    const { server, clock, queue } = setup();
    await queue.setSession(7);
    server.fail('down');
    await queue.handle(message(7, 'hello'));
    clock.now += 1000;
    server.fail('lost'); // the server stores it, the answer is lost
    const kicks: Promise<unknown>[] = [];
    server.onCall = () => {
      if (kicks.length === 0) kicks.push(queue.replay({ eager: true }));
    };
    await queue.replay();
    await Promise.all(kicks);
    // The eager kick retried the lost answer once; the server applied the message once.
    expect(server.calls).toHaveLength(2);
    expect(server.effects).toEqual(['POST /api/chat.php hello']);
  });
});
