/** GET /api/events.php over a real socket: headers, events, heartbeats, and every way a stream ends. */
import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveEvent } from '../../src/shared/contract/live-events';
import { MAX_STREAMS_PER_MEMBER, SSE_RETRY_MS } from '../../server/routes/events';
import { as, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { messages, openStream, type SseStream } from './sse-client';

const HEARTBEAT_MS = 100;

/** Waits until `check` holds, polling every 20 ms, at most `timeoutMs`. */
async function eventually(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

for (const engine of ENGINES) {
  describe(`live events (${engine})`, () => {
    let t: TestApp;
    let base: string;
    let ann: number;
    let bob: number;
    let annCookie: string;
    let bobCookie: string;
    const streams: SseStream[] = [];
    const open = async (cookie?: string) => {
      const stream = await openStream(`${base}/api/events.php`, cookie);
      streams.push(stream);
      return stream;
    };

    beforeAll(async () => {
      t = await buildTestApp(engine, { sseHeartbeatMs: HEARTBEAT_MS });
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      ann = await insertMember(t.app, { email: 'live-ann@example.com' });
      bob = await insertMember(t.app, { email: 'live-bob@example.com' });
      annCookie = await login(t.app, 'live-ann@example.com');
      bobCookie = await login(t.app, 'live-bob@example.com');
    });
    afterAll(async () => {
      for (const stream of streams) stream.close();
      await t.close();
    });

    it('is 403 JSON when logged out', async () => {
      const stream = await open();
      expect(stream.response.status).toBe(403);
      await stream.ended();
      expect(JSON.parse(stream.text())).toMatchObject({ key: 'auth.not_logged_in' });
    });

    it('streams with SSE headers, a retry hint and one id per event', async () => {
      const stream = await open(bobCookie);
      expect(stream.response.status).toBe(200);
      const headers = stream.response.headers;
      expect(headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(headers.get('cache-control')).toBe('no-cache');
      expect(headers.get('x-accel-buffering')).toBe('no');
      expect(headers.get('content-encoding')).toBeNull();
      await stream.until((text) => text.startsWith(`retry: ${SSE_RETRY_MS}\n\n`));

      for (const method of ['POST', 'DELETE'] as const) {
        const res = await t.app.inject({
          method,
          url: '/api/likes.php',
          payload: { profile: bob },
          ...as(annCookie),
        });
        expect(res.statusCode).toBe(200);
      }
      const text = await stream.until((s) => messages(s).length >= 2);
      const received = messages(text);
      expect(received.map((m) => LiveEvent.parse(JSON.parse(m.data)))).toEqual([
        { type: 'like', by: ann, profile: bob },
        { type: 'unlike', by: ann, profile: bob },
      ]);
      expect(received[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(received[0]?.id).not.toBe(received[1]?.id);
    });

    it('sends a comment heartbeat', async () => {
      const stream = await open(annCookie);
      await stream.until((text) => text.includes('\n: heartbeat\n\n'), HEARTBEAT_MS * 20);
    });

    it('lets go of the subscription when the client disconnects', async () => {
      const member = await insertMember(t.app, { email: 'live-leaver@example.com' });
      const stream = await open(await login(t.app, 'live-leaver@example.com'));
      await stream.until((text) => text.includes('retry:'));
      expect(t.app.realtime.listenerCount(member)).toBe(1);
      stream.close();
      await eventually(() => t.app.realtime.listenerCount(member) === 0);
    });

    it('ends the stream after a logout', async () => {
      const member = await insertMember(t.app, { email: 'live-logout@example.com' });
      const cookie = await login(t.app, 'live-logout@example.com');
      const stream = await open(cookie);
      await stream.until((text) => text.includes('retry:'));
      const out = await t.app.inject({ method: 'GET', url: '/api/logout.php', ...as(cookie) });
      expect(out.statusCode).toBe(200);
      await stream.ended(HEARTBEAT_MS * 20);
      await eventually(() => t.app.realtime.listenerCount(member) === 0);
    });

    it(`refuses more than ${MAX_STREAMS_PER_MEMBER} streams of one member with 429`, async () => {
      const member = await insertMember(t.app, { email: 'live-tabs@example.com' });
      const cookie = await login(t.app, 'live-tabs@example.com');
      const tabs = await Promise.all(
        Array.from({ length: MAX_STREAMS_PER_MEMBER }, () => open(cookie)),
      );
      expect(tabs.map((s) => s.response.status)).toEqual(tabs.map(() => 200));
      const extra = await open(cookie);
      expect(extra.response.status).toBe(429);
      await extra.ended();
      expect(JSON.parse(extra.text())).toMatchObject({ key: 'events.too_many_streams' });
      tabs[0]?.close();
      await eventually(() => t.app.realtime.listenerCount(member) === MAX_STREAMS_PER_MEMBER - 1);
      expect((await open(cookie)).response.status).toBe(200);
    });

    it('ends open streams on close, so shutdown does not wait for them', async () => {
      const own = await buildTestApp(engine);
      const url = await own.app.listen({ port: 0, host: '127.0.0.1' });
      await insertMember(own.app, { email: 'live-shutdown@example.com' });
      const cookie = await login(own.app, 'live-shutdown@example.com');
      const stream = await openStream(`${url}/api/events.php`, cookie);
      streams.push(stream);
      await stream.until((text) => text.includes('retry:'));
      const started = Date.now();
      await own.close();
      expect(Date.now() - started).toBeLessThan(2000);
      await stream.ended(1000);
    });

    it('does not wait on a connection that never sent a request (a preconnect)', async () => {
      const own = await buildTestApp(engine);
      const url = new URL(await own.app.listen({ port: 0, host: '127.0.0.1' }));
      const socket = connect(Number(url.port), '127.0.0.1');
      try {
        await once(socket, 'connect');
        const started = Date.now();
        await own.close();
        expect(Date.now() - started).toBeLessThan(2000);
      } finally {
        socket.destroy();
      }
    });
  });
}
