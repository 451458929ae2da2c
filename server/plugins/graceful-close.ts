/**
 * Shutdown that drains instead of hanging or cutting. `app.shutdown.drainAndClose()` (SIGTERM in
 * main.ts) first turns readiness off (GET /api/health answers 503, liveness stays 200) and keeps
 * serving for `shutdownDrainDelayMs`, each answer closing its connection, so a proxy with health
 * checks stops sending requests before the listener goes. Then close() stops accepting
 * connections (Fastify answers requests arriving on open ones with 503), event streams end
 * (routes/events.ts) so their clients reconnect to another instance, requests in flight finish,
 * and only then do the onClose hooks close Redis and the database. Two things would otherwise keep
 * close() waiting:
 * - a connection that never sent a byte (a browser preconnect, a client's spare socket), which Node
 *   counts as busy until its headers timeout: it is dropped at once;
 * - a keep-alive connection whose last answer went out after close() began, which Node leaves open
 *   until its keep-alive timeout: idle connections are swept while draining.
 * Whatever is still open after `shutdownTimeoutMs` is cut, so a stuck request cannot hold the
 * database open forever.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { unencapsulated } from './unencapsulated';

/** How often idle keep-alive connections are closed while draining. */
const SWEEP_MS = 50;

/** The instance's shutdown: readiness off first, then close(). */
export interface Shutdown {
  /** True from the moment a shutdown begins: readiness answers 503 while requests are still served. */
  readonly draining: boolean;
  /** Readiness off, serve on for the drain delay, then app.close(); a second call joins the first. */
  drainAndClose(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    shutdown: Shutdown;
  }
}

export default unencapsulated('graceful-close', async (app: FastifyInstance) => {
  let draining = false;
  let closing: Promise<void> | undefined;
  const shutdown: Shutdown = {
    get draining() {
      return draining;
    },
    drainAndClose() {
      closing ??= (async () => {
        draining = true;
        const delay = app.config.shutdownDrainDelayMs;
        if (delay > 0 && app.server.listening) {
          app.log.info(`shutdown: not ready; serving ${delay} ms more before closing`);
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
        await app.close();
      })();
      return closing;
    },
  };
  app.decorate('shutdown', shutdown);
  // While draining, keep-alive clients (a proxy's pool) are told to reconnect, and so move on.
  app.addHook('onRequest', (_request, reply, done) => {
    if (draining) void reply.header('connection', 'close');
    done();
  });

  const fresh = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    fresh.add(socket);
    socket.once('close', () => fresh.delete(socket));
  });
  app.server.on('request', (request: { socket: Socket }) => fresh.delete(request.socket));

  const timers: NodeJS.Timeout[] = [];
  const stopTimers = () => timers.splice(0).forEach((timer) => clearTimeout(timer));

  app.addHook('preClose', async () => {
    draining = true;
    // Only sockets with no byte read: one in the middle of sending headers still gets its answer.
    for (const socket of fresh) if (socket.bytesRead === 0) socket.destroy();
    if (!app.server.listening) return;
    const { server } = app;
    const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
    const deadline = setTimeout(() => {
      app.log.warn('shutdown: requests still open after the drain timeout are cut');
      server.closeAllConnections();
    }, app.config.shutdownTimeoutMs);
    timers.push(sweep, deadline);
    for (const timer of timers) timer.unref();
    server.once('close', stopTimers);
  });
  app.addHook('onClose', async () => stopTimers());
});
