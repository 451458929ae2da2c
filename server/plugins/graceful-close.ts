/**
 * Shutdown that does not wait on connections that never sent a request. Node counts a fresh
 * connection (a browser preconnect, an HTTP client's spare socket) as busy until its headers
 * timeout, so close() would otherwise wait up to a minute for bytes that will never come.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { unencapsulated } from './unencapsulated';

export default unencapsulated('graceful-close', async (app: FastifyInstance) => {
  const fresh = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    fresh.add(socket);
    socket.once('close', () => fresh.delete(socket));
  });
  app.server.on('request', (request: { socket: Socket }) => fresh.delete(request.socket));
  app.addHook('preClose', async () => {
    // Only sockets with no byte read: one in the middle of sending headers still gets its answer.
    for (const socket of fresh) if (socket.bytesRead === 0) socket.destroy();
  });
});
