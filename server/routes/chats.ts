/** GET /api/chats.php: the chat list (SPEC §3), polled with an ETag. */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChatsResponse } from '../../src/shared/contract/chat';
import { ApiError } from '../../src/shared/contract/fields';
import { todayIso } from '../lib/dates';
import { listChats } from '../services/chat';
import { answerListPoll } from '../services/list-poll';

const chatsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/chats.php',
    {
      schema: {
        summary: 'My conversations',
        description:
          'Conversations I have not deleted, newest activity first, each with the other member, ' +
          'the last message and my unread count. Conversations with hidden or blocked members are ' +
          "left out. The other member's messages up to each listed last message count as " +
          'delivered to me from here on (the sender gets a delivered event). Polled: answers ' +
          'with an ETag and 304 for a matching If-None-Match.',
        tags: ['chats'],
        response: { 200: ChatsResponse, 403: ApiError },
      },
      config: { etag: true },
    },
    // Bodiless 304s are outside the answer's schema; Fastify types the reply by that schema.
    // An unchanged list has nothing left to mark delivered: a new message moved the counter, so
    // its poll is answered in full.
    async (request, reply) =>
      answerListPoll(request, reply as FastifyReply, 'chats', async (id) => ({
        answer: { chats: await listChats(app, id, todayIso()) },
        holdsUntil: Infinity,
      })),
  );
};

export default chatsRoute;
