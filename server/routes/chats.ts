/** GET /api/chats.php: the chat list (SPEC §3), polled with an ETag. */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChatsResponse } from '../../src/shared/contract/chat';
import { ApiError } from '../../src/shared/contract/fields';
import { todayIso } from '../lib/dates';
import { requireMember } from '../plugins/session';
import { listChats } from '../services/chat';
import { heldListEtag, listEtag, nextUtcMidnight, type ListState } from '../services/list-etag';

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
    async (request, reply) => {
      const { id, tokenHash } = requireMember(request);
      const now = Date.now();
      // Read before the list (see likes.php). An unchanged list has nothing left to mark
      // delivered: a new message moved the counter, so its poll is answered in full.
      const state: ListState = {
        kind: 'chats',
        memberId: id,
        sessionKey: tokenHash,
        revision: (await app.repos.listRevisions.of(id)).chats,
      };
      const held = heldListEtag(request.headers['if-none-match'], state, now);
      if (held) {
        request.answerEtag = held;
        // Bodiless, so outside the answer's schema; Fastify types the reply by that schema.
        return (reply as FastifyReply).code(304).send();
      }
      const chats = await listChats(app, id, todayIso());
      request.answerEtag = listEtag(state, nextUtcMidnight(now));
      return { chats };
    },
  );
};

export default chatsRoute;
