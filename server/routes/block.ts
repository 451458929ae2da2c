/** /api/block.php: the members I blocked (GET), block (POST) and unblock (DELETE) (DESIGN §4). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BlockBody, BlockListResponse, BlockResult } from '../../src/shared/contract/chat';
import { ApiError } from '../../src/shared/contract/fields';
import { todayIso } from '../lib/dates';
import { requireMember } from '../plugins/session';
import { setBlocked } from '../services/chat-block';

const ERRORS = { 400: ApiError, 403: ApiError, 404: ApiError } as const;

const blockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/block.php',
    {
      schema: {
        summary: 'Members I blocked',
        description: 'Profile cards of the members I blocked, newest block first.',
        tags: ['block'],
        response: { 200: BlockListResponse, 403: ApiError },
      },
      config: { etag: true },
    },
    async (request) => ({
      profiles: await app.repos.blocks.listFor(requireMember(request).id, todayIso()),
    }),
  );

  app.post(
    '/api/block.php',
    {
      schema: {
        summary: 'Block a member',
        description:
          'From now on neither of us sees the other in search, likes or chats, and neither can ' +
          'message the other. Answers {profile, blocked: true}; a repeat changes nothing. ' +
          'Yourself 400 block.self, an unknown id 404 block.unknown_profile.',
        tags: ['block'],
        body: BlockBody,
        response: { 200: BlockResult, ...ERRORS },
      },
    },
    async (request) => setBlocked(app, requireMember(request).id, request.body.profile, true),
  );

  app.delete(
    '/api/block.php',
    {
      schema: {
        summary: 'Unblock a member',
        description:
          'Lifts my block (a block the other member made stays). Answers {profile, blocked: ' +
          'false}, also when there was no block.',
        tags: ['block'],
        body: BlockBody,
        response: { 200: BlockResult, ...ERRORS },
      },
    },
    async (request) => setBlocked(app, requireMember(request).id, request.body.profile, false),
  );
};

export default blockRoutes;
