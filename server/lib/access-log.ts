/**
 * One log line per answer, written when it is sent: method, path, status, time and the client's
 * address (`request.ip`, see trust-proxy.ts). Fastify's default writes two lines per request
 * (arrival and answer), and polls are most of what an offline-first client sends; an unchanged
 * poll (304) says nothing an operator reads, so it is logged at debug level only. An answer that
 * ended in an error keeps Fastify's own error line.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply, metadata);
      return;
    }
    const status = reply.statusCode;
    reply.log[status === 304 ? 'debug' : 'info'](
      {
        method: request.method,
        url: request.url,
        status,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'answered',
    );
  }
}
