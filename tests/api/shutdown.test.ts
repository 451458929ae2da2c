/**
 * Draining on shutdown (plugins/graceful-close.ts, main.ts): no new connections, open event
 * streams end, requests in flight get their answers, a stuck one is cut after the drain timeout,
 * and the database closes last. The last test sends SIGTERM to the compiled server in a process
 * of its own, as `npm start` runs it.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMember, login } from './fixtures';
import { buildTestApp, ENGINES } from './helper';
import { openStream } from './sse-client';
import { buildServerCopy, startServerProcess, type ServerProcess } from './support/server-process';

/**
 * A connection that has sent `head` and part of a 10-byte body, so its request is in flight.
 * `arrived` resolves when the server has the request (in-process servers tell exactly).
 */
async function requestInFlight(
  port: number,
  arrived?: Promise<unknown>,
): Promise<{ socket: Socket; received: () => string }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.write(
    'POST /api/page-hidden.php HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n' +
      'Content-Length: 10\r\n\r\n12345',
  );
  // The request is in the server's hands once its body starts arriving; a child process cannot
  // say when, so it gets a generous moment on a loaded machine.
  await (arrived ?? new Promise((resolve) => setTimeout(resolve, 500)));
  return { socket, received: () => received };
}

/** Resolves with the connection error, or null when the connection was accepted. */
async function connectError(port: number): Promise<string | null> {
  const socket = connect(port, '127.0.0.1');
  try {
    await once(socket, 'connect');
    return null;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code ?? 'error';
  } finally {
    socket.destroy();
  }
}

for (const engine of ENGINES) {
  describe(`graceful close (${engine})`, () => {
    it('refuses new connections, ends event streams and lets a request in flight finish', async () => {
      const t = await buildTestApp(engine);
      const url = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
      const port = Number(url.port);
      await insertMember(t.app, { email: 'drain@example.com' });
      const stream = await openStream(
        `${url.origin}/api/events.php`,
        await login(t.app, 'drain@example.com'),
      );
      await stream.until((text) => text.startsWith('retry:'));
      const inFlight = await requestInFlight(port, once(t.app.server, 'request'));

      let closed = false;
      const closing = t.close().then(() => (closed = true));
      await stream.ended();
      expect(await connectError(port)).toBe('ECONNREFUSED');
      expect(closed).toBe(false);

      inFlight.socket.write('67890');
      await once(inFlight.socket, 'close');
      expect(inFlight.received()).toMatch(/^HTTP\/1\.1 204 /);
      await closing;
    });

    it('cuts a request still open after the drain timeout, then closes the database', async () => {
      const t = await buildTestApp(engine, { shutdownTimeoutMs: 200 });
      const url = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
      // Headers never finished: Node alone would wait for its headers timeout (a minute).
      const stuck = connect(Number(url.port), '127.0.0.1');
      await once(stuck, 'connect');
      stuck.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      await new Promise((resolve) => setTimeout(resolve, 100));

      const cut = once(stuck, 'close');
      await t.close();
      await cut;
      await expect(sql`select 1`.execute(t.app.db)).rejects.toThrow();
    });
  });
}

describe('SIGTERM on the compiled server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'amora-shutdown-'));
  let build: ReturnType<typeof buildServerCopy> | undefined;
  let server: ServerProcess | undefined;
  beforeAll(() => {
    build = buildServerCopy();
  });
  afterAll(() => {
    server?.child.kill('SIGKILL');
    build?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('drains and exits 0', { timeout: 120_000 }, async () => {
    server = await startServerProcess(['--enable-source-maps', build?.entry ?? ''], {
      DATA_DIR: dataDir,
    });
    const { origin, port } = server;
    const loginRes = await fetch(`${origin}/api/login.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'amora-demo-2026' }),
    });
    expect(loginRes.status).toBe(200);
    const cookie = /amora_sid=([^;]+)/.exec(loginRes.headers.get('set-cookie') ?? '')?.[1];
    const stream = await openStream(`${origin}/api/events.php`, cookie);
    await stream.until((text) => text.startsWith('retry:'));
    const inFlight = await requestInFlight(port);

    server.child.kill('SIGTERM');
    await server.waitFor(/SIGTERM: shutting down/);
    await stream.ended();
    expect(await connectError(port)).toBe('ECONNREFUSED');
    inFlight.socket.write('67890');
    await once(inFlight.socket, 'close');
    expect(inFlight.received()).toMatch(/^HTTP\/1\.1 204 /);
    expect(await server.exited).toEqual([0, null]);
  });
});
