/**
 * GET /api/events.php: the session member's live events as Server-Sent Events (DESIGN §3). Each
 * event is a default `message` whose data is a LiveEvent; there is no replay, so after a
 * reconnect the client polls once. Streams end on logout (checked at each heartbeat), on close,
 * and on a ban: the `banned` event goes out, then the stream ends, on whichever instance holds it.
 */
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../src/shared/contract/fields';
import { type LiveEvent } from '../../src/shared/contract/live-events';
import { HttpError } from '../lib/http-error';
import { requireMember } from '../plugins/session';

/** Reconnect delay the browser's EventSource is told to use. */
export const SSE_RETRY_MS = 5000;
/** Open streams per member on one instance: many tabs share one worker, so a few are plenty. */
export const MAX_STREAMS_PER_MEMBER = 10;

const eventsRoute: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<PassThrough>();
  const perMember = new Map<number, number>();

  app.metrics.gauge(
    'amora_event_streams_open',
    'Event streams open on this instance',
    () => open.size,
  );

  // Open streams would keep close() waiting forever; ending them lets the server stop.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  app.get(
    '/api/events.php',
    {
      schema: {
        summary: 'Live events (Server-Sent Events)',
        description:
          'text/event-stream for the session member. Starts with a retry hint, then one event per ' +
          'change: an id line and a data line holding a LiveEvent JSON ({type: like | unlike | ' +
          'chat | message | read | delivered | user | banned, ...}). A comment line every 25 s ' +
          'keeps proxies from closing it. A banned event is the last: the stream then ends. 403 ' +
          'when logged out (key banned, with the ban, for a banned member), 429 with too many ' +
          'open streams.',
        tags: ['live'],
        produces: ['text/event-stream'],
        response: {
          // A stream, never serialised: the schema only documents it.
          200: z.unknown().describe('text/event-stream; each data line is a LiveEvent'),
          403: ApiError,
          429: ApiError,
          503: ApiError,
        },
      },
      compress: false,
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const member = requireMember(request);
      const streams = perMember.get(member.id) ?? 0;
      if (streams >= MAX_STREAMS_PER_MEMBER) {
        throw new HttpError(429, 'Too many open event streams', 'events.too_many_streams');
      }
      // Counted before the first await, so simultaneous requests cannot all slip under the limit.
      perMember.set(member.id, streams + 1);
      const release = () => {
        const left = (perMember.get(member.id) ?? 1) - 1;
        if (left > 0) perMember.set(member.id, left);
        else perMember.delete(member.id);
      };
      const stream = new PassThrough();
      // Between the client leaving and 'close' below, an event or heartbeat may still come.
      const send = (text: string) => {
        if (stream.writable) stream.write(text);
      };
      const sendEvent = (event: LiveEvent, id: string) =>
        send(`id: ${id}\ndata: ${JSON.stringify(event)}\n\n`);
      let unsubscribe: () => void;
      try {
        unsubscribe = await app.realtime.subscribe(member.id, (event, id) => {
          sendEvent(event, id);
          // The session is over: the client shows the ban and must not reconnect with it.
          if (event.type === 'banned') stream.end();
        });
      } catch (err) {
        release();
        request.log.error({ err }, 'events: subscribe failed');
        throw new HttpError(503, 'Live events are unavailable; polling continues');
      }
      open.add(stream);

      const heartbeat = setInterval(() => {
        app.repos.sessions
          .findActive(member.tokenHash, Date.now())
          .then(async (session) => {
            if (session?.memberId === member.id && !session.banned) {
              send(': heartbeat\n\n');
              return;
            }
            // A ban whose event did not get here (e.g. Redis was away): tell the client now.
            const ban = session?.banned ? await app.repos.bans.activeBan(member.id) : undefined;
            if (ban) sendEvent({ type: 'banned', ...ban }, randomUUID());
            stream.end();
          })
          .catch((err: unknown) => request.log.warn({ err }, 'events: session check failed'));
      }, app.config.sseHeartbeatMs);

      // Fastify destroys the stream when the client goes away; ending it ourselves lands here too.
      stream.once('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(stream);
        release();
      });

      send(`retry: ${SSE_RETRY_MS}\n\n`);
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
};

export default eventsRoute;
